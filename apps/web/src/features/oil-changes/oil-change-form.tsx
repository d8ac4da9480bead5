// Record an oil change (shared schema: next change km above current km, km never negative). The API also
// refuses a reading below the vehicle's latest km; that answer lands on "current km". With `existing` the
// same form corrects a recorded change: only the fields changed are sent (PATCH semantics). Readings are typed
// in the vehicle's unit (`unit`, its label beside the box) and sent in km (unitToKm), as every distance is stored.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { distanceUnitLabel, kmToUnit, unitToKm, type DistanceUnit } from '@garage/shared/distance';
import { oilChangeInputSchema, type OilChangeView } from '@garage/shared/schemas/oil-changes';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { numberOr } from '../../lib/number-input.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { SuggestInput } from '../../components/suggest-input.tsx';
import { useStaticOptions } from '../vehicles/index.ts';

type FormInput = z.input<typeof oilChangeInputSchema>;
type FormOutput = z.output<typeof oilChangeInputSchema>;

/** The usual interval, offered when staff leave "next change" empty. */
const DEFAULT_INTERVAL_KM = 10_000;

export function OilChangeForm({
  vehicleId,
  latestKm,
  unit = 'KM',
  existing,
  onDone,
}: {
  vehicleId: string;
  latestKm: number | null;
  unit?: DistanceUnit;
  existing?: OilChangeView;
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation(['oil', 'users', 'vehicles', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const oilTypes = useStaticOptions('OIL_TYPE');
  const empty: FormInput = existing
    ? {
        oilName: existing.oilName,
        oilType: existing.oilType,
        currentKm: kmToUnit(existing.currentKm, unit),
        nextChangeKm: kmToUnit(existing.nextChangeKm, unit),
        filterChanged: existing.filterChanged,
        notes: existing.notes ?? '',
      }
    : {
        oilName: '',
        oilType: '',
        currentKm: (latestKm === null ? undefined : kmToUnit(latestKm, unit)) as number,
        nextChangeKm: (latestKm === null ? undefined : kmToUnit(latestKm + DEFAULT_INTERVAL_KM, unit)) as number,
        filterChanged: false,
        notes: '',
      };
  const { register, control, handleSubmit, setError, formState, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(oilChangeInputSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const create = useMutation(trpc.oilChanges.create.mutationOptions());
  const update = useMutation(trpc.oilChanges.update.mutationOptions());
  const busy = create.isPending || update.isPending;
  const prefix = existing ? 'oil-edit' : 'oil';

  const submit = handleSubmit(async (typed) => {
    // The form holds the vehicle's unit; the API takes km.
    const data = { ...typed, currentKm: unitToKm(typed.currentKm, unit), nextChangeKm: unitToKm(typed.nextChangeKm, unit) };
    try {
      if (existing) {
        const changed = Object.fromEntries(Object.entries(data).filter(([key]) => formState.dirtyFields[key as keyof FormInput]));
        if (Object.keys(changed).length > 0) await update.mutateAsync({ id: existing.id, data: changed });
      } else {
        await create.mutateAsync({ vehicleId, data });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.oilChanges.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.reminders.pathKey() }),
      ]);
      if (existing) {
        toast.success(t('oil:toasts.updated'));
        onDone?.();
        return;
      }
      toast.success(t('oil:toasts.created'));
      reset({ ...empty, currentKm: typed.currentKm, nextChangeKm: kmToUnit(data.currentKm + DEFAULT_INTERVAL_KM, unit) });
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t(existing ? 'oil:toasts.updateFailed' : 'oil:toasts.createFailed'));
    }
  });

  const km = (name: 'currentKm' | 'nextChangeKm') => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`${prefix}-${name}`}>
        {t(`oil:fields.${name}`)} ({distanceUnitLabel(unit, i18n.language)})
      </FieldLabel>
      <Input
        id={`${prefix}-${name}`}
        type="number"
        inputMode="numeric"
        min={0}
        aria-invalid={!!errors[name]}
        {...register(name, { setValueAs: numberOr(undefined) })}
      />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid={`${prefix}-form`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field data-invalid={!!errors.oilName}>
          <FieldLabel htmlFor={`${prefix}-oilName`}>{t('oil:fields.oilName')}</FieldLabel>
          <Input id={`${prefix}-oilName`} aria-invalid={!!errors.oilName} {...register('oilName')} />
          <FieldError errors={[errors.oilName]} />
        </Field>
        <Field data-invalid={!!errors.oilType}>
          <FieldLabel htmlFor={`${prefix}-oilType`}>{t('oil:fields.oilType')}</FieldLabel>
          <SuggestInput id={`${prefix}-oilType`} options={oilTypes} aria-invalid={!!errors.oilType} {...register('oilType')} />
          <FieldError errors={[errors.oilType]} />
        </Field>
        {km('currentKm')}
        {km('nextChangeKm')}
      </div>
      <Field orientation="horizontal" className="w-auto gap-3">
        <Controller
          control={control}
          name="filterChanged"
          render={({ field }) => (
            <Checkbox
              id={`${prefix}-filterChanged`}
              checked={!!field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <FieldLabel htmlFor={`${prefix}-filterChanged`}>{t('oil:fields.filterChanged')}</FieldLabel>
      </Field>
      <Field data-invalid={!!errors.notes}>
        <FieldLabel htmlFor={`${prefix}-notes`}>{t('oil:fields.notes')}</FieldLabel>
        <Textarea id={`${prefix}-notes`} rows={2} aria-invalid={!!errors.notes} {...register('notes')} />
        <FieldError errors={[errors.notes]} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} data-testid={`${prefix}-form-submit`}>
          {busy && <Spinner />}
          {t(existing ? 'oil:actions.saveCorrection' : 'oil:actions.record')}
        </Button>
      </div>
    </form>
  );
}
