// Writing a stored file to an HTTP response: the sniffed Content-Type, nosniff, an inline disposition only
// for what a browser shows safely (image, video, PDF), a CSP sandbox so bytes can never run as a page of the
// app's origin, ETag revalidation (authorisation is checked on every request, so nothing is cached
// unchecked: `private, no-cache`), and single byte ranges (206) so videos seek.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '@garage/db';
import { notFound } from '../../lib/errors.ts';

const INLINE_TYPES = /^(image\/(jpeg|png|webp)|video\/(mp4|webm|quicktime)|application\/pdf)$/;
// Chromium's PDF viewer does not render inside a sandboxed document, and a PDF cannot run script in the
// origin anyway; every other file gets the sandbox.
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // eslint-disable-next-line no-control-regex
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

type RangeRequest = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range (suffix and open-ended forms included); several ranges are answered whole (RFC 9110). */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: { id: string; key: string; thumbnailKey: string | null; name: string; mimeType: string; download: boolean },
) {
  let key = file.key;
  let mimeType = file.mimeType;
  let opened = file.thumbnailKey ? await storage.open(file.thumbnailKey) : null;
  if (opened) {
    key = file.thumbnailKey!;
    mimeType = 'image/webp';
  } else {
    // Pictures stored before thumbnails existed have none: the main version stands in.
    opened = await storage.open(file.key);
  }
  if (!opened) throw notFound('file');
  const size = opened.sizeBytes;
  const etag = `"${file.id}-${key === file.key ? 'main' : 'thumb'}-${size}"`;
  const inline = !file.download && INLINE_TYPES.test(mimeType);
  reply
    .header('content-type', mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .header('content-security-policy', mimeType === 'application/pdf' ? FILE_CSP : `${FILE_CSP}; sandbox`)
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('accept-ranges', 'bytes');

  if (request.headers['if-none-match'] === etag) {
    opened.stream.destroy();
    return reply.status(304).send();
  }
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    opened.stream.destroy();
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  // Any valid range is answered 206, even the whole file ("bytes=0-"): some players (Safari) insist.
  if (range) {
    opened.stream.destroy();
    const part = await storage.open(key, range);
    if (!part) throw notFound('file');
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(part.stream);
  }
  return reply.header('content-length', String(size)).send(opened.stream);
}
