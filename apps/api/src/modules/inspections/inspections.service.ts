// The life of an inspection (issue #29): started on a visit from a template (its items copied, so editing
// the template never rewrites a report), filled (inspection-results.ts), completed (every item answered,
// flagged items that need one have a photo), reopened to correct, sent to the customer (inspection-send.ts),
// and deleted while not sent. Findings become proposed tasks in inspection-findings.ts; photos in
// inspection-photos.ts. Staff only: the client's view is the report (inspection-report-view.ts).
import type { Db, FileStorage } from '@garage/db';
import { thumbnailKeyOf } from '@garage/db';
import { STAFF_ROLES, isFlagged, unitToKm, type InspectionSummary, type InspectionView } from '@garage/shared';
import type { z } from 'zod';
import type { listInspectionsSchema, startInspectionSchema, updateInspectionSchema } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordOdometerReading } from '../oil-changes/odometer.ts';
import { inVisitTransaction, versionConflict } from '../visits/visit-state.ts';
import { SUMMARY_SELECT, inspectionNotFound, readInspection, readSummary, toSummary } from './inspection-views.ts';

type StartInput = z.output<typeof startInspectionSchema>;
type UpdateInput = z.output<typeof updateInspectionSchema>;
type ListInput = z.output<typeof listInspectionsSchema>;

/** A technician is a staff account that is not deleted; anyone else (a customer, an unknown id) is refused. */
async function assertStaffAssignee(db: Db, userId: string): Promise<void> {
  const user = await db.user.findFirst({ where: { id: userId, deletedAt: null, role: { in: [...STAFF_ROLES] } }, select: { id: true } });
  if (!user) throw new AppError('VALIDATION', 'inspections.assigneeNotStaff', { field: 'assignedToId' });
}

/** The refusal for a change to an inspection that is no longer being filled. */
export function notFillable(status: string): AppError {
  return status === 'SENT' ? new AppError('CONFLICT', 'inspections.alreadySent') : new AppError('CONFLICT', 'inspections.notInProgress');
}

export async function startInspection(db: Db, input: StartInput, actorId: string | null, now = new Date()): Promise<InspectionView> {
  const [template, visit] = await Promise.all([
    db.inspectionTemplate.findUnique({
      where: { id: input.templateId },
      select: { name: true, archivedAt: true, items: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } },
    }),
    db.visit.findUnique({
      where: { id: input.id },
      select: { vehicleId: true, visitDate: true, odometerInKm: true, vehicle: { select: { distanceUnit: true } } },
    }),
  ]);
  if (!visit) throw notFound('visit');
  if (!template) throw new AppError('NOT_FOUND', 'inspections.templateNotFound', { field: 'templateId' });
  if (template.archivedAt) throw new AppError('CONFLICT', 'inspections.templateArchived', { field: 'templateId' });
  if (input.assignedToId) await assertStaffAssignee(db, input.assignedToId);

  const id = await inVisitTransaction(db, async (tx) => {
    const inspection = await tx.inspection.create({
      data: {
        visitId: input.id,
        templateId: input.templateId,
        name: template.name ?? {},
        assignedToId: input.assignedToId ?? null,
        createdById: actorId,
        createdAt: now,
      },
      select: { id: true },
    });
    await tx.inspectionItem.createMany({
      data: template.items.map((item, position) => ({
        inspectionId: inspection.id,
        position,
        section: item.section ?? {},
        label: item.label ?? {},
        key: item.key,
        kind: item.kind,
        unit: item.unit,
        minMilli: item.minMilli,
        maxMilli: item.maxMilli,
        amberAtMilli: item.amberAtMilli,
        redAtMilli: item.redAtMilli,
        lowerIsWorse: item.lowerIsWorse,
        photoRequired: item.photoRequired,
        offeringItemId: item.offeringItemId,
      })),
    });
    // The odometer at check-in: kept on the visit when it has none yet (a reading typed on the visit wins),
    // and, like every visit reading, moves the vehicle's latest km up through the one odometer writer.
    if (input.odometer !== null && input.odometer !== undefined && visit.odometerInKm === null) {
      const km = unitToKm(input.odometer, visit.vehicle.distanceUnit);
      const recorded = await tx.visit.updateMany({
        where: { id: input.id, odometerInKm: null },
        data: { odometerInKm: km, version: { increment: 1 } },
      });
      if (recorded.count === 1) await recordOdometerReading(tx, visit.vehicleId, km, visit.visitDate);
    }
    return inspection.id;
  });
  return readInspection(db, id);
}

export async function getInspection(db: Db, id: string): Promise<InspectionView> {
  return readInspection(db, id);
}

/** A visit's inspections, oldest first. */
export async function inspectionsOfVisit(db: Db, visitId: string): Promise<InspectionSummary[]> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  const rows = await db.inspection.findMany({ where: { visitId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: SUMMARY_SELECT });
  return rows.map(toSummary);
}

/** The technicians' list: open ones first (IN_PROGRESS, then COMPLETED, then SENT: the enum's order), newest first. */
export async function listInspections(db: Db, input: ListInput, actorId: string): Promise<InspectionSummary[]> {
  const rows = await db.inspection.findMany({
    where: {
      ...(input.status ? { status: input.status } : {}),
      ...(input.mine ? { assignedToId: actorId } : {}),
      ...(input.vehicleId ? { visit: { vehicleId: input.vehicleId } } : {}),
    },
    orderBy: [{ status: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit,
    select: SUMMARY_SELECT,
  });
  return rows.map(toSummary);
}

/** Reassigns (or unassigns) an inspection; names the version read (409 when changed meanwhile). */
export async function updateInspection(db: Db, input: UpdateInput): Promise<InspectionSummary> {
  const current = await db.inspection.findUnique({ where: { id: input.id }, select: { status: true, version: true } });
  if (!current) throw inspectionNotFound();
  if (current.version !== input.version) throw versionConflict();
  // The technician named on a sent report stays the one who did it.
  if (current.status === 'SENT') throw new AppError('CONFLICT', 'inspections.alreadySent');
  if (input.assignedToId) await assertStaffAssignee(db, input.assignedToId);
  const changed = await db.inspection.updateMany({
    where: { id: input.id, version: input.version, status: { not: 'SENT' } },
    data: { ...(input.assignedToId !== undefined ? { assignedToId: input.assignedToId } : {}), version: { increment: 1 } },
  });
  if (changed.count !== 1) throw versionConflict();
  return readSummary(db, input.id);
}

/**
 * Done: every item has a result (SKIPPED counts) and every flagged item that requires a photo has one;
 * results are then frozen. Completing a completed inspection again answers it as it is (a phone's retry).
 */
export async function completeInspection(db: Db, id: string, now = new Date()): Promise<InspectionView> {
  const inspection = await db.inspection.findUnique({
    where: { id },
    select: {
      status: true,
      items: {
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        select: { label: true, condition: true, photoRequired: true, _count: { select: { photos: true } } },
      },
    },
  });
  if (!inspection) throw inspectionNotFound();
  if (inspection.status === 'COMPLETED') return readInspection(db, id);
  if (inspection.status === 'SENT') throw new AppError('CONFLICT', 'inspections.alreadySent');
  const unanswered = inspection.items.filter((item) => item.condition === null).length;
  if (unanswered > 0) throw new AppError('CONFLICT', 'inspections.unanswered', { params: { count: unanswered } });
  const missingPhoto = inspection.items.find((item) => item.photoRequired && isFlagged(item.condition) && item._count.photos === 0);
  if (missingPhoto) {
    const label = missingPhoto.label as Record<string, string>;
    throw new AppError('CONFLICT', 'inspections.photoRequired', { params: { item: label.en ?? Object.values(label)[0] ?? '' } });
  }
  const done = await db.inspection.updateMany({
    where: { id, status: 'IN_PROGRESS' },
    data: { status: 'COMPLETED', completedAt: now, version: { increment: 1 } },
  });
  if (done.count !== 1) {
    const status = (await db.inspection.findUnique({ where: { id }, select: { status: true } }))?.status;
    if (status !== 'COMPLETED') throw status ? notFillable(status) : inspectionNotFound();
  }
  return readInspection(db, id);
}

/** Back to IN_PROGRESS to correct a result; a sent inspection is kept as sent. Reopening an open one is a no-op. */
export async function reopenInspection(db: Db, id: string): Promise<InspectionView> {
  const reopened = await db.inspection.updateMany({
    where: { id, status: 'COMPLETED' },
    data: { status: 'IN_PROGRESS', completedAt: null, version: { increment: 1 } },
  });
  if (reopened.count === 0) {
    const current = await db.inspection.findUnique({ where: { id }, select: { status: true } });
    if (!current) throw inspectionNotFound();
    if (current.status === 'SENT') throw new AppError('CONFLICT', 'inspections.alreadySent');
  }
  return readInspection(db, id);
}

/**
 * Deletes an inspection not yet sent, with its photos (rows, then bytes): a photo must not outlive its
 * inspection in the customer's library. Tasks proposed from its findings stay on the visit (real proposals).
 */
export async function deleteInspection(deps: { db: Db; storage: FileStorage }, id: string): Promise<{ id: string }> {
  const { db, storage } = deps;
  const keys = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status::text AS status FROM "Inspection" WHERE id = ${id}::uuid FOR UPDATE`;
    const current = rows[0];
    if (!current) throw inspectionNotFound();
    if (current.status === 'SENT') throw new AppError('CONFLICT', 'inspections.alreadySent');
    const photos = await tx.mediaFile.findMany({ where: { inspectionItem: { inspectionId: id } }, select: { id: true, storageKey: true } });
    await tx.mediaFile.deleteMany({ where: { id: { in: photos.map((photo) => photo.id) } } });
    await tx.inspection.delete({ where: { id } });
    return photos.map((photo) => photo.storageKey);
  });
  await Promise.all(keys.flatMap((key) => [key, thumbnailKeyOf(key)]).map((key) => storage.remove(key).catch(() => undefined)));
  return { id };
}
