// The vehicle form's VIN: typed or scanned, checked as it is typed (packages/shared vin.ts: the wrong-check-digit
// warning under the field), decoded offline by the API (vehicles.decodeVin) as soon as it has 17 valid
// characters or on "Decode", and shown as a short summary. The form changes only when staff press "Fill the
// form": what they typed is never overwritten without that confirmation.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { checkDigitStatus, isVinShape, normaliseVin, vinFromScan } from '@garage/shared/vin';
import type { VinDecodeResult } from '@garage/shared/schemas/vehicles';
import { BarcodeScanButton } from '../../components/barcode-scanner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** The form's engine type from a decode: fuel and displacement ("Gasoline 2.0 L"), or null. */
export function engineTypeOf(result: VinDecodeResult): string | null {
  const displacement = result.engine?.displacementL;
  const parts = [result.fuelType, displacement ? `${displacement.toFixed(1)} L` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type VinFieldProps = {
  /** react-hook-form's registration of the `vin` field. */
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { ref: React.Ref<HTMLInputElement> };
  value: string;
  /** Puts a scanned VIN into the field. */
  onScanned: (vin: string) => void;
  /** Checks the field's shape (shows its message) when "Decode" is pressed on a malformed VIN. */
  validate: () => void;
  error?: { message?: string };
  /** The stored VIN of the vehicle being edited: not decoded again on its own. */
  savedVin?: string | null;
  onFill: (result: VinDecodeResult) => void;
};

export function VinField({ inputProps, value, onScanned, validate, error, savedVin, onFill }: VinFieldProps) {
  const { t, i18n } = useTranslation(['vehicles', 'common']);
  const trpc = useTRPC();
  const vin = normaliseVin(value ?? '');
  const complete = isVinShape(vin);
  // The VIN decoded: automatically once complete (unless it is the vehicle's saved one), or on "Decode".
  const [asked, setAsked] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const target = complete && (vin !== savedVin || asked === vin) ? vin : null;
  const decoded = useQuery({
    ...trpc.vehicles.decodeVin.queryOptions({ vin: target ?? '' }),
    enabled: target !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const warning = complete && checkDigitStatus(vin) === 'invalid';
  const result = target && decoded.data?.vin === target ? decoded.data : null;
  const showSummary = result !== null && closed !== target;

  const decode = () => {
    if (!complete) return validate();
    setClosed(null);
    setAsked(vin);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="vin-section">
      <Field data-invalid={!!error}>
        <FieldLabel htmlFor="vehicle-vin">{t('vehicles:fields.vin')}</FieldLabel>
        {/* On a phone the 17 characters take the whole row and the buttons go below. */}
        <div className="flex flex-wrap gap-2">
          <Input
            id="vehicle-vin"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            aria-invalid={!!error}
            aria-describedby="vehicle-vin-hint"
            className="min-w-0 flex-[1_1_13rem] font-mono uppercase"
            data-testid="vehicle-vin"
            {...inputProps}
          />
          <Button type="button" variant="outline" className="h-11" onClick={decode} data-testid="vin-decode">
            {decoded.isFetching && <Spinner />}
            {t('vehicles:vin.decode')}
          </Button>
          <BarcodeScanButton
            onCode={(code) => {
              const scanned = vinFromScan(code);
              if (scanned) onScanned(scanned);
              else toast.error(t('vehicles:vin.scanNotVin'));
            }}
          />
        </div>
        <FieldDescription id="vehicle-vin-hint">{t('vehicles:vin.hint')}</FieldDescription>
        {warning && (
          <p role="status" className="text-sm text-amber-700 dark:text-amber-400" data-testid="vin-check-digit-warning">
            {t('common:messages.vin.checkDigit')}
          </p>
        )}
        <FieldError errors={[error]} />
      </Field>

      {target && decoded.isFetching && !result && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> {t('vehicles:vin.decoding')}
        </p>
      )}
      {target && decoded.isError && (
        <p role="alert" className="text-sm text-destructive" data-testid="vin-decode-failed">
          {errorMessageOf(t, decoded.error) ?? t('vehicles:vin.failed')}
        </p>
      )}
      {showSummary && (
        <VinSummary
          result={result}
          language={i18n.language}
          onFill={() => {
            onFill(result);
            setClosed(result.vin);
          }}
          onClose={() => setClosed(result.vin)}
        />
      )}
    </div>
  );
}

function VinSummary({
  result,
  language,
  onFill,
  onClose,
}: {
  result: VinDecodeResult;
  language: string;
  onFill: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['vehicles', 'common']);
  const year =
    result.modelYear === null
      ? t('vehicles:vin.yearNotEncoded')
      : result.modelYearCertain
        ? String(result.modelYear)
        : t('vehicles:vin.yearProbable', { year: result.modelYear });
  const country = countryName(result.country, language);
  const engine = engineTypeOf(result);
  const details = [
    result.vehicleType ? t(`vehicles:types.${result.vehicleType}`) : null,
    result.bodyClass,
    engine,
    result.trim ? t('vehicles:vin.trim', { trim: result.trim }) : null,
    country ? t('vehicles:vin.madeIn', { country }) : null,
  ].filter(Boolean);
  return (
    <section
      aria-labelledby="vin-summary-title"
      className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="vin-summary"
      data-coverage={result.coverage}
    >
      <h3 id="vin-summary-title" className="font-medium">
        {t('vehicles:vin.summaryTitle')}
      </h3>
      {result.coverage !== 'unknown' && (
        <p className="text-base font-semibold" data-testid="vin-summary-vehicle">
          <bdi>{[result.make, result.model].filter(Boolean).join(' ')}</bdi> · {year}
        </p>
      )}
      {details.length > 0 && <p className="text-muted-foreground">{details.join(' · ')}</p>}
      {result.coverage === 'maker-only' && <p data-testid="vin-maker-only">{t('vehicles:vin.makerOnly')}</p>}
      {result.coverage === 'unknown' && <p data-testid="vin-unknown">{t('vehicles:vin.unknown')}</p>}
      <div className="flex flex-wrap gap-2">
        {result.coverage !== 'unknown' && (
          <Button type="button" onClick={onFill} data-testid="vin-fill">
            {t('vehicles:vin.fill')}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('vehicles:vin.dismiss')}
        </Button>
      </div>
    </section>
  );
}
