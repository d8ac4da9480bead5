// `reports.preview` (staff): a report's first rows and totals for the reports screen. The downloads (CSV,
// XLSX, PDF) are bytes, so REST only (reports.rest.ts); both read reports.service.ts.
import { reportPreviewInputSchema, reportPreviewSchema } from '@garage/shared';
import { query } from '../../operations/operation.ts';
import { isAdmin } from '../users/users.access.ts';
import { previewReport } from './reports.service.ts';

export const reportsOperations = {
  preview: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/reports/:report/preview',
      summary: 'A staff report’s preview: its columns in the asked language, first rows and totals (as GET /reports/{report}?format=json)',
    },
    input: reportPreviewInputSchema,
    output: reportPreviewSchema,
    // The parts reports (costs, margins) answer 403 to staff who are not admins (reports.service.ts).
    handler: ({ ctx, input: { report, ...filters } }) => previewReport(ctx.deps.db, report, filters, { isAdmin: isAdmin(ctx.session) }),
  }),
};
