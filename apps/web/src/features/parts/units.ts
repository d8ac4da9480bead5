// Quantities with their unit ("4 pcs", "2.5 L"). Stock figures travel as decimal numbers in the part's unit
// (the API turns its thousandths into them); they are shown with Latin digits in every language, as money is.
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type PartUnit, UNIT_DECIMALS } from '@garage/shared/inventory-rules';

/** The unit's short name ("pcs", "L") in the current language; the `parts` namespace must be loaded. */
export function unitLabel(t: TFunction, unit: PartUnit): string {
  return t(`parts:units.${unit}.short`);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A quantity's number in the UI language with Latin digits, rounded to its unit's decimals (3 without a unit):
 * "4", "2.5", "1,234.75"; `signed` writes "+5" and "-1" (the stock ledger).
 */
export function formatQuantityNumber(value: number, unit: PartUnit | null, language: string, signed = false): string {
  const decimals = unit ? UNIT_DECIMALS[unit] : 3;
  const key = `${language}|${decimals}|${signed}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, {
      maximumFractionDigits: decimals,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** "4 pcs", "-1.5 L": a quantity in its unit; `signed` adds "+" to increases (the stock ledger). */
export function useQuantityFormat() {
  const { t, i18n } = useTranslation('parts');
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(
    () => ({
      /** The number alone, to put in a field or next to a unit shown elsewhere. */
      number: (value: number, unit: PartUnit | null = null) => formatQuantityNumber(value, unit, language),
      /** "4 pcs" (a unit-less quantity, e.g. hours, shows the number alone). */
      quantity: (value: number, unit: PartUnit | null, options: { signed?: boolean } = {}) => {
        const text = formatQuantityNumber(value, unit, language, options.signed ?? false);
        return unit ? `${text}\u00a0${unitLabel(t, unit)}` : text;
      },
    }),
    [language, t],
  );
}
