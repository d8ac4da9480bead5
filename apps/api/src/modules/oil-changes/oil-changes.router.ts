import { createOilChangeSchema, oilChangeViewSchema, oilHistorySchema, oilSummarySchema, recordKmSchema, vehicleOilSchema } from '@garage/shared';
import { router, staffProcedure } from '../../trpc/init.ts';
import { listOilChanges, recordKmReading, recordOilChange } from './oil-changes.service.ts';

export const oilChangesRouter = router({
  list: staffProcedure.input(vehicleOilSchema).output(oilHistorySchema).query(({ ctx, input }) => listOilChanges(ctx.deps.db, input.vehicleId)),
  create: staffProcedure
    .input(createOilChangeSchema)
    .output(oilChangeViewSchema)
    .mutation(({ ctx, input }) => recordOilChange(ctx.deps.db, ctx.session, input.vehicleId, input.data)),
  recordKm: staffProcedure
    .input(recordKmSchema)
    .output(oilSummarySchema)
    .mutation(({ ctx, input }) => recordKmReading(ctx.deps.db, input.vehicleId, input.data.km)),
});
