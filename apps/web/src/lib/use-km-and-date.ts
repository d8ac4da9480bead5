// Distances and days as the vehicle and oil screens show them; a missing value is a dash.
import { formatDistance, type DistanceUnit } from '@garage/shared/distance';
import { useTranslation } from 'react-i18next';

export function useKmAndDate() {
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return {
    /**
     * Stored km in the vehicle's unit (km by default); the unit is localised too ("149,109 km", "149 109 km",
     * "92,651 mi", "149,109 كم"), so it reads right in rtl.
     */
    km: (value: number | null, unit: DistanceUnit = 'KM') => (value === null ? '—' : formatDistance(value, unit, i18n.language)),
    date: (value: string | null) => (value ? date.format(new Date(value)) : '—'),
  };
}
