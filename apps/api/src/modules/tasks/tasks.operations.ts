// Tasks of a visit (staff): add, read, edit, move through their statuses, delete.
import { createTaskSchema, setTaskStatusSchema, taskDetailSchema, taskIdSchema, taskViewSchema, updateTaskSchema } from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { lineActor } from '../task-lines/task-line-pricing.ts';
import { createTask, deleteTask, getTask, setTaskStatus, updateTask } from './tasks.service.ts';

export const tasksOperations = {
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/tasks/:id', summary: 'A task with its visit' },
    input: taskIdSchema,
    output: taskDetailSchema,
    handler: ({ ctx, input }) => getTask(ctx.deps.db, input.id, lineActor(ctx.session).seesCosts),
  }),
  create: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits/:id/tasks',
      status: 201,
      summary:
        'Add a task to a visit (the visit total and status are recomputed); proposed: true asks the customer to approve it first. ' +
        'Its lines: `lines`, after the default lines of the catalogue item `offeringItemId`; with neither, one flat line at soldForCents',
    },
    input: createTaskSchema,
    output: taskViewSchema,
    handler: ({ ctx, input: { id, proposed, ...data } }) =>
      createTask(ctx.deps.db, id, data, proposed ? { proposedById: ctx.session.userId } : undefined, lineActor(ctx.session)),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/tasks/:id',
      summary:
        'Edit a task: only the fields sent change; send the updatedAt you read (409 when it changed meanwhile). ' +
        'A new soldForCents or costCents changes a task that is one flat line; any other task is priced by its lines (409)',
    },
    input: updateTaskSchema,
    output: taskViewSchema,
    handler: ({ ctx, input: { id, updatedAt, ...data } }) => updateTask(ctx.deps.db, id, updatedAt, data, lineActor(ctx.session)),
  }),
  setStatus: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/tasks/:id/status',
      summary:
        'Move a task to another status (transition rules enforced; 409 when refused); its parts are reserved, used, returned or released',
    },
    input: setTaskStatusSchema,
    output: taskViewSchema,
    handler: ({ ctx, input }) => setTaskStatus(ctx.deps.db, input.id, input.status, new Date(), lineActor(ctx.session)),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/tasks/:id', summary: 'Delete a task (a visit keeps at least one)' },
    input: taskIdSchema,
    output: z.object({ id: z.string(), visitId: z.string() }),
    handler: ({ ctx, input }) => deleteTask(ctx.deps.db, input.id, lineActor(ctx.session)),
  }),
};
