// Tasks of a visit. Every change locks the visit row, changes the task, then rewrites the visit's derived
// state (total, status, payment status, version) in the same transaction (visits/visit-state.ts). A task's
// price and cost are the sums of its lines (task-lines.service.ts); a change of status, or its deletion,
// settles the stock its part lines hold (stock/stock.service.ts).
import type { Db } from '@garage/db';
import {
  allowedTaskTransitions,
  canTransitionTask,
  dueDateValue,
  isVisitClosed,
  taskCompletedOn,
  type TaskDetail,
  type TaskInputParsed,
  type TaskPatch,
  type TaskStatus,
  type TaskView,
} from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { syncTaskStock } from '../stock/stock.service.ts';
import { readShopTaxSettings } from '../tax/tax-settings.ts';
import { inVisitTransaction, lockVisit, writeDerivedState, type Tx } from '../visits/visit-state.ts';
import { taskSelect, toTaskView } from '../visits/visit-views.ts';
import { NO_ACTOR, flatLine, flatLineTaxRateId, prepareTaskLines, taskData, type LineActor } from '../task-lines/task-line-pricing.ts';
import { lockTaskParts, lockTaskVisit, readTaskView, writeTaskTotals } from './task-lines.service.ts';

export async function getTask(db: Db, id: string, seesCosts = false): Promise<TaskDetail> {
  const row = await db.task.findUnique({
    where: { id },
    select: { ...taskSelect, visit: { select: { id: true, name: true, customerId: true, vehicleId: true, status: true, version: true } } },
  });
  if (!row) throw notFound('task');
  const { visit, ...task } = row;
  return { ...toTaskView(task, seesCosts, await readShopTaxSettings(db)), visit };
}

/**
 * `proposal`: extra work the customer must approve first (approval PENDING, left out of the total until
 * approved). Proposals cannot be added to a closed visit: nobody could answer them.
 */
export async function createTask(
  db: Db,
  visitId: string,
  input: TaskInputParsed,
  proposal?: { proposedById: string | null; now?: Date },
  actor: LineActor = NO_ACTOR,
): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const taskId = await createTaskInTransaction(tx, visitId, input, proposal, actor);
    return readTaskView(tx, taskId, actor.seesCosts);
  });
}

/**
 * createTask inside a caller's visit transaction (inVisitTransaction), for a caller that writes more in the
 * same transaction (an inspection finding records its task). Locks the visit; answers the new task's id.
 */
export async function createTaskInTransaction(
  tx: Tx,
  visitId: string,
  input: TaskInputParsed,
  proposal?: { proposedById: string | null; now?: Date },
  actor: LineActor = NO_ACTOR,
): Promise<string> {
  const visit = await lockVisit(tx, visitId);
  if (proposal && isVisitClosed(visit.status)) throw new AppError('CONFLICT', 'tasks.proposalOnClosedVisit');
  const approval = proposal
    ? { approval: 'PENDING' as const, proposedAt: proposal.now ?? new Date(), proposedById: proposal.proposedById }
    : {};
  const { lines, soldForCents, costCents } = await prepareTaskLines(tx, input, actor);
  const task = await tx.task.create({
    data: {
      ...taskData(input),
      soldForCents,
      costCents,
      ...approval,
      visitId,
      status: 'PENDING',
      lines: { create: lines.map((line, position) => ({ ...line, position })) },
    },
    select: { id: true },
  });
  // A proposal holds nothing until approved; ordinary work reserves its parts now.
  await syncTaskStock(tx, task.id, actor.userId);
  await writeDerivedState(tx, visit);
  return task.id;
}

/**
 * A price or cost edit of a task: a task that is one FLAT line (every task made with a price only) has
 * that line changed; any other task's price is its lines' sum, so a different value is refused.
 */
async function applyPriceEdit(tx: Tx, task: { id: string; title: string; soldForCents: number; costCents: number }, input: TaskPatch) {
  const soldForCents = input.soldForCents ?? task.soldForCents;
  const costCents = input.costCents ?? task.costCents;
  if (soldForCents === task.soldForCents && costCents === task.costCents) return;
  const lines = await tx.taskLine.findMany({ where: { taskId: task.id }, select: { id: true, kind: true } });
  if (lines.length === 0) {
    // A task written without lines (an import, a fixture): it becomes the one FLAT line it should be.
    const taxRateId = await flatLineTaxRateId(tx);
    await tx.taskLine.create({ data: { ...flatLine(task.title, soldForCents, costCents, taxRateId), taskId: task.id, position: 0 } });
  } else if (lines.length === 1 && lines[0]!.kind === 'FLAT') {
    await tx.taskLine.update({
      where: { id: lines[0]!.id },
      data: { quantityMilli: 1000, unitPriceCents: soldForCents, totalCents: soldForCents, unitCostCents: costCents },
    });
  } else {
    const field = soldForCents !== task.soldForCents ? 'soldForCents' : 'costCents';
    throw new AppError('CONFLICT', 'taskLines.priceFromLines', { field });
  }
  await writeTaskTotals(tx, task.id);
}

/** Edits name the `updatedAt` they read; a task changed meanwhile answers 409 instead of being overwritten. */
/** Changes only the fields sent (an omitted field keeps its value); names the `updatedAt` it read. */
export async function updateTask(
  db: Db,
  id: string,
  readUpdatedAt: string,
  input: TaskPatch,
  actor: LineActor = NO_ACTOR,
): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, id);
    if (task.updatedAt.getTime() !== new Date(readUpdatedAt).getTime()) throw new AppError('CONFLICT', 'tasks.changed');
    // The customer decided on this price: changing it afterwards would change what they agreed to.
    if (
      (task.approval === 'APPROVED' || task.approval === 'DECLINED') &&
      input.soldForCents !== undefined &&
      input.soldForCents !== task.soldForCents
    ) {
      throw new AppError('CONFLICT', 'tasks.priceDecided', { field: 'soldForCents' });
    }
    const { dueDate, soldForCents: _soldFor, costCents: _cost, ...fields } = input;
    const data = { ...fields, dueDate: dueDate === undefined ? undefined : dueDate ? dueDateValue(dueDate) : null };
    await applyPriceEdit(tx, task, input);
    await tx.task.update({ where: { id }, data, select: { id: true } });
    await writeDerivedState(tx, visit);
    return readTaskView(tx, id, actor.seesCosts);
  });
}

/** Moves a task along TASK_TRANSITIONS; completedOn is set on completion and cleared when it leaves it. */
export async function setTaskStatus(
  db: Db,
  id: string,
  status: TaskStatus,
  now = new Date(),
  actor: LineActor = NO_ACTOR,
): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, id);
    if (!canTransitionTask(task, status)) {
      if (task.approval === 'PENDING' && task.status === 'CANCELLED')
        throw new AppError('CONFLICT', 'tasks.withdrawnFinal', { field: 'status' });
      if (task.approval === 'PENDING' && status !== 'CANCELLED')
        throw new AppError('CONFLICT', 'tasks.awaitingApproval', { field: 'status' });
      if (task.approval === 'DECLINED') throw new AppError('CONFLICT', 'tasks.declinedFinal', { field: 'status' });
      const allowed = allowedTaskTransitions(task).join(', ');
      throw new AppError('CONFLICT', 'tasks.badTransition', {
        params: { from: task.status, to: status, allowed },
        fieldErrors: { status: [{ code: 'tasks.badTransitionField', params: { from: task.status, to: status } }] },
      });
    }
    await tx.task.update({ where: { id }, data: { status, completedOn: taskCompletedOn(status, task.completedOn, now) } });
    // Reserve (approved, unfinished), use (completed), give back (reopened) or release (cancelled) its parts.
    await syncTaskStock(tx, id, actor.userId);
    await writeDerivedState(tx, visit, now);
    return readTaskView(tx, id, actor.seesCosts);
  });
}

/** A visit keeps at least one task (SPEC §5); cancel the last one instead of deleting it. */
export async function deleteTask(db: Db, id: string, actor: LineActor = NO_ACTOR): Promise<{ id: string; visitId: string }> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, id);
    const siblings = await tx.task.count({ where: { visitId: task.visitId } });
    if (siblings <= 1) throw new AppError('CONFLICT', 'tasks.lastTask');
    if (task.approval === 'DECLINED') throw new AppError('CONFLICT', 'tasks.declinedKept');
    // Parts used go back to stock, reservations are released (and handed to whoever waits for them).
    await lockTaskParts(tx, [id]);
    await syncTaskStock(tx, id, actor.userId, 'QUOTED');
    await tx.task.delete({ where: { id } });
    await writeDerivedState(tx, visit);
    return { id, visitId: task.visitId };
  });
}
