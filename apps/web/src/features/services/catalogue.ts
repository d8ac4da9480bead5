// The public service catalogue (visible categories and items) over REST, and how to show its values.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';

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
  items: CatalogueItem[];
}

export function useCatalogue() {
  return useQuery({
    queryKey: ['offering', 'catalogue'],
    queryFn: ({ signal }) => apiGet<CatalogueCategory[]>('/offering/catalogue', signal),
    staleTime: 60_000,
  });
}

/** The text in `language`, else English, else whatever language exists. */
export function pickLocalized(text: LocalizedText | null | undefined, language: string): string {
  if (!text) return '';
  return text[language] || text.en || Object.values(text).find(Boolean) || '';
}

/** Latin digits in every language, as on the shop's invoices. */
export function formatPrice(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(`${language}-u-nu-latn`).format(value);
}

/** Lowest item price of a category (its stored minimum when it has no items). */
export function startingPrice(category: CatalogueCategory): { cents: number; currency: string } | null {
  const first = category.items[0];
  if (!first) return null;
  const cents = category.items.reduce((min, item) => Math.min(min, item.priceCents), first.priceCents);
  return { cents, currency: first.currency };
}
