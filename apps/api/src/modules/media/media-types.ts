// What an uploaded file really is, decided from its bytes only (the name and the browser's content type are
// claims). Two steps: the first 4 KB, read while the upload streams in, pick the kind and so the size limit
// (an unknown kind is refused before the rest arrives); once the whole file sits at its temporary key, a
// deeper check reads it back (a Word file is not just any OLE/ZIP container, a video has its index, a PDF its
// end marker; images are decoded by sharp when their display version is made).
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';
import type { FileStorage } from '@garage/db';
import type { MediaType } from '@garage/shared';

/** Bytes read before deciding the kind of a file (file-type's own sample size). */
export const HEAD_BYTES = 4100;

export type ContainerCheck = 'image' | 'isobmff' | 'webm' | 'pdf' | 'cfb' | 'zip';

export interface DetectedType {
  type: MediaType;
  /** Served Content-Type; for "cfb"/"zip" what the deep check must confirm. */
  mimeType: string;
  extension: string;
  check: ContainerCheck;
}

export type HeadVerdict = { ok: true; detected: DetectedType } | { ok: false; reason: 'type' | 'heic' };

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/** The kind of a file from its first bytes. */
export async function detectHead(head: Uint8Array): Promise<HeadVerdict> {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIC_BRANDS.includes(ascii(head, 8, 12))) {
    return { ok: false, reason: 'heic' };
  }
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  switch (found?.ext) {
    case 'jpg':
      return accept('IMAGE', 'image/jpeg', 'jpg', 'image');
    case 'png':
      return accept('IMAGE', 'image/png', 'png', 'image');
    case 'webp':
      return accept('IMAGE', 'image/webp', 'webp', 'image');
    case 'heic':
      return { ok: false, reason: 'heic' };
    case 'mp4':
    case 'm4v':
      return accept('VIDEO', 'video/mp4', 'mp4', 'isobmff');
    case 'mov':
      return accept('VIDEO', 'video/quicktime', 'mov', 'isobmff');
    case 'webm':
      return accept('VIDEO', 'video/webm', 'webm', 'webm');
    case 'pdf':
      return accept('DOCUMENT', 'application/pdf', 'pdf', 'pdf');
    case 'cfb':
      return accept('DOCUMENT', 'application/msword', 'doc', 'cfb');
    case 'docx':
    case 'zip':
      return accept('DOCUMENT', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'zip');
    default:
      return { ok: false, reason: 'type' };
  }
}

function accept(type: MediaType, mimeType: string, extension: string, check: ContainerCheck): HeadVerdict {
  return { ok: true, detected: { type, mimeType, extension, check } };
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * The deep check of a non-image file stored at `key` (images are checked by decoding them). False when the
 * container is not what its first bytes promised, or the file is cut short.
 */
export async function verifyStored(storage: FileStorage, key: string, detected: DetectedType, sizeBytes: number): Promise<boolean> {
  switch (detected.check) {
    case 'isobmff':
      return verifyIsoBmff(storage, key, sizeBytes);
    case 'pdf': {
      // A complete PDF ends with %%EOF (within the last 1 KB, as readers accept it).
      const tail = await readRange(storage, key, Math.max(0, sizeBytes - 1024), sizeBytes - 1);
      return tail.includes('%%EOF');
    }
    case 'cfb':
      // A Word 97-2003 file is an OLE container holding a stream named "WordDocument" (names are UTF-16).
      return streamContains(storage, key, Buffer.from('WordDocument', 'utf16le'));
    case 'zip': {
      const opened = await storage.open(key);
      if (!opened) return false;
      try {
        const found = await fileTypeFromStream(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>);
        return found?.ext === 'docx';
      } catch {
        return false;
      } finally {
        opened.stream.destroy();
      }
    }
    default:
      return true;
  }
}

/**
 * MP4 and QuickTime: walk the top-level boxes. The first is "ftyp", a "moov" (the index players need to
 * seek) must be there, and the box sizes must add up to the file's size (a cut-off upload does not).
 */
async function verifyIsoBmff(storage: FileStorage, key: string, sizeBytes: number): Promise<boolean> {
  let offset = 0;
  let sawMoov = false;
  for (let boxes = 0; offset < sizeBytes; boxes += 1) {
    if (boxes > 10_000 || sizeBytes - offset < 8) return false;
    const header = await readRange(storage, key, offset, Math.min(offset + 15, sizeBytes - 1));
    let size = header.readUInt32BE(0);
    const name = header.toString('latin1', 4, 8);
    if (boxes === 0 && name !== 'ftyp') return false;
    if (size === 1) {
      if (header.length < 16) return false;
      size = Number(header.readBigUInt64BE(8));
    } else if (size === 0) {
      size = sizeBytes - offset; // "to the end of the file"
    }
    if (size < 8 || offset + size > sizeBytes) return false;
    if (name === 'moov') sawMoov = true;
    offset += size;
  }
  return sawMoov;
}

async function readRange(storage: FileStorage, key: string, start: number, end: number): Promise<Buffer> {
  if (end < start) return Buffer.alloc(0);
  const opened = await storage.open(key, { start, end });
  if (!opened) return Buffer.alloc(0);
  return collect(opened.stream);
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether the stored file contains `needle`, read as a stream (a chunk boundary cannot hide a match). */
async function streamContains(storage: FileStorage, key: string, needle: Buffer): Promise<boolean> {
  const opened = await storage.open(key);
  if (!opened) return false;
  let carry = Buffer.alloc(0);
  try {
    for await (const chunk of opened.stream) {
      const window = Buffer.concat([carry, chunk as Buffer]);
      if (window.includes(needle)) return true;
      carry = window.subarray(Math.max(0, window.length - needle.length + 1));
    }
    return false;
  } finally {
    opened.stream.destroy();
  }
}
