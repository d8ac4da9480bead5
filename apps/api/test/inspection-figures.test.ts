// Inspection figures (issue #29) over hand-made rows: the period's counts, decisions and approved value with
// exact numbers, the period's bounds (first instant in, end instant out, the caller's time zone), one row per
// technician and one for the unassigned; a vehicle's measurement series (keys, order by date, values in units,
// latest label, what is left out) and its 404s. A client's 403 is the access matrix's (access-rules.ts).
import type { InspectionCondition, InspectionStatus, InspectionUnit, TaskApproval, TaskStatus } from '@garage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';
import { createCustomer, signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const text = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });

interface ItemSpec {
  condition?: InspectionCondition | null;
  /** A proposed task made from the item, with the customer's decision. */
  task?: { soldForCents: number; approval: TaskApproval; status?: TaskStatus };
  key?: string | null;
  unit?: InspectionUnit | null;
  valueMilli?: number | null;
  label?: string;
  amberAtMilli?: number | null;
  redAtMilli?: number | null;
}

/** An inspection written straight to the database, its items and their proposed tasks. */
async function insertInspection(
  visitId: string,
  spec: { status: InspectionStatus; completedAt: string | null; assignedToId?: string | null; items: ItemSpec[] },
) {
  const db = testDb();
  const inspection = await db.inspection.create({
    data: {
      visitId,
      name: text('Multi-point'),
      status: spec.status,
      completedAt: spec.completedAt ? new Date(spec.completedAt) : null,
      assignedToId: spec.assignedToId ?? null,
    },
  });
  for (const [position, item] of spec.items.entries()) {
    const task = item.task
      ? await db.task.create({
          data: {
            visitId,
            title: `Finding ${position}`,
            service: 'REPAIR',
            soldForCents: item.task.soldForCents,
            approval: item.task.approval,
            status: item.task.status ?? 'PENDING',
          },
        })
      : null;
    await db.inspectionItem.create({
      data: {
        inspectionId: inspection.id,
        position,
        section: text('Tyres'),
        label: text(item.label ?? `Item ${position}`),
        key: item.key ?? null,
        kind: item.valueMilli == null ? 'CHECK' : 'MEASUREMENT',
        unit: item.unit ?? null,
        condition: item.condition ?? null,
        valueMilli: item.valueMilli ?? null,
        amberAtMilli: item.amberAtMilli ?? null,
        redAtMilli: item.redAtMilli ?? null,
        taskId: task?.id ?? null,
      },
    });
  }
  return inspection.id;
}

async function insertVisit(vehicleId: string, customerId: string, visitDate = new Date()) {
  const visit = await testDb().visit.create({
    data: { name: `Visit ${uniqueSuffix()}`, customerId, vehicleId, visitDate, dueDate: visitDate },
  });
  return visit.id;
}

describe('inspectionFigures.summary', () => {
  // A month no other test file writes inspections in (they complete theirs now).
  const may2012 = { from: '2012-05-01', to: '2012-05-31' };
  let techA: { id: string };
  let techB: { id: string };

  beforeAll(async () => {
    techA = (await createTestUser('EMPLOYEE', { firstName: 'Amal', lastName: `Aaron ${uniqueSuffix()}` })).user;
    techB = (await createTestUser('EMPLOYEE', { firstName: 'Bilal', lastName: `Baker ${uniqueSuffix()}` })).user;
    const { customer, vehicle } = await createCustomer();
    const visitId = await insertVisit(vehicle.id, customer.id, new Date('2012-05-01T08:00:00Z'));
    // Tech A, in the middle of the month: 4 flagged, 3 tasks (approved 100.00, declined, still pending).
    await insertInspection(visitId, {
      status: 'COMPLETED',
      completedAt: '2012-05-10T10:00:00Z',
      assignedToId: techA.id,
      items: [
        { condition: 'GOOD' },
        { condition: 'SOON', task: { soldForCents: 10_000, approval: 'APPROVED' } },
        { condition: 'URGENT', task: { soldForCents: 5_000, approval: 'DECLINED', status: 'CANCELLED' } },
        { condition: 'URGENT', task: { soldForCents: 3_000, approval: 'PENDING' } },
        { condition: 'SKIPPED' },
        { condition: 'SOON', key: 'tread.front-left', unit: 'MM', valueMilli: 2_500 },
        { condition: null },
      ],
    });
    // Tech A, sent, the month's last millisecond: two approved, one cancelled since (no value on the bill).
    await insertInspection(visitId, {
      status: 'SENT',
      completedAt: '2012-05-31T23:59:59.999Z',
      assignedToId: techA.id,
      items: [
        { condition: 'SOON', task: { soldForCents: 20_000, approval: 'APPROVED', status: 'CANCELLED' } },
        { condition: 'URGENT', task: { soldForCents: 7_000, approval: 'APPROVED', status: 'COMPLETED' } },
      ],
    });
    // Tech B, the month's first instant.
    await insertInspection(visitId, {
      status: 'COMPLETED',
      completedAt: '2012-05-01T00:00:00Z',
      assignedToId: techB.id,
      items: [{ condition: 'GOOD' }, { condition: 'SOON', task: { soldForCents: 4_000, approval: 'APPROVED' } }],
    });
    // Nobody's.
    await insertInspection(visitId, { status: 'COMPLETED', completedAt: '2012-05-15T12:00:00Z', items: [{ condition: 'URGENT' }] });
    // Left out in UTC: just before the month, its end instant, and one reopened (in progress again).
    await insertInspection(visitId, {
      status: 'COMPLETED',
      completedAt: '2012-04-30T23:59:59.999Z',
      assignedToId: techA.id,
      items: [{ condition: 'URGENT', task: { soldForCents: 900, approval: 'APPROVED' } }],
    });
    await insertInspection(visitId, {
      status: 'COMPLETED',
      completedAt: '2012-06-01T00:00:00Z',
      assignedToId: techB.id,
      items: [{ condition: 'URGENT', task: { soldForCents: 800, approval: 'APPROVED' } }],
    });
    await insertInspection(visitId, {
      status: 'IN_PROGRESS',
      completedAt: '2012-05-20T00:00:00Z',
      assignedToId: techA.id,
      items: [{ condition: 'URGENT', task: { soldForCents: 700, approval: 'APPROVED' } }],
    });
  });

  it('counts the period exactly: completed, flagged, proposed, decisions, share, approved value, per technician', async () => {
    const figures = await staff.caller.inspectionFigures.summary({ period: 'custom', ...may2012, timeZone: 'UTC' });
    expect(figures).toEqual({
      completed: 4,
      flaggedItems: 8,
      proposedTasks: 6,
      approvedTasks: 4,
      declinedTasks: 1,
      approvalShare: 0.8,
      approvedCents: 21_000,
      perTechnician: [
        {
          userId: techA.id,
          name: expect.stringMatching(/^Amal Aaron /),
          completed: 2,
          flaggedItems: 6,
          approvedTasks: 3,
          approvedCents: 17_000,
        },
        {
          userId: techB.id,
          name: expect.stringMatching(/^Bilal Baker /),
          completed: 1,
          flaggedItems: 1,
          approvedTasks: 1,
          approvedCents: 4_000,
        },
        { userId: null, name: '', completed: 1, flaggedItems: 1, approvedTasks: 0, approvedCents: 0 },
      ],
    });
  });

  it('days are the caller’s: in Kuwait (UTC+3) the month starts and ends three hours earlier', async () => {
    const figures = await staff.caller.inspectionFigures.summary({ period: 'custom', ...may2012, timeZone: 'Asia/Kuwait' });
    // In: tech A's 10 May and 30 April 23:59 UTC (1 May local), tech B's 1 May, the unassigned one; out: 31 May 23:59 UTC.
    expect(figures).toMatchObject({
      completed: 4,
      flaggedItems: 7,
      proposedTasks: 5,
      approvedTasks: 3,
      declinedTasks: 1,
      approvedCents: 14_900,
    });
    expect(figures.perTechnician.map((row) => [row.userId, row.completed, row.approvedCents])).toEqual([
      [techA.id, 2, 10_900],
      [techB.id, 1, 4_000],
      [null, 1, 0],
    ]);
  });

  it('REST: from and to alone are those days; a period without decisions has a null share; bad periods are 400', async () => {
    const get = (query: string) => app.inject({ method: 'GET', url: `/backend/inspections/figures?${query}`, headers: staff.authHeader });
    const may = await get('from=2012-05-01&to=2012-05-31');
    expect(may.statusCode).toBe(200);
    expect(may.json()).toMatchObject({ completed: 4, approvedCents: 21_000, approvalShare: 0.8 });
    // Only the first of May: tech B's inspection.
    expect((await get('from=2012-05-01&to=2012-05-01')).json()).toMatchObject({ completed: 1, approvedTasks: 1, approvedCents: 4_000 });
    const empty = (await get('period=custom&from=2012-07-01&to=2012-07-31')).json();
    expect(empty).toEqual({
      completed: 0,
      flaggedItems: 0,
      proposedTasks: 0,
      approvedTasks: 0,
      declinedTasks: 0,
      approvalShare: null,
      approvedCents: 0,
      perTechnician: [],
    });
    // The dashboard's named periods work as they do on its KPIs.
    expect((await get('period=today&timeZone=Europe/Paris')).statusCode).toBe(200);
    for (const query of [
      'from=2012-05-01',
      'from=2012-05-31&to=2012-05-01',
      'from=2012-01-01&to=2013-06-01',
      'from=May&to=June',
      'period=year',
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
  });

  it('the "inspections" report gives the same figures per technician, in the shop’s time zone, as a preview and a CSV', async () => {
    // Reports read days in the shop's zone: compare with the figures asked in that zone.
    const merchant = await testDb().merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { timezone: true } });
    const timeZone = merchant?.timezone ?? 'UTC';
    const figures = await staff.caller.inspectionFigures.summary({ ...may2012, timeZone });
    const preview = await staff.caller.reports.preview({ report: 'inspections', ...may2012 });
    const ours = preview.rows.filter((row) => [`Amal `, `Bilal `, 'Unassigned'].some((start) => String(row.technician).startsWith(start)));
    const shareOf = (approved: number, declined: number) =>
      approved + declined === 0 ? null : Math.round((approved * 10_000) / (approved + declined)) / 100;
    expect(ours).toEqual(
      figures.perTechnician.map((row) => ({
        technician: row.userId === null ? 'Unassigned' : row.name,
        completed: row.completed,
        flagged: row.flaggedItems,
        proposed: expect.any(Number),
        approved: row.approvedTasks,
        declined: expect.any(Number),
        approvalShare: expect.toBeOneOf([null, expect.any(Number)]),
        approvedValue: row.approvedCents,
      })),
    );
    const totals = Object.fromEntries(preview.totals.map((entry) => [entry.key, entry.value]));
    expect(totals).toEqual({
      completed: figures.completed,
      flagged: figures.flaggedItems,
      proposed: figures.proposedTasks,
      approved: figures.approvedTasks,
      declined: figures.declinedTasks,
      approvalShare: shareOf(figures.approvedTasks, figures.declinedTasks) ?? 0,
      approvedValue: figures.approvedCents,
    });
    if (timeZone === 'UTC') {
      // The shop in UTC (the neutral merchant): tech A's row exactly, 3 approved of 4 decided.
      expect(ours[0]).toMatchObject({
        completed: 2,
        flagged: 6,
        proposed: 5,
        approved: 3,
        declined: 1,
        approvalShare: 75,
        approvedValue: 17_000,
      });
    }
    // Words in the asked language; the CSV carries the same rows.
    const arabic = await staff.caller.reports.preview({ report: 'inspections', ...may2012, lang: 'ar' });
    expect(arabic.rows.some((row) => row.technician === 'غير مسندة')).toBe(true);
    const csv = await app.inject({
      method: 'GET',
      url: `/backend/reports/inspections?format=csv&from=${may2012.from}&to=${may2012.to}`,
      headers: staff.authHeader,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Technician,Inspections,Flagged items,Proposed tasks,Approved,Declined,Approved (%),Approved value');
    expect(csv.body).toMatch(/Unassigned,1,1,0,0,0,,0\.00/);
  });
});

describe('inspectionFigures.vehicleMeasurements', () => {
  it('one series per key, oldest first by completion (else visit) date, values in units, the latest label and unit', async () => {
    const { customer, vehicle } = await createCustomer();
    const january = await insertVisit(vehicle.id, customer.id, new Date('2024-01-15T08:00:00Z'));
    const march = await insertVisit(vehicle.id, customer.id, new Date('2024-03-01T08:00:00Z'));
    const june = await insertVisit(vehicle.id, customer.id, new Date('2024-06-01T08:00:00Z'));
    // Written out of order: June first, then January (no completion date: the visit's date), then March.
    await insertInspection(june, {
      status: 'SENT',
      completedAt: '2024-06-02T09:30:00Z',
      items: [
        {
          key: 'tread.front-left',
          unit: 'MM',
          valueMilli: 2_900,
          condition: 'SOON',
          label: 'Tread front left (new wording)',
          amberAtMilli: 3_000,
          redAtMilli: 1_600,
        },
        { key: 'battery.voltage', unit: 'VOLT', valueMilli: 12_450, condition: 'GOOD', label: 'Battery' },
        // Not measured: no value, no point.
        { key: 'tread.rear-left', unit: 'MM', valueMilli: null, condition: 'SKIPPED' },
        // No key: not charted.
        { key: null, unit: 'MM', valueMilli: 4_000, condition: 'GOOD' },
      ],
    });
    await insertInspection(january, {
      status: 'COMPLETED',
      completedAt: null,
      items: [
        { key: 'tread.front-left', unit: 'MM', valueMilli: 7_500, condition: 'GOOD', label: 'Tread front left' },
        // Another unit under the same key than the latest: off the chart's scale, left out.
        { key: 'battery.voltage', unit: 'AMP', valueMilli: 640_000, condition: 'GOOD' },
      ],
    });
    await insertInspection(march, {
      status: 'COMPLETED',
      completedAt: '2024-03-01T10:00:00Z',
      items: [{ key: 'tread.front-left', unit: 'MM', valueMilli: 5_250, condition: 'GOOD', label: 'Tread front left' }],
    });
    // In progress: not yet a measurement of record.
    await insertInspection(june, {
      status: 'IN_PROGRESS',
      completedAt: null,
      items: [{ key: 'tread.front-left', unit: 'MM', valueMilli: 1_000 }],
    });
    // Another vehicle's inspection.
    const other = await createCustomer();
    const otherVisit = await insertVisit(other.vehicle.id, other.customer.id);
    await insertInspection(otherVisit, {
      status: 'SENT',
      completedAt: '2024-02-01T00:00:00Z',
      items: [{ key: 'tread.front-left', unit: 'MM', valueMilli: 8_000 }],
    });

    const expected = {
      series: [
        {
          key: 'battery.voltage',
          label: text('Battery'),
          unit: 'VOLT',
          amberAt: null,
          redAt: null,
          points: [{ date: '2024-06-02T09:30:00.000Z', value: 12.45, condition: 'GOOD', visitId: june }],
        },
        {
          key: 'tread.front-left',
          label: text('Tread front left (new wording)'),
          unit: 'MM',
          // The latest item's thresholds (the older ones had none).
          amberAt: 3,
          redAt: 1.6,
          points: [
            { date: '2024-01-15T08:00:00.000Z', value: 7.5, condition: 'GOOD', visitId: january },
            { date: '2024-03-01T10:00:00.000Z', value: 5.25, condition: 'GOOD', visitId: march },
            { date: '2024-06-02T09:30:00.000Z', value: 2.9, condition: 'SOON', visitId: june },
          ],
        },
      ],
    };
    expect(await staff.caller.inspectionFigures.vehicleMeasurements({ id: vehicle.id })).toEqual(expected);
    const rest = await app.inject({
      method: 'GET',
      url: `/backend/vehicles/${vehicle.id}/inspection-measurements`,
      headers: staff.authHeader,
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual(expected);
  });

  it('a vehicle never measured has no series; a deleted or unknown vehicle is a 404', async () => {
    const { vehicle } = await createCustomer();
    expect(await staff.caller.inspectionFigures.vehicleMeasurements({ id: vehicle.id })).toEqual({ series: [] });
    const { customer, vehicle: gone } = await createCustomer();
    const visit = await insertVisit(gone.id, customer.id);
    await insertInspection(visit, {
      status: 'SENT',
      completedAt: '2024-02-01T00:00:00Z',
      items: [{ key: 'tread.front-left', unit: 'MM', valueMilli: 8_000 }],
    });
    await testDb().vehicle.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    for (const id of [gone.id, '0190f0f0-0000-7000-8000-000000000000']) {
      const answer = await app.inject({ method: 'GET', url: `/backend/vehicles/${id}/inspection-measurements`, headers: staff.authHeader });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().messageCode).toBe('missing.vehicle');
    }
  });
});
