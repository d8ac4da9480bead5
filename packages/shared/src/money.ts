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
