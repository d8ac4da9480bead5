// Distances: every odometer reading and interval is STORED in whole kilometres; a vehicle whose distanceUnit is MI
// shows and takes miles at the edges (forms, views, PDFs, imports, emails). These helpers are the only conversions,
// so a value typed in miles comes back exactly as typed (distance.test.ts proves it for every integer mile).

export const DISTANCE_UNITS = ['KM', 'MI'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** International mile (exact by definition). */
export const KM_PER_MILE = 1.609344;

/** A value typed in `unit` → whole kilometres to store. 10,000 mi → 16,093 km. */
export function unitToKm(value: number, unit: DistanceUnit): number {
  return Math.round(unit === 'MI' ? value * KM_PER_MILE : value);
}

/** Stored kilometres → a whole value in `unit` to show or prefill. 16,093 km → 10,000 mi. */
export function kmToUnit(km: number, unit: DistanceUnit): number {
  return Math.round(unit === 'MI' ? km / KM_PER_MILE : km);
}

/** Intl's unit names; its formats localise the label too ("12,345 km", "12 345 km", "7,671 mi", "12,345 كم"). */
const INTL_UNIT: Record<DistanceUnit, string> = { KM: 'kilometer', MI: 'mile' };
const SHORT_LABEL: Record<DistanceUnit, string> = { KM: 'km', MI: 'mi' };

/** Formatters are costly to build and lists show many readings: one per language and unit. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Stored kilometres shown in the vehicle's unit: "12,345 km" / "7,671 mi". Latin digits in every language, as the
 * app writes every number (apps/web/src/lib/money.ts and format-count.ts use `${language}-u-nu-latn`).
 */
export function formatDistance(km: number, unit: DistanceUnit, locale: string): string {
  const value = kmToUnit(km, unit);
  const key = `${locale}|${unit}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'unit', unit: INTL_UNIT[unit], unitDisplay: 'short' });
    } catch {
      // An unknown locale tag must not break a page or an email: plain digits and the short label.
      return `${value} ${SHORT_LABEL[unit]}`;
    }
    formatters.set(key, format);
  }
  return format.format(value);
}

/**
 * The short label of a unit for form fields and column headers, as the language writes it next to a number
 * ("km", "mi"; "كم", "ميل" in Arabic); the English label without a language or when Intl does not know it.
 */
export function distanceUnitLabel(unit: DistanceUnit, locale?: string): string {
  if (!locale) return SHORT_LABEL[unit];
  try {
    const parts = new Intl.NumberFormat(`${locale}-u-nu-latn`, {
      style: 'unit',
      unit: INTL_UNIT[unit],
      unitDisplay: 'short',
    }).formatToParts(100);
    return parts.find((part) => part.type === 'unit')?.value ?? SHORT_LABEL[unit];
  } catch {
    return SHORT_LABEL[unit];
  }
}

/** Countries whose roads and odometers count in miles. */
const MILE_COUNTRIES = new Set(['GB', 'US', 'LR', 'MM']);

/** The unit a new vehicle starts with in a shop of this country (ISO 3166-1 alpha-2); kilometres when unknown. */
export function defaultDistanceUnit(countryCode: string | null | undefined): DistanceUnit {
  return countryCode && MILE_COUNTRIES.has(countryCode.toUpperCase()) ? 'MI' : 'KM';
}
