// Pictures of users and vehicles: stored through the app's FileStorage, described by a MediaFile row and
// served back by GET /backend/media/:id/file. A picture is uploaded before the form that uses it is saved,
// so it starts without an owner; saving the user or vehicle attaches it (attachImage).
import { Readable } from 'node:stream';
import type { Db, FileStorage, Prisma } from '@garage/db';
import { LIMITS, mediaIdFromUrl, msg, renderMessage } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Session } from '../auth/session.ts';
import { hasAnyRole } from '../auth/roles.ts';
import { getMerchant } from '../merchant/merchant.service.ts';
import { sniffImageType } from './image-type.ts';

/** Sections whose files are profile or vehicle pictures (not history: they go when their owner goes). */
export const PICTURE_SECTIONS = ['user', 'vehicle'] as const;
export type PictureSection = (typeof PICTURE_SECTIONS)[number];
/** Sections a picture may be uploaded for: people and vehicles, and the public catalogue (no owner). */
export const UPLOAD_SECTIONS = [...PICTURE_SECTIONS, 'offering'] as const;
export type UploadSection = (typeof UPLOAD_SECTIONS)[number];
/** Sections shown on the public site: readable without signing in. */
const PUBLIC_SECTIONS = ['branding', 'offering', 'gallery'];

export const IMAGE_MAX_BYTES = LIMITS.imageMaxMB * 1024 * 1024;
export const imageTooLargeMessage = () => renderMessage(msg('fileSize', { fieldName: 'image', maxSizeInMB: LIMITS.imageMaxMB }));
const imageTypeMessage = () => renderMessage(msg('fileType', { fieldName: 'image', allowedTypes: 'JPEG, PNG' }));

export interface UploadedImage {
  id: string;
  url: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

export const mediaFileUrl = (id: string) => `/backend/media/${id}/file`;

export async function saveImage(
  db: Db,
  storage: FileStorage,
  actor: Session,
  file: { filename: string; bytes: Buffer; section: UploadSection },
): Promise<UploadedImage> {
  if (file.bytes.length === 0) throw new AppError('VALIDATION', imageTypeMessage(), { fieldErrors: { file: [imageTypeMessage()] } });
  if (file.bytes.length > IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', imageTooLargeMessage(), { fieldErrors: { file: [imageTooLargeMessage()] } });
  }
  const type = sniffImageType(file.bytes);
  if (!type) throw new AppError('VALIDATION', imageTypeMessage(), { fieldErrors: { file: [imageTypeMessage()] } });
  const merchant = await getMerchant(db);
  const { key, sizeBytes } = await storage.save(file.section, type.extension, Readable.from(file.bytes));
  try {
    const row = await db.mediaFile.create({
      data: {
        merchantId: merchant.id,
        name: cleanName(file.filename, type.extension),
        type: 'IMAGE',
        mimeType: type.mimeType,
        sizeBytes,
        storageKey: key,
        section: file.section,
        uploadedById: actor.userId,
      },
      select: { id: true, name: true, mimeType: true, sizeBytes: true },
    });
    return { ...row, url: mediaFileUrl(row.id) };
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

function cleanName(filename: string, extension: string): string {
  // eslint-disable-next-line no-control-regex
  const name = filename.replace(/[\u0000-\u001f\\/]/g, '').trim().slice(0, 200);
  return name || `image.${extension}`;
}

/** Links an uploaded picture to the user (and vehicle) that now shows it, if it is one of ours and unclaimed. */
export async function attachImage(
  tx: Prisma.TransactionClient,
  imageUrl: string | null | undefined,
  owner: { ownerId: string; vehicleId?: string },
): Promise<void> {
  const id = mediaIdFromUrl(imageUrl);
  if (!id) return;
  await tx.mediaFile.updateMany({
    where: { id, section: { in: [...PICTURE_SECTIONS] }, ownerId: null },
    data: { ownerId: owner.ownerId, vehicleId: owner.vehicleId ?? null },
  });
}

export async function removeStoredFiles(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * A stored file for download. Staff see every file; a client sees files of their own account and vehicles
 * (others look like "not found"); public-site sections need no session.
 */
export async function openMediaFile(db: Db, storage: FileStorage, session: Session | null, id: string) {
  const file = await db.mediaFile.findUnique({
    where: { id },
    select: { name: true, mimeType: true, storageKey: true, section: true, ownerId: true, uploadedById: true, vehicle: { select: { ownerId: true } } },
  });
  if (!file || !canRead(session, file)) throw notFound('File');
  const stored = await storage.open(file.storageKey);
  if (!stored) throw notFound('File');
  return { ...stored, name: file.name, mimeType: file.mimeType };
}

function canRead(
  session: Session | null,
  file: { section: string; ownerId: string | null; uploadedById: string | null; vehicle: { ownerId: string } | null },
): boolean {
  if (PUBLIC_SECTIONS.includes(file.section)) return true;
  if (!session) return false;
  if (hasAnyRole(session.roles, 'staff')) return true;
  return [file.ownerId, file.uploadedById, file.vehicle?.ownerId].includes(session.userId);
}
