// The media library of a customer (files of their account, vehicles and visits): list, context, rename,
// move, delete, and reading the bytes back. Staff see every customer's files; a client sees only their own
// (a foreign id answers exactly like a missing one), adds files to their own account, vehicles and visits,
// and deletes the ones they added themselves (what the garage added is its record: photos of damage,
// invoices). Uploads: media.upload.ts. Kinds: media-types.ts.
import { thumbnailKeyOf, type Db, type FileStorage, type Prisma } from '@garage/db';
import {
  MEDIA_MESSAGES,
  MEDIA_SECTIONS,
  cleanFileName,
  type MediaContextView,
  type MediaPage,
  type MediaUploadTarget,
  type MediaView,
  type MyMediaUploadTarget,
} from '@garage/shared';
import type { z } from 'zod';
import type { listMediaSchema, listMyMediaSchema, updateMediaDataSchema } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { hasAnyRole } from '../../session/roles.ts';
import type { DetectedType } from './media-types.ts';

type ListInput = z.output<typeof listMediaSchema>;
type MyListInput = z.output<typeof listMyMediaSchema>;
type UpdateData = z.output<typeof updateMediaDataSchema>;

/** Sections shown on the public site: readable without signing in (unchanged from the picture uploads). */
const PUBLIC_SECTIONS = ['branding', 'offering', 'gallery'];
const LIBRARY_SECTIONS = { in: [...MEDIA_SECTIONS] };

export const MEDIA_VIEW_SELECT = {
  id: true,
  name: true,
  type: true,
  mimeType: true,
  sizeBytes: true,
  section: true,
  ownerId: true,
  vehicleId: true,
  visitId: true,
  createdAt: true,
  uploadedById: true,
  vehicle: { select: { id: true, plateNumber: true, brand: true, model: true } },
  visit: { select: { id: true, name: true } },
  uploadedBy: { select: { firstName: true, lastName: true } },
} satisfies Prisma.MediaFileSelect;
type MediaRow = Prisma.MediaFileGetPayload<{ select: typeof MEDIA_VIEW_SELECT }>;

export const mediaFileUrl = (id: string) => `/backend/media/${id}/file`;

export function toMediaView(row: MediaRow): MediaView {
  const url = mediaFileUrl(row.id);
  return {
    ...row,
    // Rows stored before names were cleaned on the way in are cleaned on the way out.
    name: cleanFileName(row.name),
    createdAt: row.createdAt.toISOString(),
    url,
    thumbnailUrl: row.type === 'IMAGE' ? `${url}?variant=thumb` : null,
    downloadUrl: `${url}?download=1`,
  };
}

const EXTENSIONS: Record<string, string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'qt'],
  webm: ['webm'],
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
};

/**
 * The name shown and offered on download: the last path segment of what the browser sent, without control
 * characters, ending with an extension of the detected kind ("invoice.exe" holding a PDF is "invoice.exe.pdf").
 * It is never used to build a storage key.
 */
export function displayName(filename: string, detected: Pick<DetectedType, 'extension'>): string {
  const base = cleanFileName(filename.split(/[\\/]/).pop() ?? '')
    .trim()
    .replace(/^\.+/, '');
  return withExtension(base.slice(0, 180) || 'file', detected.extension);
}

function withExtension(name: string, extension: string): string {
  const current = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
  return current && (EXTENSIONS[extension] ?? [extension]).includes(current) ? name : `${name}.${extension}`;
}

const extensionOfMime: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** Checks that the vehicle and visit belong to the customer; a visit without a vehicle takes the visit's. */
export async function resolveTarget(
  db: Db,
  target: Pick<MediaUploadTarget, 'ownerId' | 'vehicleId' | 'visitId'>,
): Promise<{ ownerId: string; vehicleId: string | null; visitId: string | null }> {
  const customer = await db.user.findFirst({ where: { id: target.ownerId, deletedAt: null }, select: { id: true } });
  if (!customer) throw notFound('customer');
  let vehicleId = target.vehicleId ?? null;
  if (vehicleId) {
    const vehicle = await db.vehicle.findFirst({ where: { id: vehicleId, deletedAt: null }, select: { ownerId: true } });
    if (!vehicle) throw notFound('vehicle');
    if (vehicle.ownerId !== target.ownerId) throw new AppError('BAD_REQUEST', 'media.vehicleNotOfCustomer', { field: 'vehicleId' });
  }
  const visitId = target.visitId ?? null;
  if (visitId) {
    const visit = await db.visit.findUnique({ where: { id: visitId }, select: { customerId: true, vehicleId: true } });
    if (!visit) throw notFound('visit');
    if (visit.customerId !== target.ownerId || (vehicleId && visit.vehicleId !== vehicleId)) {
      throw new AppError('BAD_REQUEST', 'media.visitNotOfCustomer', { field: 'visitId' });
    }
    vehicleId = visit.vehicleId;
  }
  return { ownerId: target.ownerId, vehicleId, visitId };
}

/**
 * Where a client's upload goes: their own account, and a vehicle and visit only if theirs (another
 * customer's, or a removed vehicle, answers exactly like a missing one). Checked before any byte is read.
 */
export async function myUploadTarget(db: Db, actor: Session, target: MyMediaUploadTarget): Promise<MediaUploadTarget> {
  if (target.vehicleId) {
    const vehicle = await db.vehicle.findFirst({
      where: { id: target.vehicleId, ownerId: actor.userId, deletedAt: null },
      select: { id: true },
    });
    if (!vehicle) throw notFound('vehicle');
  }
  if (target.visitId) {
    const visit = await db.visit.findFirst({ where: { id: target.visitId, customerId: actor.userId }, select: { id: true } });
    if (!visit) throw notFound('visit');
  }
  return { ...target, ownerId: actor.userId };
}

function filters(input: Omit<MyListInput, 'page' | 'pageSize'>): Prisma.MediaFileWhereInput {
  return {
    section: input.section ?? LIBRARY_SECTIONS,
    ...(input.vehicleId ? { vehicleId: input.vehicleId } : {}),
    ...(input.visitId ? { visitId: input.visitId } : {}),
    ...(input.type ? { type: input.type } : {}),
    ...(input.from || input.to
      ? { createdAt: { ...(input.from ? { gte: new Date(input.from) } : {}), ...(input.to ? { lt: new Date(input.to) } : {}) } }
      : {}),
  };
}

/**
 * A client's own files: of their account or of their vehicles. A photo of an inspection finding only once
 * that inspection was sent to them (issue #29): before, it is the shop's work in progress.
 */
const ownedBy = (userId: string): Prisma.MediaFileWhereInput => ({
  AND: [
    { OR: [{ ownerId: userId }, { vehicle: { ownerId: userId } }] },
    { OR: [{ inspectionItemId: null }, { inspectionItem: { inspection: { status: 'SENT' } } }] },
  ],
});

async function page(db: Db, where: Prisma.MediaFileWhereInput, input: { page: number; pageSize: number }): Promise<MediaPage> {
  const [total, rows] = await Promise.all([
    db.mediaFile.count({ where }),
    db.mediaFile.findMany({
      where,
      select: MEDIA_VIEW_SELECT,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
    }),
  ]);
  return { items: rows.map(toMediaView), total, page: input.page, pageSize: input.pageSize, pageCount: Math.ceil(total / input.pageSize) };
}

export function listMedia(db: Db, input: ListInput): Promise<MediaPage> {
  return page(db, { ownerId: input.ownerId, ...filters(input) }, input);
}

export async function listMyMedia(db: Db, actor: Session, input: MyListInput): Promise<MediaPage> {
  await myContext(db, actor, input); // a foreign vehicle or visit is "not found", not an empty list
  return page(db, { AND: [ownedBy(actor.userId), filters(input)] }, input);
}

export async function getMedia(db: Db, id: string, actor?: Session): Promise<MediaView> {
  const row = await db.mediaFile.findFirst({
    where: { id, section: LIBRARY_SECTIONS, ...(actor ? ownedBy(actor.userId) : {}) },
    select: MEDIA_VIEW_SELECT,
  });
  if (!row) throw notFound('file');
  return toMediaView(row);
}

export async function mediaContext(db: Db, input: { ownerId: string; vehicleId?: string; visitId?: string }): Promise<MediaContextView> {
  const customer = await db.user.findFirst({
    where: { id: input.ownerId, deletedAt: null },
    select: { id: true, firstName: true, lastName: true },
  });
  if (!customer) throw notFound('customer');
  const [vehicles, visits] = await Promise.all([
    db.vehicle.findMany({
      where: { ownerId: input.ownerId, OR: [{ deletedAt: null }, ...(input.vehicleId ? [{ id: input.vehicleId }] : [])] },
      select: { id: true, plateNumber: true, brand: true, model: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    db.visit.findMany({
      where: { customerId: input.ownerId },
      select: { id: true, name: true, vehicleId: true, visitDate: true },
      orderBy: [{ visitDate: 'desc' }, { id: 'desc' }],
      take: 200,
    }),
  ]);
  if (input.vehicleId && !vehicles.some((vehicle) => vehicle.id === input.vehicleId)) throw notFound('vehicle');
  let visitList = visits;
  if (input.visitId) {
    const visit =
      visits.find((item) => item.id === input.visitId) ??
      (await db.visit.findFirst({
        where: { id: input.visitId, customerId: input.ownerId },
        select: { id: true, name: true, vehicleId: true, visitDate: true },
      }));
    if (!visit || (input.vehicleId && visit.vehicleId !== input.vehicleId)) throw notFound('visit');
    if (!visits.includes(visit)) visitList = [visit, ...visits];
  }
  return {
    customer,
    vehicles,
    visits: visitList.map((visit) => ({ ...visit, visitDate: visit.visitDate.toISOString() })),
    vehicleId: input.vehicleId ?? null,
    visitId: input.visitId ?? null,
  };
}

export function myContext(db: Db, actor: Session, input: { vehicleId?: string; visitId?: string }): Promise<MediaContextView> {
  return mediaContext(db, { ownerId: actor.userId, vehicleId: input.vehicleId, visitId: input.visitId });
}

/** Rename, re-file or move within the same customer. Only the fields sent change. */
export async function updateMedia(db: Db, id: string, data: UpdateData): Promise<MediaView> {
  const current = await db.mediaFile.findFirst({
    where: { id, section: LIBRARY_SECTIONS },
    select: { ownerId: true, vehicleId: true, visitId: true, mimeType: true },
  });
  if (!current || !current.ownerId) throw notFound('file');
  const changes: Prisma.MediaFileUncheckedUpdateInput = {};
  if (data.name !== undefined) changes.name = withExtension(data.name, extensionOfMime[current.mimeType] ?? 'bin');
  if (data.section !== undefined) changes.section = data.section;
  if (data.vehicleId !== undefined || data.visitId !== undefined) {
    const visitId = data.visitId !== undefined ? data.visitId : current.visitId;
    // Choosing a visit chooses its vehicle; a vehicle that does not match the visit kept is refused.
    const vehicleId = data.vehicleId !== undefined ? data.vehicleId : data.visitId ? null : current.vehicleId;
    const place = await resolveTarget(db, { ownerId: current.ownerId, vehicleId: vehicleId ?? undefined, visitId: visitId ?? undefined });
    changes.vehicleId = place.vehicleId;
    changes.visitId = place.visitId;
  }
  await db.mediaFile.update({ where: { id }, data: changes });
  return getMedia(db, id);
}

/** Removes the row, then the bytes (display version and thumbnail) once the row is gone. */
export async function deleteMedia(db: Db, storage: FileStorage, id: string): Promise<{ id: string; message: string }> {
  const file = await db.mediaFile.findFirst({ where: { id, section: LIBRARY_SECTIONS }, select: { storageKey: true } });
  if (!file) throw notFound('file');
  return removeFile(db, storage, id, file.storageKey);
}

/**
 * A client deletes a file they added themselves. Another customer's file is "not found", like a missing
 * one; a file of theirs that the garage added is refused (403) with the reason.
 */
export async function deleteMyMedia(db: Db, storage: FileStorage, actor: Session, id: string): Promise<{ id: string; message: string }> {
  const file = await db.mediaFile.findFirst({
    where: { AND: [{ id, section: LIBRARY_SECTIONS }, ownedBy(actor.userId)] },
    select: { storageKey: true, uploadedById: true },
  });
  if (!file) throw notFound('file');
  if (file.uploadedById !== actor.userId) throw new AppError('FORBIDDEN', 'media.notYourUpload');
  return removeFile(db, storage, id, file.storageKey);
}

async function removeFile(db: Db, storage: FileStorage, id: string, storageKey: string): Promise<{ id: string; message: string }> {
  const removed = await db.mediaFile.deleteMany({ where: { id } });
  if (removed.count === 0) throw notFound('file');
  await Promise.all([storageKey, thumbnailKeyOf(storageKey)].map((key) => storage.remove(key).catch(() => undefined)));
  return { id, message: MEDIA_MESSAGES.deleted };
}

export type MediaVariant = 'main' | 'thumb';

/**
 * Which stored bytes a caller may read, authorised on every request: public-site sections for anyone;
 * otherwise a session is required (401), staff read every file, a client the files of their own account and
 * vehicles (anything else is "not found", like a missing id). Photos are served from their display version
 * (no EXIF) or thumbnail.
 */
export async function authorizeMediaFile(db: Db, session: Session | null, id: string, variant: MediaVariant) {
  const file = await db.mediaFile.findUnique({
    where: { id },
    select: {
      name: true,
      type: true,
      mimeType: true,
      storageKey: true,
      section: true,
      ownerId: true,
      uploadedById: true,
      vehicle: { select: { ownerId: true } },
      inspectionItem: { select: { inspection: { select: { status: true } } } },
    },
  });
  const isPublic = !!file && PUBLIC_SECTIONS.includes(file.section);
  if (!isPublic && !session) throw new AppError('UNAUTHORIZED', 'transport.signInToSeeFile');
  if (!file || !canRead(session, file)) throw notFound('file');
  const thumbnailKey = variant === 'thumb' && file.type === 'IMAGE' ? thumbnailKeyOf(file.storageKey) : null;
  return { key: file.storageKey, thumbnailKey, name: cleanFileName(file.name), mimeType: file.mimeType, type: file.type };
}

function canRead(
  session: Session | null,
  file: {
    section: string;
    ownerId: string | null;
    uploadedById: string | null;
    vehicle: { ownerId: string } | null;
    inspectionItem: { inspection: { status: string } } | null;
  },
): boolean {
  if (PUBLIC_SECTIONS.includes(file.section)) return true;
  if (!session) return false;
  if (hasAnyRole(session.roles, 'staff')) return true;
  // A photo of an inspection not yet sent to the customer is not theirs to see yet (issue #29).
  if (file.inspectionItem && file.inspectionItem.inspection.status !== 'SENT') return false;
  return [file.ownerId, file.uploadedById, file.vehicle?.ownerId].includes(session.userId);
}
