// The spec card's edit form (in a dialog on the staff vehicle page): every field optional, litres and bar with
// one decimal, the tyre size pattern shown as a hint (suggested, not enforced). The whole card is sent: a
// blank box clears its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { looksLikeTyreSize, VEHICLE_SPEC_LIMITS, vehicleSpecInputSchema, type VehicleSpecView } from '@garage/shared/schemas/vehicle-spec';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { numberOr } from '../../lib/number-input.ts';
import { useTRPC } from '../../lib/trpc.ts';

type FormInput = z.input<typeof vehicleSpecInputSchema>;
type FormOutput = z.output<typeof vehicleSpecInputSchema>;
type TextField = Exclude<keyof FormInput, 'oilCapacityLitres' | 'tyrePressureFrontBar' | 'tyrePressureRearBar' | 'notes'>;
type NumberField = 'oilCapacityLitres' | 'tyrePressureFrontBar' | 'tyrePressureRearBar';

/** The stored card as form values ('' for a blank text box). */
export const specFormValues = (spec: VehicleSpecView | undefined, overrides: Partial<FormInput> = {}): FormInput => ({
  oilGrade: spec?.oilGrade ?? '',
  oilCapacityLitres: spec?.oilCapacityLitres ?? null,
  oilFilterRef: spec?.oilFilterRef ?? '',
  airFilterRef: spec?.airFilterRef ?? '',
  cabinFilterRef: spec?.cabinFilterRef ?? '',
  fuelFilterRef: spec?.fuelFilterRef ?? '',
  tyreSizeFront: spec?.tyreSizeFront ?? '',
  tyreSizeRear: spec?.tyreSizeRear ?? '',
  tyrePressureFrontBar: spec?.tyrePressureFrontBar ?? null,
  tyrePressureRearBar: spec?.tyrePressureRearBar ?? null,
  wiperDriver: spec?.wiperDriver ?? '',
  wiperPassenger: spec?.wiperPassenger ?? '',
  wiperRear: spec?.wiperRear ?? '',
  battery: spec?.battery ?? '',
  sparkPlugs: spec?.sparkPlugs ?? '',
  notes: spec?.notes ?? '',
  ...overrides,
});

export function SpecCardForm({ vehicleId, values, onDone }: { vehicleId: string; values: FormInput; onDone: () => void }) {
  const { t } = useTranslation(['specCard', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, watch, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(vehicleSpecInputSchema),
    defaultValues: values,
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const save = useMutation(trpc.vehicleSpecs.update.mutationOptions());

  const submit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ vehicleId, data });
      await queryClient.invalidateQueries({ queryKey: trpc.vehicleSpecs.pathKey() });
      toast.success(t('specCard:toasts.saved'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t('specCard:toasts.saveFailed'));
    }
  });

  const text = (name: TextField, options: { max: number; placeholder?: string; hint?: string } = { max: 50 }) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`spec-${name}`}>{t(`specCard:fields.${name}`)}</FieldLabel>
      <Input
        id={`spec-${name}`}
        dir="ltr"
        className="h-11 text-start"
        maxLength={options.max}
        placeholder={options.placeholder}
        aria-invalid={!!errors[name]}
        {...register(name)}
      />
      {options.hint && <FieldDescription>{options.hint}</FieldDescription>}
      <FieldError errors={[errors[name]]} />
    </Field>
  );
  const decimal = (name: NumberField, max: number) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`spec-${name}`}>{t(`specCard:fields.${name}`)}</FieldLabel>
      <Input
        id={`spec-${name}`}
        type="number"
        inputMode="decimal"
        step="0.1"
        min="0"
        max={max}
        dir="ltr"
        className="h-11 text-start"
        aria-invalid={!!errors[name]}
        {...register(name, { setValueAs: numberOr(null) })}
      />
      <FieldError errors={[errors[name]]} />
    </Field>
  );
  const tyreHint = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' && !looksLikeTyreSize(value) ? t('specCard:hints.tyreSize') : undefined;
  const L = VEHICLE_SPEC_LIMITS;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="spec-card-form">
      <p className="text-sm text-muted-foreground">{t('specCard:hints.optional')}</p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">{t('specCard:groups.oil')}</legend>
        {text('oilGrade', { max: L.oilGradeMax, placeholder: t('specCard:placeholders.oilGrade') })}
        {decimal('oilCapacityLitres', L.oilCapacityMaxLitres)}
        {text('oilFilterRef', { max: L.referenceMax })}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">{t('specCard:groups.filters')}</legend>
        {text('airFilterRef', { max: L.referenceMax })}
        {text('cabinFilterRef', { max: L.referenceMax })}
        {text('fuelFilterRef', { max: L.referenceMax })}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">{t('specCard:groups.tyres')}</legend>
        {text('tyreSizeFront', {
          max: L.tyreSizeMax,
          placeholder: t('specCard:placeholders.tyreSize'),
          hint: tyreHint(watch('tyreSizeFront')),
        })}
        {text('tyreSizeRear', {
          max: L.tyreSizeMax,
          placeholder: t('specCard:placeholders.tyreSize'),
          hint: tyreHint(watch('tyreSizeRear')),
        })}
        {decimal('tyrePressureFrontBar', L.tyrePressureMaxBar)}
        {decimal('tyrePressureRearBar', L.tyrePressureMaxBar)}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">{t('specCard:groups.other')}</legend>
        {text('wiperDriver', { max: L.wiperMax })}
        {text('wiperPassenger', { max: L.wiperMax })}
        {text('wiperRear', { max: L.wiperMax })}
        {text('battery', { max: L.batteryMax, placeholder: t('specCard:placeholders.battery') })}
        {text('sparkPlugs', { max: L.sparkPlugsMax })}
      </fieldset>
      <Field data-invalid={!!errors.notes}>
        <FieldLabel htmlFor="spec-notes">{t('specCard:fields.notes')}</FieldLabel>
        <Textarea id="spec-notes" dir="auto" rows={3} maxLength={L.notesMax} aria-invalid={!!errors.notes} {...register('notes')} />
        <FieldError errors={[errors.notes]} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          {t('specCard:actions.cancel')}
        </Button>
        <Button type="submit" className="h-11" disabled={save.isPending} data-testid="spec-card-save">
          {save.isPending && <Spinner />}
          {t('specCard:actions.save')}
        </Button>
      </div>
    </form>
  );
}
