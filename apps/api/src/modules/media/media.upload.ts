// Uploading files to the media library. Each file streams straight to a temporary key in storage (never
// buffered whole): its first 4 KB decide its kind and so its size limit, counted as it arrives. When every
// file of the request is in, each is checked in depth, photos get their display version and thumbnail,
// the others move to their final key, and the rows are written in one transaction. Any failure (a refused
// file, a damaged one, a client that hangs up mid-way, a visit deleted meanwhile) removes every byte this
// request stored: all of the request's files are kept, or none.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { Prisma, storeImageVersions, thumbnailKeyOf, type Db, type FileStorage, type StoredImageFormat } from '@garage/db';
import {
  LIMITS,
  MEDIA_MAX_MB,
  MEDIA_MESSAGES,
  mediaFileSizeMessage,
  mediaFileTypeMessage,
  renderMessage,
  type MediaType,
  type MediaUploadTarget,
  type MediaView,
} from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { getMerchant } from '../merchant/merchant.service.ts';
import { HEAD_BYTES, detectHead, verifyStored, type DetectedType } from './media-types.ts';
import { MEDIA_VIEW_SELECT, displayName, resolveTarget, toMediaView } from './media.service.ts';

export const TEMP_FOLDER = 'tmp';
export const MEDIA_FOLDER = 'media';
/** The largest file any kind allows, the transport's own ceiling (per-kind limits apply as bytes arrive). */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(MEDIA_MAX_MB)) * 1024 * 1024;

export interface IncomingFile {
  filename: string;
  stream: Readable;
}

const typeError = () => {
  const message = renderMessage(mediaFileTypeMessage());
  return new AppError('VALIDATION', message, { fieldErrors: { file: [message] } });
};
const sizeError = (type: MediaType) => {
  const message = renderMessage(mediaFileSizeMessage(type));
  return new AppError('PAYLOAD_TOO_LARGE', message, { fieldErrors: { file: [message] } });
};
const plainError = (message: string) => new AppError('VALIDATION', message, { fieldErrors: { file: [message] } });
const quotaError = () => new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.clientQuota, { fieldErrors: { file: [MEDIA_MESSAGES.clientQuota] } });

/** Bytes the request's files may still take in all (a client's space left), counted as they arrive. */
export interface ByteBudget {
  remaining: number;
}

/** Passes the bytes through while deciding the kind from the first HEAD_BYTES and enforcing its size limit. */
class UploadGuard extends Transform {
  detected: DetectedType | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private total = 0;
  private limit = UPLOAD_MAX_BYTES;

  constructor(private readonly budget: ByteBudget | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.budget && (this.budget.remaining -= chunk.length) < 0) {
      callback(quotaError());
      return;
    }
    if (this.detected) {
      callback(this.total > this.limit ? sizeError(this.detected.type) : null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      callback();
      return;
    }
    this.decide().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.detected) {
      callback();
      return;
    }
    this.decide().then(() => callback(), callback);
  }

  private async decide(): Promise<void> {
    const buffered = Buffer.concat(this.head);
    this.head = [];
    if (buffered.length === 0) throw typeError();
    const verdict = await detectHead(buffered.subarray(0, HEAD_BYTES));
    if (!verdict.ok) throw verdict.reason === 'heic' ? plainError(MEDIA_MESSAGES.heic) : typeError();
    this.detected = verdict.detected;
    this.limit = MEDIA_MAX_MB[verdict.detected.type] * 1024 * 1024;
    if (this.total > this.limit) throw sizeError(verdict.detected.type);
    this.push(buffered);
  }
}

/**
 * The space a client's own uploads may still take (LIMITS.clientMediaQuotaMB less the files they added), so
 * an account cannot fill the garage's disk. Two uploads at once may both start from the same figure: the
 * overshoot is bounded by one request.
 */
export async function clientSpaceLeft(db: Db, actor: Session): Promise<ByteBudget> {
  const used = await db.mediaFile.aggregate({ where: { uploadedById: actor.userId }, _sum: { sizeBytes: true } });
  return { remaining: LIMITS.clientMediaQuotaMB * 1024 * 1024 - (used._sum.sizeBytes ?? 0) };
}

interface Staged {
  filename: string;
  detected: DetectedType;
  tempKey: string;
  sizeBytes: number;
}

/** Stores the files of one request for the customer (and vehicle, visit) of `target`. */
export async function uploadMedia(
  deps: { db: Db; storage: FileStorage },
  actor: Session,
  target: MediaUploadTarget,
  files: AsyncIterable<IncomingFile>,
  budget?: ByteBudget,
): Promise<MediaView[]> {
  const { db, storage } = deps;
  const place = await resolveTarget(db, target);
  const merchant = await getMerchant(db);
  const staged: Staged[] = [];
  const stored: string[] = [];
  try {
    for await (const file of files) {
      const guard = new UploadGuard(budget);
      file.stream.on('error', (error) => guard.destroy(error));
      // The error reaches us through storage.save's pipeline; `.pipe()` would otherwise re-emit it unheard.
      guard.on('error', () => undefined);
      const { key, sizeBytes } = await storage.save(TEMP_FOLDER, '', file.stream.pipe(guard));
      staged.push({ filename: file.filename, detected: guard.detected!, tempKey: key, sizeBytes });
    }
    if (staged.length === 0) throw plainError(MEDIA_MESSAGES.noFile);

    const finals: Array<Staged & { key: string; sizeBytes: number }> = [];
    for (const file of staged) {
      if (file.detected.type === 'IMAGE') {
        const source = await storage.open(file.tempKey);
        if (!source) throw new Error('Temporary upload vanished');
        let image;
        try {
          image = await storeImageVersions(storage, source.stream, MEDIA_FOLDER, file.detected.extension as StoredImageFormat);
        } catch {
          throw plainError(MEDIA_MESSAGES.damaged);
        }
        stored.push(image.key, thumbnailKeyOf(image.key));
        await storage.remove(file.tempKey);
        finals.push({ ...file, key: image.key, sizeBytes: image.sizeBytes });
      } else {
        if (!(await verifyStored(storage, file.tempKey, file.detected, file.sizeBytes))) {
          throw file.detected.check === 'isobmff' || file.detected.check === 'pdf' ? plainError(MEDIA_MESSAGES.damaged) : typeError();
        }
        const key = await storage.move(file.tempKey, MEDIA_FOLDER, file.detected.extension);
        stored.push(key);
        finals.push({ ...file, key });
      }
    }

    const rows = await db.$transaction(
      finals.map((file) =>
        db.mediaFile.create({
          data: {
            merchantId: merchant.id,
            name: displayName(file.filename, file.detected),
            type: file.detected.type,
            mimeType: file.detected.mimeType,
            sizeBytes: file.sizeBytes,
            storageKey: file.key,
            section: target.section,
            ownerId: place.ownerId,
            vehicleId: place.vehicleId,
            visitId: place.visitId,
            uploadedById: actor.userId,
          },
          select: MEDIA_VIEW_SELECT,
        }),
      ),
    );
    return rows.map(toMediaView);
  } catch (error) {
    await Promise.all([...staged.map((file) => file.tempKey), ...stored].map((key) => storage.remove(key).catch(() => undefined)));
    // The vehicle or visit went away while the bytes were arriving.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw notFound('Visit');
    throw error;
  }
}
