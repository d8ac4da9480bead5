// /admin/user/oil/:userId/:vehicleId: the vehicle's oil status, the form to record an oil change or a km
// reading, and the oil history (a window at a time).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HistoryPager, useHistoryWindow } from '../../components/history-pager.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { KmReadingForm } from './km-reading-form.tsx';
import { OilChangeForm } from './oil-change-form.tsx';
import { OilHistoryCard, OilSummaryCard } from './oil-history.tsx';
import { OilPageHeader } from './oil-page-header.tsx';

export function OilChangesPage() {
  const { userId = '', vehicleId = '' } = useParams();
  const { t } = useTranslation(['oil', 'vehicles']);
  const trpc = useTRPC();
  const vehicle = useQuery(trpc.vehicles.get.queryOptions({ id: vehicleId }));
  const historyWindow = useHistoryWindow();
  const history = useQuery(
    trpc.oilChanges.list.queryOptions({ vehicleId, before: historyWindow.before }, { placeholderData: keepPreviousData }),
  );

  if (vehicle.isPending || history.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError || history.isError) {
    return (
      <LoadErrorCard
        message={t('vehicles:errors.notFound')}
        back={{ to: `/admin/users/${userId}`, label: t('vehicles:actions.backToOwner') }}
      />
    );
  }
  const car = vehicle.data;
  return (
    <section className="flex flex-col gap-6">
      <OilPageHeader backTo={`/admin/users/${car.ownerId}/vehicle/${car.id}`} plate={car.plateNumber}>
        <bdi>
          {car.brand} {car.model}
        </bdi>{' '}
        ·{' '}
        <bdi>
          {car.owner.firstName} {car.owner.lastName}
        </bdi>
      </OilPageHeader>
      <OilSummaryCard summary={history.data.summary} unit={car.distanceUnit} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>{t('oil:form.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <OilChangeForm
              key={`${history.data.summary.latestKm ?? 'none'}-${car.distanceUnit}`}
              vehicleId={car.id}
              latestKm={history.data.summary.latestKm}
              unit={car.distanceUnit}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('oil:kmForm.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">{t('oil:kmForm.hint')}</p>
            <KmReadingForm vehicleId={car.id} unit={car.distanceUnit} />
          </CardContent>
        </Card>
      </div>
      <OilHistoryCard
        items={history.data.items}
        editable
        unit={car.distanceUnit}
        footer={<HistoryPager olderCursor={history.data.nextCursor} window={historyWindow} />}
      />
    </section>
  );
}
