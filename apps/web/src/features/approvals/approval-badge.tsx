// A task's estimate-approval state as a badge (staff and client screens).
import type { TASK_APPROVALS } from '@garage/shared/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';

type Approval = (typeof TASK_APPROVALS)[number];
const TONE: Record<Approval, string> = {
  PENDING: 'border-transparent bg-amber-500/20 text-amber-800 dark:text-amber-200',
  APPROVED: 'border-transparent bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  DECLINED: 'border-transparent bg-red-500/15 text-red-800 dark:text-red-300',
};

/** The approval state worth showing: a proposal the shop withdrew (cancelled while pending) shows none. */
export function shownApproval(task: { status: string; approval: { state: Approval } | null }): Approval | null {
  if (!task.approval) return null;
  return task.approval.state === 'PENDING' && task.status === 'CANCELLED' ? null : task.approval.state;
}

export function ApprovalBadge({ state, className }: { state: Approval; className?: string }) {
  const { t } = useTranslation('approvals');
  return (
    <Badge data-testid="approval-state" data-state={state} className={cn(TONE[state], className)}>
      {t(`state.${state}`)}
    </Badge>
  );
}

/** On visit lists: how many proposals of a visit wait for the customer. */
export function AwaitingApprovalBadge({ count }: { count: number }) {
  const { t, i18n } = useTranslation('approvals');
  return (
    <Badge data-testid="awaiting-approval" className={TONE.PENDING}>
      {t('state.PENDING')} · {new Intl.NumberFormat(i18n.language).format(count)}
    </Badge>
  );
}
