// Invoices and credit notes: staff issue (and thereby correct) a visit's invoice, credit an invoice, list
// a visit's documents; a client lists those of their own visit. There is no delete: nothing issued is ever
// removed. The PDFs (issued documents and the draft preview) are binary downloads, REST only (invoices.rest.ts).
import { creditNoteInputSchema, invoiceListSchema, invoiceSummarySchema, visitIdParamsSchema } from '@garage/shared/schemas/invoices';
import { mutation, query } from '../../operations/operation.ts';
import { issueCreditNote, issueInvoice, listMyVisitInvoices, listVisitInvoices } from './invoices.service.ts';

export const invoicesOperations = {
  // One action issues and corrects: when the visit's current invoice still stands and the visit changed
  // since, the same call issues a full credit note of it and the new invoice, in one transaction.
  issue: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits/:visitId/invoices',
      status: 201,
      summary:
        'Issue an invoice for a visit (a new INV number). If its current invoice differs from the visit now, that invoice is credited in full (a CN credit note) and the new one replaces it, in one transaction; 409 when nothing changed',
    },
    input: visitIdParamsSchema,
    output: invoiceSummarySchema,
    handler: ({ ctx, input }) => issueInvoice(ctx.deps.db, input.visitId, ctx.session.userId),
  }),
  creditNote: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/invoices/:id/credit-notes',
      status: 201,
      summary:
        'Credit an invoice (a new CN number): in full when no lines are given, else the lines chosen, each by a quantity or an amount, never more than is left on the line',
    },
    input: creditNoteInputSchema,
    output: invoiceSummarySchema,
    handler: ({ ctx, input }) => issueCreditNote(ctx.deps.db, input, ctx.session.userId),
  }),
  forVisit: query({
    access: 'staff',
    rest: { method: 'GET', path: '/visits/:visitId/invoices', summary: "A visit's invoices and credit notes, newest first" },
    input: visitIdParamsSchema,
    output: invoiceListSchema,
    handler: ({ ctx, input }) => listVisitInvoices(ctx.deps.db, input.visitId),
  }),
};

export const myInvoicesOperations = {
  forVisit: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/visits/:visitId/invoices',
      tag: 'client area',
      summary: 'The invoices and credit notes of one of my visits, newest first',
    },
    input: visitIdParamsSchema,
    output: invoiceListSchema,
    handler: ({ ctx, input }) => listMyVisitInvoices(ctx.deps.db, ctx.session.userId, input.visitId),
  }),
};
