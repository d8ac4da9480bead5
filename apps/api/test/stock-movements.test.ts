// Stock changed from the parts screens: receipts without an order (the average cost follows; costs from
// admins only), corrections with a reason, stocktakes (all parts at once, the difference as a movement), and
// the ledger: the movements always add up to the stock on hand, and costs are shown to admins only.
import { calendarDateIn, addDays } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { recordMovement, lockPart } from '../src/modules/stock/stock.service.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { createPart, getPart, partLine, receive } from './parts-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let admin: Awaited<ReturnType<typeof signedIn>>;
let employee: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedIn('ADMIN');
  employee = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const post = (path: string, payload: object, headers = admin.authHeader) =>
  app.inject({ method: 'POST', url: `/backend/parts/stock/${path}`, headers, payload });
const movements = async (query: string, headers = admin.authHeader) => {
  const response = await app.inject({ method: 'GET', url: `/backend/parts/stock/movements?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Record<string, unknown>[]; total: number };
};
const onHandMilli = async (partId: string) => (await testDb().part.findUniqueOrThrow({ where: { id: partId } })).onHandMilli;
const sumOfMovements = async (partId: string) =>
  (await testDb().stockMovement.aggregate({ where: { partId }, _sum: { quantityMilli: true } }))._sum.quantityMilli ?? 0;

describe('the ledger adds up', () => {
  it('after receipts, corrections and a count, the movements sum to the stock on hand, each with its running balance', async () => {
    const part = await createPart(app, admin.authHeader, { unit: 'LITRE', costCents: 0 });
    expect((await receive(app, admin.authHeader, part.id, 10.5, 800)).statusCode).toBe(200);
    expect((await receive(app, employee.authHeader, part.id, 4)).statusCode).toBe(200);
    const adjusted = await post('adjustments', { partId: part.id, quantity: -1.25, reason: 'Spilled' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json()).toMatchObject({ onHand: 13.25 });
    const counted = await post('counts', { counts: [{ partId: part.id, counted: 11 }], reason: 'Monthly count' });
    expect(counted.json()).toEqual({ changed: 1 });
    await post('adjustments', { partId: part.id, quantity: 2, reason: 'Found a can' });

    expect(await onHandMilli(part.id)).toBe(13_000);
    expect(await sumOfMovements(part.id)).toBe(13_000);
    const ledger = await movements(`partId=${part.id}`);
    expect(ledger.total).toBe(5);
    // Newest first, each with the stock just after it.
    expect(ledger.items.map((item) => [item.kind, item.quantity, item.onHandAfter, item.reason])).toEqual([
      ['ADJUSTED', 2, 13, 'Found a can'],
      ['COUNTED', -2.25, 11, 'Monthly count'],
      ['ADJUSTED', -1.25, 13.25, 'Spilled'],
      ['RECEIVED', 4, 14.5, null],
      ['RECEIVED', 10.5, 10.5, null],
    ]);
    expect(ledger.items[0]).toMatchObject({
      part: { id: part.id, partNumber: part.partNumber, unit: 'LITRE' },
      user: { id: admin.user.id },
      task: null,
      purchaseOrder: null,
    });
    expect((await getPart(app, admin.authHeader, part.id)).onHand).toBe(13);
  });

  it('filters by kind and by day; a movement of a task names the task and its visit', async () => {
    const part = await createPart(app, admin.authHeader);
    await receive(app, admin.authHeader, part.id, 3);
    await post('adjustments', { partId: part.id, quantity: -1, reason: 'Broken' });
    const line = await partLine(part.id, 1, 'USED');
    await testDb().$transaction(async (tx) => {
      const locked = await lockPart(tx, part.id);
      await recordMovement(tx, locked, { kind: 'USED', quantityMilli: -1000, taskLineId: line.id });
    });
    expect((await movements(`partId=${part.id}&kind=ADJUSTED`)).items.map((item) => item.reason)).toEqual(['Broken']);
    const used = (await movements(`partId=${part.id}&kind=USED`)).items[0];
    expect(used?.task).toEqual({
      id: line.task.id,
      title: line.task.title,
      visitId: line.task.visit.id,
      visitName: line.task.visit.name,
      // The staff task page's path: /admin/users/:customerId/vehicle/:vehicleId/visit/:visitId/task/:taskId.
      vehicleId: line.task.visit.vehicleId,
      customerId: line.task.visit.customerId,
    });

    const timeZone = (await testDb().merchant.findFirst({ select: { timezone: true } }))?.timezone ?? 'UTC';
    const today = calendarDateIn(new Date(), timeZone);
    expect((await movements(`partId=${part.id}&from=${today}&to=${today}`)).total).toBe(3);
    expect((await movements(`partId=${part.id}&from=${addDays(today, 1)}`)).total).toBe(0);
    expect((await movements(`partId=${part.id}&to=${addDays(today, -1)}`)).total).toBe(0);
    const badDay = await app.inject({ method: 'GET', url: '/backend/parts/stock/movements?from=2026-13-01', headers: admin.authHeader });
    expect(badDay.statusCode).toBe(400);
    expect(Object.keys(badDay.json().fieldErrors)).toEqual(['from']);
  });

  it('shows unit costs to admins only', async () => {
    const part = await createPart(app, admin.authHeader, { costCents: 0 });
    await receive(app, admin.authHeader, part.id, 2, 1_234);
    expect((await movements(`partId=${part.id}`)).items[0]?.unitCostCents).toBe(1_234);
    expect((await movements(`partId=${part.id}`, employee.authHeader)).items[0]?.unitCostCents).toBeNull();
    expect((await employee.caller.parts.stock.movements({ partId: part.id })).items[0]?.unitCostCents).toBeNull();
  });
});

describe('receiving without an order', () => {
  it('sets the weighted average cost after two receipts at different costs', async () => {
    const part = await createPart(app, admin.authHeader, { costCents: 0 });
    const first = await receive(app, admin.authHeader, part.id, 10, 1_000);
    expect(first.json()).toMatchObject({ onHand: 10, costCents: 1_000 });
    const second = await receive(app, admin.authHeader, part.id, 30, 2_000);
    // (10 × 10.00 + 30 × 20.00) / 40 = 17.50
    expect(second.json()).toMatchObject({ onHand: 40, costCents: 1_750 });
  });

  it("an employee receives at the part's average cost (a cost sent is ignored) and does not see it", async () => {
    const part = await createPart(app, admin.authHeader, { costCents: 600 });
    const response = await receive(app, employee.authHeader, part.id, 5, 99_999);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ onHand: 5, costCents: null });
    expect((await testDb().part.findUniqueOrThrow({ where: { id: part.id } })).costCents).toBe(600);
    const [movement] = await testDb().stockMovement.findMany({ where: { partId: part.id } });
    expect(movement).toMatchObject({ kind: 'RECEIVED', quantityMilli: 5_000, unitCostCents: 600, userId: employee.user.id });
  });

  it('serves waiting backorders, oldest first, as far as the stock goes', async () => {
    const part = await createPart(app, admin.authHeader);
    const older = await partLine(part.id, 2, 'BACKORDERED');
    const newer = await partLine(part.id, 3, 'BACKORDERED');
    await receive(app, employee.authHeader, part.id, 4);
    const states = await testDb().taskLine.findMany({ where: { id: { in: [older.id, newer.id] } }, select: { id: true, stock: true } });
    expect(Object.fromEntries(states.map((line) => [line.id, line.stock]))).toEqual({ [older.id]: 'RESERVED', [newer.id]: 'BACKORDERED' });
    expect(await getPart(app, admin.authHeader, part.id)).toMatchObject({ onHand: 4, reserved: 2, available: 2 });
  });

  it('refuses quantities the unit cannot have, zero, and unknown parts', async () => {
    const part = await createPart(app, admin.authHeader, { unit: 'PIECE' });
    const half = await receive(app, employee.authHeader, part.id, 1.5);
    expect(half.statusCode).toBe(400);
    expect(half.json().fieldErrorCodes.quantity).toEqual([{ code: 'inventory.quantityDecimals', params: { decimals: 0 } }]);
    expect((await receive(app, employee.authHeader, part.id, 0)).statusCode).toBe(400);
    const unknown = await receive(app, employee.authHeader, '0190a3c5-0000-7000-8000-00000000dead', 1);
    expect(unknown.statusCode).toBe(404);
    expect(await testDb().stockMovement.count({ where: { partId: part.id } })).toBe(0);
  });
});

describe('corrections and stocktakes', () => {
  it('a correction needs a reason and a non-zero quantity of the unit; only admins correct; archived parts are refused', async () => {
    const part = await createPart(app, admin.authHeader, { unit: 'PIECE' });
    const noReason = await post('adjustments', { partId: part.id, quantity: 1, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fieldErrors)).toEqual(['reason']);
    expect((await post('adjustments', { partId: part.id, quantity: 0, reason: 'Nothing' })).statusCode).toBe(400);
    const half = await post('adjustments', { partId: part.id, quantity: -0.5, reason: 'Cut' });
    expect(half.json().fieldErrorCodes.quantity[0].code).toBe('inventory.quantityDecimals');
    expect((await post('adjustments', { partId: part.id, quantity: 1, reason: 'Found' }, employee.authHeader)).statusCode).toBe(403);
    expect((await post('counts', { counts: [{ partId: part.id, counted: 3 }] }, employee.authHeader)).statusCode).toBe(403);
    await admin.caller.parts.setArchived({ id: part.id, archived: true });
    const archived = await post('adjustments', { partId: part.id, quantity: 1, reason: 'Found' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().messageCode).toBe('inventory.partArchived');
    expect(await testDb().stockMovement.count({ where: { partId: part.id } })).toBe(0);
  });

  it('a correction may take the stock below zero (parts used before they arrived)', async () => {
    const part = await createPart(app, admin.authHeader);
    const response = await post('adjustments', { partId: part.id, quantity: -2, reason: 'Used before delivery' });
    expect(response.json()).toMatchObject({ onHand: -2, available: -2 });
  });

  it('a stocktake of several parts writes the difference of each, none for a part that agrees', async () => {
    const [filters, oil, bulbs] = [
      await createPart(app, admin.authHeader),
      await createPart(app, admin.authHeader, { unit: 'LITRE' }),
      await createPart(app, admin.authHeader),
    ];
    await receive(app, admin.authHeader, filters.id, 5);
    await receive(app, admin.authHeader, oil.id, 20);
    await receive(app, admin.authHeader, bulbs.id, 8);
    const response = await admin.caller.parts.stock.count({
      counts: [
        { partId: filters.id, counted: 7 },
        { partId: oil.id, counted: 18.5 },
        { partId: bulbs.id, counted: 8 },
      ],
      reason: 'Year-end stocktake',
    });
    expect(response).toEqual({ changed: 2 });
    const counted = await testDb().stockMovement.findMany({ where: { kind: 'COUNTED', partId: { in: [filters.id, oil.id, bulbs.id] } } });
    expect(Object.fromEntries(counted.map((movement) => [movement.partId, [movement.quantityMilli, movement.onHandAfterMilli]]))).toEqual({
      [filters.id]: [2_000, 7_000],
      [oil.id]: [-1_500, 18_500],
    });
    expect(counted.every((movement) => movement.reason === 'Year-end stocktake' && movement.userId === admin.user.id)).toBe(true);
    for (const [id, milli] of [
      [filters.id, 7_000],
      [oil.id, 18_500],
      [bulbs.id, 8_000],
    ] as const) {
      expect(await onHandMilli(id)).toBe(milli);
      expect(await sumOfMovements(id)).toBe(milli);
    }
  });

  it('a stocktake is all or nothing: one bad count (decimals, duplicate, unknown part) changes no part', async () => {
    const pieces = await createPart(app, admin.authHeader, { unit: 'PIECE' });
    const litres = await createPart(app, admin.authHeader, { unit: 'LITRE' });
    const decimals = await post('counts', {
      counts: [
        { partId: litres.id, counted: 4.5 },
        { partId: pieces.id, counted: 2.5 },
      ],
    });
    expect(decimals.statusCode).toBe(400);
    expect(Object.keys(decimals.json().fieldErrors)).toEqual(['counts.1.counted']);
    const duplicate = await post('counts', {
      counts: [
        { partId: litres.id, counted: 4 },
        { partId: litres.id, counted: 5 },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(duplicate.json().fieldErrors)).toEqual(['counts.1.partId']);
    const unknown = await post('counts', {
      counts: [
        { partId: litres.id, counted: 4 },
        { partId: '0190a3c5-0000-7000-8000-00000000dead', counted: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await testDb().stockMovement.count({ where: { partId: { in: [pieces.id, litres.id] } } })).toBe(0);
    expect(await onHandMilli(litres.id)).toBe(0);
  });
});
