// Histories that grow with time answer a window at a time (historyWindowSchema): a vehicle's oil changes
// (staff and client, REST and tRPC) and a visit's payments. With 130 rows: the first answer holds the newest
// 50, the next windows follow with `before` without gap or repeat, the oil status still reads the newest
// change, and a cursor from another list is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_WINDOW } from '@garage/shared';
import type { App } from '../src/app.ts';
import { signedInCustomer, type Customer } from './approvals-fixtures.ts';
import { buildTestApp, createTestUser, testDb } from './helpers.ts';
import { callerFor, type TestUser } from './users-fixtures.ts';
import { createCustomer, insertVisit } from './visits-fixtures.ts';

const ROWS = 130;

describe('long histories answer one window at a time', () => {
  let app: App;
  let staff: TestUser;
  let owner: Customer;
  let visitId: string;
  const created = { oil: [] as string[], payments: [] as string[] };

  beforeAll(async () => {
    app = await buildTestApp();
    staff = await createTestUser('EMPLOYEE');
    owner = await signedInCustomer();
    const start = Date.UTC(2020, 0, 1);
    // Two rows share each instant: the order falls back on the id, and the cursor must too.
    const at = (index: number) => new Date(start + Math.floor(index / 2) * 86_400_000);
    await testDb().oilChange.createMany({
      data: Array.from({ length: ROWS }, (_, index) => ({
        vehicleId: owner.vehicle.id,
        oilName: `Oil ${index}`,
        oilType: '5W-30',
        currentKm: 1_000 * index,
        nextChangeKm: 1_000 * index + 10_000,
        createdAt: at(index),
      })),
    });
    visitId = await insertVisit({ customerId: owner.customer.id, vehicleId: owner.vehicle.id }, { dueInDays: 1 });
    await testDb().payment.createMany({
      data: Array.from({ length: ROWS }, (_, index) => ({
        visitId,
        amountCents: 100 + index,
        method: 'CASH',
        status: 'SUCCESS',
        createdAt: at(index),
      })),
    });
    const newestFirst = { orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], select: { id: true } };
    created.oil = (await testDb().oilChange.findMany({ where: { vehicleId: owner.vehicle.id }, ...newestFirst })).map((row) => row.id);
    created.payments = (await testDb().payment.findMany({ where: { visitId }, ...newestFirst })).map((row) => row.id);
  });
  afterAll(() => app.close());

  const get = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('oil history (staff REST): 50 newest first, then the older ones by nextCursor, the status from the newest', async () => {
    const first = await get(`/backend/vehicles/${owner.vehicle.id}/oil-changes`, staff.authHeader);
    expect(first.items).toHaveLength(HISTORY_WINDOW.defaultLimit);
    expect(first.summary.nextChangeKm).toBe(1_000 * (ROWS - 1) + 10_000);
    const seen: string[] = first.items.map((item: { id: string }) => item.id);
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const next = await get(`/backend/vehicles/${owner.vehicle.id}/oil-changes?limit=50&before=${cursor}`, staff.authHeader);
      expect(next.summary).toEqual(first.summary);
      seen.push(...next.items.map((item: { id: string }) => item.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(created.oil);
  });

  it('oil history through tRPC (staff and client) and the client REST path take the same window', async () => {
    const staffPage = await callerFor(staff).oilChanges.list({ vehicleId: owner.vehicle.id, limit: 20 });
    expect(staffPage.items.map((item) => item.id)).toEqual(created.oil.slice(0, 20));
    const clientPage = await owner.caller.myVehicles.oilChanges({ id: owner.vehicle.id, limit: 20, before: staffPage.nextCursor! });
    expect(clientPage.items.map((item) => item.id)).toEqual(created.oil.slice(20, 40));
    const clientRest = await get(`/backend/my/vehicles/${owner.vehicle.id}/oil-changes`, owner.authHeader);
    expect(clientRest.items).toHaveLength(HISTORY_WINDOW.defaultLimit);
  });

  it("a visit's payments: 50 newest first as a plain array, older ones with before=<last id>, never more than 100", async () => {
    const seen: string[] = [];
    let page: { id: string }[] = await get(`/backend/visits/${visitId}/payments`, staff.authHeader);
    expect(page).toHaveLength(HISTORY_WINDOW.defaultLimit);
    while (page.length) {
      seen.push(...page.map((payment) => payment.id));
      page = await get(`/backend/visits/${visitId}/payments?limit=50&before=${page.at(-1)!.id}`, staff.authHeader);
    }
    expect(seen).toEqual(created.payments);
    expect((await callerFor(staff).payments.listForVisit({ id: visitId, limit: 100 })).length).toBe(100);
    expect(
      (await app.inject({ method: 'GET', url: `/backend/visits/${visitId}/payments?limit=101`, headers: staff.authHeader })).statusCode,
    ).toBe(400);
  });

  it("a cursor that is not a row of this list is refused (400 on 'before')", async () => {
    const other = await createCustomer();
    const response = await app.inject({
      method: 'GET',
      url: `/backend/vehicles/${other.vehicle.id}/oil-changes?before=${created.oil[3]}`,
      headers: staff.authHeader,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.before).toBeDefined();
  });
});
