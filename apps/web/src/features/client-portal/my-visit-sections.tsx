// The sections of the client's visit page. Each takes the visit and renders itself (or nothing); the page
// shows CLIENT_VISIT_SECTIONS in order, so another feature adds a section (photos, rating) by appending one
// component to that list, without touching the rest of the page.
import type { MyTask, MyVisit } from '@garage/shared/schemas/approvals';
import { ChevronRight, Sparkles } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cn } from '../../lib/utils.ts';
import { ApprovalBadge, ProposalPrice, shownApproval } from '../approvals/index.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { PriorityBadge, TaskStatusBadge } from '../../components/status-badges.tsx';
import { VisitRatingSection } from '../ratings/index.ts';
import { ClientVisitMediaSection } from '../media/index.ts';
import { ClientInvoiceSection } from '../invoices/index.ts';
import { DecisionControls } from './decision-controls.tsx';
import { MyTaskLines } from './my-task-lines.tsx';
import { ClientInspectionsSection } from './my-visit-inspections.tsx';

export type VisitSection = ComponentType<{ visit: MyVisit }>;

const taskPath = (visit: MyVisit, task: MyTask) => `/client/overview/${visit.vehicle.id}/${visit.id}/${task.id}`;

function TaskLine({ visit, task }: { visit: MyVisit; task: MyTask }) {
  const { t } = useTranslation('approvals');
  const { t: tt } = useTranslation('tasks');
  return (
    <li className="flex items-center gap-3 p-3" data-testid="my-task" data-task-id={task.id} data-status={task.status}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={taskPath(visit, task)} className="font-medium hover:underline">
            <bdi>{task.title}</bdi>
          </Link>
          <TaskStatusBadge status={task.status} />
          <PriorityBadge priority={task.priority} />
          {shownApproval(task) && <ApprovalBadge state={shownApproval(task)!} />}
        </div>
        <p className="text-sm text-muted-foreground">{tt(`service.${task.service}`)}</p>
      </div>
      {/* What the customer pays for it (with its tax where the shop types prices without tax). */}
      <ProposalPrice
        grossCents={task.grossCents}
        pricesIncludeTax={visit.taxes.pricesIncludeTax}
        className={cn('font-medium', task.status === 'CANCELLED' && 'text-muted-foreground line-through')}
        testId="my-task-price"
      />
      <Link
        to={taskPath(visit, task)}
        className="shrink-0 text-muted-foreground hover:text-foreground"
        aria-label={t('portal.tasks.open', { title: task.title })}
      >
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** Proposals waiting for this customer, highlighted, each with approve / decline. */
export function ProposalsSection({ visit }: { visit: MyVisit }) {
  const { t } = useTranslation('approvals');
  const { t: tt } = useTranslation('tasks');
  const waiting = visit.tasks.filter((task) => task.awaitingDecision);
  if (waiting.length === 0) return null;
  return (
    <Card className="gap-4 border-amber-500/60 bg-amber-500/5 ring-1 ring-amber-500/30" data-testid="my-proposals">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Sparkles className="size-5 text-amber-600" aria-hidden="true" />
          {t('portal.proposals.title')}
        </CardTitle>
        <CardDescription>{t('portal.proposals.intro')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {waiting.map((task) => (
            <li
              key={task.id}
              className="flex flex-col gap-3 rounded-lg border bg-card p-3"
              data-testid="my-proposal"
              data-task-id={task.id}
            >
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={taskPath(visit, task)} className="font-medium hover:underline">
                      <bdi>{task.title}</bdi>
                    </Link>
                    <PriorityBadge priority={task.priority} />
                  </div>
                  <p className="text-sm text-muted-foreground">{tt(`service.${task.service}`)}</p>
                  {task.description && (
                    <p className="mt-1 text-sm whitespace-pre-line" dir="auto">
                      {task.description}
                    </p>
                  )}
                </div>
                <ProposalPrice
                  grossCents={task.grossCents}
                  pricesIncludeTax={visit.taxes.pricesIncludeTax}
                  className="text-end text-lg font-semibold"
                  testId="proposal-price"
                />
              </div>
              {/* What the customer is asked to approve: the parts and labour behind the price. */}
              <MyTaskLines lines={task.lines} />
              <DecisionControls task={task} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Every other task: status, priority, service and the price the customer pays. */
export function TasksSection({ visit }: { visit: MyVisit }) {
  const { t } = useTranslation('approvals');
  const tasks = visit.tasks.filter((task) => !task.awaitingDecision);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg">{t('portal.tasks.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('portal.tasks.empty')}</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="my-tasks">
            {tasks.map((task) => (
              <TaskLine key={task.id} visit={visit} task={task} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function PaymentsSection({ visit }: { visit: MyVisit }) {
  const { t } = useTranslation('approvals');
  const { t: tp } = useTranslation('payments');
  const format = useFormatters();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg">{t('portal.payments.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {visit.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('portal.payments.empty')}</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="my-payments">
            {visit.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
                <span className="min-w-0 flex-1">
                  {tp(`method.${payment.method}`)} · <span className="text-muted-foreground">{format.dateTime(payment.createdAt)}</span>
                </span>
                {payment.status !== 'SUCCESS' && <Badge variant="outline">{t(`portal.payments.status.${payment.status}`)}</Badge>}
                <span className={cn('font-medium tabular-nums', payment.status === 'FAILED' && 'text-muted-foreground line-through')}>
                  {payment.status === 'REFUNDED' ? '−' : ''}
                  {format.money(payment.amountCents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The page's sections, in order. Append new ones here (each gets { visit }). */
export const CLIENT_VISIT_SECTIONS: VisitSection[] = [
  // The sent inspection reports first: they explain the proposals that follow (issue #29).
  ClientInspectionsSection,
  ProposalsSection,
  TasksSection,
  ClientVisitMediaSection,
  PaymentsSection,
  ClientInvoiceSection,
  VisitRatingSection,
];
