// Numbers, days and hours for the analytics screens, in the UI language. Page paths and hosts are
// left-to-right whatever the language (shown inside <bdi dir="ltr">).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Series colours of the analytics charts and bars (the first follows the shop's brand colour). */
export const ANALYTICS_COLORS = ['var(--primary)', '#10b981', '#f59e0b', '#6366f1', '#ec4899', '#14b8a6', '#94a3b8'];

export function useAnalyticsFormat() {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const count = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const shortDay = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const longDay = new Intl.DateTimeFormat(language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const hour = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    const dayHour = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    const clock = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
    // Bucket starts are local wall-clock times without an offset: read them as UTC and print them in UTC.
    const wall = (start: string) => new Date(start.length === 10 ? `${start}T00:00:00Z` : `${start}:00Z`);
    return {
      count: (value: number) => count.format(value),
      /** 12.5 → "12.5%". */
      percent: (value: number) => percent.format(value / 100),
      bucket: (start: string, kind: 'hour' | 'day') => (kind === 'day' ? shortDay : hour).format(wall(start)),
      bucketLong: (start: string, kind: 'hour' | 'day') => (kind === 'day' ? longDay : dayHour).format(wall(start)),
      clock: (iso: string) => clock.format(new Date(iso)),
      device: (name: string) => (['mobile', 'desktop', 'tablet', 'other', 'Unknown'].includes(name) ? t(`device.${name}`) : name),
      name: (name: string) => (name === 'Unknown' ? t('unknown') : name),
    };
  }, [language, t]);
}
