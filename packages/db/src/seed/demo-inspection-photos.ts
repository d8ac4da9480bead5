// Photos of the demo inspections' findings (demo-inspections.ts): every amber or red item gets pictures, two
// where the item asks for a photo. Drawn with sharp like seed/media.ts (an SVG close-up rendered to JPEG, no
// text so no font is needed: a tyre, a brake disc, a battery, a wiper, a panel) and stored through FileStorage
// like a phone's upload (display version + thumbnail), as MediaFile rows of section "inspection" on the
// item, its visit and vehicle, owned by the customer. Idempotent: deterministic ids; a row whose bytes are
// missing (a wiped storage folder) gets them again. Runs where seedDemoMedia runs (server start with the demo).
import { Readable } from 'node:stream';
import type { Db } from '../client.ts';
import { loadSharp, storeImageVersions, thumbnailKeyOf } from '../media-images.ts';
import type { FileStorage } from '../storage.ts';
import { DEMO_INSPECTION_KEYS } from './demo-inspections.ts';
import { seedId } from './ids.ts';

type Scene = 'tyre' | 'brake' | 'battery' | 'wiper' | 'fluid' | 'panel';

/** What the photo shows, from the item's measurement key or English label. */
function sceneOf(key: string | null, label: string): Scene {
  const text = `${key ?? ''} ${label}`.toLowerCase();
  if (text.includes('tread') || text.includes('tyre')) return 'tyre';
  if (text.includes('brake-fluid') || text.includes('fluid')) return 'fluid';
  if (text.includes('brake')) return 'brake';
  if (text.includes('battery')) return 'battery';
  if (text.includes('wiper')) return 'wiper';
  return 'panel';
}

/** A close-up of the finding (1280x960); `variant` moves the light and the angle so two photos differ. */
function photoSvg(scene: Scene, variant: number): string {
  const shift = variant * 90;
  const light = variant % 2 === 0 ? '#e2e8f0' : '#cbd5e1';
  const frame = (inner: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><radialGradient id="l" cx="${0.3 + variant * 0.3}" cy="0.3" r="0.9"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#334155"/></radialGradient></defs>
  <rect width="1280" height="960" fill="url(#l)"/>${inner}</svg>`;
  switch (scene) {
    case 'tyre': {
      // A tyre seen from the front: the tread's grooves, worn shallow on the inner edge.
      const grooves = [0, 1, 2, 3]
        .map((g) => `<rect x="${420 + g * 120}" y="120" width="38" height="720" rx="12" fill="#0b0f19" opacity="${g === 0 ? 0.35 : 0.9}"/>`)
        .join('');
      const blocks = Array.from({ length: 9 }, (_, b) => `<rect x="380" y="${150 + b * 78}" width="520" height="10" fill="#1f2937"/>`).join(
        '',
      );
      return frame(`<rect x="${360 - shift / 3}" y="80" width="560" height="800" rx="60" fill="#1f2937"/>${grooves}${blocks}`);
    }
    case 'brake': {
      // A disc with its pad in the calliper; the pad is thin.
      return frame(`<circle cx="${640 - shift / 2}" cy="480" r="360" fill="#6b7280"/><circle cx="${640 - shift / 2}" cy="480" r="340" fill="#9ca3af"/>
  <circle cx="${640 - shift / 2}" cy="480" r="130" fill="#4b5563"/><circle cx="${640 - shift / 2}" cy="480" r="40" fill="#111827"/>
  <rect x="${880 - shift / 2}" y="300" width="150" height="360" rx="30" fill="#b91c1c"/><rect x="${860 - shift / 2}" y="330" width="24" height="300" fill="#92400e"/>`);
    }
    case 'battery':
      return frame(`<rect x="${300 + shift / 4}" y="300" width="680" height="440" rx="24" fill="#111827"/>
  <rect x="${380 + shift / 4}" y="250" width="90" height="60" rx="8" fill="#dc2626"/><rect x="${810 + shift / 4}" y="250" width="90" height="60" rx="8" fill="#475569"/>
  <rect x="${300 + shift / 4}" y="420" width="680" height="60" fill="#2563eb"/><circle cx="${430 + shift / 4}" cy="280" r="26" fill="#f8fafc" opacity="0.5"/>`);
    case 'wiper':
      return frame(`<rect width="1280" height="960" fill="#93c5fd" opacity="0.35"/>
  <line x1="${160 + shift}" y1="860" x2="${1040 + shift / 2}" y2="200" stroke="#111827" stroke-width="34" stroke-linecap="round"/>
  <line x1="${260 + shift}" y1="760" x2="${520 + shift}" y2="${560 - shift / 3}" stroke="#f8fafc" stroke-width="10" opacity="0.7"/>`);
    case 'fluid':
      return frame(`<rect x="${470 + shift / 4}" y="240" width="340" height="520" rx="40" fill="#f8fafc" opacity="0.75"/>
  <rect x="${470 + shift / 4}" y="420" width="340" height="340" rx="40" fill="#a16207"/><rect x="${560 + shift / 4}" y="180" width="160" height="80" rx="16" fill="#facc15"/>`);
    default:
      // A door panel with a patch of paint that does not match.
      return frame(`<rect x="120" y="160" width="1040" height="640" rx="40" fill="#1e3a8a"/>
  <rect x="${360 + shift}" y="300" width="420" height="320" rx="60" fill="#1d4ed8" opacity="0.85"/><rect x="180" y="460" width="920" height="14" fill="#0f172a"/>`);
  }
}

async function drawAndStore(storage: FileStorage, scene: Scene, variant: number) {
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(photoSvg(scene, variant)))
    .jpeg({ quality: 80 })
    .toBuffer();
  return storeImageVersions(storage, Readable.from([jpeg]), 'media', 'jpg');
}

export async function seedDemoInspectionPhotos(db: Db, storage: FileStorage): Promise<{ created: number }> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { id: true, demoSeededAt: true } });
  if (!merchant?.demoSeededAt) return { created: 0 };
  const items = await db.inspectionItem.findMany({
    where: {
      inspectionId: { in: DEMO_INSPECTION_KEYS.map((key) => seedId(`inspection:${key}`)) },
      condition: { in: ['SOON', 'URGENT'] },
    },
    orderBy: [{ inspectionId: 'asc' }, { position: 'asc' }],
    select: {
      id: true,
      key: true,
      label: true,
      photoRequired: true,
      answeredAt: true,
      answeredById: true,
      inspection: { select: { visit: { select: { id: true, vehicleId: true, customerId: true } } } },
    },
  });
  let created = 0;
  for (const item of items) {
    const label = (item.label as Record<string, string>).en ?? 'Finding';
    const scene = sceneOf(item.key, label);
    const { visit } = item.inspection;
    for (let variant = 0; variant < (item.photoRequired ? 2 : 1); variant++) {
      const id = seedId(`inspection-photo:${item.id}:${variant}`);
      const existing = await db.mediaFile.findUnique({ where: { id }, select: { storageKey: true } });
      if (existing) {
        if ((await storage.size(existing.storageKey)) !== null) continue;
        const stored = await drawAndStore(storage, scene, variant);
        await db.mediaFile.update({ where: { id }, data: { storageKey: stored.key, sizeBytes: stored.sizeBytes } });
        continue;
      }
      const stored = await drawAndStore(storage, scene, variant);
      try {
        await db.mediaFile.create({
          data: {
            id,
            merchantId: merchant.id,
            name: `${label} ${variant + 1}.jpg`.slice(0, 255),
            type: 'IMAGE',
            mimeType: 'image/jpeg',
            sizeBytes: stored.sizeBytes,
            storageKey: stored.key,
            section: 'inspection',
            ownerId: visit.customerId,
            vehicleId: visit.vehicleId,
            visitId: visit.id,
            inspectionItemId: item.id,
            uploadedById: item.answeredById,
            // Taken as the result was entered.
            createdAt: new Date((item.answeredAt ?? new Date()).getTime() + variant * 1000),
          },
        });
        created += 1;
      } catch (error) {
        await storage.remove(stored.key).catch(() => undefined);
        await storage.remove(thumbnailKeyOf(stored.key)).catch(() => undefined);
        throw error;
      }
    }
  }
  return { created };
}
