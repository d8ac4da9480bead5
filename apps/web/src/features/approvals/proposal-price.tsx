// A task's price as the customer pays it (grossCents: with its tax where the shop types prices without tax),
// on the staff approvals section, the client area and the approval link's page. Where prices are typed
// without tax the figure is not the one staff typed, so it says "incl. tax" beside it.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/formatters.ts';
import { cn } from '../../lib/utils.ts';

export function ProposalPrice({
  grossCents,
  pricesIncludeTax,
  className,
  testId,
}: {
  grossCents: number;
  pricesIncludeTax: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('approvals');
  const format = useFormatters();
  return (
    <span className={cn('shrink-0 tabular-nums', className)} data-testid={testId}>
      {format.money(grossCents)}
      {!pricesIncludeTax && (
        <span className="ms-1 text-xs font-normal text-muted-foreground" data-testid="incl-tax">
          {t('price.inclTax')}
        </span>
      )}
    </span>
  );
}

/** "120.00 €" or "120.00 € incl. tax": an amount inside a sentence, by the same rule. */
export function useProposalAmount(): (cents: number, pricesIncludeTax: boolean) => string {
  const { t } = useTranslation('approvals');
  const format = useFormatters();
  return (cents, pricesIncludeTax) => (pricesIncludeTax ? format.money(cents) : t('price.amountInclTax', { amount: format.money(cents) }));
}
