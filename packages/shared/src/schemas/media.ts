// Media library: photos, videos and documents of a customer, optionally narrowed to a vehicle and a visit
// (SPEC §2 media routes, §3 Media file, §9 media types). The type of a file is decided by the API from its
// bytes; these are the contracts of the list, the changes and the upload target.
import { z } from 'zod';
import { ALLOWED_UPLOAD_MIME, LIMITS, MEDIA_TYPES } from '../constants.ts';
import { msg } from '../messages.ts';
import { pageOf } from './users.ts';

/** Sections of the media library (the picture sections "user"/"vehicle" and the public-site ones are not listed). */
export const MEDIA_SECTIONS = ['inspection', 'before', 'after', 'documents', 'invoice'] as const;
export type MediaSection = (typeof MEDIA_SECTIONS)[number];
export type MediaType = (typeof MEDIA_TYPES)[number];

/** What the size messages and the upload picker say, per kind of file. */
export const MEDIA_MAX_MB: Record<MediaType, number> = {
  IMAGE: LIMITS.mediaImageMaxMB,
  VIDEO: LIMITS.mediaVideoMaxMB,
  DOCUMENT: LIMITS.mediaDocumentMaxMB,
};
/** The list in "file must be one of: ..." (SPEC §5). */
export const MEDIA_ALLOWED_TYPES_LABEL = 'JPEG, PNG, WebP, MP4, WebM, MOV, PDF, DOC, DOCX';
/** The picker's `accept`: a hint for the browser only; the API decides from the bytes. */
export const MEDIA_ACCEPT = [
  ...ALLOWED_UPLOAD_MIME.IMAGE,
  ...ALLOWED_UPLOAD_MIME.VIDEO,
  ...ALLOWED_UPLOAD_MIME.DOCUMENT,
  '.jpg,.jpeg,.png,.webp,.mp4,.webm,.mov,.pdf,.doc,.docx',
].join(',');
export const MEDIA_PAGE_SIZE_DEFAULT = 24;
export const MEDIA_NAME_MAX = 200;
/** Files sent in one upload request. */
export const MEDIA_FILES_PER_UPLOAD = 20;

/** The kind of a file from what the browser says (used only to pick the size limit shown before sending). */
export function mediaTypeOfMime(mime: string): MediaType | null {
  if (mime.startsWith('image/')) return 'IMAGE';
  if (mime.startsWith('video/')) return 'VIDEO';
  if ((ALLOWED_UPLOAD_MIME.DOCUMENT as readonly string[]).includes(mime)) return 'DOCUMENT';
  return null;
}

export const MEDIA_MESSAGES = {
  heic: 'File must be one of: JPEG, PNG, WebP. HEIC photos are not supported: choose "Most Compatible" in the camera settings or share the photo as JPEG',
  damaged: 'The file could not be read: it is damaged or incomplete',
  visitNotOfCustomer: 'This visit does not belong to this customer and vehicle',
  vehicleNotOfCustomer: 'This vehicle does not belong to this customer',
  noFile: 'File is required',
  deleted: 'The file was deleted.',
  /** A client deleting a file of theirs that the garage added (photos of damage, invoices are its records). */
  notYourUpload: 'Only the files you added yourself can be deleted; ask the garage to remove this one',
  clientQuota: `The files you add may take ${LIMITS.clientMediaQuotaMB} MB in all: delete some of yours, or ask the garage`,
} as const;

export const mediaFileTypeMessage = () => msg('fileType', { fieldName: 'file', allowedTypes: MEDIA_ALLOWED_TYPES_LABEL });
export const mediaFileSizeMessage = (type: MediaType) => msg('fileSize', { fieldName: 'file', maxSizeInMB: MEDIA_MAX_MB[type] });

const optionalUuid = z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional());

/** Where uploaded files go (REST query string, checked before any byte is read). */
export const mediaUploadTargetSchema = z.object({
  ownerId: z.uuid(),
  vehicleId: optionalUuid,
  visitId: optionalUuid,
  section: z.enum(MEDIA_SECTIONS, { error: msg('required', { fieldName: 'section' }) }),
});
export type MediaUploadTarget = z.infer<typeof mediaUploadTargetSchema>;
/** A client's upload target: always their own account, optionally one of their vehicles and visits. */
export const myMediaUploadTargetSchema = mediaUploadTargetSchema.omit({ ownerId: true });
export type MyMediaUploadTarget = z.infer<typeof myMediaUploadTargetSchema>;

const listFilters = {
  vehicleId: optionalUuid,
  visitId: optionalUuid,
  type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(MEDIA_TYPES).optional()),
  section: z.preprocess((value) => (value === '' ? undefined : value), z.enum(MEDIA_SECTIONS).optional()),
  /** Created at or after this instant. */
  from: z.preprocess((value) => (value === '' ? undefined : value), z.iso.datetime({ offset: true }).optional()),
  /** Created before this instant. */
  to: z.preprocess((value) => (value === '' ? undefined : value), z.iso.datetime({ offset: true }).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MEDIA_PAGE_SIZE_DEFAULT),
};
export const listMediaSchema = z.object({ ownerId: z.uuid(), ...listFilters });
export type ListMediaInput = z.input<typeof listMediaSchema>;
/** The client area: always the caller's own files. */
export const listMyMediaSchema = z.object(listFilters);

export const mediaContextSchema = z.object({ ownerId: z.uuid(), vehicleId: optionalUuid, visitId: optionalUuid });
export const myMediaContextSchema = z.object({ vehicleId: optionalUuid, visitId: optionalUuid });

/**
 * Invisible characters a file name must not carry: control characters (C0, DEL, C1) and the format controls
 * that change how text around them displays or reads (bidirectional marks, embeddings, overrides and
 * isolates such as U+202E, which makes "invoice\u202Egpj.exe" show as "invoiceexe.jpg"; zero-width
 * characters; the soft hyphen; byte-order marks; interlinear annotations).
 */
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const FILE_NAME_INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** A file name without control or invisible format characters: what the API stores and every screen shows. */
export function cleanFileName(name: string): string {
  return name.replace(FILE_NAME_INVISIBLE, '');
}

export const mediaNameSchema = z
  .string({ error: msg('required', { fieldName: 'name' }) })
  .overwrite(cleanFileName)
  .trim()
  .min(1, msg('required', { fieldName: 'name' }))
  .max(MEDIA_NAME_MAX, msg('maxLength', { fieldName: 'name', maxLength: MEDIA_NAME_MAX }))
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\\/\u0000-\u001f\u007f]+$/, msg('format', { fieldName: 'name' }));

/** Rename, move (vehicle/visit of the same customer; null = customer level) or re-file (section). */
export const updateMediaDataSchema = z
  .object({
    name: mediaNameSchema.optional(),
    section: z.enum(MEDIA_SECTIONS).optional(),
    vehicleId: z.uuid().nullable().optional(),
    visitId: z.uuid().nullable().optional(),
  })
  .strict();
export const updateMediaSchema = z.object({ id: z.uuid(), data: updateMediaDataSchema });
export const mediaIdSchema = z.object({ id: z.uuid() });

export const mediaViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MEDIA_TYPES),
  mimeType: z.string(),
  sizeBytes: z.number(),
  section: z.string(),
  ownerId: z.string().nullable(),
  vehicleId: z.string().nullable(),
  visitId: z.string().nullable(),
  createdAt: z.string(),
  /** Preview (images: display size, metadata removed; videos: ranged; PDF: inline). */
  url: z.string(),
  /** Small picture for grids; null for videos and documents. */
  thumbnailUrl: z.string().nullable(),
  downloadUrl: z.string(),
  vehicle: z.object({ id: z.string(), plateNumber: z.string(), brand: z.string(), model: z.string() }).nullable(),
  visit: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Who added it: a client may delete the files they added themselves, not the garage's. */
  uploadedById: z.string().nullable(),
  uploadedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type MediaView = z.infer<typeof mediaViewSchema>;
export const mediaPageSchema = pageOf(mediaViewSchema);
export type MediaPage = z.infer<typeof mediaPageSchema>;
export const mediaUploadResultSchema = z.object({ files: z.array(mediaViewSchema) });

/** The customer, their vehicles and visits: the page header, the filters, the upload target and "move to". */
export const mediaContextViewSchema = z.object({
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  vehicles: z.array(z.object({ id: z.string(), plateNumber: z.string(), brand: z.string(), model: z.string() })),
  visits: z.array(z.object({ id: z.string(), name: z.string(), vehicleId: z.string(), visitDate: z.string() })),
  vehicleId: z.string().nullable(),
  visitId: z.string().nullable(),
});
export type MediaContextView = z.infer<typeof mediaContextViewSchema>;
