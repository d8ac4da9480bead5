// Photos of findings (issue #29): uploaded from the phone under an id it made, kept through the media library
// (display version without EXIF, thumbnail) in the customer's library attached to the item; a retry never
// keeps a second copy; only pictures; at most INSPECTION_LIMITS.photosPerItemMax per item; frozen once the
// inspection is completed; deleting the inspection removes them.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { INSPECTION_LIMITS } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import type { Staff } from './approvals-fixtures.ts';
import { answerAllGood, itemsOf, startInspection } from './inspections-fixtures.ts';
import { jpegWithGps, multipart, pdf, png } from './media-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Staff;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

function upload(inspectionId: string, itemId: string, photoId: string, bytes: Buffer, contentType = 'image/jpeg') {
  const body = multipart([{ filename: 'finding.jpg', contentType, bytes }]);
  return app.inject({
    method: 'PUT',
    url: `/backend/inspections/${inspectionId}/items/${itemId}/photos/${photoId}`,
    headers: { ...staff.authHeader, ...body.headers },
    payload: body.payload,
  });
}

describe('uploading a photo of a finding', () => {
  it("keeps it in the customer's library, attached to the item, without EXIF, with a thumbnail", async () => {
    const { inspection, visitId, customer } = await startInspection(staff);
    const { check } = itemsOf(inspection);
    const photoId = randomUUID();
    const stored = await upload(inspection.id, check.id, photoId, await jpegWithGps());
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toEqual({
      id: photoId,
      url: `/backend/media/${photoId}/file`,
      thumbnailUrl: `/backend/media/${photoId}/file?variant=thumb`,
    });
    const row = await testDb().mediaFile.findUniqueOrThrow({ where: { id: photoId } });
    expect(row).toMatchObject({
      section: 'inspection',
      inspectionItemId: check.id,
      ownerId: customer.customer.id,
      vehicleId: customer.vehicle.id,
      visitId,
      uploadedById: staff.user.id,
      type: 'IMAGE',
    });
    const main = await app.inject({ method: 'GET', url: `/backend/media/${photoId}/file`, headers: staff.authHeader });
    expect(main.statusCode).toBe(200);
    expect((await sharp(main.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await app.inject({ method: 'GET', url: `/backend/media/${photoId}/file?variant=thumb`, headers: staff.authHeader });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const read = await staff.caller.inspections.get({ id: inspection.id });
    expect(itemsOf(read).check.photos).toEqual([stored.json()]);
  });

  it('a retry with the same photo id answers 200 with the photo kept, never a second one', async () => {
    const { inspection } = await startInspection(staff);
    const { check, tread } = itemsOf(inspection);
    const photoId = randomUUID();
    const bytes = await png();
    expect((await upload(inspection.id, check.id, photoId, bytes, 'image/png')).statusCode).toBe(201);
    const retry = await upload(inspection.id, check.id, photoId, bytes, 'image/png');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(photoId);
    expect(await testDb().mediaFile.count({ where: { inspectionItemId: check.id } })).toBe(1);
    // The same id for another item is a conflict, not a move.
    const elsewhere = await upload(inspection.id, tread.id, photoId, bytes, 'image/png');
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().messageCode).toBe('inspections.photoIdTaken');
    expect((await testDb().mediaFile.findUniqueOrThrow({ where: { id: photoId } })).inspectionItemId).toBe(check.id);
  });

  it('refuses anything but a picture, keeping nothing', async () => {
    const { inspection } = await startInspection(staff);
    const { check } = itemsOf(inspection);
    const photoId = randomUUID();
    const refused = await upload(inspection.id, check.id, photoId, pdf(), 'application/pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ messageCode: 'inspections.photoNotImage', fieldErrors: { file: expect.any(Array) } });
    expect(await testDb().mediaFile.count({ where: { id: photoId } })).toBe(0);
  });

  it(`holds at most ${INSPECTION_LIMITS.photosPerItemMax} photos per item`, async () => {
    const { inspection } = await startInspection(staff);
    const { check } = itemsOf(inspection);
    const merchantId = (await testDb().merchant.findFirstOrThrow()).id;
    await testDb().mediaFile.createMany({
      data: Array.from({ length: INSPECTION_LIMITS.photosPerItemMax }, (_, index) => ({
        merchantId,
        name: `photo-${index}.jpg`,
        type: 'IMAGE' as const,
        mimeType: 'image/jpeg',
        sizeBytes: 10,
        storageKey: `test/${uniqueSuffix()}-${index}.jpg`,
        section: 'inspection',
        inspectionItemId: check.id,
      })),
    });
    const refused = await upload(inspection.id, check.id, randomUUID(), await png(), 'image/png');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageCode: 'inspections.tooManyPhotos', params: { max: INSPECTION_LIMITS.photosPerItemMax } });
  });

  it('is refused once the inspection is completed; deleting the inspection removes its photos', async () => {
    const { inspection } = await startInspection(staff);
    const { check } = itemsOf(inspection);
    const photoId = randomUUID();
    await upload(inspection.id, check.id, photoId, await png(), 'image/png');
    await answerAllGood(staff, inspection);
    await staff.caller.inspections.complete({ id: inspection.id });
    const frozen = await upload(inspection.id, check.id, randomUUID(), await png(), 'image/png');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().messageCode).toBe('inspections.notInProgress');
    await staff.caller.inspections.delete({ id: inspection.id });
    expect(await testDb().mediaFile.count({ where: { id: photoId } })).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/backend/media/${photoId}/file`, headers: staff.authHeader })).statusCode).toBe(404);
  });

  it('answers 404 for an item of another inspection', async () => {
    const one = await startInspection(staff);
    const other = await startInspection(staff);
    const refused = await upload(one.inspection.id, itemsOf(other.inspection).check.id, randomUUID(), await png(), 'image/png');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().messageCode).toBe('inspections.itemNotFound');
  });
});
