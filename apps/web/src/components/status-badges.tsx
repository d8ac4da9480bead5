// Visit, payment and task states as coloured badges, labelled in the UI language. Every screen that shows one
// of these states uses these components (the tones live in components/ui/badge.tsx). The labels stay in the
// visits and tasks namespaces, which every screen showing these states loads.
import type { TASK_PRIORITIES, TASK_STATUSES, VISIT_PAYMENT_STATUSES, VISIT_STATUSES } from '@garage/shared/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from './ui/badge.tsx';

export type VisitStatus = (typeof VISIT_STATUSES)[number];
export type PaymentStatus = (typeof VISIT_PAYMENT_STATUSES)[number];
type TaskStatus = (typeof TASK_STATUSES)[number];
type Priority = (typeof TASK_PRIORITIES)[number];

type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'accent' | 'danger';

const VISIT_TONE: Record<VisitStatus, Tone> = {
  PENDING: 'neutral',
  IN_PROGRESS: 'progress',
  COMPLETED: 'success',
  READY_FOR_PICKUP: 'accent',
  PICKED_UP: 'info',
  CANCELLED: 'danger',
};
const PAYMENT_TONE: Record<PaymentStatus, Tone> = { UNPAID: 'danger', PARTIALLY_PAID: 'progress', PAID: 'success', OVERPAID: 'info' };
const TASK_TONE: Record<TaskStatus, Tone> = {
  PENDING: 'neutral',
  IN_PROGRESS: 'progress',
  COMPLETED: 'success',
  CANCELLED: 'danger',
  REOPENED: 'accent',
};
const PRIORITY_TONE: Record<Priority, Tone> = { HIGH: 'danger', MEDIUM: 'progress', NORMAL: 'neutral', LOW: 'info' };

export function VisitStatusBadge({ status, className }: { status: VisitStatus; className?: string }) {
  const { t } = useTranslation('visits');
  return (
    <Badge data-testid="visit-status" data-status={status} variant={VISIT_TONE[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  const { t } = useTranslation('visits');
  return (
    <Badge data-testid="payment-status" data-status={status} variant={PAYMENT_TONE[status]} className={className}>
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}

export function TaskStatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge data-testid="task-status" data-status={status} variant={TASK_TONE[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={PRIORITY_TONE[priority]} className={className}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}

export function OverdueBadge() {
  const { t } = useTranslation('visits');
  return <Badge variant="danger">{t('overdue')}</Badge>;
}
