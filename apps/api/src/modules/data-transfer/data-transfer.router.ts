// tRPC for the import screen's steps (upload and downloads are REST: data-transfer.rest.ts).
import { importIdSchema, importJobSchema, startImportSchema } from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { discardImport, getImport, runImport, validateImport } from './import.service.ts';

const log = (error: unknown) => console.error('import failed', error);

export const dataTransferRouter = router({
  importStatus: staffProcedure.input(importIdSchema).output(importJobSchema).query(({ ctx, input }) => getImport(ctx.deps.db, ctx.session, input.id)),
  validateImport: staffProcedure.input(startImportSchema).output(importJobSchema).mutation(({ ctx, input }) => validateImport(ctx.deps.db, ctx.deps.storage, ctx.session, input.id, input.options, log)),
  runImport: staffProcedure.input(startImportSchema).output(importJobSchema).mutation(({ ctx, input }) => runImport(ctx.deps.db, ctx.deps.storage, ctx.session, input.id, input.options, log)),
  discardImport: staffProcedure
    .input(importIdSchema)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await discardImport(ctx.deps.db, ctx.deps.storage, ctx.session, input.id);
      return { id: input.id };
    }),
});
