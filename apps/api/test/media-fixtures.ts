// Real files of every accepted kind, made at test time (sharp for photos, hand-built containers for the rest),
// and a multipart body builder for app.inject().
import sharp from 'sharp';
import yazl from 'yazl';
import { uniqueSuffix } from './helpers.ts';

/** A 1200x900 JPEG with EXIF GPS coordinates (what a phone camera writes). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
export const webp = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 160, b: 60 } } })
    .webp()
    .toBuffer();

function box(name: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(name, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An MP4 (ISO BMFF): ftyp, moov, and an mdat of `payloadBytes` bytes whose byte i is i % 251. */
export function mp4(payloadBytes = 64 * 1024, brand = 'isom'): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}iso2avc1mp41`, 'latin1')]),
  );
  const moov = box('moov', box('mvhd', Buffer.alloc(100)));
  const payload = Buffer.alloc(payloadBytes);
  for (let i = 0; i < payloadBytes; i += 1) payload[i] = i % 251;
  return Buffer.concat([ftyp, moov, box('mdat', payload)]);
}

/** A WebM (Matroska, DocType "webm") header followed by a cluster of filler. */
export function webm(): Buffer {
  const ebml = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42,
    0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
  ]);
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x10, 0x00]), Buffer.alloc(4096, 7)]);
  return Buffer.concat([ebml, segment]);
}

/** A one-page PDF. */
export function pdf(text = 'Invoice'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 40 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 40 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A minimal .docx: an OOXML zip whose [Content_Types].xml names a Word document. */
export function docx(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
    '_rels/.rels',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ),
    'word/document.xml',
  );
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

/** A zip that is not a Word file (e.g. a spreadsheet or an archive renamed .docx). */
export function plainZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('hello'), 'readme.txt');
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** An OLE compound file (Word 97-2003 when it holds a "WordDocument" stream). */
export function cfb(withWordStream = true): Buffer {
  const file = Buffer.alloc(3 * 512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt32LE(1, 0x30);
  Buffer.from('Root Entry', 'utf16le').copy(file, 512);
  Buffer.from(withWordStream ? 'WordDocument' : 'Workbook', 'utf16le').copy(file, 512 + 128);
  return file;
}

/** A Windows executable's first bytes. */
export const exe = () =>
  Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64),
    Buffer.from('PE\0\0'),
    Buffer.alloc(2000, 0x90),
  ]);

export interface Part {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export function multipart(parts: Part[]) {
  const boundary = `----garage${uniqueSuffix()}`;
  const chunks: Buffer[] = [];
  parts.forEach((part, index) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${index}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, boundary };
}
