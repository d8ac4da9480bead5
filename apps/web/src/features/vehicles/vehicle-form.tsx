// Add or edit a vehicle with the shared schema (SPEC §5): plate letters and numbers only (max 20, unique
// after ignoring case and spaces, checked by the API), colour, brand and engine type offered from static data.
// The VIN comes first (vin-field.tsx): decoded, it fills brand, model, year, type, engine and trim once staff
// confirm. Trim, plate region, first registration and the distance unit follow the main fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS, VEHICLE_STATUSES, VEHICLE_TYPES } from '@garage/shared/constants';
import { DISTANCE_UNITS } from '@garage/shared/distance';
import { VEHICLE_TEXT_MAX, vehicleInputSchema, type VehicleView, type VinDecodeResult } from '@garage/shared/schemas/vehicles';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { numberOr } from '../../lib/number-input.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { SuggestInput } from '../../components/suggest-input.tsx';
import { useStaticOptions } from './use-static-options.ts';
import { usePlateFormatHint } from './use-plate-format-hint.ts';
import { VinField, engineTypeOf } from './vin-field.tsx';

type FormInput = z.input<typeof vehicleInputSchema>;
type FormOutput = z.output<typeof vehicleInputSchema>;

const defaultsFrom = (vehicle?: VehicleView): FormInput => ({
  type: vehicle?.type ?? 'CAR',
  plateNumber: vehicle?.plateNumber ?? '',
  color: vehicle?.color ?? '',
  brand: vehicle?.brand ?? '',
  model: vehicle?.model ?? '',
  year: vehicle?.year ?? (undefined as unknown as number),
  engineType: vehicle?.engineType ?? '',
  status: vehicle?.status ?? 'ACTIVE',
  imageUrl: vehicle?.imageUrl ?? null,
  vin: vehicle?.vin ?? '',
  trim: vehicle?.trim ?? '',
  plateRegion: vehicle?.plateRegion ?? '',
  firstRegistrationDate: vehicle?.firstRegistrationDate ?? '',
  // Left out on a new vehicle: the API gives it the shop's usual unit.
  distanceUnit: vehicle?.distanceUnit,
});

export function VehicleForm({
  ownerId,
  vehicle,
  onDone,
}: {
  ownerId: string;
  vehicle?: VehicleView;
  onDone: (vehicle: VehicleView) => void;
}) {
  const { t } = useTranslation(['vehicles', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const colors = useStaticOptions('COLOR');
  const brands = useStaticOptions('BRAND');
  const engineTypes = useStaticOptions('ENGINE_TYPE');
  const editing = !!vehicle;

  const { register, control, handleSubmit, setError, setValue, trigger, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(vehicleInputSchema),
    defaultValues: defaultsFrom(vehicle),
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const create = useMutation(trpc.vehicles.create.mutationOptions());
  const update = useMutation(trpc.vehicles.update.mutationOptions());
  const busy = create.isPending || update.isPending;
  const vin = useWatch({ control, name: 'vin' }) ?? '';

  /** Staff confirmed the decoded VIN: the fields it knows take its values. */
  const fillFromVin = (result: VinDecodeResult) => {
    const set = (name: 'brand' | 'model' | 'engineType' | 'trim', text: string | null) => {
      if (text) setValue(name, text.slice(0, VEHICLE_TEXT_MAX), { shouldDirty: true, shouldValidate: true });
    };
    set('brand', result.make);
    set('model', result.model);
    set('engineType', engineTypeOf(result));
    set('trim', result.trim);
    if (result.modelYear !== null) setValue('year', result.modelYear, { shouldDirty: true, shouldValidate: true });
    if (result.vehicleType) setValue('type', result.vehicleType, { shouldDirty: true });
    toast.success(t('vehicles:vin.filled'));
  };

  const submit = handleSubmit(async (data) => {
    try {
      const saved = editing ? await update.mutateAsync({ id: vehicle.id, data }) : await create.mutateAsync({ userId: ownerId, data });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
      ]);
      toast.success(t(editing ? 'vehicles:toasts.updated' : 'vehicles:toasts.created'));
      onDone(saved);
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t(editing ? 'vehicles:toasts.updateFailed' : 'vehicles:toasts.createFailed'));
    }
  });

  const enumSelect = <N extends 'type' | 'status'>(name: N, values: readonly string[]) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`vehicle-${name}`}>{t(`vehicles:fields.${name}`)}</FieldLabel>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={`vehicle-${name}`} className="w-full" aria-invalid={!!errors[name]}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {values.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`vehicles:${name === 'type' ? 'types' : 'statuses'}.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  const text = (name: 'trim' | 'plateRegion') => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`vehicle-${name}`}>{t(`vehicles:fields.${name}`)}</FieldLabel>
      <Input id={`vehicle-${name}`} maxLength={VEHICLE_TEXT_MAX} aria-invalid={!!errors[name]} {...register(name)} />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  const suggest = (name: 'color' | 'brand' | 'engineType', options: string[]) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`vehicle-${name}`}>{t(`vehicles:fields.${name}`)}</FieldLabel>
      <SuggestInput id={`vehicle-${name}`} options={options} aria-invalid={!!errors[name]} {...register(name)} />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="vehicle-form">
      <VinField
        inputProps={register('vin')}
        value={vin}
        onScanned={(scanned) => setValue('vin', scanned, { shouldDirty: true, shouldValidate: true })}
        validate={() => void trigger('vin')}
        error={errors.vin}
        savedVin={vehicle?.vin}
        onFill={fillFromVin}
      />
      <Field>
        <FieldLabel>{t('vehicles:fields.image')}</FieldLabel>
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImageUploadField section="vehicle" value={field.value} onChange={field.onChange} removable placeholder="🚗" />
          )}
        />
        <FieldError errors={[errors.imageUrl]} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field data-invalid={!!errors.plateNumber}>
          <FieldLabel htmlFor="vehicle-plateNumber">{t('vehicles:fields.plateNumber')}</FieldLabel>
          <Input
            id="vehicle-plateNumber"
            maxLength={LIMITS.plateMax + 5}
            placeholder={usePlateFormatHint()}
            aria-invalid={!!errors.plateNumber}
            className="uppercase"
            {...register('plateNumber')}
          />
          <FieldError errors={[errors.plateNumber]} />
        </Field>
        {enumSelect('type', VEHICLE_TYPES)}
        {suggest('brand', brands)}
        <Field data-invalid={!!errors.model}>
          <FieldLabel htmlFor="vehicle-model">{t('vehicles:fields.model')}</FieldLabel>
          <Input id="vehicle-model" aria-invalid={!!errors.model} {...register('model')} />
          <FieldError errors={[errors.model]} />
        </Field>
        <Field data-invalid={!!errors.year}>
          <FieldLabel htmlFor="vehicle-year">{t('vehicles:fields.year')}</FieldLabel>
          <Input
            id="vehicle-year"
            type="number"
            inputMode="numeric"
            aria-invalid={!!errors.year}
            {...register('year', { setValueAs: numberOr(undefined) })}
          />
          <FieldError errors={[errors.year]} />
        </Field>
        {suggest('color', colors)}
        {suggest('engineType', engineTypes)}
        {text('trim')}
        {enumSelect('status', VEHICLE_STATUSES)}
        {text('plateRegion')}
        <Field data-invalid={!!errors.firstRegistrationDate}>
          <FieldLabel htmlFor="vehicle-firstRegistrationDate">{t('vehicles:fields.firstRegistrationDate')}</FieldLabel>
          <Input
            id="vehicle-firstRegistrationDate"
            type="date"
            dir="ltr"
            aria-invalid={!!errors.firstRegistrationDate}
            {...register('firstRegistrationDate')}
          />
          <FieldError errors={[errors.firstRegistrationDate]} />
        </Field>
        <Field data-invalid={!!errors.distanceUnit}>
          <FieldLabel htmlFor="vehicle-distanceUnit">{t('vehicles:fields.distanceUnit')}</FieldLabel>
          <Controller
            control={control}
            name="distanceUnit"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger id="vehicle-distanceUnit" className="w-full" aria-invalid={!!errors.distanceUnit}>
                  <SelectValue placeholder={t('vehicles:units.default')} />
                </SelectTrigger>
                <SelectContent>
                  {DISTANCE_UNITS.map((unit) => (
                    <SelectItem key={unit} value={unit}>
                      {t(`vehicles:units.${unit}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError errors={[errors.distanceUnit]} />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} data-testid="vehicle-form-submit">
          {busy && <Spinner />}
          {editing ? t('vehicles:actions.save') : t('vehicles:actions.create')}
        </Button>
      </div>
    </form>
  );
}
