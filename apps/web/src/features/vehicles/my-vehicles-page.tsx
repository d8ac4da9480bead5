// /client/overview: the signed-in client's vehicles with their oil status.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { VehicleCard } from './vehicle-card.tsx';

export function MyVehiclesPage() {
  const { t } = useTranslation('vehicles');
  const trpc = useTRPC();
  const vehicles = useQuery(trpc.myVehicles.list.queryOptions());
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('mine.title')}</h1>
      {vehicles.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : vehicles.isError ? (
        <Card className="p-6 text-center text-destructive">{t('errors.loadFailed')}</Card>
      ) : vehicles.data.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">{t('mine.empty')}</Card>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {vehicles.data.map((vehicle) => (
            <VehicleCard
              key={vehicle.id}
              vehicle={vehicle}
              to={`/client/overview/${vehicle.id}`}
              oilTo={`/client/overview/oil/${vehicle.id}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
