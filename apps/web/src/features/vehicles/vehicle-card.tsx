// One vehicle at a glance: picture, plate, make and model, status and oil status, with its links; and the
// pieces of it that the vehicle pages show too.
import { Car } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VehicleView } from '@garage/shared/schemas/vehicles';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { Ltr } from '../../components/ltr.tsx';
import { OilStatusBadge } from './oil-status.tsx';
import { useStaticLabel } from './use-static-options.ts';

export function PlateText({ plate }: { plate: string }) {
  return (
    <Ltr className="rounded border border-foreground/30 bg-background px-1.5 py-0.5 font-mono text-sm font-semibold tracking-wider">
      {plate}
    </Ltr>
  );
}

export function VehiclePicture({ vehicle, className = 'size-16' }: { vehicle: Pick<VehicleView, 'imageUrl'>; className?: string }) {
  const src = resolveMediaUrl(vehicle.imageUrl);
  return (
    <div className={`flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted text-muted-foreground ${className}`}>
      {src ? <img src={src} alt="" className="size-full object-cover" /> : <Car className="size-1/2" aria-hidden="true" />}
    </div>
  );
}

function VehicleStatusBadge({ status }: { status: VehicleView['status'] }) {
  const { t } = useTranslation('vehicles');
  return <Badge variant={status === 'ACTIVE' ? 'outline' : 'secondary'}>{t(`statuses.${status}`)}</Badge>;
}

/** The vehicle's status and oil status, side by side. */
export function VehicleBadges({ vehicle }: { vehicle: Pick<VehicleView, 'status' | 'oilDueInKm' | 'distanceUnit'> }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <VehicleStatusBadge status={vehicle.status} />
      <OilStatusBadge dueInKm={vehicle.oilDueInKm} unit={vehicle.distanceUnit} />
    </div>
  );
}

/** The heading of a vehicle's page: plate, make and model. */
export function VehicleTitle({ vehicle }: { vehicle: Pick<VehicleView, 'plateNumber' | 'brand' | 'model'> }) {
  return (
    <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
      <PlateText plate={vehicle.plateNumber} />
      <span>
        {vehicle.brand} {vehicle.model}
      </span>
    </h1>
  );
}

/** `to` opens the vehicle, `oilTo` its oil changes. */
export function VehicleCard({ vehicle, to, oilTo }: { vehicle: VehicleView; to: string; oilTo: string }) {
  const { t } = useTranslation('vehicles');
  const label = useStaticLabel();
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="vehicle-card">
      <div className="flex items-start gap-3">
        <VehiclePicture vehicle={vehicle} />
        <div className="min-w-0 flex-1">
          <Link to={to} className="hover:underline">
            <PlateText plate={vehicle.plateNumber} />
          </Link>
          <div className="mt-1 truncate font-medium">
            <bdi>
              {vehicle.brand} {vehicle.model}
            </bdi>{' '}
            · <Ltr>{vehicle.year}</Ltr>
          </div>
          <div className="text-xs text-muted-foreground">
            {t(`types.${vehicle.type}`)} · {label('COLOR', vehicle.color)} · {label('ENGINE_TYPE', vehicle.engineType)}
            {vehicle.trim && (
              <>
                {' '}
                · <bdi>{vehicle.trim}</bdi>
              </>
            )}
          </div>
          {vehicle.vin && (
            <div className="truncate text-xs text-muted-foreground" data-testid="vehicle-card-vin">
              {t('fields.vin')} <Ltr className="font-mono">{vehicle.vin}</Ltr>
            </div>
          )}
        </div>
      </div>
      <VehicleBadges vehicle={vehicle} />
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <Link to={to}>{t('actions.open')}</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={oilTo}>{t('actions.oil')}</Link>
        </Button>
      </div>
    </Card>
  );
}
