// Formatting for PDFs, done in TypeScript before the values reach Typst (which prints them as given).
// Latin digits in every language (as the web app's money.ts), the document language's separators and
// month names, dates in the shop's time zone.
import { currencyDecimals, formatMinorPlain, isRtlLanguage, minorToMajor } from '@garage/shared';

export type PdfLanguage = 'en' | 'fr' | 'ar';

export const PDF_LANGUAGES: readonly PdfLanguage[] = ['en', 'fr', 'ar'];

/** The language a PDF is printed in: the requested one when supported, else the fallback. */
export function pdfLanguage(requested: string | null | undefined, fallback: PdfLanguage = 'ar'): PdfLanguage {
  const lang = requested?.slice(0, 2).toLowerCase();
  return PDF_LANGUAGES.includes(lang as PdfLanguage) ? (lang as PdfLanguage) : fallback;
}

export const pdfDirection = (lang: PdfLanguage): 'ltr' | 'rtl' => (isRtlLanguage(lang) ? 'rtl' : 'ltr');

// Bidi marks Intl adds in Arabic (U+200E/U+200F) are dropped: Typst isolates the value itself (ltr-value).
const stripBidiMarks = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

export interface PdfFormatter {
  /**
   * Minor units as "1,234.50 $" / "1 234,50 $": always the currency's own decimals on a document (two for
   * EUR, three for KWD "12.345 KWD", none for JPY).
   */
  money(minor: number): string;
  /** A whole or decimal number: "12,500" / "12 500". */
  number(value: number): string;
  /** "24 November 2026" in the shop's time zone. */
  date(value: Date | string): string;
  /** "24 November 2026, 14:05" in the shop's time zone. */
  dateTime(value: Date | string): string;
}

export function pdfFormatter(lang: PdfLanguage, currency: string, timeZone: string): PdfFormatter {
  const locale = `${lang}-u-nu-latn`;
  // Always the currency's own decimals on paper ("12.345 KWD", "1,500 ¥", "€12.00"), whole or not.
  const decimals = currencyDecimals(currency);
  const moneyFormat = safeNumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const numberFormat = safeNumberFormat(locale, { maximumFractionDigits: 2 });
  const zone = safeTimeZone(timeZone);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: zone, hourCycle: 'h23' });
  return {
    money: (minor) =>
      moneyFormat ? stripBidiMarks(moneyFormat.format(minorToMajor(minor, currency))) : `${formatMinorPlain(minor, currency)} ${currency}`,
    number: (value) => (numberFormat ? stripBidiMarks(numberFormat.format(value)) : String(value)),
    date: (value) => stripBidiMarks(dateFormat.format(new Date(value))),
    dateTime: (value) => stripBidiMarks(dateTimeFormat.format(new Date(value))),
  };
}

function safeNumberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return null; // an unknown currency code stored by hand: printed as "12.00 XYZ"
  }
}

function safeTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * Marks a left-to-right island (a time range, a number) inside one of our translated sentences passed as a
 * title, subtitle, label or footer; branded.typ prints it in order inside Arabic ("08:00–18:00", not
 * "18:00–08:00"). Values in table cells and summary boxes need no marking.
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
