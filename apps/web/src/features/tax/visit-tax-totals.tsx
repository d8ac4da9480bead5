// The tax lines under a visit's amounts (staff visit page and the client portal): the total without tax, the
// tax of each rate, the total with tax. Figures come from the visit view's `taxes` block, computed by the API
// with the one rule (packages/shared tax-rules.ts); nothing is added up here.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/formatters.ts';
import { cn } from '../../lib/utils.ts';
import { useRateFormat } from './use-tax.ts';

/** The visit view's `taxes` block (minor units of the shop's currency), one row per rate. */
export interface VisitTaxes {
  net: number;
  tax: number;
  gross: number;
  rates: ReadonlyArray<{ basisPoints: number; net: number; tax: number }>;
}

export function VisitTaxTotals({ taxes, className, testId = 'visit-taxes' }: { taxes: VisitTaxes; className?: string; testId?: string }) {
  const { t } = useTranslation('tax');
  const format = useFormatters();
  const rateFormat = useRateFormat();
  return (
    <dl className={cn('flex flex-col gap-1 rounded-lg border p-3 text-sm', className)} data-testid={testId}>
      <Row label={t('totals.net')} value={format.money(taxes.net)} testId="taxes-net" />
      {taxes.rates.map((rate) => (
        <Row
          key={rate.basisPoints}
          label={t('totals.taxOfRate', { rate: rateFormat.percent(rate.basisPoints), net: format.money(rate.net) })}
          value={format.money(rate.tax)}
          testId="taxes-rate"
        />
      ))}
      {taxes.rates.length !== 1 && <Row label={t('totals.tax')} value={format.money(taxes.tax)} testId="taxes-tax" />}
      <Row label={t('totals.gross')} value={format.money(taxes.gross)} testId="taxes-gross" strong />
    </dl>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-4', strong && 'border-t pt-1 text-base font-semibold')}
      data-testid={testId}
    >
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
