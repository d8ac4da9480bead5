// Estimate approval: the customer's decisions on proposed tasks (from the client area or the approval link),
// and what staff see of them (fresh decisions, declined work on a vehicle's earlier visits).
//
// A decision is recorded under the visit's row lock (visit-state.ts), in the transaction that rewrites the
// visit's total and status, so two decisions on one task serialise and the second finds it already decided.
// Rules: only the visit's customer, only tasks proposed and still pending, once, not on a closed visit
// (PICKED_UP, CANCELLED), and only at the price the customer saw. Declining cancels the task. Approving
// reserves the task's parts (stock/stock.service.ts syncTaskStock).
import type { Db } from '@garage/db';
import {
  APPROVAL_LIMITS,
  isAwaitingApproval,
  isVisitClosed,
  taskGrossCents,
  type DeclinedWork,
  type FreshDecisions,
  type Decision,
  type MessageCode,
} from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockParts, syncTaskStock } from '../stock/stock.service.ts';
import { readShopTaxSettings } from '../tax/tax-settings.ts';
import { amountDueLinesOf } from '../visits/visit-views.ts';
import { inVisitTransaction, lockVisit, writeDerivedState, type Tx, type VisitMoney } from '../visits/visit-state.ts';

export interface DecisionItem {
  taskId: string;
  decision: Decision;
  comment: string | null;
  soldForCents: number;
}

export interface DecisionContext {
  /** The customer deciding (the visit's customer; for a link, the customer it was minted for). */
  customerId: string;
  channel: 'PORTAL' | 'LINK';
  /** Every pending proposal must be decided in this one request (the approval link's page). */
  requireAll?: boolean;
  /** Runs inside the transaction once the decisions are valid (the link consumes itself there). */
  onDecided?: (tx: Tx) => Promise<void>;
  now?: Date;
}

/**
 * Records decisions on proposals of one visit. The visit must be the customer's (else 404 "Visit not found",
 * the same as a missing id), every task must be on that visit (else 404 "Task not found").
 */
export async function decideTasks(db: Db, visitId: string, items: readonly DecisionItem[], context: DecisionContext): Promise<VisitMoney> {
  const now = context.now ?? new Date();
  return inVisitTransaction(db, async (tx) => {
    const owned = await tx.visit.findFirst({
      where: { id: visitId, customerId: context.customerId, vehicle: { ownerId: context.customerId, deletedAt: null } },
      select: { id: true },
    });
    if (!owned) throw notFound('visit');
    const visit = await lockVisit(tx, visitId);
    if (isVisitClosed(visit.status)) throw new AppError('CONFLICT', 'approvals.visitClosed');

    const tasks = await tx.task.findMany({
      where: { visitId },
      select: { id: true, status: true, approval: true, soldForCents: true },
    });
    const byId = new Map(tasks.map((task) => [task.id, task]));
    for (const item of items) {
      const task = byId.get(item.taskId);
      if (!task) throw notFound('task');
      // The field error names the task so a page with several proposals can show it beside the right one.
      const refuse = (messageCode: MessageCode) => new AppError('CONFLICT', messageCode, { field: item.taskId });
      if (task.approval === null) throw refuse('approvals.notProposed');
      if (task.approval !== 'PENDING') throw refuse('approvals.alreadyDecided');
      if (task.status === 'CANCELLED') throw refuse('approvals.withdrawn');
      if (task.soldForCents !== item.soldForCents) throw refuse('approvals.priceChanged');
    }
    if (context.requireAll) {
      const decided = new Set(items.map((item) => item.taskId));
      if (tasks.some((task) => isAwaitingApproval(task) && !decided.has(task.id)))
        throw new AppError('CONFLICT', 'approvals.missingDecisions');
    }

    for (const item of items) {
      const declined = item.decision === 'DECLINED';
      await tx.task.update({
        where: { id: item.taskId },
        data: {
          approval: item.decision,
          approvalDecidedAt: now,
          approvalDecidedById: context.customerId,
          approvalChannel: context.channel,
          approvalComment: item.comment,
          approvalSeenAt: null,
          // Declined work is cancelled by the customer; approved work starts as ordinary pending work.
          ...(declined ? { status: 'CANCELLED' as const, completedOn: null } : {}),
        },
      });
    }
    // Approved work reserves its parts (or backorders them); declined work holds none. Parts locked first, in id order.
    const decidedIds = items.map((item) => item.taskId);
    const partLines = await tx.taskLine.findMany({
      where: { taskId: { in: decidedIds }, partId: { not: null } },
      select: { partId: true },
    });
    await lockParts(
      tx,
      partLines.map((line) => line.partId as string),
    );
    for (const taskId of decidedIds) await syncTaskStock(tx, taskId, context.customerId);
    await context.onDecided?.(tx);
    return writeDerivedState(tx, visit, now);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Staff side.

const decidedWhere = {
  approval: { in: ['APPROVED' as const, 'DECLINED' as const] },
  approvalDecidedAt: { not: null },
  approvalSeenAt: null,
};

/** Decisions staff have not acknowledged yet: the exact count and the newest few, at the price the customer saw. */
export async function freshDecisions(db: Db): Promise<FreshDecisions> {
  const [count, rows, settings] = await Promise.all([
    db.task.count({ where: decidedWhere }),
    db.task.findMany({
      where: decidedWhere,
      orderBy: [{ approvalDecidedAt: 'desc' }, { id: 'desc' }],
      take: APPROVAL_LIMITS.freshListMax,
      select: {
        id: true,
        title: true,
        approval: true,
        approvalComment: true,
        approvalDecidedAt: true,
        approvalChannel: true,
        soldForCents: true,
        lines: { select: { totalCents: true, taxRate: { select: { basisPoints: true } } } },
        visit: {
          select: { id: true, name: true, customerId: true, vehicleId: true, customer: { select: { firstName: true, lastName: true } } },
        },
      },
    }),
    readShopTaxSettings(db),
  ]);
  return {
    count,
    items: rows.map((row) => ({
      taskId: row.id,
      title: row.title,
      decision: row.approval as Decision,
      comment: row.approvalComment,
      decidedAt: row.approvalDecidedAt!.toISOString(),
      channel: row.approvalChannel,
      soldForCents: row.soldForCents,
      grossCents: taskGrossCents(amountDueLinesOf(row), settings),
      visit: { id: row.visit.id, name: row.visit.name, customerId: row.visit.customerId, vehicleId: row.visit.vehicleId },
      customer: row.visit.customer,
    })),
  };
}

/** Staff acknowledge the decisions on one visit (they leave the fresh count). */
export async function markDecisionsSeen(db: Db, visitId: string, now = new Date()): Promise<{ count: number }> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  const { count } = await db.task.updateMany({ where: { visitId, ...decidedWhere }, data: { approvalSeenAt: now } });
  return { count };
}

/** Work the customer declined on this vehicle's other visits, newest first: the shop can propose it again. */
export async function declinedWork(db: Db, vehicleId: string, exceptVisitId?: string): Promise<DeclinedWork> {
  const vehicle = await db.vehicle.findUnique({ where: { id: vehicleId }, select: { id: true } });
  if (!vehicle) throw notFound('vehicle');
  const rows = await db.task.findMany({
    where: { approval: 'DECLINED', visit: { vehicleId, ...(exceptVisitId ? { id: { not: exceptVisitId } } : {}) } },
    orderBy: [{ approvalDecidedAt: 'desc' }, { id: 'desc' }],
    take: APPROVAL_LIMITS.declinedListMax,
    select: {
      id: true,
      title: true,
      description: true,
      service: true,
      priority: true,
      soldForCents: true,
      approvalComment: true,
      approvalDecidedAt: true,
      visit: { select: { id: true, name: true, visitDate: true } },
    },
  });
  return {
    items: rows.map((row) => ({
      taskId: row.id,
      title: row.title,
      description: row.description,
      service: row.service,
      priority: row.priority,
      soldForCents: row.soldForCents,
      comment: row.approvalComment,
      decidedAt: row.approvalDecidedAt?.toISOString() ?? null,
      visit: { id: row.visit.id, name: row.visit.name, visitDate: row.visit.visitDate.toISOString() },
    })),
  };
}
