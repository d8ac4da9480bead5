// Tax rates travel as basis points (2000 = 20 %, 550 = 5.5 %); people type and read percentages. The two
// conversions live here so every tax screen parses "5,5" and "5.5" alike and shows "5,5 %" in French.
import { MAX_TAX_BASIS_POINTS } from '@garage/shared/tax-rules';

/** "20", "5,5", "5.5 %", "2.10" → basis points; NaN for anything else (more than 2 decimals, over 100 %, text). */
export function basisPointsFromPercentText(text: string): number {
  const normalized = text.trim().replace(/\s/g, '').replace(/%$/, '').replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  const basisPoints = Math.round(Number(normalized) * 100);
  return basisPoints <= MAX_TAX_BASIS_POINTS ? basisPoints : Number.NaN;
}

/** The text a rate's field starts with: 550 → "5.5" (typed back as is). */
export const percentTextFromBasisPoints = (basisPoints: number) => String(basisPoints / 100);

const percentFormats = new Map<string, Intl.NumberFormat>();

/** 2000 → "20 %" in French, "20%" in English; Latin digits in every language, as on the invoices. */
export function formatBasisPoints(basisPoints: number, language: string): string {
  let format = percentFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(language, format);
  }
  return format.format(basisPoints / 10_000);
}
