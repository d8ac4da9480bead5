// The client area's visit and task pages and the client's decisions on proposed work. Ownership is in the
// services' where: another customer's visit or task answers "not found".
import { myDecisionsSchema, myTaskDetailSchema, myTaskIdSchema, myVisitIdSchema, myVisitSchema } from '@garage/shared';
import { mutation, query } from '../../operations/operation.ts';
import { decideTasks } from '../approvals/approvals.service.ts';
import { getMyTask, getMyVisit } from './my-visits.service.ts';

const tag = 'client area';

export const myVisitsOperations = {
  get: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/visits/:id', tag, summary: 'One of my visits: tasks (no internal cost), totals, payments' },
    input: myVisitIdSchema,
    output: myVisitSchema,
    handler: ({ ctx, input }) => getMyVisit(ctx.deps.db, ctx.session.userId, input.id, input.vehicleId),
  }),
  task: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/tasks/:id', tag, summary: 'One task of my visits' },
    input: myTaskIdSchema,
    output: myTaskDetailSchema,
    handler: ({ ctx, input }) =>
      getMyTask(ctx.deps.db, ctx.session.userId, input.id, { visitId: input.visitId, vehicleId: input.vehicleId }),
  }),
  decide: mutation({
    access: 'client',
    rest: {
      method: 'POST',
      path: '/my/visits/:id/decisions',
      tag,
      summary: 'Approve or decline proposed tasks of my visit (once each; not after the visit is closed)',
    },
    input: myDecisionsSchema,
    output: myVisitSchema,
    handler: async ({ ctx, input }) => {
      await decideTasks(ctx.deps.db, input.id, input.decisions, { customerId: ctx.session.userId, channel: 'PORTAL' });
      return getMyVisit(ctx.deps.db, ctx.session.userId, input.id);
    },
  }),
};
