// /client/overview/oil/:vehicleId: the client's own oil status and history (read-only).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HistoryPager, useHistoryWindow } from '../../components/history-pager.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { OilHistoryCard, OilSummaryCard } from './oil-history.tsx';
import { OilPageHeader } from './oil-page-header.tsx';

export function MyOilChangesPage() {
  const { vehicleId = '' } = useParams();
  const { t } = useTranslation(['oil', 'vehicles']);
  const trpc = useTRPC();
  const vehicle = useQuery(trpc.myVehicles.get.queryOptions({ id: vehicleId }));
  const historyWindow = useHistoryWindow();
  const history = useQuery(
    trpc.myVehicles.oilChanges.queryOptions({ id: vehicleId, before: historyWindow.before }, { placeholderData: keepPreviousData }),
  );

  if (vehicle.isPending || history.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError || history.isError) return <LoadErrorCard message={t('vehicles:errors.notFound')} />;
  return (
    <section className="flex flex-col gap-6">
      <OilPageHeader
        backTo={`/client/overview/${vehicleId}`}
        crumbs={[
          { label: t('vehicles:mine.title'), to: '/client/overview' },
          { label: vehicle.data.plateNumber, to: `/client/overview/${vehicleId}`, ltr: true },
          { label: t('oil:title') },
        ]}
        plate={vehicle.data.plateNumber}
      >
        {vehicle.data.brand} {vehicle.data.model}
      </OilPageHeader>
      <OilSummaryCard summary={history.data.summary} unit={vehicle.data.distanceUnit} />
      <OilHistoryCard
        items={history.data.items}
        unit={vehicle.data.distanceUnit}
        footer={<HistoryPager olderCursor={history.data.nextCursor} window={historyWindow} />}
      />
    </section>
  );
}
