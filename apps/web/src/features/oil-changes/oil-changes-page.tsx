// /admin/user/oil/:userId/:vehicleId: the vehicle's oil status, the form to record an oil change or a km
// reading, and the full oil history.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { PlateText } from '../vehicles/vehicle-card.tsx';
import { KmReadingForm } from './km-reading-form.tsx';
import { OilChangeForm } from './oil-change-form.tsx';
import { OilHistoryList, OilSummaryCard } from './oil-history.tsx';

export function OilChangesPage() {
  const { userId = '', vehicleId = '' } = useParams();
  const { t } = useTranslation(['oil', 'vehicles']);
  const trpc = useTRPC();
  const vehicle = useQuery(trpc.vehicles.get.queryOptions({ id: vehicleId }));
  const history = useQuery(trpc.oilChanges.list.queryOptions({ vehicleId }));

  if (vehicle.isPending || history.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError || history.isError) {
    return (
      <Card className="p-8 text-center">
        <p className="mb-4">{t('vehicles:errors.notFound')}</p>
        <Button asChild variant="outline">
          <Link to={`/admin/users/${userId}`}>{t('vehicles:actions.backToOwner')}</Link>
        </Button>
      </Card>
    );
  }
  const car = vehicle.data;
  return (
    <section className="flex flex-col gap-6">
      <Link to={`/admin/users/${car.ownerId}/vehicle/${car.id}`} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('oil:backToVehicle')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('oil:title')}</h1>
        <PlateText plate={car.plateNumber} />
        <span className="text-muted-foreground">
          {car.brand} {car.model} · {car.owner.firstName} {car.owner.lastName}
        </span>
      </header>
      <OilSummaryCard summary={history.data.summary} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>{t('oil:form.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <OilChangeForm key={history.data.summary.latestKm ?? 'none'} vehicleId={car.id} latestKm={history.data.summary.latestKm} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('oil:kmForm.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">{t('oil:kmForm.hint')}</p>
            <KmReadingForm vehicleId={car.id} />
          </CardContent>
        </Card>
      </div>
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
