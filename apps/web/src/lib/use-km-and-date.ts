// Kilometres and days as the vehicle and oil screens show them; a missing value is a dash.
import { useTranslation } from 'react-i18next';

export function useKmAndDate() {
  const { i18n } = useTranslation();
  // The unit is localised too ("149,109 km", "149 109 km", "149,109 كم"), so it reads right in rtl.
  const km = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilometer' });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return {
    km: (value: number | null) => (value === null ? '—' : km.format(value)),
    date: (value: string | null) => (value ? date.format(new Date(value)) : '—'),
  };
}
