// A photo is reduced on the phone before it waits in the outbox (issue #29): a 12 MP camera picture (4 to 6 MB)
// leaves as a JPEG whose long edge is INSPECTION_LIMITS.photoLongEdgePx, usually about 300 KB, well under
// 2 MB. The camera's orientation is applied while decoding ('from-image'), so the pixels are upright and the
// server needs no EXIF. A browser that cannot decode the picture sends it as it came: the server's media
// rules (kinds read from the bytes, size limit) still decide.
import { INSPECTION_LIMITS } from '@garage/shared/inspection-rules';

/** The size a picture is drawn at: its long edge at most `longEdge`, never enlarged. */
export function reducedSize(width: number, height: number, longEdge: number = INSPECTION_LIMITS.photoLongEdgePx) {
  const scale = Math.min(1, longEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const quality = INSPECTION_LIMITS.photoJpegQuality;
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

export async function reducePhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      const size = reducedSize(bitmap.width, bitmap.height);
      const reduced = await drawJpeg(bitmap, size.width, size.height);
      // A small picture already stored tighter than our JPEG goes as it is.
      return reduced && reduced.size < file.size ? reduced : file;
    } finally {
      bitmap.close();
    }
  } catch {
    return file;
  }
}
