// The vehicle's details as a definition list (staff and client pages).
import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@garage/shared/schemas/vehicles';

export function VehicleFacts({ vehicle }: { vehicle: VehicleView }) {
  const { t, i18n } = useTranslation('vehicles');
  const km = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilometer' });
  const date = (value: string | null) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(value)) : '—');
  const facts: [string, string][] = [
    [t('fields.type'), t(`types.${vehicle.type}`)],
    [t('fields.brand'), vehicle.brand],
    [t('fields.model'), vehicle.model],
    [t('fields.year'), String(vehicle.year)],
    [t('fields.color'), vehicle.color],
    [t('fields.engineType'), vehicle.engineType],
    [t('fields.latestKm'), vehicle.latestKm === null ? '—' : km.format(vehicle.latestKm)],
    [t('fields.lastKmUpdate'), date(vehicle.lastKmUpdate)],
    [t('fields.nextOilChangeKm'), vehicle.nextOilChangeKm === null ? '—' : km.format(vehicle.nextOilChangeKm)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
