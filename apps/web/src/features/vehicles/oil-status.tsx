// "Due in N km" / "overdue by N km" from the vehicle's latest km and its last oil change.
import { Droplet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';

export function OilStatusBadge({ dueInKm }: { dueInKm: number | null }) {
  const { t, i18n } = useTranslation('vehicles');
  if (dueInKm === null) return <Badge variant="outline">{t('oil.noRecord')}</Badge>;
  const km = new Intl.NumberFormat(i18n.language).format(Math.abs(dueInKm));
  if (dueInKm <= 0) {
    return (
      <Badge variant="destructive" data-testid="oil-status">
        <Droplet />
        {dueInKm === 0 ? t('oil.dueNow') : t('oil.overdueBy', { km })}
      </Badge>
    );
  }
  return (
    <Badge variant={dueInKm <= 1000 ? 'secondary' : 'success'} data-testid="oil-status">
      <Droplet />
      {t('oil.dueIn', { km })}
    </Badge>
  );
}
