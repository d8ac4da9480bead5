// tRPC for invoices: staff issue and list; a client lists the invoices of their own visit. The PDFs are
// binary downloads over REST (invoices.rest.ts).
import { invoiceListSchema, invoiceSummarySchema, visitIdParamsSchema } from '@garage/shared/schemas/invoices';
import { clientProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { issueInvoice, listMyVisitInvoices, listVisitInvoices } from './invoices.service.ts';

export const invoicesRouter = router({
  issue: staffProcedure
    .input(visitIdParamsSchema)
    .output(invoiceSummarySchema)
    .mutation(({ ctx, input }) => issueInvoice(ctx.deps.db, input.visitId, ctx.session.userId)),
  forVisit: staffProcedure
    .input(visitIdParamsSchema)
    .output(invoiceListSchema)
    .query(({ ctx, input }) => listVisitInvoices(ctx.deps.db, input.visitId)),
});

export const myInvoicesRouter = router({
  forVisit: clientProcedure
    .input(visitIdParamsSchema)
    .output(invoiceListSchema)
    .query(({ ctx, input }) => listMyVisitInvoices(ctx.deps.db, ctx.session.userId, input.visitId)),
});
