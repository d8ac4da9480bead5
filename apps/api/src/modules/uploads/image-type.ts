// Which image a file really is, from its first bytes. The browser's mime type and the file name are only
// claims; only JPEG and PNG are accepted as pictures.

export interface ImageType {
  mimeType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mimeType: 'image/jpeg', extension: 'jpg' };
  }
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    return { mimeType: 'image/png', extension: 'png' };
  }
  return null;
}

/**
 * Whether a JPEG carries an EXIF block (APP1 "Exif"): camera data, often the GPS position, and the
 * orientation. Walks the segments before the image data.
 */
export function jpegHasExif(bytes: Uint8Array): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) return false; // start of scan / end of image
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)) === 'Exif') return true;
    offset += 2 + length;
  }
  return false;
}
