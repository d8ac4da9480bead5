// Fetches the merchant and its branding for the current language (SPEC §3, §7), applies the theme at run
// time, and shares the merged fields with every screen. A theme loader covers the first load; on failure
// a toast says so and the default theme stays.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BootData } from '@garage/shared/boot-data';
import { DEFAULT_BRANDING_LANGUAGE } from '@garage/shared/constants';
import { env } from '../../env.ts';
import { notify } from '../../lib/notify.ts';
import { brandingKeys, fetchBranding, fetchMerchant, type BrandingEntry, type Merchant } from './branding-api.ts';
import { takeBootData } from './boot-data.ts';
import { firstFieldValue, mergeBrandingEntries } from './merge-branding.ts';
import { readStoredMerchant, storeMerchant } from './merchant-storage.ts';
import { applyFavicon, applyRuntimeTheme, buildRuntimeTheme } from './theme.ts';
import { ThemeLoader } from './theme-loader.tsx';

export interface BrandingState {
  language: string;
  entries: readonly BrandingEntry[];
  /** Common + current-language fields merged into one map. */
  fields: Record<string, string>;
  merchant: Pick<Merchant, 'name' | 'displayName'> & Partial<Merchant>;
  displayName: string;
  isLoading: boolean;
  isError: boolean;
}

const BrandingContext = createContext<BrandingState | null>(null);
const NO_ENTRIES: readonly BrandingEntry[] = [];
const FALLBACK_MERCHANT = { name: env.appName, displayName: env.appName };

const STALE_MS = 5 * 60_000;
const brandingQuery = (language: string) => ({
  queryKey: brandingKeys.list(language),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchBranding(language, 'ACTIVE', signal),
  staleTime: STALE_MS,
});
const merchantQuery = {
  queryKey: brandingKeys.merchant,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMerchant(signal),
  staleTime: STALE_MS,
};

/**
 * The branding and merchant for the first render. The server writes them into index.html for the language
 * it expects (read for this request: never older than the page); otherwise, e.g. when the visitor's stored
 * language differs, the requests start at boot, in parallel with the first translations and the page's
 * code, instead of after the first render (the home page's first paint waits for its texts).
 */
export function prefetchBranding(queryClient: QueryClient, language: string) {
  seedBranding(queryClient, takeBootData(), language);
}

/** Puts the page's boot data into `queryClient` (also the server's, drawing a start screen); fetches what is missing. */
export function seedBranding(queryClient: QueryClient, boot: BootData | null, language: string) {
  if (boot) queryClient.setQueryData(merchantQuery.queryKey, boot.merchant);
  else void queryClient.prefetchQuery(merchantQuery);
  if (boot?.language === language) queryClient.setQueryData(brandingQuery(language).queryKey, boot.branding);
  else void queryClient.prefetchQuery(brandingQuery(language));
}

export function BrandingProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const language = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_BRANDING_LANGUAGE).slice(0, 2) || DEFAULT_BRANDING_LANGUAGE;

  const branding = useQuery({ ...brandingQuery(language), enabled: !!language, placeholderData: keepPreviousData });
  const merchantResult = useQuery(merchantQuery);

  const entries = branding.data ?? NO_ENTRIES;
  const fields = useMemo(() => mergeBrandingEntries(entries, language), [entries, language]);

  useEffect(() => {
    if (!branding.data) return;
    applyRuntimeTheme(buildRuntimeTheme(firstFieldValue(branding.data, 'MERCHANT_THEME_COLORS'), fields));
    applyFavicon(fields.favicon);
  }, [branding.data, fields]);

  useEffect(() => {
    if (branding.isError) notify('error', t('messages.brandingFetchFailed'), { id: 'branding-fetch-failed' });
  }, [branding.isError, t]);

  useEffect(() => {
    if (merchantResult.data) storeMerchant(merchantResult.data);
    // SPEC §8: a failed merchant fetch is only logged.
    if (merchantResult.isError) console.error('Merchant fetch failed', merchantResult.error);
  }, [merchantResult.data, merchantResult.isError, merchantResult.error]);

  const stored = useMemo(readStoredMerchant, []);
  const merchant = merchantResult.data ?? stored ?? FALLBACK_MERCHANT;

  const value = useMemo<BrandingState>(
    () => ({
      language,
      entries,
      fields,
      merchant,
      displayName: merchant.displayName,
      isLoading: branding.isPending,
      isError: branding.isError,
    }),
    [language, entries, fields, merchant, branding.isPending, branding.isError],
  );

  return (
    <BrandingContext value={value}>
      {children}
      <ThemeLoader visible={branding.isPending} label={t('loadingTheme')} />
    </BrandingContext>
  );
}

export function useBranding(): BrandingState {
  const value = useContext(BrandingContext);
  if (!value) throw new Error('useBranding must be used inside <BrandingProvider>');
  return value;
}
