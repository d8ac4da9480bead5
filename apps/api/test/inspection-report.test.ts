// The inspection report PDF (issue #29): printed in English, French and Arabic and read back with pdftotext
// (the vehicle with its VIN and odometer in its own unit, the summary, each result's word, values with units,
// notes, proposed work and the customer's decision), the photos embedded as images (counted with pdfimages),
// and who may read it: staff any inspection; a client only a SENT one of their own visits (404 otherwise, like
// a missing one). A 40-item report with 20 photos is measured (size and time printed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImageVersions, thumbnailKeyOf, type Prisma } from '@garage/db';
import { dueDateValue, normalizePlate } from '@garage/shared';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { TEST_JWT_SECRET, buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { inDays } from './visits-fixtures.ts';

let app: App;
let staffHeader: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  staffHeader = (await createTestUser('EMPLOYEE')).authHeader;
});
afterAll(() => app.close());

const text = (en: string, fr: string, ar: string) => ({ en, fr, ar });
const TYRES = text('Tyres', 'Pneus', 'الإطارات');
const BRAKES = text('Brakes', 'Freins', 'الفرامل');

/** The number of images a PDF embeds (pdfimages from poppler-utils, like pdftotext; it reads a file, not a pipe). */
function imageCount(pdf: Uint8Array): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inspection-report-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const result = spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    if (result.error) throw new Error('pdfimages is missing: install poppler-utils to run the PDF tests');
    if (result.status !== 0) throw new Error(`pdfimages failed: ${result.stderr}`);
    // Two header lines, then one line per image.
    return result.stdout.trim().split('\n').slice(2).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A phone-sized photo; grain makes it as hard to compress as a real one (made once, stored as many times as needed). */
let photoBytes: Promise<Buffer> | undefined;
async function storedPhoto() {
  photoBytes ??= (async () => {
    const grain = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
    })
      .png()
      .toBuffer();
    return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 60, g: 90, b: 160 } } })
      .composite([{ input: grain, blend: 'overlay' }])
      .jpeg({ quality: 80 })
      .toBuffer();
  })();
  const jpeg = await photoBytes;
  return storeImageVersions(testDeps().storage, Readable.from([jpeg]), 'media', 'jpg');
}

/**
 * A customer (who can sign in) with a vehicle in miles and a visit at 10,000 mi, and an inspection of it with
 * the given status: a tread measurement found amber with a note and two photos, a check found red whose
 * proposed work the customer approved, one declined, one waiting, a green check and a skipped one. `extra`
 * adds items (the large report).
 */
async function reportFixture(options: { status: 'IN_PROGRESS' | 'COMPLETED' | 'SENT'; extra?: number; extraPhotos?: number }) {
  const db = testDb();
  const suffix = uniqueSuffix();
  const customer = await db.user.create({
    data: { firstName: 'Karim', lastName: `Bennani ${suffix}`, username: `cust_${suffix}`, role: 'CLIENT', preferredLanguage: 'fr' },
  });
  const plate = `IR ${suffix.slice(0, 4).toUpperCase()}`;
  const vin = `1HGCM826${suffix.toUpperCase().replace(/[IOQ]/g, '1').slice(0, 5)}4352`.slice(0, 17).padEnd(17, '7');
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: normalizePlate(plate),
      color: 'Grey',
      brand: 'Honda',
      model: 'Accord',
      year: 2016,
      engineType: 'Petrol',
      vin,
      distanceUnit: 'MI',
    },
  });
  const technician = await createTestUser('EMPLOYEE', { firstName: 'Lucas' });
  const visit = await db.visit.create({
    data: {
      name: `Inspection visit ${suffix}`,
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: dueDateValue(inDays(1)),
      // 16,093 km is 10,000 miles.
      odometerInKm: 16_093,
    },
  });
  const decided = { approvalDecidedAt: new Date(), approvalDecidedById: customer.id, approvalChannel: 'PORTAL' as const };
  const proposal = (title: string, approval: 'APPROVED' | 'DECLINED' | 'PENDING', extra: Partial<Prisma.TaskUncheckedCreateInput> = {}) =>
    db.task.create({
      data: { visitId: visit.id, title, service: 'REPAIR', soldForCents: 9_000, approval, proposedAt: new Date(), ...extra },
      select: { id: true },
    });
  const [approved, declined, waiting] = await Promise.all([
    proposal('Replace wiper blades', 'APPROVED', decided),
    proposal('Brake fluid flush', 'DECLINED', { ...decided, status: 'CANCELLED' }),
    proposal('Wheel alignment', 'PENDING'),
  ]);
  const finished = options.status === 'IN_PROGRESS' ? null : new Date();
  const items: Prisma.InspectionItemCreateWithoutInspectionInput[] = [
    {
      position: 0,
      section: TYRES,
      label: text('Tread depth, front left', 'Profondeur de sculpture, avant gauche', 'عمق نقشة الإطار الأمامي الأيسر'),
      key: 'tread.front-left',
      kind: 'MEASUREMENT',
      unit: 'MM',
      minMilli: 0,
      maxMilli: 20_000,
      amberAtMilli: 4_000,
      redAtMilli: 2_000,
      photoRequired: true,
      condition: 'SOON',
      valueMilli: 3_400,
      note: 'Worn on the inner edge',
    },
    {
      position: 1,
      section: TYRES,
      label: text('Wiper blades', 'Balais d’essuie-glace', 'شفرات المساحات'),
      kind: 'CHECK',
      condition: 'URGENT',
      note: 'Torn, leaves streaks',
      task: { connect: { id: approved.id } },
    },
    {
      position: 2,
      section: BRAKES,
      label: text('Brake fluid water content', 'Teneur en eau du liquide de frein', 'نسبة الماء في سائل الفرامل'),
      kind: 'MEASUREMENT',
      unit: 'PERCENT',
      amberAtMilli: 2_000,
      redAtMilli: 3_000,
      lowerIsWorse: false,
      condition: 'SOON',
      valueMilli: 2_500,
      task: { connect: { id: declined.id } },
    },
    {
      position: 3,
      section: BRAKES,
      label: text('Shock absorbers', 'Amortisseurs', 'ممتصات الصدمات'),
      kind: 'CHECK',
      condition: 'SOON',
      task: { connect: { id: waiting.id } },
    },
    {
      position: 4,
      section: BRAKES,
      label: text('Parking brake', 'Frein de stationnement', 'فرامل الانتظار'),
      kind: 'CHECK',
      condition: 'GOOD',
    },
    {
      position: 5,
      section: BRAKES,
      label: text('Spare wheel', 'Roue de secours', 'الإطار الاحتياطي'),
      kind: 'CHECK',
      condition: 'SKIPPED',
    },
    ...Array.from({ length: options.extra ?? 0 }, (_, index) => ({
      position: 6 + index,
      section: index < 20 ? TYRES : BRAKES,
      label: text(`Extra item ${index}`, `Point supplémentaire ${index}`, `بند إضافي ${index}`),
      kind: 'CHECK' as const,
      condition: index % 2 === 0 ? ('SOON' as const) : ('GOOD' as const),
      note: index % 2 === 0 ? `Note for extra item ${index}` : null,
    })),
  ];
  const inspection = await db.inspection.create({
    data: {
      visitId: visit.id,
      name: text('Multi-point inspection', 'Contrôle multipoint', 'فحص شامل'),
      status: options.status,
      assignedToId: technician.user.id,
      completedAt: finished,
      sentAt: options.status === 'SENT' ? finished : null,
      items: { create: items },
    },
    select: { id: true, items: { orderBy: { position: 'asc' }, select: { id: true, position: true } } },
  });
  const merchant = await db.merchant.findFirstOrThrow({ orderBy: { createdAt: 'asc' }, select: { id: true } });
  // Two photos of the tread; with `extraPhotos`, one more photo on each of that many extra items.
  const photoItems = [inspection.items[0]!, inspection.items[0]!, ...inspection.items.slice(6, 6 + (options.extraPhotos ?? 0))];
  const photos = [];
  for (const [index, item] of photoItems.entries()) {
    const stored = await storedPhoto();
    photos.push(
      await db.mediaFile.create({
        data: {
          merchantId: merchant.id,
          name: `Finding ${index}.jpg`,
          type: 'IMAGE',
          mimeType: 'image/jpeg',
          sizeBytes: stored.sizeBytes,
          storageKey: stored.key,
          section: 'inspection',
          ownerId: customer.id,
          vehicleId: vehicle.id,
          visitId: visit.id,
          inspectionItemId: item.id,
        },
        select: { id: true, storageKey: true },
      }),
    );
  }
  const clientHeader = { authorization: `Bearer ${signAccessToken({ userId: customer.id, roles: ['CLIENT'] }, TEST_JWT_SECRET)}` };
  return { inspectionId: inspection.id, vin, plate, customer, clientHeader, photos };
}

const staffPdf = (inspectionId: string, lang?: string) =>
  app.inject({ method: 'GET', url: `/backend/inspections/${inspectionId}/report.pdf${lang ? `?lang=${lang}` : ''}`, headers: staffHeader });
const clientPdf = (inspectionId: string, headers: Record<string, string>, lang?: string) =>
  app.inject({ method: 'GET', url: `/backend/my/inspections/${inspectionId}/report.pdf${lang ? `?lang=${lang}` : ''}`, headers });

describe('GET /backend/inspections/:id/report.pdf', () => {
  it('prints the vehicle, the summary, each result with its word, value, note, photos and the decision on its work (English)', async () => {
    const { inspectionId, vin, plate } = await reportFixture({ status: 'SENT' });
    // Work the shop withdrew (cancelled while still waiting) is no longer offered: not printed.
    const parkingBrake = await testDb().inspectionItem.findFirstOrThrow({
      where: { inspectionId, position: 4 },
      select: { id: true, inspection: { select: { visitId: true } } },
    });
    const withdrawn = await testDb().task.create({
      data: {
        visitId: parkingBrake.inspection.visitId,
        title: 'Withdrawn cable adjustment',
        service: 'REPAIR',
        soldForCents: 1_000,
        approval: 'PENDING',
        status: 'CANCELLED',
      },
    });
    await testDb().inspectionItem.update({ where: { id: parkingBrake.id }, data: { taskId: withdrawn.id } });
    const response = await staffPdf(inspectionId, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="inspection-IR-[A-Z0-9]+-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = response.rawPayload;
    const printed = pdfText(pdf);
    for (const expected of [
      'Vehicle inspection report',
      'Multi-point inspection',
      plate,
      vin,
      '10,000 mi',
      'Karim Bennani',
      'Technician: Lucas',
      'Summary',
      'Tyres',
      'Brakes',
      'Tread depth, front left',
      '3.4 mm',
      'Worn on the inner edge',
      '2.5 %',
      'Torn, leaves streaks',
      'Proposed work: Replace wiper blades',
      'Approved',
      'Brake fluid flush',
      'Declined',
      'Wheel alignment',
      'Waiting for your decision',
      'Not checked',
    ]) {
      expect(printed, expected).toContain(expected);
    }
    expect(printed).not.toContain('Withdrawn cable adjustment');
    // The summary's counts: 1 green, 3 amber, 1 red, 1 not checked (each count above its word).
    expect(printed.replace(/\s+/g, ' ')).toMatch(/1 Good.*3 Soon.*1 Urgent.*1 Not checked/);
    // The tread's two photos are embedded as pictures.
    expect(imageCount(pdf)).toBe(2);
  });

  it('prints in French, with the French texts of the items', async () => {
    const { inspectionId, vin } = await reportFixture({ status: 'COMPLETED' });
    const printed = pdfText((await staffPdf(inspectionId, 'fr')).rawPayload).replace(/[\u202f\u00a0]/g, ' ');
    for (const expected of [
      'Rapport d’inspection du véhicule',
      'Contrôle multipoint',
      vin,
      '10 000 mi',
      'Profondeur de sculpture, avant gauche',
      '3,4 mm',
      'À prévoir',
      'Urgent',
      'Non contrôlé',
      'Accepté',
      'Refusé',
      'En attente de votre décision',
    ]) {
      expect(printed, expected).toContain(expected);
    }
  });

  it('prints in Arabic, right to left: Arabic words in reading order, numbers and the VIN left to right', async () => {
    const { inspectionId, vin, plate } = await reportFixture({ status: 'SENT' });
    const pdf = (await staffPdf(inspectionId, 'ar')).rawPayload;
    const printed = pdfText(pdf);
    for (const expected of [
      'تقرير فحص المركبة',
      'فحص شامل',
      'الملخص',
      // pdftotext splits the lam-alef ligature and repeats marks like ً: the words below have neither.
      'شفرات المساحات',
      'نسبة الماء في سائل الفرامل',
      'موافق عليه',
      'مرفوض',
      'بانتظار قرارك',
      'عاجل',
      vin,
      plate,
      '10,000',
      '3.4',
    ]) {
      expect(printed, expected).toContain(expected);
    }
    expect(imageCount(pdf)).toBe(2);
  });

  it('prints without a photo whose bytes are gone, rather than failing', async () => {
    const { inspectionId, photos } = await reportFixture({ status: 'SENT' });
    const { storage } = testDeps();
    await storage.remove(photos[0]!.storageKey);
    await storage.remove(thumbnailKeyOf(photos[0]!.storageKey));
    const response = await staffPdf(inspectionId, 'en');
    expect(response.statusCode).toBe(200);
    expect(imageCount(response.rawPayload)).toBe(1);
  });

  it('answers 404 for an unknown inspection, and refuses a client on the staff route', async () => {
    expect((await staffPdf('01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const { inspectionId, clientHeader } = await reportFixture({ status: 'SENT' });
    expect(
      (await app.inject({ method: 'GET', url: `/backend/inspections/${inspectionId}/report.pdf`, headers: clientHeader })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/backend/inspections/${inspectionId}/report.pdf` })).statusCode).toBe(401);
  });

  it('stays reasonable for 40 items with 20 photos (size and time printed)', async () => {
    const { inspectionId } = await reportFixture({ status: 'SENT', extra: 34, extraPhotos: 18 });
    await staffPdf(inspectionId, 'en'); // the renderer's first start is not the report's cost
    const started = performance.now();
    const response = await staffPdf(inspectionId, 'en');
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    expect(imageCount(pdf)).toBe(20);
    console.log(`[inspection report] 40 items, 20 photos: ${(pdf.length / 1024).toFixed(0)} KB in ${elapsed.toFixed(0)} ms`);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    expect(elapsed).toBeLessThan(10_000);
  });
});

describe('GET /backend/my/inspections/:id/report.pdf', () => {
  it('gives a client the report of their own SENT inspection, in their own language by default', async () => {
    const { inspectionId, clientHeader, vin } = await reportFixture({ status: 'SENT' });
    const response = await clientPdf(inspectionId, clientHeader);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const printed = pdfText(response.rawPayload);
    expect(printed).toContain('Rapport d’inspection du véhicule');
    expect(printed).toContain(vin);
    expect(pdfText((await clientPdf(inspectionId, clientHeader, 'en')).rawPayload)).toContain('Vehicle inspection report');
  });

  it('answers 404 for an inspection not sent yet, and for another customer’s sent one', async () => {
    const completed = await reportFixture({ status: 'COMPLETED' });
    expect((await clientPdf(completed.inspectionId, completed.clientHeader)).statusCode).toBe(404);
    const inProgress = await reportFixture({ status: 'IN_PROGRESS' });
    expect((await clientPdf(inProgress.inspectionId, inProgress.clientHeader)).statusCode).toBe(404);
    const someoneElses = await reportFixture({ status: 'SENT' });
    const response = await clientPdf(someoneElses.inspectionId, completed.clientHeader);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ messageCode: 'inspections.notFound' });
    // Staff read the unsent one.
    expect((await staffPdf(completed.inspectionId)).statusCode).toBe(200);
    // Staff are not clients: the client route refuses them.
    expect(
      (await app.inject({ method: 'GET', url: `/backend/my/inspections/${someoneElses.inspectionId}/report.pdf`, headers: staffHeader }))
        .statusCode,
    ).toBe(403);
  });
});
