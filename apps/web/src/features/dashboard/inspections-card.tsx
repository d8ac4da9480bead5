// The main panel's inspections (issue #29), over the panel's period: inspections completed, items flagged
// amber or red, the share of the work proposed from them that customers approved (of what they decided) and
// its value, and the technicians with the most inspections. The reports page has the whole table.
import type { InspectionFigures } from '@garage/shared/schemas/inspections';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { browserTimeZone } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { useDashboardFormat } from './dashboard-format.ts';
import type { DashboardPeriodState } from './use-dashboard-period.ts';

/** How many technicians the card lists (the reports page lists them all). */
const TOP_TECHNICIANS = 3;

function Figure({ id, label, value, detail }: { id: string; label: string; value: string; detail?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-muted/40 p-3" data-testid={`inspection-figure-${id}`}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-xl font-semibold tabular-nums">{value}</span>
      {detail && <span className="text-xs text-muted-foreground">{detail}</span>}
    </div>
  );
}

function Body({ figures }: { figures: InspectionFigures }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const technicians = figures.perTechnician.filter((row) => row.completed > 0).slice(0, TOP_TECHNICIANS);
  if (figures.completed === 0 && figures.proposedTasks === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">{t('inspections.none')}</p>;
  }
  return (
    <>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Figure id="completed" label={t('inspections.completed')} value={f.count(figures.completed)} />
        <Figure id="flagged" label={t('inspections.flagged')} value={f.count(figures.flaggedItems)} />
        <Figure
          id="approvalShare"
          label={t('inspections.approvalShare')}
          value={figures.approvalShare === null ? '—' : f.percent(figures.approvalShare)}
          detail={t('inspections.decided', {
            approved: f.count(figures.approvedTasks),
            declined: f.count(figures.declinedTasks),
            proposed: f.count(figures.proposedTasks),
          })}
        />
        <Figure id="approvedValue" label={t('inspections.approvedValue')} value={f.money(Math.round(figures.approvedCents))} />
      </div>
      {technicians.length > 0 && (
        <ul className="flex flex-col divide-y text-sm" aria-label={t('inspections.byTechnician')}>
          {technicians.map((row) => (
            <li key={row.userId ?? 'nobody'} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0 font-medium">{row.name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {t('inspections.technicianLine', {
                  completed: f.count(row.completed),
                  flagged: f.count(row.flaggedItems),
                  approved: f.money(Math.round(row.approvedCents)),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function InspectionsCard({ period }: { period: DashboardPeriodState }) {
  const { t } = useTranslation('dashboard');
  const trpc = useTRPC();
  const figures = useQuery({
    ...trpc.inspectionFigures.summary.queryOptions({ ...period, timeZone: browserTimeZone() }),
    placeholderData: keepPreviousData,
  });
  return (
    <section
      className={cn('flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm', figures.isPlaceholderData && 'opacity-60')}
      aria-labelledby="inspections-title"
      data-testid="inspections-card"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="inspections-title" className="flex items-center gap-2 font-medium">
          <ClipboardCheck className="size-4 text-primary/70" aria-hidden="true" />
          {t('inspections.title')}
        </h3>
        <Link
          to="/admin/dashboard/reports#inspection-figures"
          className="text-xs text-primary underline-offset-4 hover:underline dark:text-brand-200"
        >
          {t('inspections.openReport')}
        </Link>
      </header>
      {figures.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : figures.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('inspections.failed')}
        </p>
      ) : (
        <Body figures={figures.data} />
      )}
    </section>
  );
}
