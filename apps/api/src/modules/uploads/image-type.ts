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
