// Uploading files to the media library. Each file streams straight to a temporary key in storage (never
// buffered whole): its first 4 KB decide its kind and so its size limit, counted as it arrives. When every
// file of the request is in, each is checked in depth, photos get their display version and thumbnail,
// the others move to their final key, and the rows are written in one transaction. Any failure (a refused
// file, a damaged one, a client that hangs up mid-way, a visit deleted meanwhile) removes every byte this
// request stored: all of the request's files are kept, or none.
// A client's uploads reserve their space in MediaUsage before the bytes are kept (ByteBudget), so uploads
// at once cannot pass the quota together.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { Prisma, storeImageVersions, thumbnailKeyOf, type Db, type FileStorage, type StoredImageFormat } from '@garage/db';
import {
  LIMITS,
  MEDIA_MAX_MB,
  mediaFileSizeMessage,
  mediaFileTypeMessage,
  parseMessage,
  type MediaType,
  type MessageCode,
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
  const { code, params } = parseMessage(mediaFileTypeMessage());
  return new AppError('VALIDATION', code ?? 'fileType', { params, field: 'file' });
};
const sizeError = (type: MediaType) => {
  const { code, params } = parseMessage(mediaFileSizeMessage(type));
  return new AppError('PAYLOAD_TOO_LARGE', code ?? 'fileSize', { params, field: 'file' });
};
const plainError = (messageCode: MessageCode) => new AppError('VALIDATION', messageCode, { field: 'file' });
const quotaError = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'media.clientQuota', { params: { quotaMB: LIMITS.clientMediaQuotaMB }, field: 'file' });

const QUOTA_BYTES = LIMITS.clientMediaQuotaMB * 1024 * 1024;
/** Reservations beyond the declared body grow by this much at a time (or exactly what is missing near the end). */
const RESERVE_STEP = 4 * 1024 * 1024;

/**
 * A client's media quota for one upload request, held in their MediaUsage row (the bytes of their files,
 * kept by a trigger, plus every reservation in progress). Space is reserved with a conditional update
 * before the bytes are kept (the whole declared body up front when it fits, otherwise as they arrive), so
 * uploads at once cannot together pass the quota. The reservation becomes the rows' own count when they are
 * written (settle), or is given back when the upload fails (release).
 */
export class ByteBudget {
  private reserved = 0;
  private used = 0;
  private pending: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly db: Db,
    readonly userId: string,
  ) {}

  /** Opens the budget of `userId`, reserving `declaredBytes` (the request's Content-Length) if it fits. */
  static async open(db: Db, userId: string, declaredBytes: number | undefined): Promise<ByteBudget> {
    const budget = new ByteBudget(db, userId);
    await db.$executeRaw`INSERT INTO "MediaUsage" ("userId", "bytes") VALUES (${userId}::uuid, 0) ON CONFLICT ("userId") DO NOTHING`;
    if (declaredBytes && Number.isSafeInteger(declaredBytes) && declaredBytes > 0 && declaredBytes <= QUOTA_BYTES)
      await budget.reserve(declaredBytes);
    return budget;
  }

  /** Counts `bytes` more of the request's files, reserving what the reservation does not cover yet (else the quota error). */
  async cover(bytes: number): Promise<void> {
    this.used += bytes;
    if (this.used <= this.reserved) return;
    const missing = this.used - this.reserved;
    if ((missing < RESERVE_STEP && (await this.reserve(RESERVE_STEP))) || (await this.reserve(missing))) return;
    throw quotaError();
  }

  private reserve(bytes: number): Promise<boolean> {
    const attempt = this.pending.then(async () => {
      if (this.closed) return false;
      const taken = await this.db.$executeRaw`
        UPDATE "MediaUsage" SET "bytes" = "bytes" + ${bytes}::bigint
        WHERE "userId" = ${this.userId}::uuid AND "bytes" + ${bytes}::bigint <= ${QUOTA_BYTES}::bigint`;
      if (taken === 1) this.reserved += bytes;
      return taken === 1;
    });
    this.pending = attempt.catch(() => undefined);
    return attempt;
  }

  /**
   * In the transaction that writes the request's rows (whose trigger counts their real sizes): gives the
   * reservation back, then refuses if the rows' sizes (a photo's display version may differ from what was
   * sent) do not fit after all.
   */
  async settle(tx: Prisma.TransactionClient): Promise<void> {
    await this.pending;
    const [row] = await tx.$queryRaw<Array<{ bytes: bigint }>>`
      UPDATE "MediaUsage" SET "bytes" = "bytes" - ${this.reserved}::bigint WHERE "userId" = ${this.userId}::uuid RETURNING "bytes"`;
    if (row && row.bytes > BigInt(QUOTA_BYTES)) throw quotaError();
  }

  /** After settle committed: the reservation now is the rows' count. */
  settled(): void {
    this.reserved = 0;
    this.closed = true;
  }

  /** The upload failed: gives back what it reserved (after any reservation still on its way). */
  async release(): Promise<void> {
    this.closed = true;
    await this.pending;
    if (this.reserved === 0) return;
    const bytes = this.reserved;
    this.reserved = 0;
    await this.db.$executeRaw`UPDATE "MediaUsage" SET "bytes" = "bytes" - ${bytes}::bigint WHERE "userId" = ${this.userId}::uuid`;
  }
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
    if (this.budget) {
      this.budget.cover(chunk.length).then(() => this.accept(chunk, callback), callback);
      return;
    }
    this.accept(chunk, callback);
  }

  private accept(chunk: Buffer, callback: TransformCallback): void {
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
    if (!verdict.ok) throw verdict.reason === 'heic' ? plainError('media.heic') : typeError();
    this.detected = verdict.detected;
    this.limit = MEDIA_MAX_MB[verdict.detected.type] * 1024 * 1024;
    if (this.total > this.limit) throw sizeError(verdict.detected.type);
    this.push(buffered);
  }
}

/**
 * The space a client's own uploads may take (LIMITS.clientMediaQuotaMB in all for the files they added), so
 * an account cannot fill the garage's disk, whatever number of uploads it sends at once.
 */
export function clientBudget(db: Db, actor: Session, declaredBytes: number | undefined): Promise<ByteBudget> {
  return ByteBudget.open(db, actor.userId, declaredBytes);
}

interface Staged {
  filename: string;
  detected: DetectedType;
  tempKey: string;
  sizeBytes: number;
}

/** What a caller other than the library's own upload adds to its one file (an inspection photo, issue #29). */
export interface UploadExtras {
  /** The row's id, chosen by the caller (a photo's id made on the phone, so a retry is recognised). */
  id?: string;
  /** The inspection finding the photo shows. */
  inspectionItemId?: string;
  /** Only pictures are kept; anything else is refused with this message. */
  imagesOnly?: MessageCode;
}

/** Stores the files of one request for the customer (and vehicle, visit) of `target`. */
export async function uploadMedia(
  deps: { db: Db; storage: FileStorage },
  actor: Session,
  target: MediaUploadTarget,
  files: AsyncIterable<IncomingFile>,
  budget?: ByteBudget,
  extras: UploadExtras = {},
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
      if (extras.imagesOnly && guard.detected!.type !== 'IMAGE') throw plainError(extras.imagesOnly);
    }
    if (staged.length === 0) throw plainError('media.noFile');

    const finals: Array<Staged & { key: string; sizeBytes: number }> = [];
    for (const file of staged) {
      if (file.detected.type === 'IMAGE') {
        const source = await storage.open(file.tempKey);
        if (!source) throw new Error('Temporary upload vanished');
        let image: Awaited<ReturnType<typeof storeImageVersions>>;
        try {
          image = await storeImageVersions(storage, source.stream, MEDIA_FOLDER, file.detected.extension as StoredImageFormat);
        } catch {
          throw plainError('media.damaged');
        }
        stored.push(image.key, thumbnailKeyOf(image.key));
        await storage.remove(file.tempKey);
        finals.push({ ...file, key: image.key, sizeBytes: image.sizeBytes });
      } else {
        if (!(await verifyStored(storage, file.tempKey, file.detected, file.sizeBytes))) {
          throw file.detected.check === 'isobmff' || file.detected.check === 'pdf' ? plainError('media.damaged') : typeError();
        }
        const key = await storage.move(file.tempKey, MEDIA_FOLDER, file.detected.extension);
        stored.push(key);
        finals.push({ ...file, key });
      }
    }

    const rows = await db.$transaction(async (tx) => {
      const created = [];
      for (const file of finals) {
        created.push(
          await tx.mediaFile.create({
            data: {
              ...(extras.id ? { id: extras.id } : {}),
              ...(extras.inspectionItemId ? { inspectionItemId: extras.inspectionItemId } : {}),
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
        );
      }
      await budget?.settle(tx);
      return created;
    });
    budget?.settled();
    return rows.map(toMediaView);
  } catch (error) {
    await budget?.release().catch(() => undefined);
    await Promise.all([...staged.map((file) => file.tempKey), ...stored].map((key) => storage.remove(key).catch(() => undefined)));
    // The vehicle or visit went away while the bytes were arriving.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw notFound('visit');
    throw error;
  }
}
