// /client/overview/{vehicleId}/{visitId}/{taskId}: one task in full, with approve / decline when it is a
// proposal waiting for this customer, and what was decided otherwise.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { FactList, type Fact } from '../../components/fact-list.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ApprovalBadge, shownApproval, useProposalAmount } from '../approvals/index.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { errorCode } from '../../lib/form-errors.ts';
import { PriorityBadge, TaskStatusBadge } from '../../components/status-badges.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { DecisionControls } from './decision-controls.tsx';
import { MyTaskLines } from './my-task-lines.tsx';

export function MyTaskView() {
  const { vehicleId = '', visitId = '', taskId = '' } = useParams();
  const { t } = useTranslation('approvals');
  const { t: tt } = useTranslation('tasks');
  const trpc = useTRPC();
  const format = useFormatters();
  const proposalAmount = useProposalAmount();
  const task = useQuery(trpc.myVisits.task.queryOptions({ id: taskId, visitId, vehicleId }));

  if (task.isPending) return <Skeleton className="h-72 w-full rounded-xl" />;
  if (task.isError) {
    return (
      <LoadErrorCard
        message={errorCode(task.error) === 'NOT_FOUND' ? t('portal.taskNotFound') : t('portal.loadFailed')}
        back={{ to: `/client/overview/${vehicleId}/${visitId}`, label: t('portal.task.backToVisit') }}
      />
    );
  }
  const x = task.data;
  const facts: Fact[] = [
    [t('portal.task.service'), tt(`service.${x.service}`)],
    // What the customer pays for it (with its tax where the shop types prices without tax).
    [t('portal.task.price'), proposalAmount(x.grossCents, x.pricesIncludeTax)],
    ...(x.dueDate ? [[t('portal.task.dueDate'), format.day(x.dueDate)] as Fact] : []),
    ...(x.completedOn ? [[t('portal.task.completedOn'), format.dateTime(x.completedOn)] as Fact] : []),
  ];
  const decided = x.approval && x.approval.state !== 'PENDING' && x.approval.decidedAt;
  return (
    <section className="flex flex-col gap-5" data-testid="my-task-page" data-task-id={x.id}>
      <Breadcrumbs
        items={[
          { label: t('portal.breadcrumbs.vehicles'), to: '/client/overview' },
          { label: x.visit.plateNumber, to: `/client/overview/${x.visit.vehicleId}`, ltr: true },
          { label: x.visit.name, to: `/client/overview/${x.visit.vehicleId}/${x.visit.id}` },
          { label: x.title },
        ]}
      />
      <Card className={cn(x.awaitingDecision && 'border-amber-500/60 ring-1 ring-amber-500/30')}>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="my-task-title">
              {x.title}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <TaskStatusBadge status={x.status} />
              <PriorityBadge priority={x.priority} />
              {shownApproval(x) && <ApprovalBadge state={shownApproval(x)!} />}
            </div>
          </div>
          <FactList facts={facts} className="grid gap-x-6 gap-y-2 sm:grid-cols-2" valueClassName="tabular-nums" />
          <div className="flex flex-col gap-1">
            <h2 className="text-sm font-medium text-muted-foreground">{t('portal.task.description')}</h2>
            <p className="whitespace-pre-line">{x.description ?? t('portal.task.noDescription')}</p>
          </div>
          <MyTaskLines lines={x.lines} />
          {x.awaitingDecision && <DecisionControls task={x} />}
          {decided && (
            <div className="rounded-lg bg-muted/50 p-3 text-sm" data-testid="my-decision">
              <p>{t(`decision.you.${x.approval!.state as 'APPROVED' | 'DECLINED'}`, { date: format.dateTime(x.approval!.decidedAt!) })}</p>
              {x.approval!.comment && (
                <p className="mt-1 text-muted-foreground">
                  <bdi>“{x.approval!.comment}”</bdi>
                </p>
              )}
            </div>
          )}
          {x.approval?.state === 'PENDING' && !x.visit.open && <p className="text-sm text-muted-foreground">{t('decision.closed')}</p>}
        </CardContent>
      </Card>
    </section>
  );
}
