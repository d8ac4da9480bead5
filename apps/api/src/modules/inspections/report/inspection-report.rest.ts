// The inspection report PDF (issue #29): binary, so REST only (rest-only.ts). Staff print any inspection; a
// client prints a SENT one of their own visits (the client portal links to it), anything else is 404 like a
// missing one. In the language asked for, else the caller's own.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoicePdfQuerySchema } from '@garage/shared/schemas/invoices';
import type { AppDeps } from '../../../deps.ts';
import { createGuards, sessionOf } from '../../../http/guards.ts';
import { jobSheetLanguage } from '../../visits/job-sheet/job-sheet.service.ts';
import { getInspectionReportPdf, type InspectionReportPdf } from './inspection-report.service.ts';

const SUMMARY = 'An inspection report as PDF: results in green, amber and red, notes, photos and proposed work (lang=en|fr|ar)';

export function inspectionReportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const pdfDeps = { db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR };
  const schema = (tags: string[], summary: string) => ({
    tags,
    summary,
    params: z.object({ id: z.uuid() }),
    querystring: invoicePdfQuerySchema,
    response: { 200: z.any().describe('application/pdf') },
  });
  // Opened in the browser's viewer (to read, print or save), like the job sheet.
  const send = (reply: FastifyReply, pdf: InspectionReportPdf) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.bytes);
  return async (app) => {
    app.get(
      '/inspections/:id/report.pdf',
      { onRequest: guards.staff, schema: schema(['inspections'], SUMMARY) },
      async (request, reply) => {
        const lang = await jobSheetLanguage(deps.db, sessionOf(request).userId, request.query.lang);
        return send(reply, await getInspectionReportPdf(pdfDeps, { inspectionId: request.params.id, lang }));
      },
    );
    app.get(
      '/my/inspections/:id/report.pdf',
      {
        onRequest: guards.client,
        schema: schema(['client area'], 'The report of an inspection sent to me, as PDF (lang=en|fr|ar, default my language)'),
      },
      async (request, reply) => {
        const userId = sessionOf(request).userId;
        const lang = await jobSheetLanguage(deps.db, userId, request.query.lang);
        return send(reply, await getInspectionReportPdf(pdfDeps, { inspectionId: request.params.id, lang, customerId: userId }));
      },
    );
  };
}
