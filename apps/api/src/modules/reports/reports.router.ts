// tRPC `reports.preview` (staff): a report's first rows and totals for the reports screen. The downloads
// (CSV, XLSX, PDF) are bytes and live in reports.rest.ts; both read reports.service.ts.
import { reportPreviewInputSchema, reportPreviewSchema } from '@garage/shared';
import { router, staffProcedure } from '../../trpc/init.ts';
import { previewReport } from './reports.service.ts';

export const reportsRouter = router({
  preview: staffProcedure
    .input(reportPreviewInputSchema)
    .output(reportPreviewSchema)
    .query(({ ctx, input }) => {
      const { report, ...filters } = input;
      return previewReport(ctx.deps.db, report, filters);
    }),
});
