// Every filter and sort of the visits list on a fixed fixture set. The fixtures belong to fresh customers,
// so filtering by customerId isolates them from other tests; the customer-name sort, which must span
// customers, is checked on the relative order of our own visits across every page.
import {
  DATE_FILTERS,
  VISIT_SORTS,
  visitPageSchema,
  calendarDateIn,
  dateFilterRange,
  listVisitsSchema,
  startOfDayIn,
  type ListVisitsQuery,
} from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createdRangeOf, todayIn } from '../src/modules/visits/list-calendar.ts';
import { pagePlan, visitListSql } from '../src/modules/visits/visits.list.ts';
import { isoInstant } from '../src/modules/visits/visit-views.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { createCustomer, insertVisit, signedIn, today } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
let customerId: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const v: Record<string, string> = {};
const createdAt: Record<string, Date> = {};

beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
  const { customer, vehicle } = await createCustomer();
  customerId = customer.id;
  const ids = { customerId: customer.id, vehicleId: vehicle.id };
  const now = Date.now();
  // 'today' is one second into today (UTC), never in the future of the test's own "today".
  const fixtures = {
    pendingOverdue: {
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      totalCostCents: 10_000,
      paidCents: 0,
      dueInDays: -2,
      at: new Date(now - 3 * DAY),
    },
    inProgressToday: {
      status: 'IN_PROGRESS',
      paymentStatus: 'PARTIALLY_PAID',
      totalCostCents: 20_000,
      paidCents: 5_000,
      dueInDays: 3,
      at: new Date(startOfDayIn(today()).getTime() + 1000),
    },
    completed: {
      status: 'COMPLETED',
      paymentStatus: 'PAID',
      totalCostCents: 5_000,
      paidCents: 5_000,
      dueInDays: -5,
      at: new Date(now - 10 * DAY),
    },
    ready: {
      status: 'READY_FOR_PICKUP',
      paymentStatus: 'UNPAID',
      totalCostCents: 30_000,
      paidCents: 0,
      dueInDays: 1,
      at: new Date(now - 40 * DAY),
    },
    pickedUp: {
      status: 'PICKED_UP',
      paymentStatus: 'OVERPAID',
      totalCostCents: 8_000,
      paidCents: 9_000,
      dueInDays: -20,
      at: new Date(now - 60 * DAY),
    },
    cancelled: { status: 'CANCELLED', paymentStatus: 'PAID', totalCostCents: 0, paidCents: 0, dueInDays: -1, at: new Date(now - 2 * DAY) },
    partialOverdue: {
      status: 'IN_PROGRESS',
      paymentStatus: 'PARTIALLY_PAID',
      totalCostCents: 15_000,
      paidCents: 1_000,
      dueInDays: -1,
      at: new Date(now - 20 * DAY),
    },
  } as const;
  for (const [key, { at, ...state }] of Object.entries(fixtures)) {
    v[key] = await insertVisit(ids, { ...state, createdAt: at });
    createdAt[key] = at;
  }
});
afterAll(() => app.close());

async function list(query: ListVisitsQuery) {
  const search = new URLSearchParams(
    Object.entries({ customerId, pageSize: 50, ...query }).map(([k, value]) => [k, String(value)] as [string, string]),
  );
  const response = await app.inject({ method: 'GET', url: `/backend/visits?${search}`, headers: staff.authHeader });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { id: string; overdue: boolean }[]; total: number; pageCount: number };
}
const names = (ids: string[]) => ids.map((id) => Object.keys(v).find((key) => v[key] === id));
const sorted = (keys: string[]) => [...keys].sort();

describe('visit filters', () => {
  it.each([
    ['pending', ['pendingOverdue', 'inProgressToday', 'partialOverdue']],
    ['completed', ['completed', 'ready', 'pickedUp']],
    ['unpaid', ['pendingOverdue', 'inProgressToday', 'ready', 'partialOverdue']],
    ['overdue', ['pendingOverdue', 'partialOverdue']],
    ['createdToday', ['inProgressToday']],
    ['readyForPickup', ['ready']],
  ] as const)('%s', async (filter, expected) => {
    const page = await list({ filter });
    expect(sorted(names(page.items.map((item) => item.id)) as string[])).toEqual(sorted([...expected]));
    expect(page.total).toBe(expected.length);
  });

  it.each([
    ['paid', ['completed', 'pickedUp', 'cancelled']],
    ['pending', ['inProgressToday', 'ready']],
    ['overdue', ['pendingOverdue', 'partialOverdue']],
    ['partiallyPaid', ['inProgressToday', 'partialOverdue']],
  ] as const)('payment %s', async (payment, expected) => {
    const page = await list({ payment });
    expect(sorted(names(page.items.map((item) => item.id)) as string[])).toEqual(sorted([...expected]));
  });

  it.each(['today', 'thisWeek', 'thisMonth', 'last7Days', 'last30Days'] as const)('date %s', async (date) => {
    const range = dateFilterRange(date, new Date(), 'UTC');
    const expected = Object.keys(v).filter((key) => createdAt[key]! >= range.from && createdAt[key]! < range.to);
    const page = await list({ date });
    expect(sorted(names(page.items.map((item) => item.id)) as string[])).toEqual(sorted(expected));
  });

  it('fixed expectations for the rolling date filters', async () => {
    const keys = async (date: 'today' | 'last7Days' | 'last30Days') =>
      sorted(names((await list({ date })).items.map((i) => i.id)) as string[]);
    expect(await keys('today')).toEqual(['inProgressToday']);
    expect(await keys('last7Days')).toEqual(sorted(['inProgressToday', 'cancelled', 'pendingOverdue']));
    expect(await keys('last30Days')).toEqual(sorted(['inProgressToday', 'cancelled', 'pendingOverdue', 'completed', 'partialOverdue']));
  });

  it('combines a filter with a payment filter', async () => {
    const page = await list({ filter: 'pending', payment: 'partiallyPaid' });
    expect(sorted(names(page.items.map((i) => i.id)) as string[])).toEqual(sorted(['inProgressToday', 'partialOverdue']));
  });

  it('flags overdue visits in the answer', async () => {
    const page = await list({});
    const flagged = page.items.filter((item) => item.overdue).map((item) => item.id);
    expect(sorted(names(flagged) as string[])).toEqual(sorted(['pendingOverdue', 'partialOverdue']));
  });

  it("computes overdue with the client's time zone", async () => {
    const { customer, vehicle } = await createCustomer();
    // Due yesterday in Kiritimati (UTC+14), which is still today or later in Pago Pago (UTC-11).
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const due = new Date(`${kiritimati}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() - 1);
    const id = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { status: 'PENDING', dueInDays: 0 });
    await testDb().visit.update({ where: { id }, data: { dueDate: due } });
    const ids = async (timeZone: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/backend/visits?customerId=${customer.id}&filter=overdue&timeZone=${encodeURIComponent(timeZone)}`,
        headers: staff.authHeader,
      });
      return response.json().items.map((item: { id: string }) => item.id);
    };
    expect(await ids('Pacific/Kiritimati')).toEqual([id]);
    expect(await ids('Pacific/Pago_Pago')).toEqual([]);
  });

  it('rejects an unknown filter and an unknown time zone', async () => {
    for (const qs of ['filter=someday', 'sort=random', 'timeZone=Mars%2FOlympus', 'pageSize=7']) {
      const response = await app.inject({ method: 'GET', url: `/backend/visits?${qs}`, headers: staff.authHeader });
      expect(response.statusCode, qs).toBe(400);
    }
  });
});

describe('list calendar (remembered until midnight)', () => {
  it('answers like calendarDateIn and dateFilterRange around midnights and DST changes', () => {
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Pacific/Kiritimati', 'America/Sao_Paulo', 'Asia/Tehran'];
    const instants: Date[] = [];
    // Every 20 minutes across the spring and autumn DST weekends of 2026, plus the instants either side of midnight.
    for (const start of [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 27), Date.UTC(2026, 9, 23), Date.UTC(2026, 10, 29)]) {
      for (let t = start; t < start + 4 * 24 * 3_600_000; t += 20 * 60_000) instants.push(new Date(t));
    }
    for (const timeZone of zones) {
      const midnight = startOfDayIn('2026-11-21', timeZone).getTime();
      instants.push(new Date(midnight - 1), new Date(midnight), new Date(midnight + 1));
      // In order and out of order: an earlier `now` must not be answered from a later day.
      for (const now of [...instants, ...[...instants].reverse()]) {
        expect(todayIn(now, timeZone), `${timeZone} ${now.toISOString()}`).toBe(calendarDateIn(now, timeZone));
        for (const filter of DATE_FILTERS) expect(createdRangeOf(filter, now, timeZone)).toEqual(dateFilterRange(filter, now, timeZone));
      }
    }
  });
});

describe('list rows', () => {
  it('carry the same instants, due day and names as the visit itself', async () => {
    // The list reads its instants as epoch milliseconds (visits.list.ts); the detail reads them through Prisma.
    const page = await list({ sort: 'oldest' });
    for (const item of page.items) {
      const response = await app.inject({ method: 'GET', url: `/backend/visits/${item.id}`, headers: staff.authHeader });
      const detail = response.json();
      for (const field of [
        'visitDate',
        'dueDate',
        'createdAt',
        'updatedAt',
        'status',
        'paymentStatus',
        'totalCostCents',
        'paidCents',
        'balanceCents',
        'overdue',
        'taskCount',
        'version',
      ] as const) {
        expect((item as Record<string, unknown>)[field], field).toEqual(detail[field]);
      }
      expect((item as Record<string, unknown>).customer).toEqual({
        id: detail.customer.id,
        firstName: detail.customer.firstName,
        lastName: detail.customer.lastName,
      });
      expect((item as Record<string, unknown>).vehicle).toEqual(detail.vehicle);
    }
    expect(page.items.length).toBe(7);
  });

  it('are exactly what the published schema describes, over REST and tRPC (the answer is not re-validated)', async () => {
    const rest = await list({ sort: 'newest' });
    expect(visitPageSchema.parse(rest)).toEqual(rest);
    const input = encodeURIComponent(JSON.stringify({ customerId, pageSize: 50, sort: 'newest' }));
    const trpc = await app.inject({ method: 'GET', url: `/backend/trpc/visits.list?input=${input}`, headers: staff.authHeader });
    const page = trpc.json().result.data;
    expect(visitPageSchema.parse(page)).toEqual(page);
    expect(page.items.map((item: { id: string }) => item.id)).toEqual(rest.items.map((item) => item.id));
  });
});

describe('visit sorts', () => {
  it.each([
    ['newest', ['inProgressToday', 'cancelled', 'pendingOverdue', 'completed', 'partialOverdue', 'ready', 'pickedUp']],
    ['oldest', ['pickedUp', 'ready', 'partialOverdue', 'completed', 'pendingOverdue', 'cancelled', 'inProgressToday']],
    ['highestCost', ['ready', 'inProgressToday', 'partialOverdue', 'pendingOverdue', 'pickedUp', 'completed', 'cancelled']],
    ['lowestCost', ['cancelled', 'completed', 'pickedUp', 'pendingOverdue', 'partialOverdue', 'inProgressToday', 'ready']],
    // Ties on the due day (cancelled, partialOverdue) go newest first.
    ['dueDate', ['pickedUp', 'completed', 'pendingOverdue', 'cancelled', 'partialOverdue', 'ready', 'inProgressToday']],
  ] as const)('%s', async (sort, expected) => {
    expect(names((await list({ sort })).items.map((i) => i.id))).toEqual(expected);
  });

  it('paginates with the default page size of 10', async () => {
    const response = await app.inject({ method: 'GET', url: `/backend/visits?customerId=${customerId}`, headers: staff.authHeader });
    expect(response.json()).toMatchObject({ pageSize: 10, page: 1, total: 7, pageCount: 1 });
    const second = await list({ pageSize: 10, page: 2 });
    expect(second.items).toEqual([]);
    const tRPC = await staff.caller.visits.list({ customerId, sort: 'oldest', pageSize: 10 });
    expect(names(tRPC.items.slice(0, 2).map((i) => i.id))).toEqual(['pickedUp', 'ready']);
  });

  it('customer name: last name, then first name, across customers', async () => {
    const suffix = Date.now().toString(36);
    const people = [
      ['Zoe', `Brun${suffix}`],
      ['Adam', `Brun${suffix}`],
      ['Yann', `Abel${suffix}`],
    ] as const;
    const expected: string[] = [];
    const visitIds: Record<string, string> = {};
    for (const [firstName, lastName] of people) {
      const { customer, vehicle } = await createCustomer({ firstName, lastName });
      visitIds[firstName] = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 1, createdAt: new Date() });
    }
    expected.push(visitIds.Yann!, visitIds.Adam!, visitIds.Zoe!);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const response = await app.inject({
        method: 'GET',
        url: `/backend/visits?sort=customerName&pageSize=100&page=${page}`,
        headers: staff.authHeader,
      });
      const body = response.json();
      seen.push(...body.items.map((item: { id: string }) => item.id).filter((id: string) => expected.includes(id)));
      // Other test files add visits meanwhile: walk until a short page rather than trusting pageCount.
      if (body.items.length < 100) break;
    }
    expect(seen).toEqual(expected);
  });
});

describe('page plans', () => {
  it('walks the sort index unless the filter is selective or tied to the walk', () => {
    expect(pagePlan('newest', 150_000, false)).toBe('walk');
    expect(pagePlan('customerName', 500, false)).toBe('filterFirst');
    expect(pagePlan('highestCost', 8_000, false)).toBe('walk');
    expect(pagePlan('dueDate', 8_000, true)).toBe('filterFirst');
    expect(pagePlan('dueDate', 50_000, true)).toBe('filterFirst');
    expect(pagePlan('dueDate', 50_000, false)).toBe('walk');
    expect(pagePlan('oldest', 5_000, false)).toBe('filterFirst');
    expect(pagePlan('oldest', 5_000, true)).toBe('walk');
    // Newest-first is always walked; open visits by due date walk their own partial index.
    expect(pagePlan('newest', 900, false)).toBe('walk');
    expect(pagePlan('dueDate', 5_000, false, true)).toBe('walk');
    expect(pagePlan('dueDate', 500, false, true)).toBe('filterFirst');
    expect(pagePlan('dueDate', 5_000, true, true)).toBe('filterFirst');
  });

  it('returns the same rows in the same order with either plan', async () => {
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    for (const sort of VISIT_SORTS) {
      for (const extra of [
        {},
        { filter: 'pending' },
        { filter: 'overdue' },
        { filter: 'completed' },
        { payment: 'paid' },
        { payment: 'pending' },
        { date: 'last30Days' },
      ]) {
        const query = listVisitsSchema.parse({ customerId, sort, pageSize: 50, ...extra });
        const statements = visitListSql(query, new Date());
        const filterFirst = await testDb().$queryRaw<{ id: string }[]>(statements.page(1).statement);
        const walk = await testDb().$queryRaw<{ id: string }[]>(statements.page(1_000_000_000).statement);
        expect(ids(walk), `${sort} ${JSON.stringify(extra)}`).toEqual(ids(filterFirst));
      }
    }
  });

  it('serves deep pages (ids first) exactly like shallow ones', async () => {
    const { customer, vehicle } = await createCustomer();
    const base = Date.now() - 400 * DAY;
    await testDb().visit.createMany({
      data: Array.from({ length: 230 }, (_, index) => ({
        name: `Deep ${index}`,
        customerId: customer.id,
        vehicleId: vehicle.id,
        dueDate: new Date(base + index * DAY),
        createdAt: new Date(base + index * HOUR),
        totalCostCents: (index * 7919) % 50_000,
      })),
    });
    for (const sort of VISIT_SORTS) {
      const get = async (page: number, pageSize: number) =>
        (
          await app.inject({
            method: 'GET',
            url: `/backend/visits?customerId=${customer.id}&sort=${sort}&page=${page}&pageSize=${pageSize}`,
            headers: staff.authHeader,
          })
        ).json();
      const deep = await get(22, 10); // offset 210
      const shallow = await get(3, 100); // offset 200
      expect(
        deep.items.map((i: { id: string }) => i.id),
        sort,
      ).toEqual(shallow.items.slice(10, 20).map((i: { id: string }) => i.id));
      expect(deep.items[0]).toMatchObject({ customer: { id: customer.id }, vehicle: { id: vehicle.id }, taskCount: 0 });
    }
  });
});

describe('isoInstant', () => {
  it('writes instants exactly as Date#toISOString', () => {
    const samples = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 1, 28, 23, 59, 59, 999),
      Date.UTC(2028, 1, 29, 12, 0, 0, 5),
      Date.UTC(1969, 11, 31, 23, 59, 59, 1),
    ];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor(Math.random() * 4_102_444_800_000));
    for (const ms of samples) expect(isoInstant(String(ms)), String(ms)).toBe(new Date(ms).toISOString());
  });
});
