// Visit, payment and task states as coloured badges, labelled in the UI language.
import type { TASK_PRIORITIES, TASK_STATUSES, VISIT_PAYMENT_STATUSES, VISIT_STATUSES } from '@garage/shared/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';

type VisitStatus = (typeof VISIT_STATUSES)[number];
type PaymentStatus = (typeof VISIT_PAYMENT_STATUSES)[number];
type TaskStatus = (typeof TASK_STATUSES)[number];
type Priority = (typeof TASK_PRIORITIES)[number];

const tone = {
  neutral: 'border-transparent bg-muted text-muted-foreground',
  info: 'border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-300',
  progress: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-300',
  success: 'border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  accent: 'border-transparent bg-violet-500/15 text-violet-700 dark:text-violet-300',
  danger: 'border-transparent bg-red-500/15 text-red-700 dark:text-red-300',
};

const VISIT_TONE: Record<VisitStatus, keyof typeof tone> = {
  PENDING: 'neutral',
  IN_PROGRESS: 'progress',
  COMPLETED: 'success',
  READY_FOR_PICKUP: 'accent',
  PICKED_UP: 'info',
  CANCELLED: 'danger',
};
const PAYMENT_TONE: Record<PaymentStatus, keyof typeof tone> = { UNPAID: 'danger', PARTIALLY_PAID: 'progress', PAID: 'success', OVERPAID: 'info' };
const TASK_TONE: Record<TaskStatus, keyof typeof tone> = { PENDING: 'neutral', IN_PROGRESS: 'progress', COMPLETED: 'success', CANCELLED: 'danger', REOPENED: 'accent' };
const PRIORITY_TONE: Record<Priority, keyof typeof tone> = { HIGH: 'danger', MEDIUM: 'progress', NORMAL: 'neutral', LOW: 'info' };

export function VisitStatusBadge({ status, className }: { status: VisitStatus; className?: string }) {
  const { t } = useTranslation('visits');
  return <Badge data-testid="visit-status" data-status={status} className={cn(tone[VISIT_TONE[status]], className)}>{t(`status.${status}`)}</Badge>;
}

export function PaymentStatusBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  const { t } = useTranslation('visits');
  return <Badge data-testid="payment-status" data-status={status} className={cn(tone[PAYMENT_TONE[status]], className)}>{t(`paymentStatus.${status}`)}</Badge>;
}

export function TaskStatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  const { t } = useTranslation('tasks');
  return <Badge data-testid="task-status" data-status={status} className={cn(tone[TASK_TONE[status]], className)}>{t(`status.${status}`)}</Badge>;
}

export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  const { t } = useTranslation('tasks');
  return <Badge className={cn(tone[PRIORITY_TONE[priority]], className)}>{t(`priority.${priority}`)}</Badge>;
}

export function OverdueBadge() {
  const { t } = useTranslation('visits');
  return <Badge className={tone.danger}>{t('overdue')}</Badge>;
}
