// Estimate approval on the staff visit page: proposals waiting for the customer (and the button that asks
// them), the customer's decisions with the fresh ones flagged until staff mark them seen, the state of the
// last approval link, and the work this customer declined on the vehicle's earlier visits.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { Eye, History, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { ApprovalBadge } from './approval-badge.tsx';
import { ApprovalLine } from './approval-line.tsx';
import { AskApprovalDialog } from './ask-approval-dialog.tsx';
import { ProposalPrice, useProposalAmount } from './proposal-price.tsx';

const CLOSED = ['PICKED_UP', 'CANCELLED'];

function LatestLink({ visitId }: { visitId: string }) {
  const { t } = useTranslation('approvals');
  const trpc = useTRPC();
  const format = useFormatters();
  const latest = useQuery(trpc.approvals.latestLink.queryOptions({ id: visitId }));
  const link = latest.data?.latest;
  if (!link) return null;
  let text: string;
  if (link.consumedAt) text = t('staff.ask.latest.used', { date: format.dateTime(link.consumedAt) });
  else if (link.revokedAt) text = t('staff.ask.latest.revoked');
  else if (new Date(link.expiresAt).getTime() <= Date.now())
    text = t('staff.ask.latest.expired', { date: format.dateTime(link.expiresAt) });
  else text = t('staff.ask.latest.live', { date: format.dateTime(link.createdAt), expires: format.dateTime(link.expiresAt) });
  return (
    <p className="text-xs text-muted-foreground" data-testid="approval-link-state">
      {text}
    </p>
  );
}

export function VisitApprovalsSection({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation('approvals');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const proposalAmount = useProposalAmount();
  const [asking, setAsking] = useState(false);
  const proposals = visit.tasks.filter((task) => task.approval);
  const waiting = proposals.filter((task) => task.approval!.state === 'PENDING' && task.status !== 'CANCELLED');
  const decided = proposals.filter((task) => task.approval!.state !== 'PENDING' && task.approval!.decidedAt);
  const fresh = decided.filter((task) => !task.approval!.seenAt);
  const open = !CLOSED.includes(visit.status);

  const markSeen = useMutation(
    trpc.approvals.markSeen.mutationOptions({
      onSuccess: async () => {
        toast.success(t('staff.decisions.acknowledged'));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.visits.get.queryKey({ id: visit.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.approvals.fresh.queryKey() }),
        ]);
      },
      onError: (error) => toast.error(failureMessage(t, error, t('decision.toast.failed'))),
    }),
  );

  if (proposals.length === 0) return null;
  return (
    <Card className="gap-4" data-testid="visit-approvals">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {t('staff.decisions.title')}
          {fresh.length > 0 && (
            <Badge className="bg-destructive text-white" data-testid="fresh-decisions-count">
              {fresh.length}
            </Badge>
          )}
        </CardTitle>
        {waiting.length > 0 && (
          <CardDescription data-testid="waiting-proposals">
            {t('staff.decisions.waiting', {
              count: waiting.length,
              amount: proposalAmount(visit.pendingProposalCents, visit.taxes.pricesIncludeTax),
            })}
          </CardDescription>
        )}
        <CardAction className="flex flex-wrap justify-end gap-2">
          {fresh.length > 0 && (
            <Button
              size="sm"
              variant="outline"
              disabled={markSeen.isPending}
              onClick={() => markSeen.mutate({ id: visit.id })}
              data-testid="mark-decisions-seen"
            >
              <Eye aria-hidden="true" />
              {t('staff.decisions.acknowledge')}
            </Button>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {open && waiting.length > 0 && (
          <div className="flex flex-col gap-1">
            <Button className="w-full sm:w-fit" onClick={() => setAsking(true)} data-testid="ask-approval">
              <Send aria-hidden="true" />
              {t('staff.ask.button')}
            </Button>
            <LatestLink visitId={visit.id} />
          </div>
        )}
        {decided.length > 0 && (
          <ul className="divide-y rounded-lg border" data-testid="customer-decisions">
            {decided.map((task) => (
              <li
                key={task.id}
                className="flex flex-col gap-1 p-3"
                data-testid="customer-decision"
                data-task-id={task.id}
                data-state={task.approval!.state}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{task.title}</span>
                  <ApprovalBadge state={task.approval!.state} />
                  {!task.approval!.seenAt && (
                    <Badge variant="outline" className="border-destructive text-destructive">
                      {t('staff.decisions.new')}
                    </Badge>
                  )}
                  <ProposalPrice grossCents={task.grossCents} pricesIncludeTax={visit.taxes.pricesIncludeTax} className="ms-auto" />
                </div>
                <ApprovalLine approval={task.approval!} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {asking && <AskApprovalDialog visitId={visit.id} hasEmail={!!visit.customer.email} open={asking} onOpenChange={setAsking} />}
    </Card>
  );
}

/** Work declined on this vehicle's other visits: remembered so the shop can propose it again. */
export function DeclinedWorkSection({ visit }: { visit: VisitDetail }) {
  return (
    <DeclinedWorkCard
      vehicleId={visit.vehicle.id}
      exceptVisitId={visit.id}
      proposeTo={CLOSED.includes(visit.status) ? undefined : visit.id}
    />
  );
}

/**
 * Work the customer declined on a vehicle (all its visits but `exceptVisitId`), newest first. With
 * `proposeTo`, each item can be proposed again on that visit in one click. Hidden when there is none.
 */
export function DeclinedWorkCard({
  vehicleId,
  exceptVisitId,
  proposeTo,
}: {
  vehicleId: string;
  exceptVisitId?: string;
  proposeTo?: string;
}) {
  const { t } = useTranslation('approvals');
  const { t: tt } = useTranslation('tasks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const declined = useQuery(trpc.approvals.declined.queryOptions({ id: vehicleId, exceptVisitId }));
  const proposeAgain = useMutation(
    trpc.tasks.create.mutationOptions({
      onSuccess: async (task) => {
        toast.success(t('staff.declined.proposed', { title: task.title }));
        await queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: (error) => toast.error(failureMessage(tt, error, tt('toast.createFailed'))),
    }),
  );
  const items = declined.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="gap-4" data-testid="declined-work">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5" aria-hidden="true" />
          {t('staff.declined.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border">
          {items.map((item) => (
            <li key={item.taskId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center" data-testid="declined-item">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {item.title} · <span className="tabular-nums">{format.money(item.soldForCents)}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {t('staff.declined.from', { visit: item.visit.name, date: item.decidedAt ? format.dateTime(item.decidedAt) : '' })}
                </p>
                {item.comment && (
                  <p className="text-sm">
                    <bdi>“{item.comment}”</bdi>
                  </p>
                )}
              </div>
              {proposeTo && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={proposeAgain.isPending}
                  onClick={() =>
                    proposeAgain.mutate({
                      id: proposeTo,
                      proposed: true,
                      title: item.title,
                      description: item.description,
                      service: item.service,
                      priority: item.priority,
                      soldForCents: item.soldForCents,
                    })
                  }
                  data-testid="propose-again"
                >
                  <Plus aria-hidden="true" />
                  {t('staff.declined.proposeAgain')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
