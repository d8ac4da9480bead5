// Who sees an inspection (issue #29): a client only once it is sent, only on their own visits (another
// customer's visit answers like a missing one); its photos stay out of the client's media library and file
// URLs until then; the approval link page reads the photos through its token, only while the link is live
// and only photos of sent inspections of its own visit. (Every operation's role rule: access-matrix.test.ts.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { propose, signedInCustomer, type Customer, type Staff } from './approvals-fixtures.ts';
import { answerAllGood, itemsOf, startInspection } from './inspections-fixtures.ts';
import { multipart, png } from './media-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Staff;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

async function uploadPhoto(inspectionId: string, itemId: string): Promise<string> {
  const photoId = randomUUID();
  const body = multipart([{ filename: 'finding.png', contentType: 'image/png', bytes: await png() }]);
  const stored = await app.inject({
    method: 'PUT',
    url: `/backend/inspections/${inspectionId}/items/${itemId}/photos/${photoId}`,
    headers: { ...staff.authHeader, ...body.headers },
    payload: body.payload,
  });
  expect(stored.statusCode).toBe(201);
  return photoId;
}

/** An inspection with a photo on its check item, completed; a proposal on the visit so it can be sent. */
async function completedWithPhoto(customer?: Customer) {
  const started = await startInspection(staff, { customer, odometer: 52_000 });
  const photoId = await uploadPhoto(started.inspection.id, itemsOf(started.inspection).check.id);
  await answerAllGood(staff, started.inspection);
  await staff.caller.inspections.saveResult({
    id: started.inspection.id,
    itemId: itemsOf(started.inspection).check.id,
    note: 'Light wear',
  });
  await staff.caller.inspections.complete({ id: started.inspection.id });
  await propose(staff, started.visitId, { title: 'Wiper blades', soldForCents: 2_500 });
  return { ...started, photoId };
}

const clientGet = (customer: Customer, url: string) => app.inject({ method: 'GET', url: `/backend${url}`, headers: customer.authHeader });
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('the client', () => {
  it('sees an inspection of their own visit only once sent, as a report without costs', async () => {
    const { inspection, visitId, customer, photoId } = await completedWithPhoto();
    const before = await clientGet(customer, `/my/visits/${visitId}/inspections`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([]);

    await staff.caller.inspections.send({ id: inspection.id, sendEmail: false });
    const reports = (await clientGet(customer, `/my/visits/${visitId}/inspections`)).json();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      id: inspection.id,
      technicianFirstName: staff.user.firstName,
      odometer: 52_000,
      distanceUnit: 'KM',
      counts: { GOOD: 3, unanswered: 0 },
      pdfUrl: `/backend/my/inspections/${inspection.id}/report.pdf`,
    });
    expect(reports[0].items[0]).toMatchObject({
      label: { en: 'Brake discs' },
      condition: 'GOOD',
      note: 'Light wear',
      photos: [{ id: photoId, url: `/backend/media/${photoId}/file`, thumbnailUrl: `/backend/media/${photoId}/file?variant=thumb` }],
      task: null,
    });
    expect(JSON.stringify(reports)).not.toMatch(/Cents|assignedTo|version/);
  });

  it("answers 404 for another customer's visit, like a missing one", async () => {
    const { inspection, visitId } = await completedWithPhoto();
    await staff.caller.inspections.send({ id: inspection.id, sendEmail: false });
    const stranger = await signedInCustomer();
    const foreign = await clientGet(stranger, `/my/visits/${visitId}/inspections`);
    expect(foreign.statusCode).toBe(404);
    const missing = await clientGet(stranger, `/my/visits/${randomUUID()}/inspections`);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().messageCode).toBe(missing.json().messageCode);
    await expect(stranger.caller.myInspections.forVisit({ id: visitId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("cannot see a finding's photo before the inspection is sent: not in their library, not by its URL", async () => {
    const { inspection, customer, photoId } = await completedWithPhoto();
    const listed = async () => (await clientGet(customer, '/my/media')).json().items.map((file: { id: string }) => file.id);
    expect(await listed()).not.toContain(photoId);
    expect((await clientGet(customer, `/media/${photoId}/file`)).statusCode).toBe(404);
    expect((await clientGet(customer, `/my/media/${photoId}`)).statusCode).toBe(404);
    // Staff see it all along.
    expect((await app.inject({ method: 'GET', url: `/backend/media/${photoId}/file`, headers: staff.authHeader })).statusCode).toBe(200);

    await staff.caller.inspections.send({ id: inspection.id, sendEmail: false });
    expect(await listed()).toContain(photoId);
    const file = await clientGet(customer, `/media/${photoId}/file?variant=thumb`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });
});

describe('proposed work in the report', () => {
  it('shows each finding with its proposal, and no longer a proposal the shop withdrew', async () => {
    const { inspection, visitId, customer } = await startInspection(staff);
    const { check, tread, battery } = itemsOf(inspection);
    await uploadPhoto(inspection.id, check.id);
    await staff.caller.inspections.saveResult({ id: inspection.id, itemId: check.id, condition: 'URGENT' });
    await staff.caller.inspections.saveResult({ id: inspection.id, itemId: tread.id, value: 2 });
    await staff.caller.inspections.saveResult({ id: inspection.id, itemId: battery.id, condition: 'SKIPPED' });
    const brakes = await staff.caller.inspections.proposeTask({
      id: inspection.id,
      itemId: check.id,
      title: 'Discs',
      soldForCents: 30_000,
    });
    const tyres = await staff.caller.inspections.proposeTask({ id: inspection.id, itemId: tread.id, title: 'Tyres', soldForCents: 20_000 });
    await staff.caller.tasks.setStatus({ id: tyres.task!.id, status: 'CANCELLED' });
    await staff.caller.inspections.complete({ id: inspection.id });
    const { link } = await staff.caller.inspections.send({ id: inspection.id, sendEmail: false });
    const [report] = (await clientGet(customer, `/my/visits/${visitId}/inspections`)).json();
    expect(report.counts).toMatchObject({ URGENT: 1, SOON: 1, SKIPPED: 1 });
    expect(report.items.map((item: { task: unknown }) => item.task)).toEqual([
      { id: brakes.task!.id, title: 'Discs', approval: 'PENDING' },
      null,
      null,
    ]);
    // Declining cancels the task; the report still shows it, with the customer's decision.
    const decided = await app.inject({
      method: 'POST',
      url: `/backend/approve/${tokenOf(link.url)}`,
      payload: { decisions: [{ taskId: brakes.task!.id, decision: 'DECLINED', soldForCents: 30_000 }] },
    });
    expect(decided.statusCode).toBe(200);
    const [after] = (await clientGet(customer, `/my/visits/${visitId}/inspections`)).json();
    expect(after.items[0].task).toEqual({ id: brakes.task!.id, title: 'Discs', approval: 'DECLINED' });
  });
});

describe('the approval link page', () => {
  it('shows the sent report with photos read through its token while the link is live', async () => {
    const { inspection, visitId, photoId } = await completedWithPhoto();
    const { link } = await staff.caller.inspections.send({ id: inspection.id, sendEmail: false });
    const token = tokenOf(link.url);
    const page = (await app.inject({ method: 'GET', url: `/backend/approve/${token}` })).json();
    const photo = page.inspections[0].items[0].photos[0];
    expect(photo).toEqual({
      id: photoId,
      url: `/backend/approve/${token}/photos/${photoId}`,
      thumbnailUrl: `/backend/approve/${token}/photos/${photoId}?variant=thumb`,
    });
    const main = await app.inject({ method: 'GET', url: photo.url });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/png');
    expect((await app.inject({ method: 'GET', url: photo.thumbnailUrl })).headers['content-type']).toBe('image/webp');

    // An unknown token is 404; a replaced link is 410.
    expect((await app.inject({ method: 'GET', url: `/backend/approve/${'x'.repeat(43)}/photos/${photoId}` })).statusCode).toBe(404);
    await staff.caller.approvals.createLink({ id: visitId, sendEmail: false });
    expect((await app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(410);
  });

  it("never serves a photo of an unsent inspection, nor one of another visit's", async () => {
    const sent = await completedWithPhoto();
    const { link } = await staff.caller.inspections.send({ id: sent.inspection.id, sendEmail: false });
    const token = tokenOf(link.url);
    // A second inspection on the same visit, not sent: its photo stays private.
    const customer = sent.customer;
    const unsent = await startInspection(staff, { customer });
    await testDb().inspection.update({ where: { id: unsent.inspection.id }, data: { visitId: sent.visitId } });
    const privatePhoto = await uploadPhoto(unsent.inspection.id, itemsOf(unsent.inspection).check.id);
    expect((await app.inject({ method: 'GET', url: `/backend/approve/${token}/photos/${privatePhoto}` })).statusCode).toBe(404);
    // A sent inspection of another visit: not this link's.
    const other = await completedWithPhoto();
    await staff.caller.inspections.send({ id: other.inspection.id, sendEmail: false });
    expect((await app.inject({ method: 'GET', url: `/backend/approve/${token}/photos/${other.photoId}` })).statusCode).toBe(404);
    // The page lists only the sent one.
    const page = (await app.inject({ method: 'GET', url: `/backend/approve/${token}` })).json();
    expect(page.inspections.map((report: { id: string }) => report.id)).toEqual([sent.inspection.id]);
  });
});
