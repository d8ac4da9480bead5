// Money is stored and computed as integers in the currency's minor unit: cents for EUR, MAD, SAR, AED and
// USD (2 decimals), fils for KWD, BHD, OMR, JOD, TND, LYD, IQD (3 decimals), whole units for JPY, KRW, XOF,
// XAF, CLP, ISK, VND (0 decimals). Columns keep their historical "Cents" names; they hold minor units.
// Every conversion between what people type or read and what is stored goes through these functions.

const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const NO_DECIMALS = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Decimals of the currency's minor unit (ISO 4217): 0, 2 or 3. */
export function currencyDecimals(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (THREE_DECIMALS.has(code)) return 3;
  if (NO_DECIMALS.has(code)) return 0;
  return 2;
}

/** Minor units in one major unit: 1, 100 or 1000. */
export const minorPerMajor = (currency: string) => 10 ** currencyDecimals(currency);

/** 12345 fils of KWD → 12.345; 12345 cents of EUR → 123.45. */
export const minorToMajor = (minor: number, currency: string) => minor / minorPerMajor(currency);

/** 12.345 KWD → 12345; rounds to the nearest minor unit. */
export const majorToMinor = (major: number, currency: string) => Math.round(major * minorPerMajor(currency));

/** "12.345", "123.45", "1234": a plain decimal (no grouping, no symbol) for inputs, CSV and XML. */
export const formatMinorPlain = (minor: number, currency: string) => minorToMajor(minor, currency).toFixed(currencyDecimals(currency));

/**
 * Reads what a person typed ("12,5", "12.345", " 7 ") as minor units; null when it is not a number or has
 * more decimals than the currency has.
 */
export function parseMajorToMinor(text: string, currency: string): number | null {
  const normalized = text.trim().replace(',', '.');
  const decimals = currencyDecimals(currency);
  const pattern = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{0,${decimals}})?$|^-?\\.\\d{1,${decimals}}$`);
  if (!pattern.test(normalized)) return null;
  return majorToMinor(Number(normalized), currency);
}

// ─── Amounts as files write them (imports) ──────────────────────────────────────────────────────────────

/** The character that separates a number's decimals: "1,234.50" (English) or "1 234,50" / "1.234,50" (French, German). */
export type DecimalMark = '.' | ',';

/**
 * What groups thousands besides the other mark: spaces of every kind (French Excel writes U+00A0 and U+202F,
 * and U+2009 / U+2007 are seen too) and apostrophes (Swiss "1'234.50").
 */
const GROUPING_SPACES = /[\s\u00A0\u202F\u2009\u2007'\u2019]/g;

/**
 * What a number's own writing proves about its decimal mark: "1,234.50" → '.', "1 234,500" → ',' (a group of
 * three after a longer run of digits is no thousands group), "85,5" → ','; "either" when a single separator is
 * followed by exactly three digits ("12,345", "152.004"): only the file's locale can tell; null when it has no
 * separator or is no number.
 */
export function decimalMarkOf(text: string): DecimalMark | 'either' | null {
  const plain = text.replace(GROUPING_SPACES, '').replace(/[^\d.,]/g, '');
  if (!/\d/.test(plain)) return null;
  const dots = plain.split('.').length - 1;
  const commas = plain.split(',').length - 1;
  if (dots > 0 && commas > 0) return plain.lastIndexOf('.') > plain.lastIndexOf(',') ? '.' : ',';
  if (dots > 1) return ',';
  if (commas > 1) return '.';
  if (dots + commas === 0) return null;
  const mark: DecimalMark = dots === 1 ? '.' : ',';
  const [before = '', after = ''] = plain.split(mark);
  // A thousands group is exactly three digits after one to three leading digits that do not start with 0.
  if (after.length !== 3 || before.length === 0 || before.length > 3 || /^0/.test(before)) return mark;
  return 'either';
}

/**
 * A number as a file writes it ("1 234,500 DT", "$1,234.50", "1.234,50 €", "152.004 km") → a plain decimal
 * ("1234.500"), symbols and currency codes dropped. `decimalMark` (the file's locale) decides only what the
 * writing leaves open ("12,345"). Null when it is no number.
 */
export function plainDecimal(text: string, decimalMark: DecimalMark): string | null {
  const trimmed = text.trim();
  const negative = /^-|^\(.*\)$/.test(trimmed.replace(/^[^\d(-]+/, ''));
  const plain = trimmed.replace(GROUPING_SPACES, '').replace(/[^\d.,]/g, '');
  if (!/\d/.test(plain)) return null;
  const seen = decimalMarkOf(plain);
  const mark = seen === 'either' ? decimalMark : (seen ?? decimalMark);
  const grouping = mark === '.' ? ',' : '.';
  const digits = plain.split(grouping).join('');
  if (digits.split(mark).length > 2) return null;
  const decimal = digits.replace(mark, '.').replace(/^\./, '0.').replace(/\.$/, '');
  if (!/^\d+(\.\d+)?$/.test(decimal)) return null;
  return negative ? `-${decimal}` : decimal;
}

/**
 * An amount as a file writes it, in the shop's currency, as minor units: "85,500 DT" in TND is 85500 millimes,
 * "$1,234.50" 123450 cents. A separator followed by three digits groups thousands in a currency with fewer than
 * three decimals ("12,345" USD is 12345 dollars); in one with three ("12,345" KWD) the file's decimal mark
 * decides. More decimals than the currency has are rounded. Null when it is no number.
 */
export function parseAmountToMinor(text: string, currency: string, decimalMark: DecimalMark): number | null {
  const seen = decimalMarkOf(text);
  const mark = seen === 'either' && currencyDecimals(currency) < 3 ? (text.includes(',') ? '.' : ',') : decimalMark;
  const plain = plainDecimal(text, mark);
  return plain === null ? null : majorToMinor(Number(plain), currency);
}
