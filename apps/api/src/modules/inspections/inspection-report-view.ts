// The customer's report of an inspection: the one definition lives in modules/inspection-reports (read by
// this module and by the approval link page of modules/approvals, which must not import this folder).
export {
  CLIENT_REPORT_URLS,
  linkReportUrls,
  readInspectionReports,
  type ReportUrls,
  type ReportWhere,
} from '../inspection-reports/inspection-reports.ts';
