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
        // A VIN reads left to right in every language (FactList isolates it). A calendar day is read at local noon
        // so that no time zone moves it to the day before.
        ...(vehicle.vin ? [[t('fields.vin'), vehicle.vin] as [string, string]] : []),
        [t('fields.type'), t(`types.${vehicle.type}`)],
        [t('fields.brand'), vehicle.brand],
        [t('fields.model'), vehicle.model],
        ...(vehicle.trim ? [[t('fields.trim'), vehicle.trim] as [string, string]] : []),
        [t('fields.year'), String(vehicle.year)],
        ...(vehicle.firstRegistrationDate
          ? [[t('fields.firstRegistrationDate'), format.date(`${vehicle.firstRegistrationDate}T12:00:00`)] as [string, string]]
          : []),
        ...(vehicle.plateRegion ? [[t('fields.plateRegion'), vehicle.plateRegion] as [string, string]] : []),
        [t('fields.distanceUnit'), t(`units.${vehicle.distanceUnit}`)],
        [t('fields.color'), label('COLOR', vehicle.color)],
        [t('fields.engineType'), label('ENGINE_TYPE', vehicle.engineType)],
        // Stored in km, shown in the vehicle's unit.
        [t('fields.latestKm'), format.km(vehicle.latestKm, vehicle.distanceUnit)],
        [t('fields.lastKmUpdate'), format.date(vehicle.lastKmUpdate)],
        [t('fields.nextOilChangeKm'), format.km(vehicle.nextOilChangeKm, vehicle.distanceUnit)],
      ]}
    />
  );
}
