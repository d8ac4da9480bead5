// The rules that turn tasks and payments into a visit's state. Pure functions: the API's services call them
// inside the transaction that changes tasks or payments, the seed uses them, and unit tests pin them down.
import type { PAYMENT_RECORD_STATUSES, TASK_STATUSES, VISIT_PAYMENT_STATUSES, VISIT_STATUSES } from './constants.ts';

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export type VisitPaymentStatus = (typeof VISIT_PAYMENT_STATUSES)[number];
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/**
 * Task status transitions. Finished tasks (Completed, Cancelled) only move by being reopened first, so a
 * cancelled task can never silently become completed.
 */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  PENDING: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  IN_PROGRESS: ['PENDING', 'COMPLETED', 'CANCELLED'],
  COMPLETED: ['REOPENED'],
  CANCELLED: ['REOPENED'],
  REOPENED: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
};

export function canTransitionTask(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/**
 * A visit's status from its tasks. READY_FOR_PICKUP and PICKED_UP are hand-over steps staff take once the
 * work is complete; they survive recomputation only while every task is still done.
 */
export function deriveVisitStatus(taskStatuses: readonly TaskStatus[], current: VisitStatus = 'PENDING'): VisitStatus {
  const live = taskStatuses.filter((status) => status !== 'CANCELLED');
  let fromTasks: VisitStatus;
  if (taskStatuses.length > 0 && live.length === 0) fromTasks = 'CANCELLED';
  else if (live.length > 0 && live.every((status) => status === 'COMPLETED')) fromTasks = 'COMPLETED';
  else if (live.some((status) => status !== 'PENDING')) fromTasks = 'IN_PROGRESS';
  else fromTasks = 'PENDING';
  if (fromTasks === 'COMPLETED' && (current === 'READY_FOR_PICKUP' || current === 'PICKED_UP')) return current;
  return fromTasks;
}

/** Hand-over steps staff may take by hand, from the status the visit is in. */
export const VISIT_HANDOVER_TRANSITIONS: Partial<Record<VisitStatus, readonly VisitStatus[]>> = {
  COMPLETED: ['READY_FOR_PICKUP'],
  READY_FOR_PICKUP: ['PICKED_UP', 'COMPLETED'],
};

/** Total of a visit: sold-for prices of every task that is not cancelled. */
export function visitTotalCents(tasks: readonly { status: TaskStatus; soldForCents: number }[]): number {
  return tasks.reduce((sum, task) => (task.status === 'CANCELLED' ? sum : sum + task.soldForCents), 0);
}

/** Money actually kept: successful payments minus refunds. Failed and deleted records count for nothing. */
export function paidCents(payments: readonly { status: PaymentRecordStatus; amountCents: number }[]): number {
  return payments.reduce((sum, payment) => {
    if (payment.status === 'SUCCESS') return sum + payment.amountCents;
    if (payment.status === 'REFUNDED') return sum - payment.amountCents;
    return sum;
  }, 0);
}

export function derivePaymentStatus(totalCents: number, paid: number): VisitPaymentStatus {
  if (paid > totalCents) return 'OVERPAID';
  if (paid === totalCents) return 'PAID';
  if (paid <= 0) return 'UNPAID';
  return 'PARTIALLY_PAID';
}
