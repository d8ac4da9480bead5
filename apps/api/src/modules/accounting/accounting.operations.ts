// The fiscal journal and its closings (admin): the journal's state, its verification, the closings and
// closing a period. The files (FEC, journal CSV, the yearly archive) are downloads: accounting.rest.ts.
import { verifyFiscalJournal } from '@garage/db/fiscal-journal';
import {
  closeFiscalPeriodSchema,
  fiscalClosingViewSchema,
  fiscalJournalStatusSchema,
  fiscalVerificationSchema,
  listFiscalClosingsSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { closeFiscalPeriod, journalStatus, listClosings } from './closings.service.ts';

export const accountingOperations = {
  journalStatus: query({
    access: 'admin',
    rest: { method: 'GET', path: '/fiscal/journal', summary: 'The fiscal journal: entries, head hash, years recorded, last closed day' },
    input: z.object({}).strict(),
    output: fiscalJournalStatusSchema,
    handler: ({ ctx }) => journalStatus(ctx.deps.db),
  }),
  verifyJournal: query({
    access: 'admin',
    rest: {
      method: 'GET',
      path: '/fiscal/journal/verification',
      summary:
        'Recomputes every hash of the fiscal journal and checks that every issued document and payment has its entry; names the first problem',
    },
    input: z.object({}).strict(),
    output: fiscalVerificationSchema,
    handler: ({ ctx }) => verifyFiscalJournal(ctx.deps.db),
  }),
  closings: query({
    access: 'admin',
    rest: { method: 'GET', path: '/fiscal/closings', summary: 'Closed days, months and years with their frozen totals, newest first' },
    input: listFiscalClosingsSchema,
    output: z.array(fiscalClosingViewSchema),
    handler: ({ ctx, input }) => listClosings(ctx.deps.db, input),
  }),
  close: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/fiscal/closings',
      status: 201,
      summary: 'Close a day, month or year that has ended (a month closes its open days first); 409 when open or already closed',
    },
    input: closeFiscalPeriodSchema,
    output: fiscalClosingViewSchema,
    handler: ({ ctx, input }) => closeFiscalPeriod(ctx.deps.db, input.period, input.key),
  }),
};
