// Tasks of a visit. Every change locks the visit row, changes the task, then rewrites the visit's derived
// state (total, status, payment status, version) in the same transaction (visits/visit-state.ts).
import type { Db } from '@garage/db';
import {
  TASK_TRANSITIONS,
  canTransitionTask,
  dueDateValue,
  taskCompletedOn,
  type TaskDetail,
  type TaskInputParsed,
  type TaskStatus,
  type TaskView,
} from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { inVisitTransaction, lockVisit, writeDerivedState, type Tx } from '../visits/visit-state.ts';
import { taskSelect, toTaskView } from '../visits/visit-views.ts';

const TASK_CHANGED = 'This task was changed by someone else. Reload it and apply your change again.';

function taskData(input: TaskInputParsed) {
  return {
    title: input.title,
    description: input.description,
    service: input.service,
    priority: input.priority,
    costCents: input.costCents,
    soldForCents: input.soldForCents,
    dueDate: input.dueDate ? dueDateValue(input.dueDate) : null,
  };
}

/** Reads the task's visit id, then locks that visit before trusting anything else about the task. */
async function lockTaskVisit(tx: Tx, taskId: string) {
  const found = await tx.task.findUnique({ where: { id: taskId }, select: { visitId: true } });
  if (!found) throw notFound('Task');
  const visit = await lockVisit(tx, found.visitId);
  const task = await tx.task.findUnique({ where: { id: taskId }, select: taskSelect });
  if (!task) throw notFound('Task');
  return { visit, task };
}

export async function getTask(db: Db, id: string): Promise<TaskDetail> {
  const row = await db.task.findUnique({
    where: { id },
    select: { ...taskSelect, visit: { select: { id: true, name: true, customerId: true, vehicleId: true, status: true, version: true } } },
  });
  if (!row) throw notFound('Task');
  const { visit, ...task } = row;
  return { ...toTaskView(task), visit };
}

export async function createTask(db: Db, visitId: string, input: TaskInputParsed): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const visit = await lockVisit(tx, visitId);
    const task = await tx.task.create({ data: { ...taskData(input), visitId, status: 'PENDING' }, select: taskSelect });
    await writeDerivedState(tx, visit);
    return toTaskView(task);
  });
}

/** Edits name the `updatedAt` they read; a task changed meanwhile answers 409 instead of being overwritten. */
export async function updateTask(db: Db, id: string, readUpdatedAt: string, input: TaskInputParsed): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, id);
    if (task.updatedAt.getTime() !== new Date(readUpdatedAt).getTime()) throw new AppError('CONFLICT', TASK_CHANGED);
    const updated = await tx.task.update({ where: { id }, data: taskData(input), select: taskSelect });
    await writeDerivedState(tx, visit);
    return toTaskView(updated);
  });
}

/** Moves a task along TASK_TRANSITIONS; completedOn is set on completion and cleared when it leaves it. */
export async function setTaskStatus(db: Db, id: string, status: TaskStatus, now = new Date()): Promise<TaskView> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, task } = await lockTaskVisit(tx, id);
    if (!canTransitionTask(task.status, status)) {
      const allowed = TASK_TRANSITIONS[task.status].join(', ');
      throw new AppError('CONFLICT', `A task cannot move from ${task.status} to ${status} (allowed: ${allowed})`, {
        fieldErrors: { status: [`A task cannot move from ${task.status} to ${status}`] },
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
    if (siblings <= 1) throw new AppError('CONFLICT', 'A visit must keep at least one task; cancel this task instead');
    await tx.task.delete({ where: { id } });
    await writeDerivedState(tx, visit);
    return { id, visitId: task.visitId };
  });
}
