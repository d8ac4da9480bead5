// Invoices: staff issue and list a visit's invoices; a client lists those of their own visit. The PDFs are
// binary downloads, REST only (invoices.rest.ts).
import { invoiceListSchema, invoiceSummarySchema, visitIdParamsSchema } from '@garage/shared/schemas/invoices';
import { mutation, query } from '../../operations/operation.ts';
import { issueInvoice, listMyVisitInvoices, listVisitInvoices } from './invoices.service.ts';

export const invoicesOperations = {
  issue: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits/:visitId/invoices',
      status: 201,
      summary: 'Issue an invoice for a visit (a new number; replaces the previous invoice of the visit if it changed since)',
    },
    input: visitIdParamsSchema,
    output: invoiceSummarySchema,
    handler: ({ ctx, input }) => issueInvoice(ctx.deps.db, input.visitId, ctx.session.userId),
  }),
  forVisit: query({
    access: 'staff',
    rest: { method: 'GET', path: '/visits/:visitId/invoices', summary: "A visit's invoices, newest first" },
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
      summary: 'The invoices of one of my visits, newest first',
    },
    input: visitIdParamsSchema,
    output: invoiceListSchema,
    handler: ({ ctx, input }) => listMyVisitInvoices(ctx.deps.db, ctx.session.userId, input.visitId),
  }),
};
