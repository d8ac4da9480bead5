// SPEC §3/§7: the merchant's name and display name are kept locally (merchant_name,
// merchant_display_name) so the header shows them at once on the next visit.
import type { Merchant } from './branding-api.ts';

const NAME_KEY = 'merchant_name';
const DISPLAY_NAME_KEY = 'merchant_display_name';

export function readStoredMerchant(): Pick<Merchant, 'name' | 'displayName'> | null {
  try {
    const name = localStorage.getItem(NAME_KEY);
    const displayName = localStorage.getItem(DISPLAY_NAME_KEY);
    return name && displayName ? { name, displayName } : null;
  } catch {
    return null;
  }
}

export function storeMerchant(merchant: Pick<Merchant, 'name' | 'displayName'>) {
  try {
    localStorage.setItem(NAME_KEY, merchant.name);
    localStorage.setItem(DISPLAY_NAME_KEY, merchant.displayName);
  } catch {
    // Storage unavailable: the name is fetched again next time.
  }
}
