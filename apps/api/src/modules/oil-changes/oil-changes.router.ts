import { z } from 'zod';
import { createOilChangeSchema, oilChangeIdSchema, oilChangeViewSchema, updateOilChangeSchema, oilHistorySchema, oilSummarySchema, recordKmSchema, vehicleOilSchema } from '@garage/shared';
import { router, staffProcedure } from '../../trpc/init.ts';
import { deleteOilChange, listOilChanges, recordKmReading, recordOilChange, updateOilChange } from './oil-changes.service.ts';

export const oilChangesRouter = router({
  list: staffProcedure.input(vehicleOilSchema).output(oilHistorySchema).query(({ ctx, input }) => listOilChanges(ctx.deps.db, input.vehicleId, {}, input)),
  create: staffProcedure
    .input(createOilChangeSchema)
    .output(oilChangeViewSchema)
    .mutation(({ ctx, input }) => recordOilChange(ctx.deps.db, ctx.session, input.vehicleId, input.data)),
  recordKm: staffProcedure
    .input(recordKmSchema)
    .output(oilSummarySchema)
    .mutation(({ ctx, input }) => recordKmReading(ctx.deps.db, input.vehicleId, input.data.km)),
  update: staffProcedure
    .input(updateOilChangeSchema)
    .output(oilChangeViewSchema)
    .mutation(({ ctx, input }) => updateOilChange(ctx.deps.db, input.id, input.data)),
  delete: staffProcedure
    .input(oilChangeIdSchema)
    .output(z.object({ id: z.string(), summary: oilSummarySchema }))
    .mutation(({ ctx, input }) => deleteOilChange(ctx.deps.db, input.id)),
});
