// Lines of a task: catalogue parts, parts typed by hand, labour (hours at a rate) and flat amounts. A task's
// soldForCents and costCents are the sums of its lines (lineTotalCents per line), rewritten in the same
// transaction as every line change, under the visit's row lock, before the visit's derived state.
//
// Pricing a line (part, labour, typed, flat) is task-lines/task-line-pricing.ts.
//
// Lock order (stock/stock.service.ts): the visit, then every part the task's lines name (id order), then
// lines. A change therefore locks all the task's parts up front (lockTaskParts): syncTaskStock locks them
// again, which is free, and never takes a part lock out of order.
import type { Db } from '@garage/db';
import { INVENTORY_LIMITS, lineTotalCents, toMilli, type PartUnit, type TaskLineInputParsed, type TaskView } from '@garage/shared';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { allocateBackorders, lockParts, settleLine, syncTaskStock } from '../stock/stock.service.ts';
import {
  assertQuantityDecimals,
  assertWithinMoneyLimit,
  flatLine,
  flatLineTaxRateId,
  resolveLines,
  taskTotals,
  type LineActor,
  type LineData,
} from '../task-lines/task-line-pricing.ts';
import { inVisitTransaction, lockVisit, writeDerivedState, type Tx } from '../visits/visit-state.ts';
import { resolveLineTaxRateId } from '../tax/tax-resolution.ts';
import { readShopTaxSettings } from '../tax/tax-settings.ts';
import { taskSelect, toTaskView } from '../visits/visit-views.ts';

/** Reads the task's visit id, then locks that visit before trusting anything else about the task. */
export async function lockTaskVisit(tx: Tx, taskId: string) {
  const found = await tx.task.findUnique({ where: { id: taskId }, select: { visitId: true } });
  if (!found) throw notFound('task');
  const visit = await lockVisit(tx, found.visitId);
  const task = await tx.task.findUnique({ where: { id: taskId }, select: taskSelect });
  if (!task) throw notFound('task');
  return { visit, task };
}

/** Locks (id order) every part the task's lines name, plus `extra` ones about to be used. */
export async function lockTaskParts(tx: Tx, taskIds: readonly string[], extra: readonly (string | null | undefined)[] = []) {
  const lines = taskIds.length
    ? await tx.taskLine.findMany({ where: { taskId: { in: [...taskIds] }, partId: { not: null } }, select: { partId: true } })
    : [];
  const ids = [...lines.map((line) => line.partId as string), ...extra.filter((id): id is string => Boolean(id))];
  return lockParts(tx, ids);
}

/** A finished task's lines are its record (stock used, invoiced); a decided proposal's are what the customer agreed to. */
export function assertLinesEditable(task: { status: string; approval: string | null }): void {
  if (task.status === 'COMPLETED' || task.status === 'CANCELLED') {
    throw new AppError('CONFLICT', 'taskLines.closedTask', { params: { status: task.status } });
  }
  if (task.approval === 'APPROVED' || task.approval === 'DECLINED') throw new AppError('CONFLICT', 'tasks.priceDecided');
}

/** Rewrites the task's soldForCents and costCents from its stored lines. */
export async function writeTaskTotals(tx: Tx, taskId: string): Promise<void> {
  const lines = await tx.taskLine.findMany({ where: { taskId }, select: { quantityMilli: true, unitCostCents: true, totalCents: true } });
  await tx.task.update({ where: { id: taskId }, data: await taskTotals(tx, lines) });
}

export async function readTaskView(tx: Tx | Db, taskId: string, seesCosts: boolean): Promise<TaskView> {
  const row = await tx.task.findUnique({ where: { id: taskId }, select: taskSelect });
  if (!row) throw notFound('task');
  return toTaskView(row, seesCosts, await readShopTaxSettings(tx));
}

// ─── The line operations (taskLines.*) ──────────────────────────────────────────────────────────────────

/** Locks the line's visit (through its task), then re-reads the line: it may have gone meanwhile. */
async function lockLine(tx: Tx, lineId: string) {
  const found = await tx.taskLine.findUnique({ where: { id: lineId }, select: { taskId: true } });
  if (!found) throw notFound('taskLine');
  const { visit, task } = await lockTaskVisit(tx, found.taskId);
  const line = await tx.taskLine.findUnique({ where: { id: lineId } });
  if (!line || line.taskId !== task.id) throw notFound('taskLine');
  return { visit, task, line };
}

/** After a change of lines: the task's totals, its stock, then the visit's derived state. */
async function afterLinesChanged(tx: Tx, visit: Awaited<ReturnType<typeof lockVisit>>, taskId: string, actor: LineActor) {
  await writeTaskTotals(tx, taskId);
  await syncTaskStock(tx, taskId, actor.userId);
  await writeDerivedState(tx, visit);
}

export async function addTaskLine(db: Db, taskId: string, input: TaskLineInputParsed, actor: LineActor): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, taskId);
    assertLinesEditable(task);
    let count = await tx.taskLine.count({ where: { taskId } });
    if (count === 0) {
      // A task written without lines (an import): its price becomes its first line, so adding one keeps it.
      const taxRateId = await flatLineTaxRateId(tx);
      await tx.taskLine.create({ data: { ...flatLine(task.title, task.soldForCents, task.costCents, taxRateId), taskId, position: 0 } });
      count = 1;
    }
    if (count >= INVENTORY_LIMITS.linesPerTask) {
      throw new AppError('CONFLICT', 'taskLines.tooManyLines', { params: { max: INVENTORY_LIMITS.linesPerTask } });
    }
    const parts = await lockTaskParts(tx, [taskId], [input.kind === 'PART' ? input.partId : null]);
    const [data] = await resolveLines(tx, [input], parts, actor);
    const last = await tx.taskLine.findFirst({ where: { taskId }, orderBy: { position: 'desc' }, select: { position: true } });
    await tx.taskLine.create({ data: { ...(data as LineData), taskId, position: (last?.position ?? -1) + 1 } });
    await afterLinesChanged(tx, visit, taskId, actor);
    return readTaskView(tx, taskId, actor.seesCosts);
  });
}

export interface TaskLinePatch {
  description?: string | null;
  quantity?: number;
  unitPriceCents?: number;
  unitCostCents?: number;
  /** A rate id: that rate (not archived); null: the rate the line would get anew (tax-resolution.ts); omitted: kept. */
  taxRateId?: string | null;
}

/** Changes only the fields sent; a quantity change gives the line's stock back first, then takes it again. */
export async function updateTaskLine(db: Db, lineId: string, patch: TaskLinePatch, actor: LineActor): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task, line } = await lockLine(tx, lineId);
    assertLinesEditable(task);
    const parts = await lockTaskParts(tx, [task.id]);
    const part = line.partId ? parts.get(line.partId) : undefined;
    if (patch.description === null) throw fieldError('description', 'required', { fieldName: 'description' });
    const quantityMilli = patch.quantity === undefined ? line.quantityMilli : toMilli(patch.quantity);
    if (patch.quantity !== undefined) assertQuantityDecimals(patch.quantity, (part?.unit as PartUnit) ?? null, line.kind, 'quantity');
    const unitPriceCents = patch.unitPriceCents ?? line.unitPriceCents;
    // Costs are admins' only: what others send is ignored.
    const unitCostCents = actor.seesCosts && patch.unitCostCents !== undefined ? patch.unitCostCents : line.unitCostCents;
    const totalCents = lineTotalCents(quantityMilli, unitPriceCents);
    await assertWithinMoneyLimit(tx, totalCents, lineTotalCents(quantityMilli, unitCostCents));
    if (part && quantityMilli !== line.quantityMilli) {
      // Release (or give back) the old quantity; syncTaskStock takes the new one.
      await settleLine(tx, part, line, 'QUOTED', actor.userId);
    }
    const taxRateId =
      patch.taxRateId === undefined
        ? undefined
        : await resolveLineTaxRateId(tx, { explicit: patch.taxRateId, kind: line.kind, partId: line.partId, field: 'taxRateId' });
    await tx.taskLine.update({
      where: { id: lineId },
      data: { description: patch.description ?? undefined, quantityMilli, unitPriceCents, unitCostCents, totalCents, taxRateId },
    });
    await afterLinesChanged(tx, visit, task.id, actor);
    return readTaskView(tx, task.id, actor.seesCosts);
  });
}

/** A task keeps at least one line (delete the task instead). */
export async function deleteTaskLine(db: Db, lineId: string, actor: LineActor): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task, line } = await lockLine(tx, lineId);
    assertLinesEditable(task);
    const count = await tx.taskLine.count({ where: { taskId: task.id } });
    if (count <= 1) throw new AppError('CONFLICT', 'taskLines.lastLine');
    const parts = await lockTaskParts(tx, [task.id]);
    const part = line.partId ? parts.get(line.partId) : undefined;
    if (part) await settleLine(tx, part, line, 'QUOTED', actor.userId);
    await tx.taskLine.delete({ where: { id: lineId } });
    // Keep positions 0, 1, 2... without a hole.
    await tx.taskLine.updateMany({ where: { taskId: task.id, position: { gt: line.position } }, data: { position: { decrement: 1 } } });
    await afterLinesChanged(tx, visit, task.id, actor);
    // What this line held goes to whoever waits for the part (syncTaskStock only sees the remaining lines).
    if (part) await allocateBackorders(tx, part);
    return readTaskView(tx, task.id, actor.seesCosts);
  });
}

/** The task's lines in a new order: every line of the task, each once. */
export async function reorderTaskLines(db: Db, taskId: string, lineIds: readonly string[], actor: LineActor): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    await lockTaskVisit(tx, taskId);
    const lines = await tx.taskLine.findMany({ where: { taskId }, select: { id: true } });
    const known = new Set(lines.map((line) => line.id));
    if (new Set(lineIds).size !== lineIds.length || lineIds.length !== known.size || lineIds.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION', 'taskLines.lineNotOfTask', { field: 'lineIds' });
    }
    for (const [position, id] of lineIds.entries()) await tx.taskLine.update({ where: { id }, data: { position } });
    return readTaskView(tx, taskId, actor.seesCosts);
  });
}
