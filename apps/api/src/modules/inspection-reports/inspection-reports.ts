// The report of an inspection as a customer sees it (client portal, approval link page, PDF): results,
// notes, photos and the proposed work, never costs or staff-only fields. Its own folder because both
// modules/inspections (which mints approval links) and modules/approvals (whose link page shows the
// reports) read it: neither folder may import the other back. Whether an unsent inspection may be
// shown is the caller's rule (`sentOnly`); where photos and the PDF are reached from depends on the caller
// too (a signed-in client reads /backend/media, the link page reads through its token), hence `urls`.
import type { Db, Prisma } from '@garage/db';
import { countConditions, fromMilli, isWithdrawnWork, kmToUnit, type InspectionReport } from '@garage/shared';
import { mediaFileUrl } from '../media/media.service.ts';

export interface ReportUrls {
  photo(mediaId: string, variant: 'main' | 'thumb'): string;
  /** The PDF for this caller, or null where none is offered. */
  pdf(inspectionId: string): string | null;
}

export type ReportWhere = ({ visitId: string } | { inspectionId: string }) & {
  /** Only inspections sent to the customer (every customer-facing caller sets it). */
  sentOnly: boolean;
};

const REPORT_SELECT = {
  id: true,
  name: true,
  completedAt: true,
  sentAt: true,
  assignedTo: { select: { firstName: true } },
  visit: { select: { odometerInKm: true, vehicle: { select: { distanceUnit: true } } } },
  items: {
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      section: true,
      label: true,
      kind: true,
      unit: true,
      condition: true,
      valueMilli: true,
      note: true,
      photos: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true } },
      task: { select: { id: true, title: true, approval: true, status: true } },
    },
  },
} satisfies Prisma.InspectionSelect;

/** The reports of a visit (oldest first) or of one inspection (an array of zero or one). */
export async function readInspectionReports(db: Db, where: ReportWhere, urls: ReportUrls): Promise<InspectionReport[]> {
  const rows = await db.inspection.findMany({
    where: {
      ...('visitId' in where ? { visitId: where.visitId } : { id: where.inspectionId }),
      ...(where.sentOnly ? { status: 'SENT' as const } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: REPORT_SELECT,
  });
  return rows.map((row) => {
    const unit = row.visit.vehicle.distanceUnit;
    return {
      id: row.id,
      name: row.name as Record<string, string>,
      completedAt: row.completedAt?.toISOString() ?? null,
      sentAt: row.sentAt?.toISOString() ?? null,
      technicianFirstName: row.assignedTo?.firstName ?? null,
      odometer: row.visit.odometerInKm === null ? null : kmToUnit(row.visit.odometerInKm, unit),
      distanceUnit: unit,
      counts: countConditions(row.items),
      items: row.items.map((item) => ({
        id: item.id,
        section: item.section as Record<string, string>,
        label: item.label as Record<string, string>,
        kind: item.kind,
        unit: item.unit,
        condition: item.condition,
        value: item.valueMilli === null ? null : fromMilli(item.valueMilli),
        note: item.note,
        photos: item.photos.map((photo) => ({
          id: photo.id,
          url: urls.photo(photo.id, 'main'),
          thumbnailUrl: urls.photo(photo.id, 'thumb'),
        })),
        // Work the shop withdrew is no longer offered to the customer; a declined task stays with its decision.
        task: item.task && !isWithdrawnWork(item.task) ? { id: item.task.id, title: item.task.title, approval: item.task.approval } : null,
      })),
      pdfUrl: urls.pdf(row.id),
    };
  });
}

/** A signed-in client's URLs: photos through the media library (authorised per file), the PDF of the portal. */
export const CLIENT_REPORT_URLS: ReportUrls = {
  photo: (mediaId, variant) => (variant === 'thumb' ? `${mediaFileUrl(mediaId)}?variant=thumb` : mediaFileUrl(mediaId)),
  pdf: (inspectionId) => `/backend/my/inspections/${inspectionId}/report.pdf`,
};

/** The approval link page's URLs: photos read through the token (the page has no session), no PDF. */
export function linkReportUrls(token: string): ReportUrls {
  const base = `/backend/approve/${encodeURIComponent(token)}/photos`;
  return { photo: (mediaId, variant) => `${base}/${mediaId}${variant === 'thumb' ? '?variant=thumb' : ''}`, pdf: () => null };
}
