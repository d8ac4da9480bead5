// tRPC for the client area's visit and task pages and the client's decisions on proposed work. Ownership is
// in the services' where: another customer's visit or task answers "not found".
import { myDecisionsSchema, myTaskDetailSchema, myTaskIdSchema, myVisitIdSchema, myVisitSchema } from '@garage/shared';
import { clientProcedure, router } from '../../trpc/init.ts';
import { decideTasks } from '../approvals/approvals.service.ts';
import { getMyTask, getMyVisit } from './my-visits.service.ts';

export const myVisitsRouter = router({
  get: clientProcedure
    .input(myVisitIdSchema)
    .output(myVisitSchema)
    .query(({ ctx, input }) => getMyVisit(ctx.deps.db, ctx.session.userId, input.id, input.vehicleId)),
  task: clientProcedure
    .input(myTaskIdSchema)
    .output(myTaskDetailSchema)
    .query(({ ctx, input }) => getMyTask(ctx.deps.db, ctx.session.userId, input.id, { visitId: input.visitId, vehicleId: input.vehicleId })),
  decide: clientProcedure
    .input(myDecisionsSchema)
    .output(myVisitSchema)
    .mutation(async ({ ctx, input }) => {
      await decideTasks(ctx.deps.db, input.visitId, input.decisions, { customerId: ctx.session.userId, channel: 'PORTAL' });
      return getMyVisit(ctx.deps.db, ctx.session.userId, input.visitId);
    }),
});
