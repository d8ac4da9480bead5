// The plate field's placeholder: the usual plate format of the shop's country (issue #28), suggested and never
// enforced (SPEC §5). The public merchant data names no country, so its currency tells it (MAD → MA, SAR → SA...);
// a shop whose currency names no plate format gets no placeholder.
import { plateCountryForCurrency, plateFormatHint } from '@garage/shared/plates';
import { useBranding } from '../branding/index.ts';

export function usePlateFormatHint(): string | undefined {
  const { merchant } = useBranding();
  return plateFormatHint(plateCountryForCurrency(merchant.currency)) ?? undefined;
}
