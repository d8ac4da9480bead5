import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe('oil changes', () => {
  let app: App;
  let employee: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  async function newVehicle(): Promise<string> {
    const owner = await createTestUser('CLIENT');
    const plate = `OIL${uniqueSuffix()}`.toUpperCase();
    const vehicle = await testDb().vehicle.create({
      data: {
        ownerId: owner.user.id,
        type: 'CAR',
        plateNumber: plate,
        plateNormalized: plate,
        color: 'Grey',
        brand: 'Dacia',
        model: 'Logan',
        year: 2016,
        engineType: 'Diesel',
      },
    });
    return vehicle.id;
  }

  const record = (vehicleId: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/backend/vehicles/${vehicleId}/oil-changes`,
      headers: employee.authHeader,
      payload: { oilName: 'Castrol Edge', oilType: '5W-30', filterChanged: true, ...body },
    });

  it('records an oil change, moves latest km and keeps the full history newest first', async () => {
    const vehicleId = await newVehicle();
    const first = await record(vehicleId, { currentKm: 50_000, nextChangeKm: 60_000, notes: 'First visit' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ currentKm: 50_000, nextChangeKm: 60_000, filterChanged: true, notes: 'First visit' });
    expect(first.json().recordedBy).toMatchObject({ id: employee.user.id });

    let row = await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicleId } });
    expect(row.latestKm).toBe(50_000);
    expect(row.lastKmUpdate).not.toBeNull();

    expect((await record(vehicleId, { currentKm: 59_000, nextChangeKm: 69_000 })).statusCode).toBe(201);
    row = await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicleId } });
    expect(row.latestKm).toBe(59_000);

    const history = await app.inject({ method: 'GET', url: `/backend/vehicles/${vehicleId}/oil-changes`, headers: employee.authHeader });
    expect(history.json().items.map((item: { currentKm: number }) => item.currentKm)).toEqual([59_000, 50_000]);
    expect(history.json().summary).toMatchObject({ latestKm: 59_000, nextChangeKm: 69_000, dueInKm: 10_000 });
  });

  it('rejects a reading lower than the latest km with a clear message, and accepts an equal one', async () => {
    const vehicleId = await newVehicle();
    await record(vehicleId, { currentKm: 80_000, nextChangeKm: 90_000 });
    const lower = await record(vehicleId, { currentKm: 79_999, nextChangeKm: 90_000 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fieldErrors).toEqual({
      currentKm: ['A reading cannot be lower than the latest reading for this vehicle (80000 km)'],
    });
    expect((await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicleId } })).latestKm).toBe(80_000);
    expect(await testDb().oilChange.count({ where: { vehicleId } })).toBe(1);

    expect((await record(vehicleId, { currentKm: 80_000, nextChangeKm: 90_000 })).statusCode).toBe(201);
  });

  it('requires next change km above current km, and never a negative km', async () => {
    const vehicleId = await newVehicle();
    const same = await record(vehicleId, { currentKm: 10_000, nextChangeKm: 10_000 });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toEqual({ nextChangeKm: ['Next change km must be at least 10001'] });
    const negative = await record(vehicleId, { currentKm: -5, nextChangeKm: 100 });
    expect(negative.json().fieldErrors.currentKm).toEqual(['Current km must be at least 0']);
    const missing = await record(vehicleId, { oilName: '', oilType: undefined });
    expect(missing.json().fieldErrors).toMatchObject({
      oilName: ['Oil name is required'],
      oilType: ['Oil type is required'],
      currentKm: ['Current km is required'],
    });
    expect(await testDb().oilChange.count({ where: { vehicleId } })).toBe(0);
  });

  it('shows "due in" and "overdue by" through later km readings, over tRPC too', async () => {
    const vehicleId = await newVehicle();
    const caller = createCaller(createContextInner(testDeps(), { userId: employee.user.id, roles: ['EMPLOYEE'] }));
    await caller.oilChanges.create({ vehicleId, data: { oilName: 'Mobil 1', oilType: '0W-20', currentKm: 20_000, nextChangeKm: 30_000 } });
    expect((await caller.vehicles.get({ id: vehicleId })).oilDueInKm).toBe(10_000);

    const later = await caller.oilChanges.recordKm({ vehicleId, data: { km: 31_500 } });
    expect(later).toMatchObject({ latestKm: 31_500, nextChangeKm: 30_000, dueInKm: -1_500 });
    expect((await caller.vehicles.get({ id: vehicleId })).oilDueInKm).toBe(-1_500);

    const backwards = await app.inject({
      method: 'POST',
      url: `/backend/vehicles/${vehicleId}/km-reading`,
      headers: employee.authHeader,
      payload: { km: 31_000 },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.km[0]).toMatch(/31500 km/);
    await expect(
      caller.oilChanges.create({ vehicleId, data: { oilName: 'x', oilType: 'y', currentKm: 30_000, nextChangeKm: 40_000 } }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('keeps the odometer consistent under concurrent recordings', async () => {
    const vehicleId = await newVehicle();
    const readings = [40_000, 41_000, 42_000, 43_000, 44_000];
    const results = await Promise.all(readings.map((km) => record(vehicleId, { currentKm: km, nextChangeKm: km + 10_000 })));
    const accepted = results.filter((response) => response.statusCode === 201).map((response) => response.json().currentKm as number);
    expect(accepted).toContain(44_000);
    expect((await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicleId } })).latestKm).toBe(44_000);
    // Rejected readings left nothing behind; the odometer ended on the highest reading, never lower.
    expect(await testDb().oilChange.count({ where: { vehicleId } })).toBe(accepted.length);
    for (const response of results.filter((r) => r.statusCode !== 201)) expect(response.statusCode).toBe(400);
  });

  it('is staff only', async () => {
    const client = await createTestUser('CLIENT');
    const vehicleId = await newVehicle();
    expect(
      (await app.inject({ method: 'GET', url: `/backend/vehicles/${vehicleId}/oil-changes`, headers: client.authHeader })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/vehicles/${vehicleId}/oil-changes`, headers: client.authHeader, payload: {} }))
        .statusCode,
    ).toBe(403);
  });
});
