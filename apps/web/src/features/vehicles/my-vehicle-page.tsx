// /client/overview/:vehicleId: one of the client's vehicles, its oil status and its visits (each links to
// its page; breadcrumbs My vehicles › plate).
import { useQuery } from '@tanstack/react-query';
import { Droplet, Images } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Breadcrumbs } from '../client-portal/index.ts';
import { VehicleBadges, VehiclePicture, VehicleTitle } from './vehicle-card.tsx';
import { VehicleFacts } from './vehicle-facts.tsx';
import { VisitsCard } from './visit-list.tsx';
import { MySpecCard } from './spec-card.tsx';
import { MyRemindersCard } from '../reminders/index.ts';
import { BookForVehicleButton } from '../appointments/index.ts';

export function MyVehiclePage() {
  const { vehicleId = '' } = useParams();
  const { t } = useTranslation(['vehicles', 'media']);
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const vehicle = useQuery(trpc.myVehicles.get.queryOptions({ id: vehicleId }));
  const visits = useQuery(trpc.myVehicles.visits.queryOptions({ id: vehicleId, page }));

  if (vehicle.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError) return <LoadErrorCard message={t('errors.notFound')} />;
  const car = vehicle.data;
  return (
    <section className="flex flex-col gap-6">
      <Breadcrumbs
        items={[
          { label: t('mine.title'), to: '/client/overview' },
          { label: car.plateNumber, ltr: true },
        ]}
      />
      <PageHeader
        picture={<VehiclePicture vehicle={car} className="size-28" />}
        actions={
          // Full width on phones.
          <>
            <Button asChild className="w-full md:w-auto">
              <Link to={`/client/overview/oil/${car.id}`}>
                <Droplet />
                {t('actions.oil')}
              </Link>
            </Button>
            <Button asChild variant="outline" className="w-full md:w-auto">
              <Link to={`/client/media/${car.ownerId}/${car.id}`} data-testid="open-media">
                <Images />
                {t('media:actions.media')}
              </Link>
            </Button>
            <BookForVehicleButton vehicleId={car.id} />
          </>
        }
      >
        <VehicleTitle vehicle={car} />
        <VehicleBadges vehicle={car} />
        <VehicleFacts vehicle={car} />
      </PageHeader>
      <MyRemindersCard vehicleId={car.id} />
      <MySpecCard vehicleId={car.id} />
      <VisitsCard
        title={t('sections.visits')}
        isPending={visits.isPending}
        data={visits.data}
        onPage={setPage}
        linkOf={(visit) => `/client/overview/${car.id}/${visit.id}`}
      />
    </section>
  );
}
