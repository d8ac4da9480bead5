// The REST routes that are not operations (operations/operation.ts), each with why it cannot travel over
// tRPC. They live in their module's *.rest.ts. test/operation-registry.test.ts fails on a REST route that is
// neither an operation's binding nor listed here, and on a listed route the app does not serve.
import type { HttpMethod } from './operations/operation.ts';

export interface RestOnlyRoute {
  method: HttpMethod;
  /** As in /backend/openapi.json, without /backend (`/media/{id}/file`). */
  path: string;
  reason: string;
}

export const REST_ONLY_ROUTES: readonly RestOnlyRoute[] = [
  {
    method: 'PUT',
    path: '/inspections/{id}/items/{itemId}/photos/{photoId}',
    reason: 'A multipart photo upload from the phone; the photo id is made on the phone so a retried upload is never kept twice',
  },
  {
    method: 'GET',
    path: '/inspections/{id}/report.pdf',
    reason: 'A PDF file (raw bytes with content-disposition): the inspection report for staff',
  },
  {
    method: 'GET',
    path: '/my/inspections/{id}/report.pdf',
    reason: "A PDF file (raw bytes with content-disposition): a sent inspection's report for its customer",
  },
  {
    method: 'GET',
    path: '/approve/{token}/photos/{mediaId}',
    reason: 'Image bytes for the approval link page, whose token is the only credential (an <img> cannot send a header)',
  },
  {
    method: 'GET',
    path: '/health',
    reason: 'Probe for load balancers and orchestrators: 503 with the same body when degraded or draining, no session',
  },
  {
    method: 'POST',
    path: '/analytics/track-visit',
    reason: 'The page-view beacon: sendBeacon posts text/plain, answers 202/200/429/503 by outcome; tRPC costs ~5x its CPU',
  },
  {
    method: 'GET',
    path: '/analytics/real-time/stream',
    reason: 'Server-Sent Events: a long-lived text/event-stream response, not one JSON answer',
  },
  {
    method: 'GET',
    path: '/invoices/{id}/pdf',
    reason: 'A PDF file download (raw bytes with content-disposition), linked to by the web app',
  },
  {
    method: 'GET',
    path: '/visits/{visitId}/invoices/draft.pdf',
    reason: 'A PDF preview (raw bytes shown inline), opened by the visit screen’s "Preview draft"',
  },
  {
    method: 'GET',
    path: '/my/invoices/{id}/pdf',
    reason: 'A PDF file download (raw bytes with content-disposition), linked to by the client area',
  },
  {
    method: 'GET',
    path: '/visits/{id}/job-sheet.pdf',
    reason: 'A PDF (raw bytes shown inline to print), opened by the visit screen’s "Job sheet"',
  },
  {
    method: 'GET',
    path: '/purchase-orders/{id}/pdf',
    reason: 'A PDF file download (raw bytes with content-disposition), linked to by the purchase order screen (admins)',
  },
  { method: 'POST', path: '/setup/logo', reason: 'A multipart file upload: the logo of the first run, before any account exists' },
  {
    method: 'GET',
    path: '/reports/{report}',
    reason: 'A report file download (CSV, XLSX or PDF streamed with content-disposition); format=json, its preview, is reports.preview',
  },
  { method: 'POST', path: '/data-transfer/imports', reason: 'A multipart file upload (the CSV, XLSX or JSON Lines file to import)' },
  {
    method: 'POST',
    path: '/data-transfer/catalogue-imports/{kind}',
    reason: 'A multipart file upload (the parts or suppliers CSV or XLSX, checked or imported in the same request)',
  },
  { method: 'GET', path: '/data-transfer/template.csv', reason: 'A file download (the import template, CSV with content-disposition)' },
  { method: 'GET', path: '/data-transfer/template.xlsx', reason: 'A file download (the import template, XLSX with content-disposition)' },
  { method: 'GET', path: '/data-transfer/export', reason: 'A streamed ZIP download of everything the shop owns' },
  { method: 'GET', path: '/accounting/fec', reason: 'A file download (the FEC, tab-separated text with content-disposition)' },
  { method: 'GET', path: '/accounting/journal.csv', reason: 'A file download (the accounting journal, CSV with content-disposition)' },
  {
    method: 'GET',
    path: '/fiscal/archive',
    reason: "A streamed ZIP download of a year's fiscal archive (journal, closings, invoices, manifest)",
  },
  { method: 'POST', path: '/media/upload', reason: 'A multipart upload of one or several files, streamed to storage (staff)' },
  { method: 'POST', path: '/my/media/upload', reason: 'A multipart upload of one or several files, streamed to storage (the client)' },
  {
    method: 'GET',
    path: '/media/{id}/file',
    reason: 'The bytes of a stored file (ranges answered 206), linked to by img, video and download links',
  },
  { method: 'POST', path: '/uploads/image', reason: 'A multipart picture upload (users, vehicles, the catalogue, branding)' },
];
