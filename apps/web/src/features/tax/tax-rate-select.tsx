// A tax rate picker (task lines, parts, catalogue items, the shop's defaults). Archived rates are not offered,
// but the current one stays visible when it is archived, so an old choice is shown as it is.
import type { TaxRateView } from '@garage/shared/schemas/tax';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { cn } from '../../lib/utils.ts';
import { useRateFormat, useTaxRates } from './use-tax.ts';

/** The option that stands for null (Radix selects need a non-empty value). */
const NONE = '__none__';

export interface TaxRateSelectProps {
  id?: string;
  value: string | null | undefined;
  onChange: (taxRateId: string | null) => void;
  /** The text of the null choice ("Shop default (20%)", "No tax"); without it, null is not offered. */
  noneLabel?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'data-testid'?: string;
}

export function TaxRateSelect({ id, value, onChange, noneLabel, disabled, className, ...props }: TaxRateSelectProps) {
  const { t } = useTranslation('tax');
  const rates = useTaxRates();
  const format = useRateFormat();
  const offered = (rates.data ?? []).filter((rate: TaxRateView) => !rate.archivedAt || rate.id === value);
  const selected = value ?? (noneLabel ? NONE : '');
  return (
    <Select
      value={selected}
      disabled={disabled}
      // An empty value (the select resetting itself while its options load) never replaces the choice.
      onValueChange={(next) => next && onChange(next === NONE ? null : next)}
    >
      <SelectTrigger
        id={id}
        className={cn('h-11 w-full', className)}
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        data-testid={props['data-testid']}
      >
        <SelectValue placeholder={rates.isLoading ? t('select.loading') : t('select.choose')} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {offered.map((rate) => (
          <SelectItem key={rate.id} value={rate.id}>
            {format.rateLabel(rate)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
