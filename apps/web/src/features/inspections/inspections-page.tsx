// /admin/inspections — the inspections to do (issue #29): an employee sees theirs first, managers everyone's;
// by state (to do, completed, sent), each a big card to tap on a phone: the vehicle, the template, how far it
// got and its colours, and what still waits on this phone.
import type { InspectionStatus } from '@garage/shared/inspection-rules';
import type { InspectionSummary } from '@garage/shared/schemas/inspections';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ConditionCounts } from './condition-style.tsx';
import { pendingCount } from './offline-queue.ts';
import { startOutbox, useOutbox } from './outbox.ts';
import { StatusBadge } from './status-badge.tsx';

const TABS = ['IN_PROGRESS', 'COMPLETED', 'SENT'] as const satisfies readonly InspectionStatus[];

const filterClass = (active: boolean) =>
  cn(
    'min-h-12 rounded-lg border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
    active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
  );

export function InspectionsPage() {
  const { t } = useTranslation('inspections');
  const trpc = useTRPC();
  const { roles } = useAuth();
  // An employee works on their own inspections; a manager follows everyone's.
  const [mine, setMine] = useState(() => roles.includes('EMPLOYEE') && !roles.includes('MANAGER') && !roles.includes('ADMIN'));
  const [status, setStatus] = useState<InspectionStatus>('IN_PROGRESS');
  const list = useQuery(trpc.inspections.list.queryOptions({ status, mine, limit: 100 }));
  const outbox = useOutbox();
  useEffect(() => startOutbox(), []);

  return (
    <div className="flex flex-col gap-4" data-testid="inspections-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('list.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('list.description')}</p>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('list.statusFilter')}>
          {TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              aria-pressed={status === tab}
              className={filterClass(status === tab)}
              onClick={() => setStatus(tab)}
            >
              {t(`list.tabs.${tab}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('list.whoseFilter')}>
          <button type="button" aria-pressed={mine} className={filterClass(mine)} onClick={() => setMine(true)} data-testid="filter-mine">
            {t('list.mine')}
          </button>
          <button type="button" aria-pressed={!mine} className={filterClass(!mine)} onClick={() => setMine(false)} data-testid="filter-all">
            {t('list.all')}
          </button>
        </div>
      </div>

      {list.isPending ? (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-32" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadErrorCard message={t('list.loadFailed')} />
      ) : list.data.length === 0 ? (
        <Card className="p-8 text-center text-muted-foreground" data-testid="inspections-empty">
          {t('list.empty')}
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="inspections-list">
          {list.data.map((inspection) => (
            <li key={inspection.id} className="min-w-0">
              <InspectionCard inspection={inspection} waiting={pendingCount(outbox.queue, inspection.id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InspectionCard({ inspection, waiting }: { inspection: InspectionSummary; waiting: number }) {
  const { t, i18n } = useTranslation('inspections');
  const format = useFormatters();
  const { counts } = inspection;
  const total = counts.GOOD + counts.SOON + counts.URGENT + counts.SKIPPED + counts.unanswered;
  const answered = total - counts.unanswered;
  return (
    <Link
      to={`/admin/inspections/${inspection.id}`}
      className="flex min-h-28 items-center gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      data-testid="inspection-card"
      data-inspection-id={inspection.id}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Ltr className="rounded border-2 border-foreground/70 px-1.5 font-mono text-base font-bold">{inspection.vehicle.plateNumber}</Ltr>
          <span className="truncate font-medium" dir="auto">
            {inspection.vehicle.brand} {inspection.vehicle.model}
          </span>
          <StatusBadge status={inspection.status} />
        </div>
        {/* Typed names and the date each keep their own direction inside the line (bdi). */}
        <p className="truncate text-sm">
          <bdi>{pickLocalized(inspection.name, i18n.resolvedLanguage ?? 'en')}</bdi> · <bdi>{inspection.visitName}</bdi>
        </p>
        <p className="text-xs text-muted-foreground">
          <bdi>{inspection.assignedTo ? `${inspection.assignedTo.firstName} ${inspection.assignedTo.lastName}` : t('list.unassigned')}</bdi>{' '}
          · <bdi>{format.dateTime(inspection.createdAt)}</bdi>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium tabular-nums">{t('page.progress', { answered, total })}</span>
          <ConditionCounts counts={counts} />
          {waiting > 0 && (
            <span className="inline-flex items-center gap-1 text-xs text-amber-900 dark:text-amber-200">
              <CloudOff className="size-3.5" aria-hidden="true" />
              {t('sync.waiting', { count: waiting })}
            </span>
          )}
        </div>
      </div>
      <ChevronRight className="size-5 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden="true" />
    </Link>
  );
}
