import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { visitTotalCents } from '@garage/shared';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createDb } from '../src/client.ts';
import { thumbnailKeyOf } from '../src/media-images.ts';
import { seedDemoInspectionPhotos } from '../src/seed/demo-inspection-photos.ts';
import { DEMO_INSPECTION_KEYS } from '../src/seed/demo-inspections.ts';
import { seedId } from '../src/seed/ids.ts';
import { createLocalStorage } from '../src/storage.ts';

// The global setup seeded the demo data (its inspections among it) in this database.
const db = createDb(inject('databaseUrl'), { poolSize: 2 });
const root = mkdtempSync(path.join(os.tmpdir(), 'garage-seed-inspections-'));
const storage = createLocalStorage(root);
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await db.$disconnect();
});

const demoIds = DEMO_INSPECTION_KEYS.map((key) => seedId(`inspection:${key}`));
const demoInspections = () =>
  db.inspection.findMany({
    where: { id: { in: demoIds } },
    select: {
      id: true,
      status: true,
      assignedToId: true,
      completedAt: true,
      sentAt: true,
      visit: { select: { id: true, customerId: true, vehicleId: true, visitDate: true } },
      items: { select: { id: true, key: true, condition: true, valueMilli: true, note: true, photoRequired: true, taskId: true } },
    },
  });

describe('demo inspections', () => {
  it('puts inspections on several visits and vehicles: sent, completed and one in progress for the employee', async () => {
    const inspections = await demoInspections();
    expect(inspections.length).toBeGreaterThanOrEqual(4);
    expect(new Set(inspections.map((inspection) => inspection.visit.vehicleId)).size).toBeGreaterThanOrEqual(3);
    const inProgress = inspections.filter((inspection) => inspection.status === 'IN_PROGRESS');
    expect(inProgress).toHaveLength(1);
    expect(inProgress[0]!.assignedToId).toBe(seedId('user:employee'));
    expect(inProgress[0]!.items.some((item) => item.condition === null)).toBe(true);
    for (const inspection of inspections.filter((candidate) => candidate.status !== 'IN_PROGRESS')) {
      // Complete: every item answered, mostly green.
      expect(inspection.items.every((item) => item.condition !== null)).toBe(true);
      const green = inspection.items.filter((item) => item.condition === 'GOOD').length;
      expect(green / inspection.items.length).toBeGreaterThan(0.6);
      expect(inspection.completedAt!.getTime()).toBeGreaterThanOrEqual(inspection.visit.visitDate.getTime());
    }
  });

  it('sent the demo client a report whose findings became proposed work: approved, declined and waiting', async () => {
    const sent = (await demoInspections()).filter(
      (inspection) => inspection.status === 'SENT' && inspection.visit.customerId === seedId('user:client'),
    );
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const taskIds = sent.flatMap((inspection) => inspection.items.flatMap((item) => (item.taskId ? [item.taskId] : [])));
    const tasks = await db.task.findMany({ where: { id: { in: taskIds } }, select: { approval: true, status: true, visitId: true } });
    expect(tasks.map((task) => task.approval).sort()).toEqual(['APPROVED', 'DECLINED', 'PENDING']);
    expect(tasks.find((task) => task.approval === 'DECLINED')!.status).toBe('CANCELLED');
    // The findings behind the tasks are amber or red, with the technician's note.
    const findings = sent.flatMap((inspection) => inspection.items.filter((item) => item.taskId));
    for (const item of findings) {
      expect(['SOON', 'URGENT']).toContain(item.condition);
      expect(item.note).toBeTruthy();
    }
    // The approved work counts in its visit's total, like any approved proposal.
    const visitId = tasks[0]!.visitId;
    const visit = await db.visit.findUniqueOrThrow({
      where: { id: visitId },
      select: { totalCostCents: true, tasks: { select: { status: true, approval: true, soldForCents: true } } },
    });
    expect(visit.totalCostCents).toBe(visitTotalCents(visit.tasks));
  });

  it("shows tread and brake pads wearing down over the demo client's car's visits", async () => {
    const car = (await demoInspections())
      .filter((inspection) => inspection.visit.vehicleId === seedId('vehicle:client:0'))
      .sort((a, b) => a.visit.visitDate.getTime() - b.visit.visitDate.getTime());
    expect(car.length).toBeGreaterThanOrEqual(3);
    for (const key of ['tread.front-left', 'tread.rear-right', 'brake-pad.front']) {
      const values = car.map((inspection) => inspection.items.find((item) => item.key === key)!.valueMilli!);
      for (let index = 1; index < values.length; index++) expect(values[index], key).toBeLessThan(values[index - 1]!);
    }
  });

  it('draws photos of the findings, two where the item asks for one, with bytes and a thumbnail in storage; idempotent', async () => {
    await seedDemoInspectionPhotos(db, storage);
    const inspections = await demoInspections();
    const flagged = inspections.flatMap((inspection) =>
      inspection.items.filter((item) => item.condition === 'SOON' || item.condition === 'URGENT'),
    );
    const photos = await db.mediaFile.findMany({ where: { inspectionItemId: { in: flagged.map((item) => item.id) } } });
    expect(photos.length).toBeGreaterThanOrEqual(6);
    for (const item of flagged) {
      const own = photos.filter((photo) => photo.inspectionItemId === item.id);
      expect(own.length, item.key ?? item.id).toBeGreaterThanOrEqual(item.photoRequired ? 2 : 1);
    }
    for (const photo of photos) {
      expect(photo).toMatchObject({ section: 'inspection', type: 'IMAGE', mimeType: 'image/jpeg' });
      const inspection = inspections.find((candidate) => candidate.items.some((item) => item.id === photo.inspectionItemId))!;
      expect(photo).toMatchObject({
        visitId: inspection.visit.id,
        vehicleId: inspection.visit.vehicleId,
        ownerId: inspection.visit.customerId,
      });
      expect(await storage.size(photo.storageKey)).toBeGreaterThan(0);
    }
    const thumb = await storage.open(thumbnailKeyOf(photos[0]!.storageKey));
    const chunks: Buffer[] = [];
    for await (const chunk of thumb!.stream) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).format).toBe('webp');

    expect((await seedDemoInspectionPhotos(db, storage)).created).toBe(0);
    // A wiped storage folder gets its bytes back, with no new rows.
    rmSync(path.join(root, 'media'), { recursive: true });
    expect((await seedDemoInspectionPhotos(db, storage)).created).toBe(0);
    const restored = await db.mediaFile.findMany({ where: { id: { in: photos.map((photo) => photo.id) } } });
    expect(restored).toHaveLength(photos.length);
    for (const photo of restored) expect(await storage.size(photo.storageKey)).toBeGreaterThan(0);
  });
});
