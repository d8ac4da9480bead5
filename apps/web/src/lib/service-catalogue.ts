// The public service catalogue (visible categories and items) over REST, and how to show its values.
// Staff changes invalidate the same query key (features/offering), and every mount refetches in the
// background, so a change shows at the next load.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';
import { formatMoney } from './money.ts';

export type LocalizedText = Record<string, string>;

export interface CatalogueItem {
  id: string;
  title: LocalizedText;
  description: LocalizedText | null;
  priceCents: number;
  currency: string;
  imageUrl: string | null;
  durationMinutes: number;
  featured: boolean;
}

export interface CatalogueCategory {
  id: string;
  title: LocalizedText;
  description: LocalizedText | null;
  imageUrl: string | null;
  sortOrder: number;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** The currency of the range (null: no visible item, or several currencies). */
  priceCurrency: string | null;
  items: CatalogueItem[];
}

export const CATALOGUE_QUERY_KEY = ['offering', 'catalogue'] as const;

export function useCatalogue() {
  return useQuery({
    queryKey: CATALOGUE_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<CatalogueCategory[]>('/offering/catalogue', signal),
    staleTime: 0,
  });
}

/** The text in `language`, else English, else whatever language exists. */
export function pickLocalized(text: LocalizedText | null | undefined, language: string): string {
  if (!text) return '';
  return text[language] || text.en || Object.values(text).find(Boolean) || '';
}

/** The shared money formatter (lib/money.ts). */
export const formatPrice = formatMoney;

/** The lowest price of a category: the server's derived minimum (null with several currencies). */
export function startingPrice(category: CatalogueCategory): { cents: number; currency: string } | null {
  if (category.minPriceCents === null || !category.priceCurrency) return null;
  return { cents: category.minPriceCents, currency: category.priceCurrency };
}
