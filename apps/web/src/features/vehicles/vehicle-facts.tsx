// The vehicle's details as a definition list (staff and client pages).
import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@garage/shared/schemas/vehicles';
import { FactList } from '../../components/fact-list.tsx';
import { useKmAndDate } from '../../lib/use-km-and-date.ts';
import { useStaticLabel } from './use-static-options.ts';

export function VehicleFacts({ vehicle }: { vehicle: VehicleView }) {
  const { t } = useTranslation('vehicles');
  const format = useKmAndDate();
  const label = useStaticLabel();
  return (
    <FactList
      className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3"
      facts={[
        [t('fields.type'), t(`types.${vehicle.type}`)],
        [t('fields.brand'), vehicle.brand],
        [t('fields.model'), vehicle.model],
        [t('fields.year'), String(vehicle.year)],
        [t('fields.color'), label('COLOR', vehicle.color)],
        [t('fields.engineType'), label('ENGINE_TYPE', vehicle.engineType)],
        [t('fields.latestKm'), format.km(vehicle.latestKm)],
        [t('fields.lastKmUpdate'), format.date(vehicle.lastKmUpdate)],
        [t('fields.nextOilChangeKm'), format.km(vehicle.nextOilChangeKm)],
      ]}
    />
  );
}
