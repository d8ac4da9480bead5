// The visit's job sheet PDF download: binary, so REST only (the visit screen links to it). Staff only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoicePdfQuerySchema } from '@garage/shared/schemas/invoices';
import type { AppDeps } from '../../../deps.ts';
import { createGuards, sessionOf } from '../../../http/guards.ts';
import { getJobSheetPdf, jobSheetLanguage } from './job-sheet.service.ts';

export function jobSheetRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const pdfDeps = { db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR };
  return async (app) => {
    app.get(
      '/visits/:id/job-sheet.pdf',
      {
        onRequest: guards.staff,
        schema: {
          tags: ['visits'],
          summary:
            "A visit's job sheet as PDF: vehicle, spec card, tasks with parts and labour, room for notes and signatures (lang=en|fr|ar)",
          params: z.object({ id: z.uuid() }),
          querystring: invoicePdfQuerySchema,
          response: { 200: z.any().describe('application/pdf') },
        },
      },
      async (request, reply) => {
        const lang = await jobSheetLanguage(deps.db, sessionOf(request).userId, request.query.lang);
        const pdf = await getJobSheetPdf(pdfDeps, request.params.id, lang);
        // Opened in the browser's viewer to print, like the draft invoice.
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${pdf.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf.bytes);
      },
    );
  };
}
