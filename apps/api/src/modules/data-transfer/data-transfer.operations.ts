// The import screen's steps, each defined once (import.service.ts). The upload (multipart) and the
// downloads (templates, the export ZIP) are bytes, so REST only (data-transfer.rest.ts).
import { importIdSchema, importJobSchema, startImportSchema } from '@garage/shared';
import { z } from 'zod';
import { mutation, query, type OperationContext } from '../../operations/operation.ts';
import type { Session } from '../../session/session.ts';
import { discardImport, getImport, runImport, validateImport } from './import.service.ts';

/** Validating and importing run after the answer: their failure is logged, the job shows it. */
const failureLog = (ctx: OperationContext<Session>) => (error: unknown) => {
  if (ctx.req) ctx.req.log.error({ err: error }, 'import failed');
  else console.error('import failed', error);
};

export const dataTransferOperations = {
  importStatus: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/data-transfer/imports/:id',
      summary: 'An import: its phase, progress, row errors and summary (poll it while it runs)',
    },
    input: importIdSchema,
    output: importJobSchema,
    handler: ({ ctx, input }) => getImport(ctx.deps.db, ctx.session, input.id),
  }),
  validateImport: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/data-transfer/imports/:id/validate',
      status: 202,
      summary: 'Check every row with this mapping (nothing is written); poll the import for the result',
    },
    input: startImportSchema,
    output: importJobSchema,
    handler: ({ ctx, input }) => validateImport(ctx.deps.db, ctx.deps.storage, ctx.session, input.id, input.options, failureLog(ctx)),
  }),
  runImport: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/data-transfer/imports/:id/run',
      status: 202,
      summary:
        'Import: all or nothing (refused if any row is invalid) or the valid rows; duplicates (phone, email, plate) skipped or updated',
    },
    input: startImportSchema,
    output: importJobSchema,
    handler: ({ ctx, input }) => runImport(ctx.deps.db, ctx.deps.storage, ctx.session, input.id, input.options, failureLog(ctx)),
  }),
  discardImport: mutation({
    access: 'staff',
    // 204: the REST answer has no body (HTTP drops it); tRPC answers the id.
    rest: { method: 'DELETE', path: '/data-transfer/imports/:id', status: 204, summary: 'Forget an import and delete its uploaded file' },
    input: importIdSchema,
    output: z.object({ id: z.string() }),
    handler: async ({ ctx, input }) => {
      await discardImport(ctx.deps.db, ctx.deps.storage, ctx.session, input.id);
      return { id: input.id };
    },
  }),
};
