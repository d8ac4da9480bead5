// Prices on screen. Each amount (and a whole range) sits in a left-to-right isolate, so inside Arabic text
// the currency sign, the digits and the two ends of a range keep their order. No tailwind-merge here:
// the landing page shows prices.
import { formatMoney, formatMoneyRange } from '../lib/money.ts';

export function Money({ cents, currency, language, className }: { cents: number; currency: string; language: string; className?: string }) {
  return (
    <bdi
      dir="ltr"
      className={className ? `whitespace-nowrap tabular-nums ${className}` : 'whitespace-nowrap tabular-nums'}
      data-slot="money"
    >
      {formatMoney(cents, currency, language)}
    </bdi>
  );
}

export function MoneyRange({
  min,
  max,
  currency,
  language,
  className,
}: {
  min: number;
  max: number;
  currency: string;
  language: string;
  className?: string;
}) {
  return (
    <bdi
      dir="ltr"
      className={className ? `whitespace-nowrap tabular-nums ${className}` : 'whitespace-nowrap tabular-nums'}
      data-slot="money-range"
    >
      {formatMoneyRange(min, max, currency, language)}
    </bdi>
  );
}
