// The life of an inspection (issue #29): started from a template (items copied, odometer recorded on the
// visit), results that must fit their item (a check's condition, a measurement's value within limits whose
// colour follows the thresholds), completion refused while items are unanswered or a flagged item lacks its
// photo, results frozen once completed, reopen, send (the approval link is minted), delete refused once sent.
import type { OutgoingMessage } from '../src/lib/mailer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb } from './helpers.ts';
import { propose, signedInCustomer, type Staff } from './approvals-fixtures.ts';
import { answerAllGood, createTemplate, itemsOf, startInspection } from './inspections-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Staff;
const outbox: OutgoingMessage[] = [];
beforeAll(async () => {
  app = await buildTestApp({ senders: { email: { name: 'test', send: async (message) => void outbox.push(message) } } });
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const put = (inspectionId: string, itemId: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/backend/inspections/${inspectionId}/items/${itemId}`, headers: staff.authHeader, payload });
const post = (path: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/backend${path}`, headers: staff.authHeader, payload });

describe('starting', () => {
  it('copies the template items in order, assigns the technician and records the odometer on the visit', async () => {
    const { inspection, visitId, customer } = await startInspection(staff, { odometer: 45_210 });
    expect(inspection).toMatchObject({
      status: 'IN_PROGRESS',
      visitId,
      assignedTo: { id: staff.user.id },
      odometer: 45_210,
      distanceUnit: 'KM',
      counts: { GOOD: 0, SOON: 0, URGENT: 0, SKIPPED: 0, unanswered: 3 },
      version: 1,
    });
    expect(inspection.items.map((item) => [item.position, item.kind, item.label.en])).toEqual([
      [0, 'CHECK', 'Brake discs'],
      [1, 'MEASUREMENT', 'Tread front left'],
      [2, 'MEASUREMENT', 'Battery voltage'],
    ]);
    expect(itemsOf(inspection).tread).toMatchObject({ unit: 'MM', minValue: 0, maxValue: 20, amberAt: 3, redAt: 1.6, lowerIsWorse: true });
    // A battery item without its own limits takes its unit's (0–36 V).
    expect(itemsOf(inspection).battery).toMatchObject({ minValue: 0, maxValue: 36, amberAt: null, redAt: null });
    const visit = await testDb().visit.findUniqueOrThrow({ where: { id: visitId } });
    expect(visit.odometerInKm).toBe(45_210);
    const vehicle = await testDb().vehicle.findUniqueOrThrow({ where: { id: customer.vehicle.id } });
    expect(vehicle.latestKm).toBe(45_210);
  });

  it('keeps a reading already typed on the visit', async () => {
    const customer = await signedInCustomer();
    const first = await startInspection(staff, { customer, odometer: 1_000 });
    const template = await createTemplate();
    const again = await staff.caller.inspections.start({ id: first.visitId, templateId: template.id, odometer: 2_000 });
    expect(again.odometer).toBe(1_000);
  });

  it('refuses an archived template, an unknown one and a non-staff assignee', async () => {
    const { visitId, customer } = await startInspection(staff);
    const archived = await createTemplate({ archived: true });
    const refused = await post(`/visits/${visitId}/inspections`, { templateId: archived.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageCode).toBe('inspections.templateArchived');
    const unknown = await post(`/visits/${visitId}/inspections`, { templateId: '0190a3c5-0000-7000-8000-00000000abcd' });
    expect(unknown.statusCode).toBe(404);
    const template = await createTemplate();
    const client = await post(`/visits/${visitId}/inspections`, { templateId: template.id, assignedToId: customer.customer.id });
    expect(client.statusCode).toBe(400);
    expect(client.json()).toMatchObject({ messageCode: 'inspections.assigneeNotStaff', fieldErrors: { assignedToId: expect.any(Array) } });
    expect(await testDb().inspection.count({ where: { visitId } })).toBe(1);
  });
});

describe('results', () => {
  it('a check takes a condition, never a value', async () => {
    const { inspection } = await startInspection(staff);
    const { check } = itemsOf(inspection);
    const refused = await put(inspection.id, check.id, { value: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ messageCode: 'inspections.checkTakesCondition', fieldErrors: { value: expect.any(Array) } });
    const saved = await put(inspection.id, check.id, { condition: 'SOON', note: 'Scored' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ condition: 'SOON', note: 'Scored', value: null, answeredAt: expect.any(String) });
    const stored = await testDb().inspectionItem.findUniqueOrThrow({ where: { id: check.id } });
    expect(stored.answeredById).toBe(staff.user.id);
  });

  it("a measurement's value must lie within the item's limits, its colour follows the thresholds", async () => {
    const { inspection } = await startInspection(staff);
    const { tread } = itemsOf(inspection);
    const outside = await put(inspection.id, tread.id, { value: 25 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      messageCode: 'inspections.valueRange',
      params: { minValue: 0, maxValue: 20, unit: 'mm' },
      fieldErrors: { value: expect.any(Array) },
    });
    const colours: [number, string][] = [
      [8, 'GOOD'],
      [3, 'GOOD'],
      [2.9, 'SOON'],
      [1.6, 'SOON'],
      [1.5, 'URGENT'],
    ];
    for (const [value, condition] of colours) {
      const saved = await put(inspection.id, tread.id, { value });
      expect(saved.json(), `${value} mm`).toMatchObject({ value, condition });
    }
    // The technician cannot paint a measured tread green: the thresholds decide.
    expect((await put(inspection.id, tread.id, { condition: 'GOOD' })).json()).toMatchObject({ value: 1.5, condition: 'URGENT' });
    // A colour alone, without a number, is refused.
    const cleared = await put(inspection.id, tread.id, { value: null });
    expect(cleared.json()).toMatchObject({ value: null, condition: null });
    const colourOnly = await put(inspection.id, tread.id, { condition: 'SOON' });
    expect(colourOnly.statusCode).toBe(400);
    expect(colourOnly.json().messageCode).toBe('inspections.measurementTakesValue');
    // Not inspected: SKIPPED, no value.
    await put(inspection.id, tread.id, { value: 5 });
    expect((await put(inspection.id, tread.id, { condition: 'SKIPPED' })).json()).toMatchObject({ condition: 'SKIPPED', value: null });
  });

  it('a measurement without thresholds takes the technician condition with its value; a retry changes nothing', async () => {
    const { inspection } = await startInspection(staff);
    const { battery } = itemsOf(inspection);
    const first = await put(inspection.id, battery.id, { value: 11.9, condition: 'URGENT' });
    expect(first.json()).toMatchObject({ value: 11.9, condition: 'URGENT' });
    const retry = await put(inspection.id, battery.id, { value: 11.9, condition: 'URGENT' });
    expect(retry.json()).toEqual(first.json());
    // Only the fields sent change: a note keeps the value and colour.
    expect((await put(inspection.id, battery.id, { note: 'Slow crank' })).json()).toMatchObject({
      value: 11.9,
      condition: 'URGENT',
      note: 'Slow crank',
    });
  });

  it('an item of another inspection, or an unknown inspection, is not found', async () => {
    const one = await startInspection(staff);
    const other = await startInspection(staff);
    const foreign = await put(one.inspection.id, itemsOf(other.inspection).check.id, { condition: 'GOOD' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messageCode).toBe('inspections.itemNotFound');
    const missing = await put('0190a3c5-0000-7000-8000-00000000beef', itemsOf(one.inspection).check.id, { condition: 'GOOD' });
    expect(missing.json().messageCode).toBe('inspections.notFound');
  });
});

describe('completing, reopening, sending, deleting', () => {
  it('refuses to complete with unanswered items, then with a flagged item that needs a photo', async () => {
    const { inspection } = await startInspection(staff);
    const { check, tread, battery } = itemsOf(inspection);
    await put(inspection.id, check.id, { condition: 'URGENT' });
    const unanswered = await post(`/inspections/${inspection.id}/complete`);
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json()).toMatchObject({ messageCode: 'inspections.unanswered', params: { count: 2 } });
    await put(inspection.id, tread.id, { condition: 'SKIPPED' });
    await put(inspection.id, battery.id, { value: 12.5, condition: 'GOOD' });
    const photo = await post(`/inspections/${inspection.id}/complete`);
    expect(photo.statusCode).toBe(409);
    expect(photo.json()).toMatchObject({ messageCode: 'inspections.photoRequired', params: { item: 'Brake discs' } });
    // Green needs no photo.
    await put(inspection.id, check.id, { condition: 'GOOD' });
    const done = await post(`/inspections/${inspection.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'COMPLETED',
      completedAt: expect.any(String),
      counts: { GOOD: 2, SKIPPED: 1, unanswered: 0 },
    });
  });

  it('freezes results once completed; reopen lets them change again', async () => {
    const { inspection } = await startInspection(staff);
    await answerAllGood(staff, inspection);
    await staff.caller.inspections.complete({ id: inspection.id });
    // A phone's retry of the completion answers the same.
    expect((await staff.caller.inspections.complete({ id: inspection.id })).status).toBe('COMPLETED');
    const frozen = await put(inspection.id, itemsOf(inspection).check.id, { condition: 'URGENT' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().messageCode).toBe('inspections.notInProgress');
    const reopened = await staff.caller.inspections.reopen({ id: inspection.id });
    expect(reopened).toMatchObject({ status: 'IN_PROGRESS', completedAt: null });
    expect((await put(inspection.id, itemsOf(inspection).check.id, { condition: 'SOON' })).statusCode).toBe(200);
  });

  it('sends a completed inspection through a fresh approval link; a sent one is kept: no reopen, no delete', async () => {
    const { inspection, visitId, customer } = await startInspection(staff);
    const email = `insp-${customer.customer.id.slice(0, 8)}@test.garage`;
    await testDb().user.update({ where: { id: customer.customer.id }, data: { email } });
    const early = await post(`/inspections/${inspection.id}/send`, { sendEmail: false });
    expect(early.statusCode).toBe(409);
    expect(early.json().messageCode).toBe('inspections.notCompleted');
    await answerAllGood(staff, inspection);
    await staff.caller.inspections.complete({ id: inspection.id });
    await propose(staff, visitId, { title: 'Wiper blades', soldForCents: 2_500 });
    const before = outbox.length;
    const sent = await post(`/inspections/${inspection.id}/send`, { sendEmail: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      inspection: { id: inspection.id, status: 'SENT', sentAt: expect.any(String) },
      link: { url: expect.stringMatching(/\/approve\/[\w-]+$/), pendingCount: 1, emailedTo: email },
    });
    expect(await testDb().approvalLink.count({ where: { visitId, revokedAt: null } })).toBe(1);
    expect(outbox.slice(before)).toEqual([expect.objectContaining({ to: email, text: expect.stringContaining(sent.json().link.url) })]);
    // The link page shows the report.
    const token = new URL(sent.json().link.url).pathname.split('/').pop()!;
    const page = await app.inject({ method: 'GET', url: `/backend/approve/${token}` });
    expect(page.json().inspections).toEqual([expect.objectContaining({ id: inspection.id, pdfUrl: null })]);

    const reopen = await post(`/inspections/${inspection.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().messageCode).toBe('inspections.alreadySent');
    const remove = await app.inject({ method: 'DELETE', url: `/backend/inspections/${inspection.id}`, headers: staff.authHeader });
    expect(remove.statusCode).toBe(409);
    expect(await testDb().inspection.count({ where: { id: inspection.id } })).toBe(1);
    // Sending again mints a new link (the older one revoked).
    expect((await post(`/inspections/${inspection.id}/send`, { sendEmail: false })).statusCode).toBe(200);
    expect(await testDb().approvalLink.count({ where: { visitId, revokedAt: null } })).toBe(1);
    expect(await testDb().approvalLink.count({ where: { visitId } })).toBe(2);
  });

  it('sends an all-green report with nothing proposed: the link shows the report, the email speaks of it', async () => {
    const { inspection, customer } = await startInspection(staff);
    const email = `green-${customer.customer.id.slice(0, 8)}@test.garage`;
    await testDb().user.update({ where: { id: customer.customer.id }, data: { email, preferredLanguage: 'fr' } });
    await answerAllGood(staff, inspection);
    await staff.caller.inspections.complete({ id: inspection.id });
    const before = outbox.length;
    const sent = await post(`/inspections/${inspection.id}/send`, { sendEmail: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ inspection: { status: 'SENT' }, link: { pendingCount: 0, emailedTo: email } });
    const [mail] = outbox.slice(before);
    expect(mail?.subject).toContain("rapport d'inspection");
    expect(mail?.text).not.toContain('acceptez ou refusez');
    const token = new URL(sent.json().link.url).pathname.split('/').pop()!;
    const page = (await app.inject({ method: 'GET', url: `/backend/approve/${token}` })).json();
    expect(page.tasks).toEqual([]);
    expect(page.inspections.map((report: { id: string }) => report.id)).toEqual([inspection.id]);
  });

  it('deletes an unsent inspection with its items', async () => {
    const { inspection } = await startInspection(staff);
    const removed = await app.inject({ method: 'DELETE', url: `/backend/inspections/${inspection.id}`, headers: staff.authHeader });
    expect(removed.statusCode).toBe(200);
    expect(await testDb().inspectionItem.count({ where: { inspectionId: inspection.id } })).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/backend/inspections/${inspection.id}`, headers: staff.authHeader })).statusCode).toBe(
      404,
    );
  });
});

describe('lists and assignment', () => {
  it("lists a visit's inspections, and mine with open ones first", async () => {
    const technician = await signedIn('EMPLOYEE');
    const done = await startInspection(staff, { assignedToId: technician.user.id });
    await answerAllGood(staff, done.inspection);
    await staff.caller.inspections.complete({ id: done.inspection.id });
    const open = await startInspection(staff, { assignedToId: technician.user.id });
    const mine = await technician.caller.inspections.list({ mine: true, limit: 50 });
    expect(mine.map((row) => row.id)).toEqual([open.inspection.id, done.inspection.id]);
    expect(mine[0]).toMatchObject({ status: 'IN_PROGRESS', vehicle: { plateNumber: open.customer.vehicle.plateNumber } });
    const forVisit = await staff.caller.inspections.forVisit({ id: done.visitId });
    expect(forVisit).toEqual([expect.objectContaining({ id: done.inspection.id, counts: expect.objectContaining({ GOOD: 3 }) })]);
    // A vehicle's history: its inspections only; "mine=false" in a query string reads as false.
    const forVehicle = await app.inject({
      method: 'GET',
      url: `/backend/inspections?vehicleId=${done.customer.vehicle.id}&mine=false`,
      headers: staff.authHeader,
    });
    expect(forVehicle.json().map((row: { id: string }) => row.id)).toEqual([done.inspection.id]);
  });

  it('reassigns with the version read; a stale version is 409, a client is refused', async () => {
    const { inspection, customer } = await startInspection(staff);
    const other = await createTestUser('MANAGER');
    const changed = await app.inject({
      method: 'PATCH',
      url: `/backend/inspections/${inspection.id}`,
      headers: staff.authHeader,
      payload: { version: 1, assignedToId: other.user.id },
    });
    expect(changed.json()).toMatchObject({ assignedTo: { id: other.user.id }, version: 2 });
    const stale = await app.inject({
      method: 'PATCH',
      url: `/backend/inspections/${inspection.id}`,
      headers: staff.authHeader,
      payload: { version: 1, assignedToId: null },
    });
    expect(stale.statusCode).toBe(409);
    const client = await app.inject({
      method: 'PATCH',
      url: `/backend/inspections/${inspection.id}`,
      headers: staff.authHeader,
      payload: { version: 2, assignedToId: customer.customer.id },
    });
    expect(client.statusCode).toBe(400);
    expect((await testDb().inspection.findUniqueOrThrow({ where: { id: inspection.id } })).assignedToId).toBe(other.user.id);
  });
});
