import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TASK_STATUSES, taskDetailSchema, taskInputSchema, taskPatchSchema, taskViewSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { createTask, deleteTask, getTask, setTaskStatus, updateTask } from './tasks.service.ts';

const tags = ['tasks'];
const idParams = z.object({ id: z.uuid() });

export function tasksRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.post(
      '/visits/:id/tasks',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Add a task to a visit (the visit total and status are recomputed); proposed: true asks the customer to approve it first',
          params: idParams,
          body: taskInputSchema.extend({ proposed: z.boolean().default(false) }),
          response: { 201: taskViewSchema },
        },
      },
      async (request, reply) => {
        const { proposed, ...data } = request.body;
        const proposal = proposed ? { proposedById: sessionOf(request).userId } : undefined;
        return reply.status(201).send(await createTask(deps.db, request.params.id, data, proposal));
      },
    );
    app.get(
      '/tasks/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'A task with its visit', params: idParams, response: { 200: taskDetailSchema } } },
      async (request) => getTask(deps.db, request.params.id),
    );
    app.put(
      '/tasks/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Edit a task: only the fields sent change; send the updatedAt you read (409 when it changed meanwhile)',
          params: idParams,
          body: taskPatchSchema.extend({ updatedAt: z.iso.datetime() }),
          response: { 200: taskViewSchema },
        },
      },
      async (request) => {
        const { updatedAt, ...data } = request.body;
        return updateTask(deps.db, request.params.id, updatedAt, data);
      },
    );
    app.patch(
      '/tasks/:id/status',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Move a task to another status (transition rules enforced; 409 when refused)',
          params: idParams,
          body: z.object({ status: z.enum(TASK_STATUSES) }),
          response: { 200: taskViewSchema },
        },
      },
      async (request) => setTaskStatus(deps.db, request.params.id, request.body.status),
    );
    app.delete(
      '/tasks/:id',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Delete a task (a visit keeps at least one)', params: idParams, response: { 200: z.object({ id: z.string(), visitId: z.string() }) } },
      },
      async (request) => deleteTask(deps.db, request.params.id),
    );
  };
}
