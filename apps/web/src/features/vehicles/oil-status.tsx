// "Due in N km" / "overdue by N mi" from the vehicle's latest km and its last oil change, in the vehicle's unit.
import { type DistanceUnit, formatDistance } from '@garage/shared/distance';
import { Droplet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';

export function OilStatusBadge({ dueInKm, unit }: { dueInKm: number | null; unit: DistanceUnit }) {
  const { t, i18n } = useTranslation('vehicles');
  if (dueInKm === null) return <Badge variant="outline">{t('oil.noRecord')}</Badge>;
  const distance = formatDistance(Math.abs(dueInKm), unit, i18n.language);
  if (dueInKm <= 0) {
    return (
      <Badge variant="destructive" data-testid="oil-status">
        <Droplet />
        {dueInKm === 0 ? t('oil.dueNow') : t('oil.overdueBy', { distance })}
      </Badge>
    );
  }
  return (
    <Badge variant={dueInKm <= 1000 ? 'secondary' : 'success'} data-testid="oil-status">
      <Droplet />
      {t('oil.dueIn', { distance })}
    </Badge>
  );
}
