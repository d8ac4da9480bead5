// /client/overview/:vehicleId: one of the client's vehicles, its oil status and its visits.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Droplet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { OilStatusBadge } from './oil-status.tsx';
import { PlateText, VehiclePicture, VehicleStatusBadge } from './vehicle-card.tsx';
import { VehicleFacts } from './vehicle-facts.tsx';
import { VisitList } from './visit-list.tsx';

export function MyVehiclePage() {
  const { vehicleId = '' } = useParams();
  const { t } = useTranslation('vehicles');
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const vehicle = useQuery(trpc.myVehicles.get.queryOptions({ id: vehicleId }));
  const visits = useQuery(trpc.myVehicles.visits.queryOptions({ id: vehicleId, page }));

  if (vehicle.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError) return <Card className="p-8 text-center">{t('errors.notFound')}</Card>;
  const car = vehicle.data;
  return (
    <section className="flex flex-col gap-6">
      <Link to="/client/overview" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('mine.title')}
      </Link>
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6 md:flex-row md:items-start">
          <VehiclePicture vehicle={car} className="size-28" />
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
              <PlateText plate={car.plateNumber} />
              <span>
                {car.brand} {car.model}
              </span>
            </h1>
            <div className="flex flex-wrap gap-2">
              <VehicleStatusBadge status={car.status} />
              <OilStatusBadge dueInKm={car.oilDueInKm} />
            </div>
            <VehicleFacts vehicle={car} />
          </div>
          <Button asChild>
            <Link to={`/client/overview/oil/${car.id}`}>
              <Droplet />
              {t('actions.oil')}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('sections.visits')}</CardTitle>
        </CardHeader>
        <CardContent>
          <VisitList isPending={visits.isPending} data={visits.data} onPage={setPage} linkOf={(visit) => `/client/overview/${car.id}/${visit.id}`} />
        </CardContent>
      </Card>
    </section>
  );
}
