// The client area (/client/overview...): a client's own vehicles, their visits and oil history. Ownership is
// in each query's where, so another customer's vehicle answers "not found".
import { historyWindowSchema, oilHistorySchema, paginationSchema, vehicleDetailSchema, vehicleIdSchema, vehicleListSchema, visitSummaryPageSchema } from '@garage/shared';
import { z } from 'zod';
import { clientProcedure, router } from '../../trpc/init.ts';
import { listOilChanges } from '../oil-changes/oil-changes.service.ts';
import { listMyVehicleVisits } from '../my-visits/my-visits.service.ts';
import { getVehicle, listVehiclesOfOwner } from './vehicles.service.ts';

export const myVehiclesRouter = router({
  list: clientProcedure.output(vehicleListSchema).query(({ ctx }) => listVehiclesOfOwner(ctx.deps.db, ctx.session.userId)),
  get: clientProcedure
    .input(vehicleIdSchema)
    .output(vehicleDetailSchema)
    .query(({ ctx, input }) => getVehicle(ctx.deps.db, input.id, { ownerId: ctx.session.userId })),
  visits: clientProcedure
    .input(paginationSchema.extend({ id: z.uuid() }))
    .output(visitSummaryPageSchema)
    .query(({ ctx, input }) => listMyVehicleVisits(ctx.deps.db, ctx.session.userId, input.id, input)),
  oilChanges: clientProcedure
    .input(historyWindowSchema.extend({ id: z.uuid() }))
    .output(oilHistorySchema)
    .query(({ ctx, input }) => listOilChanges(ctx.deps.db, input.id, { ownerId: ctx.session.userId }, input)),
});
