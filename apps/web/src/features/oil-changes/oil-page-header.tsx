// The top of the oil screens (staff and client): the way back to the vehicle, then the title with the plate
// and what the caller says about the vehicle.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/page-header.tsx';
import { Breadcrumbs, type Crumb } from '../client-portal/index.ts';
import { PlateText } from '../vehicles/index.ts';

/** `crumbs` (the client area) take the place of the back link. */
export function OilPageHeader({
  backTo,
  crumbs,
  plate,
  children,
}: {
  backTo: string;
  crumbs?: Crumb[];
  plate: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('oil');
  return (
    <>
      {crumbs ? <Breadcrumbs items={crumbs} /> : <BackLink to={backTo} label={t('backToVehicle')} />}
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <PlateText plate={plate} />
        <span className="text-muted-foreground">{children}</span>
      </header>
    </>
  );
}
