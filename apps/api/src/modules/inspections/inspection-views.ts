// How an inspection reads for staff: the summary of lists (technician's list, a visit's inspections) and the
// whole inspection with its items, results, photos and proposed tasks. Thousandths become plain numbers here.
import type { Db, Prisma } from '@garage/db';
import {
  countConditions,
  fromMilli,
  isVisitClosed,
  kmToUnit,
  limitsOf,
  type InspectionItemView,
  type InspectionSummary,
  type InspectionView,
  type VisitStatus,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import { mediaFileUrl } from '../media/media.service.ts';
import { ITEM_DEFINITION_SELECT } from './templates.service.ts';

export const inspectionNotFound = () => new AppError('NOT_FOUND', 'inspections.notFound');
export const itemNotFound = () => new AppError('NOT_FOUND', 'inspections.itemNotFound', { field: 'itemId' });

type Localized = Record<string, string>;

export const SUMMARY_SELECT = {
  id: true,
  visitId: true,
  name: true,
  status: true,
  assignedTo: { select: { id: true, firstName: true, lastName: true } },
  createdAt: true,
  completedAt: true,
  sentAt: true,
  version: true,
  items: { select: { condition: true } },
  visit: { select: { name: true, vehicle: { select: { id: true, plateNumber: true, brand: true, model: true } } } },
} satisfies Prisma.InspectionSelect;
type SummaryRow = Prisma.InspectionGetPayload<{ select: typeof SUMMARY_SELECT }>;

export const ITEM_SELECT = {
  ...ITEM_DEFINITION_SELECT,
  condition: true,
  valueMilli: true,
  note: true,
  answeredAt: true,
  photos: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true } },
  task: { select: { id: true, title: true, soldForCents: true, approval: true, status: true } },
} satisfies Prisma.InspectionItemSelect;
type ItemRow = Prisma.InspectionItemGetPayload<{ select: typeof ITEM_SELECT }>;

const INSPECTION_SELECT = {
  ...SUMMARY_SELECT,
  items: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: ITEM_SELECT },
  visit: {
    select: {
      ...SUMMARY_SELECT.visit.select,
      status: true,
      odometerInKm: true,
      customer: { select: { id: true, firstName: true, lastName: true } },
      vehicle: { select: { ...SUMMARY_SELECT.visit.select.vehicle.select, distanceUnit: true } },
    },
  },
} satisfies Prisma.InspectionSelect;

const orNull = (milli: number | null) => (milli === null ? null : fromMilli(milli));

/** A photo as staff read it (the media library's own URL: staff read every file). */
export const staffPhoto = (id: string) => ({ id, url: mediaFileUrl(id), thumbnailUrl: `${mediaFileUrl(id)}?variant=thumb` });

export function toItemView(row: ItemRow): InspectionItemView {
  const limits = limitsOf(row);
  return {
    id: row.id,
    position: row.position,
    section: row.section as Localized,
    label: row.label as Localized,
    key: row.key,
    kind: row.kind,
    unit: row.unit,
    minValue: fromMilli(limits.minMilli),
    maxValue: fromMilli(limits.maxMilli),
    amberAt: orNull(row.amberAtMilli),
    redAt: orNull(row.redAtMilli),
    lowerIsWorse: row.lowerIsWorse,
    photoRequired: row.photoRequired,
    offeringItem: row.offeringItem && { ...row.offeringItem, title: row.offeringItem.title as Localized },
    condition: row.condition,
    value: orNull(row.valueMilli),
    note: row.note,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    photos: row.photos.map((photo) => staffPhoto(photo.id)),
    task: row.task,
  };
}

export function toSummary(row: SummaryRow): InspectionSummary {
  return {
    id: row.id,
    visitId: row.visitId,
    name: row.name as Localized,
    status: row.status,
    assignedTo: row.assignedTo,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    counts: countConditions(row.items),
    version: row.version,
    vehicle: { ...row.visit.vehicle },
    visitName: row.visit.name,
  };
}

export async function readSummary(db: Db | Prisma.TransactionClient, id: string): Promise<InspectionSummary> {
  const row = await db.inspection.findUnique({ where: { id }, select: SUMMARY_SELECT });
  if (!row) throw inspectionNotFound();
  return toSummary(row);
}

export async function readInspection(db: Db | Prisma.TransactionClient, id: string): Promise<InspectionView> {
  const row = await db.inspection.findUnique({ where: { id }, select: INSPECTION_SELECT });
  if (!row) throw inspectionNotFound();
  const { visit } = row;
  const unit = visit.vehicle.distanceUnit;
  const { distanceUnit: _unit, ...vehicle } = visit.vehicle;
  return {
    ...toSummary({ ...row, visit: { name: visit.name, vehicle } }),
    customer: visit.customer,
    odometer: visit.odometerInKm === null ? null : kmToUnit(visit.odometerInKm, unit),
    distanceUnit: unit,
    visitClosed: isVisitClosed(visit.status as VisitStatus),
    items: row.items.map(toItemView),
  };
}

export async function readItem(db: Db | Prisma.TransactionClient, itemId: string): Promise<InspectionItemView> {
  const row = await db.inspectionItem.findUnique({ where: { id: itemId }, select: ITEM_SELECT });
  if (!row) throw itemNotFound();
  return toItemView(row);
}
