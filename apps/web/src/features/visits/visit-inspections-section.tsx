// The staff visit page's inspections (issue #29): each one (template, status, technician, its counts in
// colour, when it was sent) opening the inspection screen (/admin/inspections/<id>, features/inspections),
// its report PDF once completed, and "Start inspection" while the visit is open. The vehicle page lists a
// vehicle's inspections with the same rows (VehicleInspectionsCard).
import type { InspectionStatus } from '@garage/shared/inspection-rules';
import type { InspectionSummary } from '@garage/shared/schemas/inspections';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, ClipboardCheck, FileDown, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { env } from '../../env.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ConditionChips } from '../inspection-report/index.ts';
import { StartInspectionDialog } from './start-inspection-dialog.tsx';

const CLOSED = ['PICKED_UP', 'CANCELLED'];
const STATUS_TONE: Record<InspectionStatus, 'progress' | 'success' | 'info'> = {
  IN_PROGRESS: 'progress',
  COMPLETED: 'success',
  SENT: 'info',
};

/** GET /backend/inspections/:id/report.pdf (staff; the session cookie goes with a plain link). */
export const inspectionPdfUrl = (inspectionId: string, lang: string) =>
  `${env.apiUrl}/inspections/${inspectionId}/report.pdf?lang=${encodeURIComponent(lang.slice(0, 2))}`;

function InspectionRow({ inspection }: { inspection: InspectionSummary }) {
  const { t, i18n } = useTranslation('visits');
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const name = pickLocalized(inspection.name, language);
  return (
    <li
      className="flex items-center gap-2 p-3"
      data-testid="visit-inspection"
      data-inspection-id={inspection.id}
      data-status={inspection.status}
    >
      <Link
        to={`/admin/inspections/${inspection.id}`}
        className="flex min-h-12 min-w-0 flex-1 items-center gap-3 rounded-md hover:bg-accent/30"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium" dir="auto">
              {name}
            </span>
            <Badge variant={STATUS_TONE[inspection.status]} data-testid="inspection-status">
              {t(`inspections.status.${inspection.status}`)}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {[
              inspection.assignedTo
                ? t('inspections.assignedTo', { name: `${inspection.assignedTo.firstName} ${inspection.assignedTo.lastName}` })
                : t('inspections.unassigned'),
              inspection.sentAt && t('inspections.sentOn', { date: format.dateTime(inspection.sentAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <ConditionChips counts={inspection.counts} withSkipped={inspection.status === 'IN_PROGRESS'} />
        </div>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden="true" />
      </Link>
      {inspection.status !== 'IN_PROGRESS' && (
        <a
          href={inspectionPdfUrl(inspection.id, language)}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          aria-label={t('inspections.pdf', { name })}
          title={t('inspections.pdf', { name })}
          data-testid="inspection-pdf"
        >
          <FileDown aria-hidden="true" />
        </a>
      )}
    </li>
  );
}

/** The vehicle page's inspection history (staff): every inspection of the vehicle, newest first. */
export function VehicleInspectionsCard({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('visits');
  const trpc = useTRPC();
  const inspections = useQuery(trpc.inspections.list.queryOptions({ vehicleId, limit: 100 }));
  const list = inspections.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card className="gap-4" data-testid="vehicle-inspections">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ClipboardCheck className="size-5" aria-hidden="true" />
          {t('inspections.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-16 w-full" />}>
          <ul className="divide-y rounded-lg border">
            {list.map((inspection) => (
              <InspectionRow key={inspection.id} inspection={inspection} />
            ))}
          </ul>
        </Suspense>
      </CardContent>
    </Card>
  );
}

export function VisitInspectionsSection({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation('visits');
  const trpc = useTRPC();
  const [starting, setStarting] = useState(false);
  const inspections = useQuery(trpc.inspections.forVisit.queryOptions({ id: visit.id }));
  const open = !CLOSED.includes(visit.status);
  const list = inspections.data ?? [];
  // A closed visit without an inspection has nothing to show here.
  if (!open && list.length === 0) return null;

  return (
    <Card className="gap-4" data-testid="visit-inspections">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ClipboardCheck className="size-5" aria-hidden="true" />
          {t('inspections.title')}
        </CardTitle>
        {open && (
          <CardAction>
            <Button size="sm" onClick={() => setStarting(true)} data-testid="start-inspection">
              <Plus aria-hidden="true" />
              {t('inspections.start')}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {inspections.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : inspections.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('inspections.loadFailed')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('inspections.empty')}</p>
        ) : (
          // The chips' texts live in the report's namespace, loaded here on first need.
          <Suspense fallback={<Skeleton className="h-16 w-full" />}>
            <ul className="divide-y rounded-lg border" data-testid="visit-inspections-list">
              {list.map((inspection) => (
                <InspectionRow key={inspection.id} inspection={inspection} />
              ))}
            </ul>
          </Suspense>
        )}
      </CardContent>
      {starting && <StartInspectionDialog visit={visit} open={starting} onOpenChange={setStarting} />}
    </Card>
  );
}
