// Numbers for the dashboards, in the UI language: counts, percentages, compact money for chart axes and
// short day labels. Money in full goes through useFormatters (lib/formatters.ts), isolated left-to-right.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompactMoney } from '../../lib/money.ts';
import { useFormatters } from '../../lib/formatters.ts';

const ltr = (text: string) => `\u2066${text}\u2069`;

export function useDashboardFormat() {
  const { i18n } = useTranslation();
  const base = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const count = new Intl.NumberFormat(language);
    const decimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    const shortDay = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const weekdayDay = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    const localDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const utcDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
    return {
      ...base,
      count: (value: number) => count.format(value),
      decimal: (value: number) => decimal.format(value),
      /** 0.125 → "13%" (absolute: the direction is told by words and the arrow). */
      percent: (fraction: number) => ltr(percent.format(Math.abs(fraction))),
      compactMoney: (cents: number) => formatCompactMoney(cents, base.currency, language),
      shortDay: (isoDate: string) => shortDay.format(utcDay(isoDate)),
      longDay: (isoDate: string) => weekdayDay.format(utcDay(isoDate)),
      /** The calendar day an instant falls on here. */
      instantDay: (iso: string) => localDay.format(new Date(iso)),
      km: (value: number) => ltr(count.format(value)),
    };
  }, [language, base]);
}
