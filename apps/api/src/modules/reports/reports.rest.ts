// GET /backend/reports/:report?format=csv|xlsx|pdf|json&from=&to=&customerId=&vehicleId=&lang= (staff).
// json answers the preview (first rows and totals); the files stream (reports.service.ts) with a
// Content-Disposition file name. The first batch is read before the headers go out, so a failure there is
// a proper error answer rather than a cut download.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkReportFilters,
  reportDownloadQuerySchema,
  reportKindSchema,
  reportPreviewSchema,
  REPORT_KINDS,
  REPORT_LIMITS,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { validationError } from '../../lib/zod-errors.ts';
import { createGuards, sessionOf } from '../../http/guards.ts';
import { isAdmin } from '../users/users.access.ts';
import { reportCsv, reportXlsx } from './report-files.ts';
import { reportPdf } from './report-pdf.ts';
import { previewReport, primed, reportContext, reportFileName, reportParts } from './reports.service.ts';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export function reportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/reports/:report',
      {
        onRequest: guards.staff,
        schema: {
          tags: ['reports'],
          summary: `A staff report (${REPORT_KINDS.join(', ')}) as CSV, XLSX or PDF (streamed download), or its preview as JSON (format=json: first rows and totals)`,
          params: z.object({ report: reportKindSchema }),
          querystring: reportDownloadQuerySchema,
          response: { 200: reportPreviewSchema.or(z.any()) },
        },
      },
      async (request, reply) => {
        const { report } = request.params;
        const { format, ...filters } = request.query;
        const checked = z
          .object({})
          .passthrough()
          .superRefine((value, context) => checkReportFilters(report, filters, context))
          .safeParse(filters);
        if (!checked.success) throw validationError(checked.error.issues);
        const reader = { isAdmin: isAdmin(sessionOf(request)) };
        if (format === 'json') return previewReport(deps.db, report, filters, reader);
        const context = await reportContext(deps.db, report, filters, reader);
        const log = (error: unknown) => app.log.error({ err: error, report, format }, 'report failed');
        const body =
          format === 'pdf'
            ? await reportPdf(deps, context, reportParts(deps.db, context, { maxRows: REPORT_LIMITS.pdfMaxRows }))
            : await primed(reportParts(deps.db, context)).then((parts) =>
                format === 'csv' ? reportCsv(context, parts) : reportXlsx(context, parts, log),
              );
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${reportFileName(context, format)}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
