// Stock changes made from the parts screens: a correction by hand (adjust), a stocktake (count) and parts
// received without a purchase order, plus the ledger of movements. Every write goes through stock.service.ts
// (row locks, movements, average cost, backorders); lines and orders move stock in their own modules.
import type { Prisma, Db } from '@garage/db';
import {
  addDays,
  fromMilli,
  startOfDayIn,
  toMilli,
  type listMovementsSchema,
  type PartUnit,
  type StockMovementKind,
  type StockMovementView,
} from '@garage/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { allocateBackorders, assertPartUsable, lockPart, lockParts, recordMovement } from '../stock/stock.service.ts';
import { assertUnitQuantity } from './parts.service.ts';

type ListMovementsQuery = z.output<typeof listMovementsSchema>;

export interface StockActor {
  userId: string;
  /** Admins set the cost of what they receive; everyone else receives at the part's average cost. */
  seesCosts: boolean;
}

/** A correction by hand (damaged, lost, found): an ADJUSTED movement with its reason. */
export async function adjustStock(db: Db, actor: StockActor, input: { partId: string; quantity: number; reason: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const part = await lockPart(tx, input.partId);
    assertPartUsable(part);
    assertUnitQuantity(part.unit as PartUnit, input.quantity, 'quantity');
    await recordMovement(tx, part, {
      kind: 'ADJUSTED',
      quantityMilli: toMilli(input.quantity),
      reason: input.reason,
      userId: actor.userId,
    });
    // Found stock goes to whoever waits for it.
    await allocateBackorders(tx, part);
  });
}

/**
 * A stocktake: each part's counted quantity replaces its stock on hand through a COUNTED movement of the
 * difference (none when the count agrees). All parts are locked first (id order), so the counts apply at
 * once or not at all. Returns how many parts changed.
 */
export async function countStock(
  db: Db,
  actor: StockActor,
  input: { counts: { partId: string; counted: number }[]; reason?: string | null },
): Promise<{ changed: number }> {
  const seen = new Set<string>();
  input.counts.forEach((count, index) => {
    if (seen.has(count.partId))
      throw new AppError('VALIDATION', 'invalid', { field: `counts.${index}.partId`, params: { fieldName: 'partId' } });
    seen.add(count.partId);
  });
  return db.$transaction(
    async (tx) => {
      const parts = await lockParts(
        tx,
        input.counts.map((count) => count.partId),
      );
      let changed = 0;
      for (const [index, count] of input.counts.entries()) {
        const part = parts.get(count.partId);
        if (!part) continue;
        assertUnitQuantity(part.unit as PartUnit, count.counted, `counts.${index}.counted`);
        const difference = toMilli(count.counted) - part.onHandMilli;
        if (difference === 0) continue;
        await recordMovement(tx, part, { kind: 'COUNTED', quantityMilli: difference, reason: input.reason ?? null, userId: actor.userId });
        await allocateBackorders(tx, part);
        changed += 1;
      }
      return { changed };
    },
    { timeout: 30_000 },
  );
}

/** Parts bought at the counter, without an order: a RECEIVED movement (the average cost follows). */
export async function receiveStock(
  db: Db,
  actor: StockActor,
  input: { partId: string; quantity: number; unitCostCents?: number; reason?: string | null },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const part = await lockPart(tx, input.partId);
    assertPartUsable(part);
    assertUnitQuantity(part.unit as PartUnit, input.quantity, 'quantity');
    const unitCostCents = actor.seesCosts && input.unitCostCents !== undefined ? input.unitCostCents : part.costCents;
    await recordMovement(tx, part, {
      kind: 'RECEIVED',
      quantityMilli: toMilli(input.quantity),
      unitCostCents,
      reason: input.reason ?? null,
      userId: actor.userId,
    });
    await allocateBackorders(tx, part);
  });
}

const movementSelect = {
  id: true,
  kind: true,
  quantityMilli: true,
  unitCostCents: true,
  onHandAfterMilli: true,
  reason: true,
  createdAt: true,
  part: { select: { id: true, partNumber: true, name: true, unit: true } },
  taskLine: {
    select: { task: { select: { id: true, title: true, visit: { select: { id: true, name: true, vehicleId: true, customerId: true } } } } },
  },
  purchaseOrder: { select: { id: true, number: true } },
  user: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.StockMovementSelect;
type MovementRow = Prisma.StockMovementGetPayload<{ select: typeof movementSelect }>;

function toMovementView(row: MovementRow, seesCosts: boolean): StockMovementView {
  const task = row.taskLine?.task;
  return {
    id: row.id,
    part: row.part,
    kind: row.kind as StockMovementKind,
    quantity: fromMilli(row.quantityMilli),
    unitCostCents: seesCosts ? row.unitCostCents : null,
    onHandAfter: fromMilli(row.onHandAfterMilli),
    reason: row.reason,
    task: task
      ? {
          id: task.id,
          title: task.title,
          visitId: task.visit.id,
          visitName: task.visit.name,
          vehicleId: task.visit.vehicleId,
          customerId: task.visit.customerId,
        }
      : null,
    purchaseOrder: row.purchaseOrder,
    user: row.user,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The ledger, newest first; `from`/`to` are calendar days in the shop's time zone (both included). */
export async function listMovements(db: Db, query: ListMovementsQuery, seesCosts: boolean) {
  const timeZone = (await db.merchant.findFirst({ select: { timezone: true } }))?.timezone ?? 'UTC';
  const where: Prisma.StockMovementWhereInput = {
    ...(query.partId ? { partId: query.partId } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.from || query.to
      ? {
          createdAt: {
            ...(query.from ? { gte: startOfDayIn(query.from, timeZone) } : {}),
            ...(query.to ? { lt: startOfDayIn(addDays(query.to, 1), timeZone) } : {}),
          },
        }
      : {}),
  };
  const [rows, total] = await db.$transaction([
    db.stockMovement.findMany({
      where,
      select: movementSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.stockMovement.count({ where }),
  ]);
  return {
    items: rows.map((row) => toMovementView(row, seesCosts)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
