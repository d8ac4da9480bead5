// Money, dates and the caller's time zone as the staff and client screens show them. Money travels as integer cents;
// the shop's currency comes from the merchant (branding context).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../features/branding/index.ts';
import { formatMoney, isolateLtr } from './money.ts';

/** The browser's IANA time zone: the server computes "today", "this week" and "overdue" in it. */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Today as "YYYY-MM-DD" in the browser's zone (the minimum of due-date pickers). */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A time and its day period ("2:34 PM", "2:34 ص") on one line: a no-break space between them. */
export const keepTimeTogether = (formatted: string) => formatted.replace(/(\d) (?=\S+$)/, '$1\u00a0');

export function useFormatters() {
  const { i18n } = useTranslation();
  const { merchant } = useBranding();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const currency = merchant.currency ?? 'USD';
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      currency,
      /**
       * 12345 → "$123.45" (lib/money.ts, the one formatter), isolated left-to-right (U+2066 … U+2069) so a
       * sign and a currency code keep their order inside Arabic text.
       */
      money: (cents: number) => isolateLtr(formatMoney(cents, currency, language)),
      /** A calendar day ("YYYY-MM-DD"), shown without shifting it through the local zone. */
      day: (isoDate: string) => day.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)),
      /** A moment in the browser's zone. */
      dateTime: (iso: string) => keepTimeTogether(dateTime.format(new Date(iso))),
    };
  }, [language, currency]);
}
