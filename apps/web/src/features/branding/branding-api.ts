// Branding and merchant reads over REST (SPEC §7). The public website uses REST, not tRPC, to stay light.
import type { BrandingEntry } from '@garage/shared/branding';
import { apiGet } from '../../lib/api-client.ts';

export type { BrandingEntry };

export interface Merchant {
  id: string;
  name: string;
  displayName: string;
  currency: string;
  /** IANA zone and default language, chosen at setup (shop details in the branding manager). */
  timezone?: string;
  defaultLanguage?: string;
}

export const brandingKeys = {
  all: ['branding'] as const,
  list: (language: string, status = 'ACTIVE') => ['branding', language, status] as const,
  merchant: ['merchant'] as const,
};

export function fetchBranding(language: string, status = 'ACTIVE', signal?: AbortSignal) {
  const query = new URLSearchParams({ lan: language });
  // SPEC §7: status is only sent when it is not ACTIVE.
  if (status !== 'ACTIVE') query.set('status', status);
  return apiGet<BrandingEntry[]>(`/merchant/fetch-branding?${query}`, signal);
}

export async function fetchMerchant(signal?: AbortSignal): Promise<Merchant> {
  return (await apiGet<{ merchant: Merchant }>('/merchant/fetch-merchant', signal)).merchant;
}
