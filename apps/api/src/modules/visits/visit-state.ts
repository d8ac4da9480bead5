// The one place that writes a visit's derived columns (total, paid, status, payment status, completedAt,
// version). Every task or payment change runs inside a transaction that first locks the visit row
// (lockVisit), changes its rows, then calls writeDerivedState: concurrent changes to one visit serialise on
// that lock, so the totals always match the rows they summarise.
import type { Db, Prisma } from '@garage/db';
import {
  COMPLETED_VISIT_STATUSES,
  deriveVisitStatus,
  derivePaymentStatus,
  paidCents,
  type VisitPaymentStatus,
  type VisitStatus,
} from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { announceChange } from '../../lib/change-notices.ts';
import { invalidateVisitCounts } from './visit-counts.ts';
import { amountDueOf, readAmountDueTasks } from '../tax/amount-due.ts';

export type Tx = Prisma.TransactionClient;

export interface LockedVisit {
  id: string;
  status: VisitStatus;
  version: number;
  completedAt: Date | null;
}

export interface VisitMoney {
  visitId: string;
  totalCostCents: number;
  paidCents: number;
  paymentStatus: VisitPaymentStatus;
  status: VisitStatus;
  version: number;
}

/**
 * Runs a change to visits in one transaction, then drops cached list totals (only once it is committed): in
 * this process at once, in the others when the change notice sent with the commit arrives.
 */
export async function inVisitTransaction<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.$transaction(async (tx) => {
    const changed = await change(tx);
    await announceChange(tx, 'visits');
    return changed;
  });
  invalidateVisitCounts();
  return result;
}

export const versionConflict = () => new AppError('CONFLICT', 'versionConflict');

/** SELECT ... FOR UPDATE on the visit; 404 when it does not exist. */
export async function lockVisit(tx: Tx, visitId: string): Promise<LockedVisit> {
  const rows = await tx.$queryRaw<LockedVisit[]>`
    SELECT id, status::text AS status, version, "completedAt" FROM "Visit" WHERE id = ${visitId}::uuid FOR UPDATE`;
  const visit = rows[0];
  if (!visit) throw notFound('visit');
  return visit;
}

/** Recomputes and writes the derived columns from the visit's current tasks and payments; bumps the version. */
export async function writeDerivedState(tx: Tx, visit: LockedVisit, now = new Date()): Promise<VisitMoney> {
  const [tasks, payments] = await Promise.all([
    readAmountDueTasks(tx, visit.id),
    tx.payment.findMany({ where: { visitId: visit.id }, select: { status: true, amountCents: true } }),
  ]);
  // The amount due: the tasks' total, plus its tax when prices are typed without tax (modules/tax/amount-due.ts).
  const total = await amountDueOf(tx, tasks);
  const paid = paidCents(payments);
  // Pending proposals and declined work are not in the total nor in the status (visit-rules.ts, isCommittedWork).
  const status = deriveVisitStatus(tasks, visit.status);
  const done = (COMPLETED_VISIT_STATUSES as readonly VisitStatus[]).includes(status);
  const updated = await tx.visit.update({
    where: { id: visit.id },
    data: {
      totalCostCents: total,
      paidCents: paid,
      status,
      paymentStatus: derivePaymentStatus(total, paid),
      completedAt: done ? (visit.completedAt ?? now) : null,
      version: { increment: 1 },
    },
    select: { id: true, totalCostCents: true, paidCents: true, paymentStatus: true, status: true, version: true },
  });
  const { id, ...money } = updated;
  return { visitId: id, ...money };
}
