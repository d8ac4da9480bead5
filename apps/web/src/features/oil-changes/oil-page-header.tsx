// The top of the oil screens (staff and client): the way back to the vehicle, then the title with the plate
// and what the caller says about the vehicle.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/page-header.tsx';
import { PlateText } from '../vehicles/vehicle-card.tsx';

export function OilPageHeader({ backTo, plate, children }: { backTo: string; plate: string; children: ReactNode }) {
  const { t } = useTranslation('oil');
  return (
    <>
      <BackLink to={backTo} label={t('backToVehicle')} />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <PlateText plate={plate} />
        <span className="text-muted-foreground">{children}</span>
      </header>
    </>
  );
}
