// The versions of an uploaded photo that are kept and served (sharp, libvips). The camera original is not
// kept: it carries EXIF data, GPS position included. What is stored is a display version (at most
// DISPLAY_MAX_PX on its long side, turned upright from the EXIF orientation, metadata dropped, sRGB) under
// the file's key, and a small WebP thumbnail next to it (thumbnailKeyOf). Used by the API's uploads and by
// the demo seed.
import type { Readable } from 'node:stream';
import type { OutputInfo, Sharp } from 'sharp';
type SharpConstructor = typeof import('sharp')['default'];
import type { FileStorage } from './storage.ts';

export const DISPLAY_MAX_PX = 2560;
export const THUMBNAIL_MAX_PX = 480;
/** Refuse decompression bombs: 100 megapixels is above any phone camera. */
const MAX_INPUT_PIXELS = 100_000_000;

export type StoredImageFormat = 'jpg' | 'png' | 'webp';

export const thumbnailKeyOf = (key: string) => `${key}.thumb.webp`;

/**
 * sharp, loaded on first use: libvips and its native libraries are about 16 MB of a process's RSS, and most
 * server processes never receive a photo (apps/api/bench/start-cost.ts).
 */
export async function loadSharp(): Promise<SharpConstructor> {
  return (await import('sharp')).default;
}

/** A decoder that fails on truncated or corrupt data instead of serving half a picture. */
const decoder = (sharp: SharpConstructor) => sharp({ failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS });

function encode(image: Sharp, format: StoredImageFormat): Sharp {
  if (format === 'jpg') return image.jpeg({ quality: 85 });
  if (format === 'png') return image.png({ compressionLevel: 8 });
  return image.webp({ quality: 85 });
}

/**
 * Reads the photo from `source`, stores its display version in `folder` and its thumbnail next to it.
 * Throws when the bytes cannot be decoded; nothing is left stored then.
 */
export async function storeImageVersions(
  storage: FileStorage,
  source: Readable,
  folder: string,
  format: StoredImageFormat,
): Promise<{ key: string; sizeBytes: number; width: number; height: number }> {
  // The source is heard from the start: it may fail while sharp loads (its first use in this process).
  let display: Sharp | undefined;
  let sourceError: Error | undefined;
  source.on('error', (error) => {
    sourceError = error;
    display?.destroy(error);
  });
  const sharp = await loadSharp();
  if (sourceError) throw sourceError;
  display = encode(
    decoder(sharp).rotate().resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true }),
    format,
  );
  let info: OutputInfo | undefined;
  display.on('info', (value: OutputInfo) => (info = value));
  // Errors reach the caller through storage's pipeline; `.pipe()` would otherwise re-emit them unheard.
  display.on('error', () => undefined);
  const { key, sizeBytes } = await storage.save(folder, format, source.pipe(display));
  try {
    const stored = await storage.open(key);
    if (!stored) throw new Error('Display version vanished');
    const thumbnail = stored.stream.pipe(
      decoder(sharp)
        .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 }),
    );
    thumbnail.on('error', () => undefined);
    await storage.put(thumbnailKeyOf(key), thumbnail);
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    await storage.remove(thumbnailKeyOf(key)).catch(() => undefined);
    throw error;
  }
  return { key, sizeBytes, width: info?.width ?? 0, height: info?.height ?? 0 };
}
