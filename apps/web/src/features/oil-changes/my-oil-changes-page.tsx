// /client/overview/oil/:vehicleId: the client's own oil status and history (read-only).
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { PlateText } from '../vehicles/vehicle-card.tsx';
import { OilHistoryList, OilSummaryCard } from './oil-history.tsx';

export function MyOilChangesPage() {
  const { vehicleId = '' } = useParams();
  const { t } = useTranslation(['oil', 'vehicles']);
  const trpc = useTRPC();
  const vehicle = useQuery(trpc.myVehicles.get.queryOptions({ id: vehicleId }));
  const history = useQuery(trpc.myVehicles.oilChanges.queryOptions({ id: vehicleId }));

  if (vehicle.isPending || history.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError || history.isError) return <Card className="p-8 text-center">{t('vehicles:errors.notFound')}</Card>;
  return (
    <section className="flex flex-col gap-6">
      <Link to={`/client/overview/${vehicleId}`} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('oil:backToVehicle')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('oil:title')}</h1>
        <PlateText plate={vehicle.data.plateNumber} />
        <span className="text-muted-foreground">
          {vehicle.data.brand} {vehicle.data.model}
        </span>
      </header>
      <OilSummaryCard summary={history.data.summary} />
      <Card>
        <CardHeader>
          <CardTitle>{t('oil:history.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <OilHistoryList items={history.data.items} />
        </CardContent>
      </Card>
    </section>
  );
}
