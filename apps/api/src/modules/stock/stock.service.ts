// Stock: the only code that writes Part.onHandMilli, StockMovement rows and a part line's `stock` state.
//
// Stock on hand is the sum of a part's movements, kept in Part.onHandMilli under the part's row lock.
// Reserved stock is not stored: it is the sum of the part's RESERVED lines, so a deleted task or visit never
// leaves a reservation behind. Every change that reads "available" (on hand - reserved) first locks the
// part row (SELECT ... FOR UPDATE): two people taking the last unit at the same moment are served one
// after the other, and exactly one gets it (the other line is BACKORDERED).
//
// Lock order, to never deadlock: a visit (when the change is a task's), then parts by id, then lines.
// Nothing here locks a visit, and callers lock the parts before writing any line.
import type { Prisma } from '@garage/db';
import type { PartLineStock, StockMovementKind } from '@garage/shared';
import { wantedLineStock, type TaskApproval, type TaskStatus } from '@garage/shared';
import { averageCostAfterReceipt } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';

/** A transaction (stock never opens its own: it always runs inside the caller's change). */
export type Tx = Prisma.TransactionClient;

export interface LockedPart {
  id: string;
  partNumber: string;
  onHandMilli: number;
  costCents: number;
  unit: string;
  archivedAt: Date | null;
}

/** Locks parts in id order (the order every transaction uses); 404 when one does not exist. */
export async function lockParts(tx: Tx, partIds: readonly string[]): Promise<Map<string, LockedPart>> {
  const ids = [...new Set(partIds)].sort();
  const locked = new Map<string, LockedPart>();
  if (ids.length === 0) return locked;
  const rows = await tx.$queryRaw<LockedPart[]>`
    SELECT id, "partNumber", "onHandMilli", "costCents", unit::text AS unit, "archivedAt"
    FROM "Part" WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
  for (const row of rows) locked.set(row.id, row);
  if (locked.size !== ids.length) throw notFound('part');
  return locked;
}

export async function lockPart(tx: Tx, partId: string): Promise<LockedPart> {
  const part = (await lockParts(tx, [partId])).get(partId);
  if (!part) throw notFound('part');
  return part;
}

/** Sum of the part's RESERVED lines (thousandths). */
export async function reservedMilli(tx: Tx, partId: string): Promise<number> {
  const sum = await tx.taskLine.aggregate({ where: { partId, stock: 'RESERVED' }, _sum: { quantityMilli: true } });
  return sum._sum.quantityMilli ?? 0;
}

export interface MovementInput {
  kind: StockMovementKind;
  /** Signed: positive into stock. */
  quantityMilli: number;
  /** RECEIVED: the price paid (updates the average cost). Other kinds: the average cost is recorded. */
  unitCostCents?: number;
  reason?: string | null;
  taskLineId?: string | null;
  purchaseOrderId?: string | null;
  userId?: string | null;
}

/**
 * Writes one movement of a part the caller has locked, and the part's new stock on hand (and average cost
 * for a receipt). `part` is updated in place so a caller can record several movements in a row.
 */
export async function recordMovement(tx: Tx, part: LockedPart, movement: MovementInput): Promise<void> {
  const onHandAfter = part.onHandMilli + movement.quantityMilli;
  const receipt = movement.kind === 'RECEIVED' && movement.unitCostCents !== undefined;
  const costCents = receipt
    ? averageCostAfterReceipt(part.onHandMilli, part.costCents, movement.quantityMilli, movement.unitCostCents as number)
    : part.costCents;
  await tx.stockMovement.create({
    data: {
      partId: part.id,
      kind: movement.kind,
      quantityMilli: movement.quantityMilli,
      unitCostCents: movement.unitCostCents ?? part.costCents,
      onHandAfterMilli: onHandAfter,
      reason: movement.reason ?? null,
      taskLineId: movement.taskLineId ?? null,
      purchaseOrderId: movement.purchaseOrderId ?? null,
      userId: movement.userId ?? null,
    },
  });
  await tx.part.update({ where: { id: part.id }, data: { onHandMilli: onHandAfter, costCents } });
  part.onHandMilli = onHandAfter;
  part.costCents = costCents;
}

export interface StockLine {
  id: string;
  partId: string | null;
  quantityMilli: number;
  stock: PartLineStock | null;
}

/**
 * Moves one catalogue part line to the state its task wants (inventory-rules.ts wantedLineStock), with the
 * movements that explain it: using stock (USED), giving it back (RETURNED), or only reserving. The line's
 * part must be locked by the caller. Returns the state written.
 */
export async function settleLine(
  tx: Tx,
  part: LockedPart,
  line: StockLine,
  wanted: 'QUOTED' | 'RESERVED' | 'USED',
  userId: string | null,
): Promise<PartLineStock> {
  const current = line.stock ?? 'QUOTED';
  if (current === wanted || (current === 'BACKORDERED' && wanted === 'RESERVED')) {
    // A backorder stays one until the stock is there: try again now.
    if (current === 'BACKORDERED') return reserveOrBackorder(tx, part, line);
    return current;
  }
  if (current === 'USED') {
    await recordMovement(tx, part, { kind: 'RETURNED', quantityMilli: line.quantityMilli, taskLineId: line.id, userId, reason: null });
  }
  if (wanted === 'USED') {
    await recordMovement(tx, part, { kind: 'USED', quantityMilli: -line.quantityMilli, taskLineId: line.id, userId });
    await tx.taskLine.update({ where: { id: line.id }, data: { stock: 'USED' } });
    return 'USED';
  }
  if (wanted === 'RESERVED') return reserveOrBackorder(tx, part, { ...line, stock: 'QUOTED' });
  await tx.taskLine.update({ where: { id: line.id }, data: { stock: 'QUOTED' } });
  return 'QUOTED';
}

/** Reserves the line when enough is available (on hand - reserved), else leaves it backordered. */
async function reserveOrBackorder(tx: Tx, part: LockedPart, line: StockLine): Promise<PartLineStock> {
  const available = part.onHandMilli - (await reservedMilli(tx, part.id));
  const state: PartLineStock = available >= line.quantityMilli ? 'RESERVED' : 'BACKORDERED';
  if (state !== line.stock) await tx.taskLine.update({ where: { id: line.id }, data: { stock: state } });
  return state;
}

/**
 * Reserves the part's backorders, oldest first, while stock is available (after a receipt, a release or a
 * count). The part must be locked by the caller.
 */
export async function allocateBackorders(tx: Tx, part: LockedPart): Promise<void> {
  const waiting = await tx.taskLine.findMany({
    where: { partId: part.id, stock: 'BACKORDERED' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, quantityMilli: true },
  });
  if (waiting.length === 0) return;
  let available = part.onHandMilli - (await reservedMilli(tx, part.id));
  for (const line of waiting) {
    if (line.quantityMilli > available) break;
    await tx.taskLine.update({ where: { id: line.id }, data: { stock: 'RESERVED' } });
    available -= line.quantityMilli;
  }
}

/**
 * Settles every catalogue part line of a task after a change of its status, approval or lines: the parts
 * are locked (id order) before any line is written. `wanted` overrides what the task wants (QUOTED: release
 * everything, before the task is deleted).
 */
export async function syncTaskStock(tx: Tx, taskId: string, userId: string | null, wanted?: 'QUOTED'): Promise<void> {
  const task = await tx.task.findUnique({
    where: { id: taskId },
    select: {
      status: true,
      approval: true,
      lines: { where: { partId: { not: null } }, select: { id: true, partId: true, quantityMilli: true, stock: true } },
    },
  });
  if (!task || task.lines.length === 0) return;
  const target = wanted ?? wantedLineStock({ status: task.status as TaskStatus, approval: task.approval as TaskApproval | null });
  const parts = await lockParts(
    tx,
    task.lines.map((line) => line.partId as string),
  );
  for (const line of task.lines) {
    const part = parts.get(line.partId as string) as LockedPart;
    await settleLine(tx, part, line, target, userId);
  }
  // What a release or a return freed goes to whoever waits for it.
  for (const part of parts.values()) await allocateBackorders(tx, part);
}

/** Refuses an archived part for new use (lines, orders). */
export function assertPartUsable(part: LockedPart): void {
  if (part.archivedAt) throw new AppError('CONFLICT', 'inventory.partArchived', { field: 'partId' });
}
