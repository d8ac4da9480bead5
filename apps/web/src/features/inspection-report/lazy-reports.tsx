// The reports as the pages embed them: the report module (inspection-report.tsx) and its texts are loaded
// only when there is a report to show, so the approval link page and the portal stay as light as before for
// a visit without an inspection.
import type { InspectionReport } from '@garage/shared/schemas/inspections';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';

const List = lazy(() => import('./inspection-report.tsx').then((module) => ({ default: module.InspectionReportList })));

export function InspectionReports(props: ComponentProps<typeof List> & { reports: InspectionReport[] }) {
  if (props.reports.length === 0) return null;
  return (
    <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
      <List {...props} />
    </Suspense>
  );
}
