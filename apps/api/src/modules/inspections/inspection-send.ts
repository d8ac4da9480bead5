// Sending a completed inspection to the customer, and what the customer then sees of it. Sending goes
// through the existing approval link (mintApprovalLink: emailed when possible, the link returned for
// WhatsApp or copying); the link page and the client portal show the SENT inspections of the visit.
// Sending again (a SENT one) mints a fresh link, e.g. after more findings were proposed.
import type { Db } from '@garage/db';
import type { ApprovalLinkView, InspectionReport, InspectionSummary } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DeliveryLog } from '../../lib/mailer.ts';
import { mintApprovalLink } from '../approvals/approval-links.ts';
import { CLIENT_REPORT_URLS, readInspectionReports } from './inspection-report-view.ts';
import { inspectionNotFound, readSummary } from './inspection-views.ts';

export interface SendOptions {
  sendEmail: boolean;
  createdById: string | null;
  baseUrl: string;
  log: DeliveryLog;
  now?: Date;
}

export async function sendInspection(
  deps: AppDeps,
  id: string,
  options: SendOptions,
): Promise<{ inspection: InspectionSummary; link: ApprovalLinkView }> {
  const now = options.now ?? new Date();
  const current = await deps.db.inspection.findUnique({ where: { id }, select: { status: true, visitId: true } });
  if (!current) throw inspectionNotFound();
  if (current.status === 'IN_PROGRESS') throw new AppError('CONFLICT', 'inspections.notCompleted');
  // The link first: when it cannot be made (a closed visit) the inspection is not marked sent. An all-green
  // report is sent too: the link then only shows the report.
  const link = await mintApprovalLink(deps, current.visitId, { ...options, now, purpose: 'inspection' });
  await deps.db.inspection.updateMany({
    where: { id, status: { in: ['COMPLETED', 'SENT'] } },
    data: { status: 'SENT', sentAt: now, version: { increment: 1 } },
  });
  return { inspection: await readSummary(deps.db, id), link };
}

/** The signed-in client's reports of their own visit (another customer's visit answers like a missing one). */
export async function myInspectionReports(db: Db, customerId: string, visitId: string): Promise<InspectionReport[]> {
  const visit = await db.visit.findFirst({ where: { id: visitId, customerId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  return readInspectionReports(db, { visitId, sentOnly: true }, CLIENT_REPORT_URLS);
}
