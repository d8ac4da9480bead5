// From findings to work (issue #29): an amber or red item becomes one proposed task in one tap, priced from
// the catalogue item with its canned lines (or a flat price), titled in the customer's language; one per
// item; never from a green one; and the customer then approves one and declines another through the link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { signedInCustomer, type Staff } from './approvals-fixtures.ts';
import { itemsOf, startInspection } from './inspections-fixtures.ts';
import { newPart, newRate } from './task-lines-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Staff;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const proposeTask = (inspectionId: string, itemId: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/backend/inspections/${inspectionId}/items/${itemId}/task`, headers: staff.authHeader, payload });
const save = (inspectionId: string, itemId: string, payload: Record<string, unknown>) =>
  staff.caller.inspections.saveResult({ id: inspectionId, itemId, ...payload });

/** A canned brake job: two pads (part at 900) and half an hour of labour (at 5,000 an hour), service REPAIR. */
async function brakeJob() {
  const [part, rate] = await Promise.all([newPart({ priceCents: 900, costCents: 400 }), newRate(5_000)]);
  const category = await testDb().offeringCategory.create({ data: { title: { en: `Brakes ${uniqueSuffix()}` } } });
  return testDb().offeringItem.create({
    data: {
      categoryId: category.id,
      title: { en: 'Brake discs replacement' },
      priceCents: 19_900,
      currency: 'EUR',
      service: 'REPAIR',
      lines: {
        create: [
          { position: 0, kind: 'PART', description: 'Pads', partId: part.id, quantityMilli: 2_000 },
          { position: 1, kind: 'LABOUR', description: 'Fitting', labourRateId: rate.id, quantityMilli: 500 },
        ],
      },
    },
  });
}

describe('proposing a finding', () => {
  it("uses the item's canned job with its lines and price, the label in the customer's language, in one transaction", async () => {
    const job = await brakeJob();
    const customer = await signedInCustomer();
    await testDb().user.update({ where: { id: customer.customer.id }, data: { preferredLanguage: 'fr' } });
    const { inspection, visitId } = await startInspection(staff, { customer, offeringItemId: job.id });
    const { check } = itemsOf(inspection);
    await save(inspection.id, check.id, { condition: 'URGENT', note: 'Disc scored below minimum' });

    const made = await proposeTask(inspection.id, check.id);
    expect(made.statusCode).toBe(201);
    const item = made.json();
    expect(item.task).toMatchObject({ title: 'Brake discs (fr)', approval: 'PENDING', status: 'PENDING', soldForCents: 1_800 + 2_500 });
    const task = await testDb().task.findUniqueOrThrow({
      where: { id: item.task.id },
      include: { lines: { orderBy: { position: 'asc' } } },
    });
    expect(task).toMatchObject({
      visitId,
      service: 'REPAIR',
      priority: 'HIGH',
      description: 'Disc scored below minimum',
      proposedById: staff.user.id,
    });
    expect(task.lines.map((line) => [line.kind, line.description, line.quantityMilli, line.unitPriceCents])).toEqual([
      ['PART', 'Pads', 2_000, 900],
      ['LABOUR', 'Fitting', 500, 5_000],
    ]);
    expect((await testDb().inspectionItem.findUniqueOrThrow({ where: { id: check.id } })).taskId).toBe(task.id);
    // A proposal waits for the customer: not in the visit's total.
    expect((await staff.caller.visits.get({ id: visitId })).totalCostCents).toBe(10_000);

    // One task per finding.
    const again = await proposeTask(inspection.id, check.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().messageCode).toBe('inspections.taskExists');
    expect(await testDb().task.count({ where: { visitId } })).toBe(2);
  });

  it('without a catalogue item takes a title and a flat price; the price is required', async () => {
    const { inspection, visitId } = await startInspection(staff);
    const { tread } = itemsOf(inspection);
    await save(inspection.id, tread.id, { value: 2.5 });
    const noPrice = await proposeTask(inspection.id, tread.id);
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().fieldErrors).toHaveProperty('soldForCents');
    expect(await testDb().task.count({ where: { visitId } })).toBe(1);
    const made = await proposeTask(inspection.id, tread.id, { title: 'Two front tyres', soldForCents: 18_000 });
    expect(made.json().task).toMatchObject({ title: 'Two front tyres', soldForCents: 18_000, approval: 'PENDING' });
    const task = await testDb().task.findUniqueOrThrow({ where: { id: made.json().task.id } });
    expect(task).toMatchObject({ service: 'REPAIR', priority: 'NORMAL' });
  });

  it('refuses a green, skipped or unanswered item, and a closed visit', async () => {
    const { inspection, visitId } = await startInspection(staff);
    const { check, tread, battery } = itemsOf(inspection);
    await save(inspection.id, check.id, { condition: 'GOOD' });
    await save(inspection.id, tread.id, { condition: 'SKIPPED' });
    for (const item of [check, tread, battery]) {
      const refused = await proposeTask(inspection.id, item.id, { soldForCents: 1_000 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().messageCode).toBe('inspections.notFlagged');
    }
    await save(inspection.id, battery.id, { value: 11.8, condition: 'SOON' });
    await testDb().visit.update({ where: { id: visitId }, data: { status: 'PICKED_UP' } });
    const closed = await proposeTask(inspection.id, battery.id, { soldForCents: 1_000 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().messageCode).toBe('tasks.proposalOnClosedVisit');
    expect((await testDb().inspectionItem.findUniqueOrThrow({ where: { id: battery.id } })).taskId).toBeNull();
  });
});

describe('the customer decides by the link', () => {
  it('approves one finding and declines another; staff see both decisions on the inspection', async () => {
    const { inspection } = await startInspection(staff);
    const { check, tread, battery } = itemsOf(inspection);
    await save(inspection.id, check.id, { condition: 'SOON' });
    await save(inspection.id, tread.id, { value: 1.2 });
    await save(inspection.id, battery.id, { value: 12.6, condition: 'GOOD' });
    await proposeTask(inspection.id, check.id, { title: 'Brake discs', soldForCents: 24_000 });
    await proposeTask(inspection.id, tread.id, { title: 'Front tyres', soldForCents: 18_000 });
    // The brake check is flagged and requires a photo before completion.
    await testDb().mediaFile.create({
      data: {
        merchantId: (await testDb().merchant.findFirstOrThrow()).id,
        name: 'disc.jpg',
        type: 'IMAGE',
        mimeType: 'image/jpeg',
        sizeBytes: 10,
        storageKey: `test/${uniqueSuffix()}-${uniqueSuffix()}.jpg`,
        section: 'inspection',
        inspectionItemId: check.id,
      },
    });
    await staff.caller.inspections.complete({ id: inspection.id });
    const { link } = await staff.caller.inspections.send({ id: inspection.id, sendEmail: false });
    const token = new URL(link.url).pathname.split('/').pop()!;

    const page = (await app.inject({ method: 'GET', url: `/backend/approve/${token}` })).json();
    const [report] = page.inspections;
    expect(report.counts).toMatchObject({ SOON: 1, URGENT: 1, GOOD: 1 });
    const byLabel = Object.fromEntries(report.items.map((item: { label: { en: string } }) => [item.label.en, item]));
    expect(byLabel['Tread front left']).toMatchObject({
      value: 1.2,
      condition: 'URGENT',
      task: { title: 'Front tyres', approval: 'PENDING' },
    });
    expect(page.tasks.map((task: { title: string }) => task.title).sort()).toEqual(['Brake discs', 'Front tyres']);

    const brake = byLabel['Brake discs'].task;
    const tyres = byLabel['Tread front left'].task;
    const decided = await app.inject({
      method: 'POST',
      url: `/backend/approve/${token}`,
      payload: {
        decisions: [
          { taskId: brake.id, decision: 'APPROVED', soldForCents: 24_000 },
          { taskId: tyres.id, decision: 'DECLINED', soldForCents: 18_000, comment: 'Next month' },
        ],
      },
    });
    expect(decided.statusCode).toBe(200);
    const after = await staff.caller.inspections.get({ id: inspection.id });
    expect(itemsOf(after).check.task).toMatchObject({ approval: 'APPROVED' });
    expect(itemsOf(after).tread.task).toMatchObject({ approval: 'DECLINED' });
  });
});
