// The invoice and credit note PDF downloads, and the draft preview: binary, so REST only (the web links to
// them). The JSON operations are in invoices.operations.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceIdSchema, invoicePdfQuerySchema, visitIdParamsSchema } from '@garage/shared/schemas/invoices';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../../http/guards.ts';
import { getDraftInvoicePdf, getInvoicePdf, getMyInvoicePdf, pdfLanguageFor, type InvoicePdf } from './invoices.service.ts';

const tags = ['invoices'];
const pdfResponse = { 200: z.any().describe('application/pdf') };

export function invoicesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const pdfDeps = { db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR };
  const sendPdf = (reply: import('fastify').FastifyReply, pdf: InvoicePdf, disposition: 'attachment' | 'inline' = 'attachment') =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `${disposition}; filename="${pdf.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.bytes);

  return async (app) => {
    app.get(
      '/invoices/:id/pdf',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'An invoice as PDF (lang=en|fr|ar, default the caller’s language)',
          params: invoiceIdSchema,
          querystring: invoicePdfQuerySchema,
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const lang = await pdfLanguageFor(deps.db, sessionOf(request).userId, request.query.lang);
        return sendPdf(reply, await getInvoicePdf(pdfDeps, request.params.id, lang));
      },
    );
    app.get(
      '/visits/:visitId/invoices/draft.pdf',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'The invoice the visit would get now, as a PDF marked “DRAFT — not an invoice” (nothing stored, no number taken)',
          params: visitIdParamsSchema,
          querystring: invoicePdfQuerySchema,
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const lang = await pdfLanguageFor(deps.db, sessionOf(request).userId, request.query.lang);
        // Shown in the browser's viewer (a preview), not saved as a file.
        return sendPdf(reply, await getDraftInvoicePdf(pdfDeps, request.params.visitId, lang), 'inline');
      },
    );
    app.get(
      '/my/invoices/:id/pdf',
      {
        onRequest: guards.client,
        schema: {
          tags: ['client area'],
          summary: 'One of my invoices as PDF (lang=en|fr|ar, default my language)',
          params: invoiceIdSchema,
          querystring: invoicePdfQuerySchema,
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const userId = sessionOf(request).userId;
        const lang = await pdfLanguageFor(deps.db, userId, request.query.lang);
        return sendPdf(reply, await getMyInvoicePdf(pdfDeps, userId, request.params.id, lang));
      },
    );
  };
}
