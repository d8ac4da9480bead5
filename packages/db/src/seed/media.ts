// Demo media for the demo client's vehicles and visits: photos drawn with sharp (SVG rendered to JPEG, no
// text so no font is needed) and small generated PDFs, stored through FileStorage like real uploads (display
// version + thumbnail). Idempotent: rows have deterministic ids; a row whose bytes are missing (a wiped
// storage folder) gets them again. Runs only where the demo data was seeded. About 0.3 s.
import { Readable } from 'node:stream';
import type { Db } from '../client.ts';
import { loadSharp, storeImageVersions, thumbnailKeyOf } from '../media-images.ts';
import type { FileStorage } from '../storage.ts';
import { seedId } from './ids.ts';

type Scene = { kind: 'photo'; body: string; sky: string; ground: string; accent: string } | { kind: 'pdf'; lines: string[] };

interface DemoFile {
  key: string;
  name: string;
  section: string;
  vehicle: number;
  /** Index of the vehicle's visit, newest first; null: the vehicle itself. */
  visit: number | null;
  scene: Scene;
}

const PLAN: DemoFile[] = [
  {
    key: 'bumper',
    name: 'Front bumper damage.jpg',
    section: 'inspection',
    vehicle: 0,
    visit: 0,
    scene: { kind: 'photo', body: '#b91c1c', sky: '#cbd5e1', ground: '#475569', accent: '#f59e0b' },
  },
  {
    key: 'brakes-before',
    name: 'Brake disc before.jpg',
    section: 'before',
    vehicle: 0,
    visit: 0,
    scene: { kind: 'photo', body: '#7c2d12', sky: '#94a3b8', ground: '#334155', accent: '#a16207' },
  },
  {
    key: 'brakes-after',
    name: 'Brake disc after.jpg',
    section: 'after',
    vehicle: 0,
    visit: 0,
    scene: { kind: 'photo', body: '#1d4ed8', sky: '#e2e8f0', ground: '#64748b', accent: '#22c55e' },
  },
  {
    key: 'invoice',
    name: 'Invoice.pdf',
    section: 'invoice',
    vehicle: 0,
    visit: 0,
    scene: { kind: 'pdf', lines: ['Invoice', 'Brake pads and discs (front)', 'Parts 180.00', 'Labour 95.00', 'Total 275.00'] },
  },
  {
    key: 'dashboard',
    name: 'Dashboard warning light.jpg',
    section: 'inspection',
    vehicle: 0,
    visit: 1,
    scene: { kind: 'photo', body: '#111827', sky: '#1f2937', ground: '#0f172a', accent: '#facc15' },
  },
  {
    key: 'report',
    name: 'Inspection report.pdf',
    section: 'documents',
    vehicle: 0,
    visit: 1,
    scene: { kind: 'pdf', lines: ['Inspection report', 'Tyres: 5 mm front, 4 mm rear', 'Brakes: front pads worn', 'Lights: all working'] },
  },
  {
    key: 'side',
    name: 'Left side.jpg',
    section: 'before',
    vehicle: 0,
    visit: null,
    scene: { kind: 'photo', body: '#0f766e', sky: '#bae6fd', ground: '#57534e', accent: '#e5e7eb' },
  },
  {
    key: 'second-car',
    name: 'Rear door scratch.jpg',
    section: 'inspection',
    vehicle: 1,
    visit: 0,
    scene: { kind: 'photo', body: '#6b7280', sky: '#dbeafe', ground: '#44403c', accent: '#ef4444' },
  },
];

/** A car in front of a wall, in the scene's colours (1280x960). */
function photoSvg(scene: Extract<Scene, { kind: 'photo' }>): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky}"/><stop offset="1" stop-color="#f8fafc"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#sky)"/>
  <rect y="640" width="1280" height="320" fill="${scene.ground}"/>
  <path d="M170 600 Q200 470 360 450 L480 340 Q520 310 600 310 L860 310 Q930 310 980 360 L1080 450 Q1160 460 1170 540 L1170 610 Q1170 640 1140 640 L200 640 Q170 640 170 600 Z" fill="${scene.body}"/>
  <path d="M505 360 L600 335 L700 335 L700 445 L420 445 Z" fill="#e0f2fe" opacity="0.85"/>
  <path d="M730 335 L850 335 Q910 335 950 380 L1010 445 L730 445 Z" fill="#e0f2fe" opacity="0.85"/>
  <circle cx="370" cy="640" r="95" fill="#111827"/><circle cx="370" cy="640" r="45" fill="#9ca3af"/>
  <circle cx="960" cy="640" r="95" fill="#111827"/><circle cx="960" cy="640" r="45" fill="#9ca3af"/>
  <rect x="1110" y="500" width="50" height="28" rx="6" fill="${scene.accent}"/>
  <ellipse cx="640" cy="560" rx="120" ry="30" fill="${scene.accent}" opacity="0.55"/>
</svg>`;
}

/** A one-page PDF with the lines in Helvetica. */
function pdf(lines: string[]): Buffer {
  const text = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 22 : 13} Tf 60 ${760 - index * 34} Td (${line.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function store(
  storage: FileStorage,
  scene: Scene,
): Promise<{ key: string; sizeBytes: number; mimeType: string; type: 'IMAGE' | 'DOCUMENT' }> {
  if (scene.kind === 'pdf') {
    const saved = await storage.save('media', 'pdf', Readable.from([pdf(scene.lines)]));
    return { ...saved, mimeType: 'application/pdf', type: 'DOCUMENT' };
  }
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(photoSvg(scene)))
    .jpeg({ quality: 82 })
    .toBuffer();
  const saved = await storeImageVersions(storage, Readable.from([jpeg]), 'media', 'jpg');
  return { key: saved.key, sizeBytes: saved.sizeBytes, mimeType: 'image/jpeg', type: 'IMAGE' };
}

export async function seedDemoMedia(db: Db, storage: FileStorage, now = new Date()): Promise<{ created: number }> {
  const client = await db.user.findUnique({ where: { id: seedId('user:client') }, select: { id: true } });
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { id: true, demoSeededAt: true } });
  if (!client || !merchant?.demoSeededAt) return { created: 0 };
  const vehicles = await db.vehicle.findMany({
    where: { ownerId: client.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, visits: { orderBy: [{ visitDate: 'desc' }, { id: 'desc' }], select: { id: true } } },
  });
  let created = 0;
  for (const [index, file] of PLAN.entries()) {
    const vehicle = vehicles[file.vehicle];
    if (!vehicle) continue;
    const id = seedId(`media:${file.key}`);
    const existing = await db.mediaFile.findUnique({ where: { id }, select: { storageKey: true, type: true } });
    if (existing) {
      if ((await storage.size(existing.storageKey)) !== null) continue;
      const stored = await store(storage, file.scene);
      await db.mediaFile.update({ where: { id }, data: { storageKey: stored.key, sizeBytes: stored.sizeBytes } });
      continue;
    }
    const visitId = file.visit === null ? null : (vehicle.visits[file.visit]?.id ?? null);
    const stored = await store(storage, file.scene);
    try {
      await db.mediaFile.create({
        data: {
          id,
          merchantId: merchant.id,
          name: file.name,
          type: stored.type,
          mimeType: stored.mimeType,
          sizeBytes: stored.sizeBytes,
          storageKey: stored.key,
          section: file.section,
          ownerId: client.id,
          vehicleId: vehicle.id,
          visitId,
          uploadedById: seedId('user:employee'),
          // Spread over the last days, newest first in the plan's order.
          createdAt: new Date(now.getTime() - index * 5 * 3600_000),
        },
      });
      created += 1;
    } catch (error) {
      await storage.remove(stored.key).catch(() => undefined);
      await storage.remove(thumbnailKeyOf(stored.key)).catch(() => undefined);
      throw error;
    }
  }
  return { created };
}
