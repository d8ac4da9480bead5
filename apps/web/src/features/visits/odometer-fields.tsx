// The odometer readings of a visit (issue #28): when the car came in and, optionally, when it left, typed in
// the VEHICLE's unit (km or miles, shown beside the box); the API stores km. A reading lower than the vehicle's
// latest is accepted (an odometer replaced, a typo corrected later) with a note: the vehicle keeps its highest.
import { distanceUnitLabel, formatDistance, kmToUnit, type DistanceUnit } from '@garage/shared/distance';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { numberOr } from '../../lib/number-input.ts';

type OdometerForm = { odometerIn?: number | null; odometerOut?: number | null };

export function OdometerFields({
  unit,
  latestKm = null,
  idPrefix,
}: {
  unit: DistanceUnit;
  /** The vehicle's highest reading so far (km), for the "lower than the latest" note; null when unknown. */
  latestKm?: number | null;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation('visits');
  const { register, control, formState } = useFormContext<OdometerForm>();
  const odometerIn = useWatch({ control, name: 'odometerIn' });
  const label = distanceUnitLabel(unit, i18n.language);
  const lower = latestKm !== null && typeof odometerIn === 'number' && Number.isFinite(odometerIn) && odometerIn < kmToUnit(latestKm, unit);
  return (
    <>
      <Field data-invalid={!!formState.errors.odometerIn}>
        <FieldLabel htmlFor={`${idPrefix}-odometer-in`}>{t('odometer.in', { unit: label })}</FieldLabel>
        <Input
          id={`${idPrefix}-odometer-in`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register('odometerIn', { setValueAs: numberOr(null) })}
          aria-invalid={!!formState.errors.odometerIn}
          data-testid="visit-odometer-in"
        />
        {lower ? (
          <FieldDescription data-testid="odometer-lower-note">
            {t('odometer.lower', { latest: formatDistance(latestKm, unit, i18n.language) })}
          </FieldDescription>
        ) : (
          latestKm !== null && (
            <FieldDescription>{t('odometer.latest', { latest: formatDistance(latestKm, unit, i18n.language) })}</FieldDescription>
          )
        )}
        <FieldError errors={[formState.errors.odometerIn]} />
      </Field>
      <Field data-invalid={!!formState.errors.odometerOut}>
        <FieldLabel htmlFor={`${idPrefix}-odometer-out`}>{t('odometer.out', { unit: label })}</FieldLabel>
        <Input
          id={`${idPrefix}-odometer-out`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register('odometerOut', { setValueAs: numberOr(null) })}
          aria-invalid={!!formState.errors.odometerOut}
          data-testid="visit-odometer-out"
        />
        <FieldError errors={[formState.errors.odometerOut]} />
      </Field>
    </>
  );
}
