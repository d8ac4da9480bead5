// The shop's tax rates and settings as every screen reads them (settings page, line editors, part and catalogue
// forms, customer form). One query each, shared through TanStack Query's cache.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxRateView } from '@garage/shared/schemas/tax';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { formatBasisPoints } from './percent.ts';

/** Every rate, archived ones included (a line or part may still point at one); pickers hide the archived. */
export function useTaxRates() {
  const trpc = useTRPC();
  return useQuery(trpc.taxRates.list.queryOptions({ includeArchived: true }));
}

export function useTaxSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.taxSettings.get.queryOptions());
}

/** After a change of rates or settings: the pickers and every screen showing amounts with tax follow. */
export function useTaxRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.taxRates.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.taxSettings.pathKey() }),
    ]);
}

/** "20%" / "5,5 %" in the user's language. */
export function useRateFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return {
    percent: (basisPoints: number) => formatBasisPoints(basisPoints, language),
    /** "TVA 20 % · 20 %" reads twice: the name alone when it already says the percentage. */
    rateLabel: (rate: Pick<TaxRateView, 'name' | 'basisPoints'>) => {
      const percent = formatBasisPoints(rate.basisPoints, language);
      return rate.name.replace(/\s/g, '').includes(percent.replace(/\s/g, '')) ? rate.name : `${rate.name} · ${percent}`;
    },
  };
}
