// The one money formatter of every screen (catalogue, public site, visits, payments, dashboards, client portal). Amounts travel as integers
// in the currency's minor unit (`*Cents`: cents of EUR, fils of KWD, whole yen; @garage/shared/money); they are shown with the item's
// own currency in the UI language, Latin digits in every language (as on the shop's invoices), with the currency's own decimals
// (0, 2 or 3) or none when the amount is whole. Light on purpose: the landing page uses it (shared/money.ts has no imports).
import { currencyDecimals, minorPerMajor, minorToMajor } from '@garage/shared/money';

/** Formatters are costly to build and a list shows many prices: one per language, currency and decimals. */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, language: string, whole: boolean): Intl.NumberFormat {
  const key = `${language}|${currency}|${whole}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = whole ? 0 : currencyDecimals(currency);
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  return format;
}

/** 12345 → "$123.45" in USD, "KWD 12.345" in KWD, "¥12,345" in JPY; whole amounts without decimals ("$40"). */
export function formatMoney(cents: number, currency: string, language: string): string {
  const whole = cents % minorPerMajor(currency) === 0;
  const major = minorToMajor(cents, currency);
  try {
    return moneyFormat(currency, language, whole).format(major);
  } catch {
    return `${major.toFixed(whole ? 0 : currencyDecimals(currency))} ${currency}`;
  }
}

/** "$1.2K": chart axes and tight tiles, with the same currency display and digits as formatMoney. */
export function formatCompactMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(`${language}-u-nu-latn`, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(minorToMajor(cents, currency));
  } catch {
    return formatMoney(cents, currency, language);
  }
}

/** "45 $ – 90 $", or one price when both ends are equal. Show it inside a left-to-right isolate. */
export function formatMoneyRange(minCents: number, maxCents: number, currency: string, language: string): string {
  if (minCents === maxCents) return formatMoney(minCents, currency, language);
  return `${formatMoney(minCents, currency, language)} – ${formatMoney(maxCents, currency, language)}`;
}

/** A value wrapped in a left-to-right isolate (U+2066 … U+2069), for amounts placed inside translated text. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
