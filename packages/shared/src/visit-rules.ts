// The rules that turn tasks and payments into a visit's state, and what the list filters mean. Pure
// functions: the API's services call them inside the transaction that changes tasks or payments, the seed
// and the dataset generator use them, and unit tests (visit-rules.test.ts) pin them down.
import type { PAYMENT_RECORD_STATUSES, TASK_APPROVALS, TASK_STATUSES, VISIT_PAYMENT_STATUSES, VISIT_STATUSES } from './constants.ts';
import { TAX_ROUNDING_RULE, computeDocumentTaxes, type DocumentTaxes, type TaxCountryProfile, type TaxableLine } from './tax-rules.ts';

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export type VisitPaymentStatus = (typeof VISIT_PAYMENT_STATUSES)[number];
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];
export type TaskApproval = (typeof TASK_APPROVALS)[number];

/**
 * Estimate approval and the task status. A task staff propose carries `approval` PENDING (ordinary work has
 * none) and keeps status PENDING; the customer approves or declines it once.
 * - A pending proposal is not work yet: it is left out of the total and of the visit status, and it cannot be
 *   started or completed (only cancelled, i.e. withdrawn by the shop).
 * - Approved: ordinary work from then on (joins the total, normal transitions). Approving puts a handed-over
 *   visit back IN_PROGRESS, like reopening a task does.
 * - Declined: the task is CANCELLED at the same moment (cancelled by the customer) and stays so: it cannot be
 *   reopened; the shop proposes it again as a new task if the customer changes their mind.
 * - Decisions are refused once the visit is closed (PICKED_UP or CANCELLED).
 */
export interface TaskLike {
  status: TaskStatus;
  approval?: TaskApproval | null;
}

/** Work the customer has agreed to and that is not cancelled: what counts in totals and the visit status. */
export function isCommittedWork(task: TaskLike): boolean {
  return task.status !== 'CANCELLED' && (task.approval == null || task.approval === 'APPROVED');
}

/** A proposal still waiting for the customer. */
export const isAwaitingApproval = (task: TaskLike) => task.approval === 'PENDING' && task.status !== 'CANCELLED';

/**
 * Work the shop took back: cancelled without the customer declining it. A customer's report leaves it out;
 * a declined task (cancelled by the decline) stays, with its decision.
 */
export const isWithdrawnWork = (task: TaskLike) => task.status === 'CANCELLED' && task.approval !== 'DECLINED';

/** Visits whose proposals can no longer be decided. */
export const CLOSED_VISIT_STATUSES = ['PICKED_UP', 'CANCELLED'] as const satisfies readonly VisitStatus[];
export const isVisitClosed = (status: VisitStatus) => (CLOSED_VISIT_STATUSES as readonly VisitStatus[]).includes(status);

/** The moves a task may make now: TASK_TRANSITIONS narrowed by its approval state. */
export function allowedTaskTransitions(task: TaskLike): readonly TaskStatus[] {
  if (task.approval === 'PENDING')
    return task.status === 'CANCELLED' ? [] : TASK_TRANSITIONS[task.status].filter((to) => to === 'CANCELLED');
  if (task.approval === 'DECLINED') return [];
  return TASK_TRANSITIONS[task.status];
}

/**
 * Task status transitions. Finished tasks (Completed, Cancelled) only move by being reopened first, so a
 * cancelled task can never silently become completed. Moving to COMPLETED sets completedOn; leaving it
 * clears completedOn (taskCompletedOn).
 */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  PENDING: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  IN_PROGRESS: ['PENDING', 'COMPLETED', 'CANCELLED'],
  COMPLETED: ['REOPENED'],
  CANCELLED: ['REOPENED'],
  REOPENED: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
};

export function canTransitionTask(from: TaskStatus | TaskLike, to: TaskStatus): boolean {
  return (typeof from === 'string' ? TASK_TRANSITIONS[from] : allowedTaskTransitions(from)).includes(to);
}

/** The completed-on date a task has after moving to `to` at `now`. */
export function taskCompletedOn(to: TaskStatus, previous: Date | null, now: Date): Date | null {
  if (to !== 'COMPLETED') return null;
  return previous ?? now;
}

/** Statuses in which the work on a visit is finished (the "completed" filter). */
export const COMPLETED_VISIT_STATUSES = ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'] as const satisfies readonly VisitStatus[];
/** Statuses in which work is still to be done (the "pending" filter; overdue applies to these only). */
export const OPEN_VISIT_STATUSES = ['PENDING', 'IN_PROGRESS'] as const satisfies readonly VisitStatus[];
/** Payment states in which the customer still owes money (the "unpaid" filter). */
export const OWING_PAYMENT_STATUSES = ['UNPAID', 'PARTIALLY_PAID'] as const satisfies readonly VisitPaymentStatus[];
export const SETTLED_PAYMENT_STATUSES = ['PAID', 'OVERPAID'] as const satisfies readonly VisitPaymentStatus[];

/**
 * A visit's status from its tasks. READY_FOR_PICKUP and PICKED_UP are hand-over steps staff take once the
 * work is complete; they survive recomputation only while every task is still done.
 */
export function deriveVisitStatus(tasks: readonly (TaskStatus | TaskLike)[], current: VisitStatus = 'PENDING'): VisitStatus {
  const all = tasks.map((task): TaskLike => (typeof task === 'string' ? { status: task } : task));
  // Pending proposals are not work yet; declined ones are cancelled. Only committed work drives the status.
  const live = all.filter(isCommittedWork).map((task) => task.status);
  let fromTasks: VisitStatus;
  if (live.length === 0 && all.some(isAwaitingApproval)) fromTasks = 'PENDING';
  else if (all.length > 0 && live.length === 0) fromTasks = 'CANCELLED';
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
  PICKED_UP: ['READY_FOR_PICKUP'],
};

export function canHandOver(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_HANDOVER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Total of a visit: sold-for prices of committed work (not cancelled; a proposal only once approved). */
export function visitTotalCents(tasks: readonly (TaskLike & { soldForCents: number })[]): number {
  return tasks.reduce((sum, task) => (isCommittedWork(task) ? sum + task.soldForCents : sum), 0);
}

/** A line as the amount due sees it: its total as typed (with or without tax) and its rate (null: no tax). */
export interface AmountDueLine {
  totalCents: number;
  basisPoints: number | null;
}

export interface AmountDueTask extends TaskLike {
  soldForCents: number;
  /** Its lines; a task without lines (an old import) counts as one untaxed line at soldForCents. */
  lines: readonly AmountDueLine[];
}

export interface AmountDueSettings {
  pricesIncludeTax: boolean;
  profile: TaxCountryProfile;
}

/**
 * The taxes of a visit's committed work (tax-rules.ts, the shop's rounding rule): what an invoice of the visit
 * would show. Pending proposals and cancelled work are left out, as in visitTotalCents.
 */
export function visitTaxes(tasks: readonly AmountDueTask[], settings: AmountDueSettings): DocumentTaxes {
  const lines = tasks.filter(isCommittedWork).flatMap(taxableLinesOf);
  return computeDocumentTaxes(lines, { pricesIncludeTax: settings.pricesIncludeTax, rule: TAX_ROUNDING_RULE[settings.profile] });
}

/** A task's lines as tax-rules.ts reads them (a task without lines: one untaxed line at soldForCents). */
function taxableLinesOf(task: Pick<AmountDueTask, 'soldForCents' | 'lines'>): TaxableLine[] {
  return task.lines.length === 0
    ? [{ amount: task.soldForCents, basisPoints: 0 }]
    : task.lines.map((line) => ({ amount: line.totalCents, basisPoints: line.basisPoints ?? 0 }));
}

/**
 * What one task adds to the amount due once it counts: the price a customer approves. Prices typed with tax:
 * soldForCents. Without tax: the task's own lines and their tax (computeDocumentTaxes, the shop's rounding
 * rule), so a proposal of 100.00 at 20 % shows 120.00. Under the PER_RATE rule the visit's tax is rounded once
 * per rate over all its lines: the amount due may then grow by a minor unit more or less than this figure
 * when the task joins other work at the same rate (the task's price stays the same whatever else is on the visit).
 */
export function taskGrossCents(task: Pick<AmountDueTask, 'soldForCents' | 'lines'>, settings: AmountDueSettings): number {
  if (settings.pricesIncludeTax) return task.soldForCents;
  return computeDocumentTaxes(taxableLinesOf(task), { pricesIncludeTax: false, rule: TAX_ROUNDING_RULE[settings.profile] }).gross;
}

/**
 * What the customer owes for a visit (the visit's stored total, its balance, its payment status). Prices typed
 * with tax: the sum of the committed tasks, as ever. Prices typed without tax: that sum plus its tax. The
 * same figure in SQL: apps/api/src/modules/tax/amount-due.sql.ts (a test keeps the two equal).
 */
export function visitAmountDue(tasks: readonly AmountDueTask[], settings: AmountDueSettings): number {
  return visitTaxes(tasks, settings).gross;
}

/**
 * Sum of the proposals still waiting for the customer, as they will pay them (taskGrossCents: with tax where
 * prices are typed without it). Shown beside the total, never in it.
 */
export function pendingProposalCents(tasks: readonly AmountDueTask[], settings: AmountDueSettings): number {
  return tasks.reduce((sum, task) => (isAwaitingApproval(task) ? sum + taskGrossCents(task, settings) : sum), 0);
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

/**
 * Payment records. A payment is recorded as SUCCESS or FAILED. A refund is its own REFUNDED record linked to
 * the payment it returns money from (it counts negatively). "Delete" marks any record DELETED and keeps it;
 * a payment that still has live refunds cannot be deleted (the refunds would count against nothing).
 */
export const RECORDABLE_PAYMENT_STATUSES = ['SUCCESS', 'FAILED'] as const satisfies readonly PaymentRecordStatus[];

export function canRefundPayment(status: PaymentRecordStatus): boolean {
  return status === 'SUCCESS';
}

/**
 * Only a failed attempt may be deleted: money received or returned is in the fiscal journal and is corrected
 * by a refund, never rewritten (docs/invoicing.md "Payments that cannot be rewritten").
 */
export function canDeletePayment(status: PaymentRecordStatus): boolean {
  return status === 'FAILED';
}

/** How much of a payment can still be refunded, given its live refunds. */
export function refundableCents(
  payment: { amountCents: number },
  refunds: readonly { status: PaymentRecordStatus; amountCents: number }[],
): number {
  const refunded = refunds.reduce((sum, refund) => (refund.status === 'REFUNDED' ? sum + refund.amountCents : sum), 0);
  return Math.max(0, payment.amountCents - refunded);
}

// ---------------------------------------------------------------------------------------------------------
// Calendar days in the caller's time zone. Due dates are calendar days (stored as UTC midnight of that day);
// "today", "this week" etc. are computed by the server in the time zone the client names (default UTC).

export const DEFAULT_TIME_ZONE = 'UTC';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function zonedParts(instant: Date, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The calendar day ("YYYY-MM-DD") an instant falls on in a time zone. */
export function calendarDateIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = zonedParts(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (DST-safe: the offset is re-read at the candidate). */
export function startOfDayIn(isoDate: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  let candidate = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  candidate = midnightUtc - zoneOffsetMs(new Date(candidate), timeZone);
  return new Date(candidate);
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A calendar day as stored in a due-date column: UTC midnight of that day. */
export const dueDateValue = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);
/** The calendar day of a stored due date. */
export const dueDateString = (stored: Date) => stored.toISOString().slice(0, 10);

export type DateFilter = 'today' | 'thisWeek' | 'thisMonth' | 'last7Days' | 'last30Days';

/**
 * The half-open range [from, to) of creation instants a date filter means, in the caller's time zone.
 * Weeks start on Monday (ISO 8601); "last 7 days" is today and the six days before it.
 */
export function dateFilterRange(filter: DateFilter, now: Date, timeZone: string = DEFAULT_TIME_ZONE): { from: Date; to: Date } {
  const today = calendarDateIn(now, timeZone);
  const tomorrow = startOfDayIn(addDays(today, 1), timeZone);
  const [year, month] = today.split('-').map(Number) as [number, number];
  let firstDay: string;
  switch (filter) {
    case 'today':
      firstDay = today;
      break;
    case 'thisWeek': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
      firstDay = addDays(today, -((weekday + 6) % 7));
      break;
    }
    case 'thisMonth':
      firstDay = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
      break;
    case 'last7Days':
      firstDay = addDays(today, -6);
      break;
    case 'last30Days':
      firstDay = addDays(today, -29);
      break;
  }
  return { from: startOfDayIn(firstDay, timeZone), to: tomorrow };
}

/** Overdue: the due day is before today and the work is not finished (cancelled visits are never overdue). */
export function isVisitOverdue(visit: { status: VisitStatus; dueDate: string }, today: string): boolean {
  return (OPEN_VISIT_STATUSES as readonly VisitStatus[]).includes(visit.status) && visit.dueDate < today;
}
