// REST twin of invoices.router.ts, plus the PDF downloads (binary, REST only; the web links to them).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceIdSchema, invoiceListSchema, invoicePdfQuerySchema, invoiceSummarySchema, visitIdParamsSchema } from '@garage/shared/schemas/invoices';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { getInvoicePdf, getMyInvoicePdf, issueInvoice, listMyVisitInvoices, listVisitInvoices, pdfLanguageFor, type InvoicePdf } from './invoices.service.ts';

const tags = ['invoices'];
const pdfResponse = { 200: z.any().describe('application/pdf') };

export function invoicesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const pdfDeps = { db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR };
  const sendPdf = (reply: import('fastify').FastifyReply, pdf: InvoicePdf) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.bytes);

  return async (app) => {
    app.post(
      '/visits/:visitId/invoices',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Issue an invoice for a visit (a new number; replaces the previous invoice of the visit if it changed since)',
          params: visitIdParamsSchema,
          response: { 201: invoiceSummarySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await issueInvoice(deps.db, request.params.visitId, sessionOf(request).userId)),
    );
    app.get(
      '/visits/:visitId/invoices',
      { onRequest: guards.staff, schema: { tags, summary: "A visit's invoices, newest first", params: visitIdParamsSchema, response: { 200: invoiceListSchema } } },
      async (request) => listVisitInvoices(deps.db, request.params.visitId),
    );
    app.get(
      '/invoices/:id/pdf',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'An invoice as PDF (lang=en|fr|ar, default the caller’s language)', params: invoiceIdSchema, querystring: invoicePdfQuerySchema, response: pdfResponse },
      },
      async (request, reply) => {
        const lang = await pdfLanguageFor(deps.db, sessionOf(request).userId, request.query.lang);
        return sendPdf(reply, await getInvoicePdf(pdfDeps, request.params.id, lang));
      },
    );
    app.get(
      '/my/visits/:visitId/invoices',
      {
        onRequest: guards.client,
        schema: { tags: ['client area'], summary: 'The invoices of one of my visits, newest first', params: visitIdParamsSchema, response: { 200: invoiceListSchema } },
      },
      async (request) => listMyVisitInvoices(deps.db, sessionOf(request).userId, request.params.visitId),
    );
    app.get(
      '/my/invoices/:id/pdf',
      {
        onRequest: guards.client,
        schema: { tags: ['client area'], summary: 'One of my invoices as PDF (lang=en|fr|ar, default my language)', params: invoiceIdSchema, querystring: invoicePdfQuerySchema, response: pdfResponse },
      },
      async (request, reply) => {
        const userId = sessionOf(request).userId;
        const lang = await pdfLanguageFor(deps.db, userId, request.query.lang);
        return sendPdf(reply, await getMyInvoicePdf(pdfDeps, userId, request.params.id, lang));
      },
    );
  };
}
