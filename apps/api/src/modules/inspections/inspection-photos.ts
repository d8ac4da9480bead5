// Photos of inspection findings (issue #29). The phone makes each photo's id before sending it, so a retry
// after a lost answer (the bay's Wi-Fi) is recognised: the same id again answers the photo already kept,
// never a second one. Stored through the media library (kinds from the bytes, size limits, display version
// without EXIF, thumbnail) in the customer's library, section "inspection", attached to the finding; the
// customer sees it only once the inspection is sent (media.service.ts, and the link page's route below).
import { Prisma, thumbnailKeyOf, type Db, type FileStorage } from '@garage/db';
import { INSPECTION_LIMITS, cleanFileName } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { liveLinkVisitId } from '../approvals/approval-links.ts';
import type { MediaVariant } from '../media/media.service.ts';
import { uploadMedia, type IncomingFile } from '../media/media.upload.ts';
import { notFillable } from './inspections.service.ts';
import { inspectionNotFound, itemNotFound, staffPhoto } from './inspection-views.ts';

export type InspectionPhoto = ReturnType<typeof staffPhoto>;

interface PhotoTarget {
  id: string;
  itemId: string;
  photoId: string;
}

/** The photo already kept under `photoId` for this item (a retry), or null; another item's or file's id is 409. */
export async function existingPhoto(db: Db, target: PhotoTarget): Promise<InspectionPhoto | null> {
  const row = await db.mediaFile.findUnique({ where: { id: target.photoId }, select: { inspectionItemId: true } });
  if (!row) return null;
  if (row.inspectionItemId !== target.itemId) throw new AppError('CONFLICT', 'inspections.photoIdTaken', { field: 'photoId' });
  return staffPhoto(target.photoId);
}

/** Where a new photo goes, checked before any byte is read: the item exists, is being filled and has room. */
export async function photoPlace(db: Db, target: PhotoTarget) {
  const item = await db.inspectionItem.findFirst({
    where: { id: target.itemId, inspectionId: target.id },
    select: {
      _count: { select: { photos: true } },
      inspection: { select: { status: true, visit: { select: { id: true, customerId: true, vehicleId: true } } } },
    },
  });
  if (!item) {
    const inspection = await db.inspection.findUnique({ where: { id: target.id }, select: { id: true } });
    throw inspection ? itemNotFound() : inspectionNotFound();
  }
  if (item.inspection.status !== 'IN_PROGRESS') throw notFillable(item.inspection.status);
  if (item._count.photos >= INSPECTION_LIMITS.photosPerItemMax) {
    throw new AppError('CONFLICT', 'inspections.tooManyPhotos', { params: { max: INSPECTION_LIMITS.photosPerItemMax } });
  }
  return item.inspection.visit;
}

/** Keeps the one picture of `files` as the photo `photoId` of the finding; a retry racing the first answers the first. */
export async function storeInspectionPhoto(
  deps: { db: Db; storage: FileStorage },
  actor: Session,
  target: PhotoTarget,
  files: AsyncIterable<IncomingFile>,
): Promise<{ photo: InspectionPhoto; created: boolean }> {
  const visit = await photoPlace(deps.db, target);
  try {
    await uploadMedia(
      deps,
      actor,
      { ownerId: visit.customerId, vehicleId: visit.vehicleId, visitId: visit.id, section: 'inspection' },
      files,
      undefined,
      { id: target.photoId, inspectionItemId: target.itemId, imagesOnly: 'inspections.photoNotImage' },
    );
    return { photo: staffPhoto(target.photoId), created: true };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const photo = await existingPhoto(deps.db, target);
      if (photo) return { photo, created: false };
    }
    throw error;
  }
}

/**
 * A photo on the approval link page: the token must be a live link (unknown 404; used, replaced or expired
 * 410) of the photo's visit, and the photo's inspection sent; anything else answers like a missing file.
 */
export async function authorizeLinkPhoto(deps: AppDeps, token: string, mediaId: string, variant: MediaVariant) {
  const visitId = await liveLinkVisitId(deps, token);
  const photo = await deps.db.mediaFile.findFirst({
    where: { id: mediaId, inspectionItem: { inspection: { visitId, status: 'SENT' } } },
    select: { name: true, type: true, mimeType: true, storageKey: true },
  });
  if (!photo) throw notFound('file');
  // Served like the media library serves it: the display version (no EXIF) or its thumbnail.
  const thumbnailKey = variant === 'thumb' && photo.type === 'IMAGE' ? thumbnailKeyOf(photo.storageKey) : null;
  return { key: photo.storageKey, thumbnailKey, name: cleanFileName(photo.name), mimeType: photo.mimeType };
}
