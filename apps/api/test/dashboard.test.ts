// The main panel's KPIs and the client dashboard, on a database of their own: the shared test database holds
// the demo data and rows other test files add meanwhile, and the figures of right now (overdue, owed, oil
// changes due) count every row. Each expected value below is worked out by hand from the fixture.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db, type Prisma } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import type { Role } from '@garage/shared';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { getDashboardKpis } from '../src/modules/dashboard/dashboard.service.ts';
import { lockPart, recordMovement, syncTaskStock } from '../src/modules/stock/stock.service.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, testDb, testDeps, TEST_JWT_SECRET } from './helpers.ts';

const NAME = `garage_dashboard_${randomUUID().slice(0, 8)}`;
const DAY = 86_400_000;
let db: Db;
let app: App;

function urlFor(name: string): string {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

let counter = 0;
async function user(role: Role, data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  counter++;
  const row = await db.user.create({ data: { firstName: 'F', lastName: `L${counter}`, username: `u${counter}`, role, ...data } });
  const token = signAccessToken({ userId: row.id, roles: [role] }, TEST_JWT_SECRET);
  return {
    ...row,
    headers: { authorization: `Bearer ${token}` },
    caller: createCaller(createContextInner(testDeps({ db }), { userId: row.id, roles: [role] })),
  };
}

async function vehicle(ownerId: string, data: Partial<Prisma.VehicleUncheckedCreateInput> = {}) {
  counter++;
  const plate = `P${counter}`;
  return db.vehicle.create({
    data: {
      ownerId,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: plate,
      color: 'Red',
      brand: 'Renault',
      model: 'Clio',
      year: 2019,
      engineType: 'Petrol',
      ...data,
    },
  });
}

type TaskSpec = [
  service: 'REPAIR' | 'MAINTENANCE' | 'INSPECTION',
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED',
  soldForCents: number,
];
type PaymentSpec = [
  amountCents: number,
  method: 'CASH' | 'CREDIT_CARD' | 'BANK_TRANSFER',
  status: 'SUCCESS' | 'FAILED' | 'REFUNDED' | 'DELETED',
  at: string,
];

/** A visit with its derived columns written by hand (checked against the rules by the visits tests). */
async function visit(
  customerId: string,
  vehicleId: string,
  spec: {
    created: string;
    due: string;
    status: Prisma.VisitUncheckedCreateInput['status'];
    completed?: string;
    tasks: TaskSpec[];
    payments?: PaymentSpec[];
  },
) {
  const total = spec.tasks.filter(([, status]) => status !== 'CANCELLED').reduce((sum, [, , cents]) => sum + cents, 0);
  const payments = spec.payments ?? [];
  const paid = payments.reduce((sum, [cents, , status]) => sum + (status === 'SUCCESS' ? cents : status === 'REFUNDED' ? -cents : 0), 0);
  const paymentStatus = paid > total ? 'OVERPAID' : paid === total ? 'PAID' : paid <= 0 ? 'UNPAID' : 'PARTIALLY_PAID';
  const created = new Date(spec.created);
  const row = await db.visit.create({
    data: {
      name: 'Fixture visit',
      customerId,
      vehicleId,
      visitDate: created,
      createdAt: created,
      dueDate: new Date(`${spec.due}T00:00:00Z`),
      status: spec.status,
      completedAt: spec.completed ? new Date(spec.completed) : null,
      totalCostCents: total,
      paidCents: paid,
      paymentStatus,
      tasks: {
        create: spec.tasks.map(([service, status, soldForCents]) => ({ title: 'Task', service, status, soldForCents, createdAt: created })),
      },
    },
  });
  let lastSuccess: string | undefined;
  for (const [amountCents, method, status, at] of payments) {
    const payment = await db.payment.create({
      data: {
        visitId: row.id,
        amountCents,
        method,
        status,
        createdAt: new Date(at),
        refundOfId: status === 'REFUNDED' ? lastSuccess : undefined,
      },
    });
    if (status === 'SUCCESS') lastSuccess = payment.id;
  }
  return row;
}

let staff: Awaited<ReturnType<typeof user>>;
let clientA: Awaited<ReturnType<typeof user>>;
let clientB: Awaited<ReturnType<typeof user>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await testDb().$executeRawUnsafe(`CREATE DATABASE "${NAME}"`);
  await migrateDatabase(urlFor(NAME));
  db = createDb(urlFor(NAME), { poolSize: 6 });
  app = await buildTestApp({ db });

  // Current period: 8-14 March 2021 in Paris (UTC+1), i.e. [2021-03-07T23:00Z, 2021-03-14T23:00Z).
  // Previous period: 1-7 March 2021, [2021-02-28T23:00Z, 2021-03-07T23:00Z).
  staff = await user('EMPLOYEE', { createdAt: new Date('2021-03-09T10:00Z') });
  clientA = await user('CLIENT', { createdAt: new Date('2021-03-09T10:00Z') });
  clientB = await user('CLIENT', { createdAt: new Date('2021-03-02T10:00Z') });
  const clientC = await user('CLIENT', { createdAt: new Date('2020-01-01T10:00Z') });
  await user('CLIENT', { createdAt: new Date('2021-03-10T10:00Z'), deletedAt: new Date('2021-04-01T00:00Z'), active: false });

  const now = Date.now();
  const a1 = await vehicle(clientA.id, { latestKm: 50_000 });
  const a2 = await vehicle(clientA.id, { latestKm: 20_000 });
  const b1 = await vehicle(clientB.id, { latestKm: 80_000 });
  const c1 = await vehicle(clientC.id, { latestKm: 100_000 });
  const gone = await vehicle(clientC.id, { latestKm: 90_000, deletedAt: new Date() });
  Object.assign(ids, { a1: a1.id, a2: a2.id, b1: b1.id, c1: c1.id });
  const oil = (vehicleId: string, nextChangeKm: number, daysAgo: number) =>
    db.oilChange.create({
      data: {
        vehicleId,
        oilName: 'Oil',
        oilType: '5W-30',
        currentKm: nextChangeKm - 10_000,
        nextChangeKm,
        createdAt: new Date(now - daysAgo * DAY),
      },
    });
  await oil(a1.id, 50_500, 10); // due by km: 500 km left
  await oil(a2.id, 30_000, 170); // due by date: 180 days after the change, in ~10 days
  await oil(b1.id, 90_000, 20); // not due
  await oil(c1.id, 10_000, 400); // an older change that would be overdue...
  await oil(c1.id, 200_000, 5); // ...but the last one is not
  await oil(gone.id, 10_000, 400); // a deleted vehicle is never listed

  // Current period
  const v1 = await visit(clientA.id, a1.id, {
    created: '2021-03-08T09:00Z',
    due: '2021-03-09',
    status: 'COMPLETED',
    completed: '2021-03-09T10:00Z',
    tasks: [
      ['REPAIR', 'COMPLETED', 30_000],
      ['MAINTENANCE', 'COMPLETED', 10_000],
    ],
    payments: [
      [40_000, 'CREDIT_CARD', 'FAILED', '2021-03-09T10:30Z'],
      [40_000, 'CASH', 'SUCCESS', '2021-03-09T11:00Z'],
    ],
  });
  const v2 = await visit(clientA.id, a1.id, {
    created: '2021-03-10T09:00Z',
    due: '2021-03-10',
    status: 'PICKED_UP',
    completed: '2021-03-10T15:00Z',
    tasks: [['INSPECTION', 'COMPLETED', 5_000]],
    payments: [
      [6_000, 'CREDIT_CARD', 'SUCCESS', '2021-03-10T16:00Z'],
      [1_000, 'CREDIT_CARD', 'REFUNDED', '2021-03-11T09:00Z'],
    ],
  });
  const v3 = await visit(clientA.id, a2.id, {
    created: '2021-03-12T09:00Z',
    due: '2021-03-13',
    status: 'IN_PROGRESS',
    tasks: [
      ['REPAIR', 'IN_PROGRESS', 20_000],
      ['MAINTENANCE', 'PENDING', 10_000],
      ['INSPECTION', 'CANCELLED', 5_000],
    ],
    payments: [[10_000, 'BANK_TRANSFER', 'SUCCESS', '2021-03-12T10:00Z']],
  });
  // 00:30 on 8 March in Paris, still 7 March in UTC: belongs to the current period.
  await visit(clientB.id, b1.id, {
    created: '2021-03-07T23:30Z',
    due: '2021-03-20',
    status: 'PENDING',
    tasks: [['REPAIR', 'PENDING', 15_000]],
  });
  // 23:30 on 14 March in Paris: the period's last day.
  await visit(clientB.id, b1.id, {
    created: '2021-03-14T22:30Z',
    due: '2021-03-15',
    status: 'CANCELLED',
    tasks: [['INSPECTION', 'CANCELLED', 3_000]],
  });

  // Previous period
  await visit(clientC.id, c1.id, {
    created: '2021-03-02T10:00Z',
    due: '2021-03-03',
    status: 'PICKED_UP',
    completed: '2021-03-03T10:00Z',
    tasks: [['REPAIR', 'COMPLETED', 20_000]],
    // The second payment is 23:30 on 7 March in Paris: the previous period's last day.
    payments: [
      [15_000, 'CASH', 'SUCCESS', '2021-03-03T12:00Z'],
      [5_000, 'CASH', 'SUCCESS', '2021-03-07T22:30Z'],
    ],
  });
  await visit(clientB.id, b1.id, {
    created: '2021-03-05T10:00Z',
    due: '2021-03-06',
    status: 'PENDING',
    tasks: [['MAINTENANCE', 'PENDING', 8_000]],
  });

  // Opened before both periods, completed and paid in the current one.
  await visit(clientC.id, c1.id, {
    created: '2021-02-20T10:00Z',
    due: '2021-02-25',
    status: 'COMPLETED',
    completed: '2021-03-08T10:00Z',
    tasks: [['REPAIR', 'COMPLETED', 12_000]],
    payments: [
      [12_000, 'CASH', 'SUCCESS', '2021-03-08T11:00Z'],
      [500, 'CASH', 'DELETED', '2021-03-08T11:05Z'],
    ],
  });
  // After the period.
  await visit(clientC.id, c1.id, {
    created: '2021-03-16T10:00Z',
    due: '2021-03-16',
    status: 'PICKED_UP',
    completed: '2021-03-16T12:00Z',
    tasks: [['REPAIR', 'COMPLETED', 9_000]],
    payments: [[9_000, 'CASH', 'SUCCESS', '2021-03-16T13:00Z']],
  });
  Object.assign(ids, { v1: v1.id, v2: v2.id, v3: v3.id });

  await db.rating.createMany({
    data: [
      { userId: clientA.id, stars: 5, createdAt: new Date('2021-03-10T12:00Z') },
      { userId: clientB.id, stars: 4, createdAt: new Date('2021-03-11T12:00Z') },
      { userId: clientC.id, stars: 2, createdAt: new Date('2021-03-03T12:00Z') },
    ],
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
});

const MARCH = { period: 'custom', from: '2021-03-08', to: '2021-03-14', timeZone: 'Europe/Paris' } as const;

describe('staff KPIs', () => {
  it('computes every KPI of a period and its change against the previous period', async () => {
    const kpis = await staff.caller.dashboard.kpis(MARCH);
    expect(kpis.period).toMatchObject({
      firstDay: '2021-03-08',
      lastDay: '2021-03-14',
      from: '2021-03-07T23:00:00.000Z',
      to: '2021-03-14T23:00:00.000Z',
      previous: { firstDay: '2021-03-01', lastDay: '2021-03-07', from: '2021-02-28T23:00:00.000Z', to: '2021-03-07T23:00:00.000Z' },
    });
    expect(kpis.kpis).toEqual({
      // Visits of vehicles a1, a1 again, a2, b1, b1 again; before: c1, b1.
      carCount: { value: 3, previous: 2, change: 0.5 },
      visitsOpened: { value: 5, previous: 2, change: 1.5 },
      // v1, v2 and the visit opened in February; before: the c1 visit.
      visitsCompleted: { value: 3, previous: 1, change: 2 },
      // 400 + 60 + 100 + 120 - 10 refunded; the failed and the deleted payment count for nothing. Before: 150 + 50.
      revenueCents: { value: 67_000, previous: 20_000, change: 2.35 },
      averageRepairOrderCents: { value: 22_333, previous: 20_000, change: (22_333 - 20_000) / 20_000 },
      // v3 owes 200 (300 - 100 paid), b1's pending visit 150; before: b1's other visit 80.
      outstandingCents: { value: 35_000, previous: 8_000, change: (35_000 - 8_000) / 8_000 },
      // Client A (the deleted client and the employee do not count); before: client B.
      newCustomers: { value: 1, previous: 1, change: 0 },
      averageRating: { value: 4.5, previous: 2, change: 1.25 },
      ratings: { value: 2, previous: 1, change: 1 },
    });
  });

  it('counts tasks by status and by service, with the sold-for amounts of live tasks', async () => {
    const kpis = await staff.caller.dashboard.kpis(MARCH);
    expect(kpis.tasksByStatus).toEqual([
      { status: 'PENDING', count: 2, previous: 1 },
      { status: 'IN_PROGRESS', count: 1, previous: 0 },
      { status: 'COMPLETED', count: 3, previous: 1 },
      { status: 'CANCELLED', count: 2, previous: 0 },
      { status: 'REOPENED', count: 0, previous: 0 },
    ]);
    expect(kpis.tasksByService).toEqual([
      { service: 'REPAIR', count: 3, previous: 1, soldForCents: 65_000 },
      { service: 'MAINTENANCE', count: 2, previous: 1, soldForCents: 20_000 },
      { service: 'INSPECTION', count: 3, previous: 0, soldForCents: 5_000 },
    ]);
  });

  it('gives revenue, visits opened and completed per day of the caller zone, and net amounts per payment method', async () => {
    const kpis = await staff.caller.dashboard.kpis(MARCH);
    expect(kpis.days).toEqual([
      { date: '2021-03-08', revenueCents: 12_000, previousRevenueCents: 0, opened: 2, completed: 1 },
      { date: '2021-03-09', revenueCents: 40_000, previousRevenueCents: 0, opened: 0, completed: 1 },
      { date: '2021-03-10', revenueCents: 6_000, previousRevenueCents: 15_000, opened: 1, completed: 1 },
      { date: '2021-03-11', revenueCents: -1_000, previousRevenueCents: 0, opened: 0, completed: 0 },
      { date: '2021-03-12', revenueCents: 10_000, previousRevenueCents: 0, opened: 1, completed: 0 },
      { date: '2021-03-13', revenueCents: 0, previousRevenueCents: 0, opened: 0, completed: 0 },
      { date: '2021-03-14', revenueCents: 0, previousRevenueCents: 5_000, opened: 1, completed: 0 },
    ]);
    expect(kpis.paymentMethods).toEqual([
      { method: 'CASH', amountCents: 52_000, count: 2 },
      { method: 'CREDIT_CARD', amountCents: 5_000, count: 1 },
      { method: 'BANK_TRANSFER', amountCents: 10_000, count: 1 },
    ]);
  });

  it('gives the figures of right now and the oil changes due soon, by km and by date, from the last change only', async () => {
    const kpis = await staff.caller.dashboard.kpis(MARCH);
    expect(kpis.now).toEqual({
      // v3, b1's pending visit (due 20 March 2021) and b1's other pending visit.
      overdueVisits: 3,
      openVisits: 3,
      readyForPickup: 0,
      outstandingCents: 43_000,
      outstandingVisits: 3,
      oilDueSoon: { total: 2, byKm: 1, byDate: 1 },
    });
    // a2 has a third of its date margin left, a1 half of its km margin: a2 first.
    expect(kpis.oilDueSoon.map((row) => [row.vehicleId, row.dueByKm, row.dueByDate, row.dueInKm])).toEqual([
      [ids.a2, false, true, 10_000],
      [ids.a1, true, false, 500],
    ]);
    expect(kpis.oilDueSoon[1]).toMatchObject({
      ownerId: clientA.id,
      ownerName: `F ${clientA.lastName}`,
      latestKm: 50_000,
      nextChangeKm: 50_500,
    });
  });

  it('measures a named period up to now against the same stretch of the previous one', async () => {
    // This month on 14 March 2021 at 13:00 in Paris: 1-14 March against 1 February to 14 February 13:00.
    const kpis = await getDashboardKpis(db, { period: 'thisMonth', timeZone: 'Europe/Paris' }, new Date('2021-03-14T12:00:00Z'));
    expect(kpis.period).toMatchObject({
      firstDay: '2021-03-01',
      lastDay: '2021-03-14',
      to: '2021-03-14T12:00:00.000Z',
      previous: { firstDay: '2021-02-01', lastDay: '2021-02-14', to: '2021-02-14T12:00:00.000Z' },
    });
    // Everything opened in March up to then (the 23:30 visit of the 14th is still to come); nothing in early February.
    expect(kpis.kpis.visitsOpened).toEqual({ value: 6, previous: 0, change: null });
    expect(kpis.kpis.revenueCents.value).toBe(67_000 + 20_000);
    expect(kpis.days).toHaveLength(14);
  });

  it('answers the same over REST, and an empty period with zeros and no averages', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/backend/dashboard/kpis?period=custom&from=2021-03-08&to=2021-03-14&timeZone=Europe/Paris',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await staff.caller.dashboard.kpis(MARCH));

    const empty = await staff.caller.dashboard.kpis({ period: 'custom', from: '2019-01-01', to: '2019-01-31' });
    expect(empty.kpis.revenueCents).toEqual({ value: 0, previous: 0, change: null });
    expect(empty.kpis.averageRepairOrderCents).toEqual({ value: null, previous: null, change: null });
    expect(empty.kpis.averageRating.value).toBeNull();
    expect(empty.days).toHaveLength(31);
  });

  it('rejects a period that ends before it starts or is longer than a year, with the field named', async () => {
    const backwards = await app.inject({
      method: 'GET',
      url: '/backend/dashboard/kpis?period=custom&from=2021-03-10&to=2021-03-01',
      headers: staff.headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toEqual(['To must be at least 2021-03-10']);
    const long = await app.inject({
      method: 'GET',
      url: '/backend/dashboard/kpis?period=custom&from=2020-01-01&to=2021-01-05',
      headers: staff.headers,
    });
    expect(long.statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/backend/dashboard/kpis?period=custom', headers: staff.headers });
    expect(missing.json().fieldErrors).toMatchObject({ from: ['From is required'], to: ['To is required'] });
    const zone = await app.inject({ method: 'GET', url: '/backend/dashboard/kpis?timeZone=Mars/Olympus', headers: staff.headers });
    expect(zone.statusCode).toBe(400);
  });

  it('is for staff only: a client gets 403 and an anonymous caller 401, on both transports', async () => {
    expect((await app.inject({ method: 'GET', url: '/backend/dashboard/kpis', headers: clientA.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/backend/dashboard/kpis' })).statusCode).toBe(401);
    await expect(clientA.caller.dashboard.kpis({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = createCaller(createContextInner(testDeps({ db }), null));
    await expect(anonymous.dashboard.kpis({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const trpc = await app.inject({
      method: 'GET',
      url: `/backend/trpc/dashboard.kpis?input=${encodeURIComponent(JSON.stringify({}))}`,
      headers: clientA.headers,
    });
    expect(trpc.statusCode).toBe(403);
  });
});

describe('client dashboard', () => {
  it("shows the client's own vehicles with the next oil change, open visits, balance due and last visits", async () => {
    const mine = await clientA.caller.dashboard.mine({ timeZone: 'UTC' });
    expect(mine.vehicles.map((v) => [v.id, v.openVisits, v.oil.state, v.oil.dueInKm, v.oil.nextChangeKm])).toEqual([
      [ids.a1, 1, 'soon', 500, 50_500],
      [ids.a2, 1, 'soon', 10_000, 30_000],
    ]);
    const a2 = mine.vehicles[1]!;
    expect(a2.oil.nextChangeDate! > a2.oil.lastChangeDate!).toBe(true);
    // v1 is completed but not yet picked up, so the client still waits for it; v2 was picked up.
    expect(mine.openVisits.map((v) => v.id)).toEqual([ids.v3, ids.v1]);
    expect(mine.openVisits[0]).toMatchObject({
      status: 'IN_PROGRESS',
      paymentStatus: 'PARTIALLY_PAID',
      balanceCents: 20_000,
      overdue: true,
      vehicleId: ids.a2,
    });
    expect(mine.balanceDueCents).toBe(20_000);
    expect(mine.visitsWithBalance).toBe(1);
    expect(mine.recentVisits.map((v) => v.id)).toEqual([ids.v3, ids.v2, ids.v1]);
  });

  it("never shows another client's data, whatever the request carries", async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/backend/my/dashboard?timeZone=UTC&ownerId=${clientA.id}&vehicleId=${ids.a1}`,
      headers: clientB.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.vehicles.map((v: { id: string }) => v.id)).toEqual([ids.b1]);
    const seen = [...body.openVisits, ...body.recentVisits].map((v: { vehicleId: string }) => v.vehicleId);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((id: string) => id === ids.b1)).toBe(true);
    // b1: the 150 pending visit and the 80 one.
    expect(body.balanceDueCents).toBe(23_000);
  });

  it('is for clients only', async () => {
    expect((await app.inject({ method: 'GET', url: '/backend/my/dashboard', headers: staff.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/backend/my/dashboard' })).statusCode).toBe(401);
    await expect(staff.caller.dashboard.mine({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers a client without vehicles with empty lists', async () => {
    const newcomer = await user('CLIENT');
    expect(await newcomer.caller.dashboard.mine({})).toEqual({
      vehicles: [],
      openVisits: [],
      recentVisits: [],
      balanceDueCents: 0,
      visitsWithBalance: 0,
    });
  });
});

// Parts tiles (issue #26). Written after every other test of this file ran (they count visits and "now"
// figures), on a period of their own (June 2018) and parts of their own.
describe('parts tiles', () => {
  const JUNE_2018 = { period: 'custom', from: '2018-06-01', to: '2018-06-30', timeZone: 'UTC' } as const;

  async function partWith(data: Partial<Prisma.PartUncheckedCreateInput>, received = 0, costCents = 1_000) {
    counter++;
    const part = await db.part.create({ data: { partNumber: `DP-${counter}`, name: `Part ${counter}`, ...data } });
    if (received > 0)
      await db.$transaction(async (tx) =>
        recordMovement(tx, await lockPart(tx, part.id), { kind: 'RECEIVED', quantityMilli: received * 1000, unitCostCents: costCents }),
      );
    return part;
  }

  /** A handed-over visit with one completed task and its part lines, settled to USED by the stock core. */
  async function completedTaskWith(at: string, lines: { partId: string; quantity: number; unitPriceCents: number }[]) {
    const owner = await user('CLIENT');
    const car = await vehicle(owner.id);
    const when = new Date(at);
    const visit = await db.visit.create({
      data: {
        name: 'Parts visit',
        customerId: owner.id,
        vehicleId: car.id,
        visitDate: when,
        dueDate: when,
        status: 'PICKED_UP',
        totalCostCents: 0,
        paidCents: 0,
        paymentStatus: 'PAID',
      },
    });
    const task = await db.task.create({
      data: { visitId: visit.id, title: 'Parts', service: 'REPAIR', status: 'COMPLETED', soldForCents: 0, completedOn: when },
    });
    for (const [index, line] of lines.entries())
      await db.taskLine.create({
        data: {
          taskId: task.id,
          position: index + 1,
          kind: 'PART',
          description: 'Part',
          partId: line.partId,
          quantityMilli: line.quantity * 1000,
          unitPriceCents: line.unitPriceCents,
          totalCents: line.quantity * line.unitPriceCents,
        },
      });
    await db.$transaction((tx) => syncTaskStock(tx, task.id, null));
    return task;
  }

  it('gives admins the parts margin of the period and everyone the low-stock count', async () => {
    const admin = await user('ADMIN');
    // Low: 3 on hand for a reorder point of 5; 2 for 2 (at the point); 10 on hand but 9 held by a task (1 free).
    const pads = await partWith({ reorderPointMilli: 5_000 }, 5, 1_000);
    await partWith({ reorderPointMilli: 2_000 }, 2);
    const held = await partWith({ reorderPointMilli: 5_000 }, 10);
    // Not low: 3 on hand and 4 on order for a point of 5; no reorder point; archived.
    const coming = await partWith({ reorderPointMilli: 5_000 }, 3);
    const supplier = await db.supplier.create({ data: { name: 'Dash supplier' } });
    await db.purchaseOrder.create({
      data: {
        number: `DPO-${counter}`,
        supplierId: supplier.id,
        status: 'SENT',
        lines: { create: [{ position: 1, partId: coming.id, quantityMilli: 4_000, unitCostCents: 500 }] },
      },
    });
    await partWith({}, 0);
    await partWith({ reorderPointMilli: 5_000, archivedAt: new Date() }, 0);

    // June 2018: 2 pads sold 15.00 each (30.00) at a cost of 10.00 each; a task completed in July does not count.
    await completedTaskWith('2018-06-10T10:00Z', [{ partId: pads.id, quantity: 2, unitPriceCents: 1_500 }]);
    await completedTaskWith('2018-07-02T10:00Z', [{ partId: held.id, quantity: 1, unitPriceCents: 9_900 }]);
    // The 9 held for an open task: written as a reservation, as the stock core leaves it.
    const open = await completedTaskWith('2018-07-03T10:00Z', []);
    await db.task.update({ where: { id: open.id }, data: { status: 'IN_PROGRESS', completedOn: null } });
    await db.taskLine.create({
      data: {
        taskId: open.id,
        position: 1,
        kind: 'PART',
        description: 'Held',
        partId: held.id,
        quantityMilli: 8_000,
        unitPriceCents: 0,
        totalCents: 0,
        stock: 'RESERVED',
      },
    });
    // held: 10 received - 1 used = 9 on hand, 8 reserved: 1 free for a point of 5.

    const forAdmin = await admin.caller.dashboard.kpis(JUNE_2018);
    expect(forAdmin.parts).toEqual({ margin: { salesCents: 3_000, costCents: 2_000, marginBasisPoints: 3_333 }, lowStock: 3 });
    const forStaff = await staff.caller.dashboard.kpis(JUNE_2018);
    expect(forStaff.parts).toEqual({ margin: null, lowStock: 3 });
    const empty = await admin.caller.dashboard.kpis({ period: 'custom', from: '2017-01-01', to: '2017-01-31', timeZone: 'UTC' });
    expect(empty.parts.margin).toEqual({ salesCents: 0, costCents: 0, marginBasisPoints: null });
  });
});
