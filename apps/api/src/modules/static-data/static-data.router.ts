import { listStaticDataSchema, staticDataIdSchema, staticDataInputSchema, staticDataViewSchema, updateStaticDataSchema } from '@garage/shared';
import { z } from 'zod';
import { protectedProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { createStaticData, deleteStaticData, listStaticData, updateStaticData } from './static-data.service.ts';

export const staticDataRouter = router({
  // Any signed-in account reads the lists: the client portal shows a vehicle's colour and engine type with
  // their labels in the client's language.
  list: protectedProcedure
    .input(listStaticDataSchema)
    .output(z.array(staticDataViewSchema))
    .query(({ ctx, input }) => listStaticData(ctx.deps.db, input.type)),
  create: staffProcedure.input(staticDataInputSchema).output(staticDataViewSchema).mutation(({ ctx, input }) => createStaticData(ctx.deps.db, input)),
  update: staffProcedure
    .input(updateStaticDataSchema)
    .output(staticDataViewSchema)
    .mutation(({ ctx, input }) => updateStaticData(ctx.deps.db, input.id, input.data)),
  delete: staffProcedure.input(staticDataIdSchema).output(z.object({ id: z.string() })).mutation(({ ctx, input }) => deleteStaticData(ctx.deps.db, input.id)),
});
