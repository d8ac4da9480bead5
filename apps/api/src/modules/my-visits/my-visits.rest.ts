// REST twin of my-visits.router.ts: the signed-in client's visits, tasks and decisions on proposed work.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkDecisionsSchema, myTaskDetailSchema, myVisitSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { decideTasks } from '../approvals/approvals.service.ts';
import { getMyTask, getMyVisit } from './my-visits.service.ts';

const tags = ['client area'];
const idParams = z.object({ id: z.uuid() });

export function myVisitsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/my/visits/:id',
      { onRequest: guards.client, schema: { tags, summary: 'One of my visits: tasks (no internal cost), totals, payments', params: idParams, response: { 200: myVisitSchema } } },
      async (request) => getMyVisit(deps.db, sessionOf(request).userId, request.params.id),
    );
    app.get(
      '/my/tasks/:id',
      { onRequest: guards.client, schema: { tags, summary: 'One task of my visits', params: idParams, response: { 200: myTaskDetailSchema } } },
      async (request) => getMyTask(deps.db, sessionOf(request).userId, request.params.id),
    );
    app.post(
      '/my/visits/:id/decisions',
      {
        onRequest: guards.client,
        schema: {
          tags,
          summary: 'Approve or decline proposed tasks of my visit (once each; not after the visit is closed)',
          params: idParams,
          body: linkDecisionsSchema,
          response: { 200: myVisitSchema },
        },
      },
      async (request) => {
        const userId = sessionOf(request).userId;
        await decideTasks(deps.db, request.params.id, request.body.decisions, { customerId: userId, channel: 'PORTAL' });
        return getMyVisit(deps.db, userId, request.params.id);
      },
    );
  };
}
