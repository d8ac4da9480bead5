// Pictures of users and vehicles: stored through the app's FileStorage, described by a MediaFile row and
// served back by GET /backend/media/:id/file (modules/media). A picture is uploaded before the form that uses it is saved,
// so it starts without an owner; saving the user or vehicle attaches it (attachImage).
import { Readable } from 'node:stream';
import { loadSharp, type Db, type FileStorage, type Prisma } from '@garage/db';
import { LIMITS, cleanFileName, mediaIdFromUrl } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { getMerchant } from '../merchant/merchant.service.ts';
import { jpegHasExif, sniffImageType } from './image-type.ts';

/** Sections whose files are profile or vehicle pictures (not history: they go when their owner goes). */
export const PICTURE_SECTIONS = ['user', 'vehicle'] as const;
export type PictureSection = (typeof PICTURE_SECTIONS)[number];
/** Sections a picture may be uploaded for: people and vehicles, the public catalogue and the shop's logo and pictures (no owner). */
export const UPLOAD_SECTIONS = [...PICTURE_SECTIONS, 'offering', 'branding'] as const;
export type UploadSection = (typeof UPLOAD_SECTIONS)[number];

export const IMAGE_MAX_BYTES = LIMITS.imageMaxMB * 1024 * 1024;
export const imageTooLargeError = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'fileSize', { params: { fieldName: 'image', maxSizeInMB: LIMITS.imageMaxMB }, field: 'file' });
const imageTypeError = () =>
  new AppError('VALIDATION', 'fileType', { params: { fieldName: 'image', allowedTypes: 'JPEG, PNG' }, field: 'file' });

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
  /** Null for the logo chosen during first-run setup, before any account exists. */
  actor: Session | null,
  file: { filename: string; bytes: Buffer; section: UploadSection },
): Promise<UploadedImage> {
  if (file.bytes.length === 0) throw imageTypeError();
  if (file.bytes.length > IMAGE_MAX_BYTES) {
    throw imageTooLargeError();
  }
  const type = sniffImageType(file.bytes);
  if (!type) throw imageTypeError();
  const merchant = await getMerchant(db);
  const bytes = type.extension === 'jpg' && jpegHasExif(file.bytes) ? await withoutExif(file.bytes) : file.bytes;
  const { key, sizeBytes } = await storage.save(file.section, type.extension, Readable.from(bytes));
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
        uploadedById: actor?.userId ?? null,
      },
      select: { id: true, name: true, mimeType: true, sizeBytes: true },
    });
    return { ...row, url: mediaFileUrl(row.id) };
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/**
 * A phone photo's EXIF (GPS position included) must not be served: such a JPEG is turned upright from its
 * orientation tag and re-encoded without metadata. Pictures without EXIF are kept byte for byte.
 */
async function withoutExif(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { failOn: 'truncated', limitInputPixels: 100_000_000 }).rotate().jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw new AppError('VALIDATION', 'media.damaged', { field: 'file' });
  }
}

function cleanName(filename: string, extension: string): string {
  const name = cleanFileName(filename).replace(/[\\/]/g, '').trim().slice(0, 200);
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
