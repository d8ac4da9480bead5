// Whole counts ("4,200", "4 200") in the UI language with Latin digits, exactly as
// Intl.NumberFormat(`${language}-u-nu-latn`) writes them (format-count.test.ts compares the two).
// Not Intl itself on purpose: a page's first Intl.NumberFormat loads ICU's number data (~14 ms, x4 in
// Lighthouse's phone profile), and the landing page's hero shows two counts in its first paint.
// Fractions and negative numbers are left to Intl.

/** Thousands separator per language; English and Arabic (with Latin digits) use ",". */
const GROUP_SEPARATOR: Record<string, string> = { fr: '\u202f' };

export function formatCount(value: number, language: string): string {
  if (!Number.isSafeInteger(value) || value < 0) return new Intl.NumberFormat(`${language}-u-nu-latn`).format(value);
  return String(value).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[language.slice(0, 2)] ?? ',');
}
