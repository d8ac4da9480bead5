import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createDb } from '../src/client.ts';
import { seedId } from '../src/seed/ids.ts';
import { seedDemoMedia } from '../src/seed/media.ts';
import { thumbnailKeyOf } from '../src/media-images.ts';
import { createLocalStorage } from '../src/storage.ts';

// The global setup seeded the demo data in this database.
const db = createDb(inject('databaseUrl'), { poolSize: 2 });
const root = mkdtempSync(path.join(os.tmpdir(), 'garage-seed-media-'));
const storage = createLocalStorage(root);
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await db.$disconnect();
});
const demoMedia = () =>
  db.mediaFile.findMany({
    // Not the demo inspections' photos (seed-inspections.test.ts, run alongside): only seedDemoMedia's files.
    where: {
      ownerId: seedId('user:client'),
      section: { in: ['inspection', 'before', 'after', 'documents', 'invoice'] },
      inspectionItemId: null,
    },
  });

describe('demo media', () => {
  it('gives the demo client photos and PDFs on their vehicles and visits, with real bytes', async () => {
    await db.mediaFile.deleteMany({ where: { id: { in: (await demoMedia()).map((row) => row.id) } } });
    expect((await seedDemoMedia(db, storage)).created).toBe(8);
    const rows = await demoMedia();
    expect(rows.filter((row) => row.type === 'IMAGE')).toHaveLength(6);
    expect(rows.filter((row) => row.mimeType === 'application/pdf')).toHaveLength(2);
    expect(rows.filter((row) => row.visitId).length).toBeGreaterThanOrEqual(6);
    const photo = rows.find((row) => row.type === 'IMAGE')!;
    const thumb = await storage.open(thumbnailKeyOf(photo.storageKey));
    const chunks: Buffer[] = [];
    for await (const chunk of thumb!.stream) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).format).toBe('webp');
    const invoice = rows.find((row) => row.name === 'Invoice.pdf')!;
    expect(await text((await storage.open(invoice.storageKey))!.stream)).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
  });

  it('is idempotent, and restores bytes a wiped storage folder lost', async () => {
    const filesBefore = readdirSync(path.join(root, 'media')).length;
    expect((await seedDemoMedia(db, storage)).created).toBe(0);
    expect(readdirSync(path.join(root, 'media'))).toHaveLength(filesBefore);
    rmSync(path.join(root, 'media'), { recursive: true });
    expect((await seedDemoMedia(db, storage)).created).toBe(0);
    for (const row of await demoMedia()) expect(await storage.size(row.storageKey)).toBeGreaterThan(0);
  });
});
