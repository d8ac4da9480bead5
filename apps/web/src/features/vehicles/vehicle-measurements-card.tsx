// The vehicle page's "Measurements over time" card (issue #29): asks for the vehicle's measurement series and,
// only when there is one, loads the charts (recharts, vehicle-measurements-chart.tsx) as the card scrolls
// into view, so the page itself does not carry the chart library. Hidden when nothing was measured.
import { useQuery } from '@tanstack/react-query';
import { Ruler } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyWhenVisible } from '../../components/lazy-when-visible.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useTRPC } from '../../lib/trpc.ts';

const Charts = lazy(() => import('./vehicle-measurements-chart.tsx').then((module) => ({ default: module.VehicleMeasurementsCharts })));

export function VehicleMeasurementsCard({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('vehicles');
  const trpc = useTRPC();
  const measurements = useQuery(trpc.inspectionFigures.vehicleMeasurements.queryOptions({ id: vehicleId }));
  const series = (measurements.data?.series ?? []).filter((one) => one.points.length > 0);
  if (series.length === 0) return null;
  return (
    <Card className="gap-4" data-testid="vehicle-measurements">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Ruler className="size-5" aria-hidden="true" />
          {t('measurements.title')}
        </CardTitle>
        <CardDescription>{t('measurements.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A placeholder, not a loading skeleton: nothing is loading until the card scrolls into view. */}
        <LazyWhenVisible fallback={<div aria-hidden="true" className="h-52 w-full animate-pulse rounded-lg bg-muted" />}>
          <Charts series={series} />
        </LazyWhenVisible>
      </CardContent>
    </Card>
  );
}
