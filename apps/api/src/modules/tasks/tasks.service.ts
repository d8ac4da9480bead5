// Tasks of a visit. Every change locks the visit row, changes the task, then rewrites the visit's derived
// state (total, status, payment status, version) in the same transaction (visits/visit-state.ts).
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
import { inVisitTransaction, lockVisit, writeDerivedState, type Tx } from '../visits/visit-state.ts';
import { taskSelect, toTaskView } from '../visits/visit-views.ts';

function taskData(input: TaskInputParsed) {
  return {
    title: input.title,
    description: input.description,
    service: input.service,
    priority: input.priority,
    costCents: input.costCents,
    soldForCents: input.soldForCents,
    dueDate: input.dueDate ? dueDateValue(input.dueDate) : null,
    remindInMonths: input.remindInMonths,
    remindInKm: input.remindInKm,
  };
}

/** Reads the task's visit id, then locks that visit before trusting anything else about the task. */
async function lockTaskVisit(tx: Tx, taskId: string) {
  const found = await tx.task.findUnique({ where: { id: taskId }, select: { visitId: true } });
  if (!found) throw notFound('task');
  const visit = await lockVisit(tx, found.visitId);
  const task = await tx.task.findUnique({ where: { id: taskId }, select: taskSelect });
  if (!task) throw notFound('task');
  return { visit, task };
}

export async function getTask(db: Db, id: string): Promise<TaskDetail> {
  const row = await db.task.findUnique({
    where: { id },
    select: { ...taskSelect, visit: { select: { id: true, name: true, customerId: true, vehicleId: true, status: true, version: true } } },
  });
  if (!row) throw notFound('task');
  const { visit, ...task } = row;
  return { ...toTaskView(task), visit };
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
): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const visit = await lockVisit(tx, visitId);
    if (proposal && isVisitClosed(visit.status)) throw new AppError('CONFLICT', 'tasks.proposalOnClosedVisit');
    const approval = proposal
      ? { approval: 'PENDING' as const, proposedAt: proposal.now ?? new Date(), proposedById: proposal.proposedById }
      : {};
    const task = await tx.task.create({ data: { ...taskData(input), ...approval, visitId, status: 'PENDING' }, select: taskSelect });
    await writeDerivedState(tx, visit);
    return toTaskView(task);
  });
}

/** Edits name the `updatedAt` they read; a task changed meanwhile answers 409 instead of being overwritten. */
/** Changes only the fields sent (an omitted field keeps its value); names the `updatedAt` it read. */
export async function updateTask(db: Db, id: string, readUpdatedAt: string, input: TaskPatch): Promise<TaskView> {
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
    const { dueDate, ...fields } = input;
    const data = { ...fields, dueDate: dueDate === undefined ? undefined : dueDate ? dueDateValue(dueDate) : null };
    const updated = await tx.task.update({ where: { id }, data, select: taskSelect });
    await writeDerivedState(tx, visit);
    return toTaskView(updated);
  });
}

/** Moves a task along TASK_TRANSITIONS; completedOn is set on completion and cleared when it leaves it. */
export async function setTaskStatus(db: Db, id: string, status: TaskStatus, now = new Date()): Promise<TaskView> {
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
    const updated = await tx.task.update({
      where: { id },
      data: { status, completedOn: taskCompletedOn(status, task.completedOn, now) },
      select: taskSelect,
    });
    await writeDerivedState(tx, visit, now);
    return toTaskView(updated);
  });
}

/** A visit keeps at least one task (SPEC §5); cancel the last one instead of deleting it. */
export async function deleteTask(db: Db, id: string): Promise<{ id: string; visitId: string }> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, id);
    const siblings = await tx.task.count({ where: { visitId: task.visitId } });
    if (siblings <= 1) throw new AppError('CONFLICT', 'tasks.lastTask');
    if (task.approval === 'DECLINED') throw new AppError('CONFLICT', 'tasks.declinedKept');
    await tx.task.delete({ where: { id } });
    await writeDerivedState(tx, visit);
    return { id, visitId: task.visitId };
  });
}
