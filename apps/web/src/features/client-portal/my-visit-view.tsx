// /client/overview/{vehicleId}/{visitId}: one of the client's visits. Breadcrumbs, status timeline, totals
// (what is owed, what was paid), then CLIENT_VISIT_SECTIONS (proposals to answer, tasks, payments, and
// whatever other features append there).
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useProposalAmount } from '../approvals/index.ts';
import { errorCode } from '../../lib/form-errors.ts';
import { PaymentStatusBadge, VisitStatusBadge } from '../../components/status-badges.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { CLIENT_VISIT_SECTIONS } from './my-visit-sections.tsx';
import { VisitTimeline } from './visit-timeline.tsx';
import { VisitTaxTotals } from '../tax/index.ts';

function Amount({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className={`truncate text-base font-semibold tabular-nums sm:text-lg ${tone ?? ''}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function MyVisitView() {
  const { vehicleId = '', visitId = '' } = useParams();
  const { t } = useTranslation('approvals');
  const trpc = useTRPC();
  const format = useFormatters();
  const proposalAmount = useProposalAmount();
  const visit = useQuery(trpc.myVisits.get.queryOptions({ id: visitId, vehicleId }));

  if (visit.isPending) return <Skeleton className="h-96 w-full rounded-xl" />;
  if (visit.isError) {
    return (
      <LoadErrorCard
        message={errorCode(visit.error) === 'NOT_FOUND' ? t('portal.notFound') : t('portal.loadFailed')}
        back={{ to: '/client/overview', label: t('portal.breadcrumbs.vehicles') }}
      />
    );
  }
  const v = visit.data;
  const owing = v.balanceCents > 0;
  return (
    <section className="flex flex-col gap-5" data-testid="my-visit-page" data-visit-id={v.id}>
      <Breadcrumbs
        items={[
          { label: t('portal.breadcrumbs.vehicles'), to: '/client/overview' },
          { label: v.vehicle.plateNumber, to: `/client/overview/${v.vehicle.id}`, ltr: true },
          { label: v.name },
        ]}
      />
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="my-visit-name" dir="auto">
              {v.name}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <VisitStatusBadge status={v.status} />
              <PaymentStatusBadge status={v.paymentStatus} />
              <span className="text-sm text-muted-foreground">
                {v.vehicle.brand} {v.vehicle.model}
              </span>
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>{t('portal.received', { date: format.dateTime(v.visitDate) })}</span>
              <span className="inline-flex items-center gap-1">
                <CalendarClock className="size-4" aria-hidden="true" />
                {t('portal.due', { date: format.day(v.dueDate) })}
              </span>
            </p>
          </div>
          <VisitTimeline status={v.status} receivedOn={format.day(v.visitDate)} />
        </CardContent>
      </Card>

      <div className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="my-visit-totals">
        <Amount label={t('portal.totals.total')} value={format.money(v.totalCostCents)} testId="my-visit-total" />
        <Amount label={t('portal.totals.paid')} value={format.money(v.paidCents)} testId="my-visit-paid" />
        <Amount
          label={v.balanceCents < 0 ? t('portal.totals.credit') : t('portal.totals.balance')}
          value={format.money(Math.abs(v.balanceCents))}
          testId="my-visit-balance"
          tone={owing ? 'text-red-700 dark:text-red-300' : undefined}
        />
      </div>
      {v.taxes.rates.length > 0 && <VisitTaxTotals taxes={v.taxes} className="-mt-2" testId="my-visit-taxes" />}
      {v.pendingProposalCents > 0 && (
        <p className="-mt-2 text-sm text-amber-800 dark:text-amber-200" data-testid="my-visit-pending-amount">
          {t('portal.proposals.pendingAmount', { amount: proposalAmount(v.pendingProposalCents, v.taxes.pricesIncludeTax) })}
        </p>
      )}

      {CLIENT_VISIT_SECTIONS.map((Section, index) => (
        <Section key={Section.displayName ?? Section.name ?? index} visit={v} />
      ))}
    </section>
  );
}
