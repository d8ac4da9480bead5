// An odometer reading without an oil change: moves the latest km (never backwards), so "due in" turns into
// "overdue by" when the car has gone past its next change. Typed in the vehicle's unit, sent in km.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { distanceUnitLabel, unitToKm, type DistanceUnit } from '@garage/shared/distance';
import { kmReadingInputSchema } from '@garage/shared/schemas/oil-changes';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { numberOr } from '../../lib/number-input.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';

type FormInput = z.input<typeof kmReadingInputSchema>;

export function KmReadingForm({ vehicleId, unit = 'KM' }: { vehicleId: string; unit?: DistanceUnit }) {
  const { t, i18n } = useTranslation(['oil', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState, reset } = useForm<FormInput>({ resolver: zodResolver(kmReadingInputSchema) });
  const record = useMutation(trpc.oilChanges.recordKm.mutationOptions());

  const submit = handleSubmit(async ({ km }) => {
    try {
      await record.mutateAsync({ vehicleId, data: { km: unitToKm(km, unit) } });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.oilChanges.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() }),
      ]);
      toast.success(t('oil:toasts.kmRecorded'));
      reset({ km: undefined as unknown as number });
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t('oil:toasts.kmFailed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field data-invalid={!!formState.errors.km} className="sm:max-w-56">
        <FieldLabel htmlFor="oil-km-reading">{t('oil:fields.odometer', { unit: distanceUnitLabel(unit, i18n.language) })}</FieldLabel>
        <Input
          id="oil-km-reading"
          type="number"
          inputMode="numeric"
          min={0}
          aria-invalid={!!formState.errors.km}
          {...register('km', { setValueAs: numberOr(undefined) })}
        />
        <FieldError errors={[formState.errors.km]} />
      </Field>
      <Button type="submit" variant="outline" disabled={record.isPending}>
        {record.isPending && <Spinner />}
        {t('oil:actions.recordKm')}
      </Button>
    </form>
  );
}
