import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePlate } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/** Plates must be unique across the whole test database: start each with a fresh 8-character tag. */
const plateTag = () => uniqueSuffix().toUpperCase();

const vehicle = (overrides: Record<string, unknown> = {}) => ({
  type: 'CAR',
  plateNumber: `${plateTag()}A`,
  color: 'Blue',
  brand: 'Toyota',
  model: 'Corolla',
  year: 2018,
  engineType: 'Hybrid',
  status: 'ACTIVE',
  ...overrides,
});

describe('vehicles', () => {
  let app: App;
  let employee: TestUser;
  let owner: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [employee, owner, client] = await Promise.all([createTestUser('EMPLOYEE'), createTestUser('CLIENT'), createTestUser('CLIENT')]);
  });
  afterAll(() => app.close());

  const add = (body: Record<string, unknown>, actor: TestUser = employee, ownerId = owner.user.id) =>
    app.inject({ method: 'POST', url: `/backend/users/${ownerId}/vehicles`, headers: actor.authHeader, payload: body });

  it('accepts a 20-character plate and rejects 21 characters', async () => {
    const plate20 = `${plateTag()}${'7'.repeat(12)}`;
    expect(plate20).toHaveLength(20);
    const ok = await add(vehicle({ plateNumber: plate20 }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ plateNumber: plate20, ownerId: owner.user.id, latestKm: null, oilDueInKm: null });

    const tooLong = await add(vehicle({ plateNumber: `${plateTag()}${'7'.repeat(13)}` }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.plateNumber).toContain('Plate number must not exceed 20 characters');
  });

  it('rejects a plate with symbols (letters and numbers only) but saves the usual separators as spaces', async () => {
    // plates.ts tidyPlateInput: - | / · . _ typed between the parts become one space (issue #28).
    const dashed = `${plateTag()}-12`;
    const saved = await add(vehicle({ plateNumber: dashed }));
    expect(saved.statusCode).toBe(201);
    expect(saved.json().plateNumber).toBe(dashed.replace('-', ' '));
    for (const plateNumber of [`${plateTag()}#12`, `${plateTag()}*1`, `${plateTag()},`]) {
      const response = await add(vehicle({ plateNumber }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.plateNumber).toEqual(['Plate number may contain only letters and numbers']);
    }
    const arabic = await add(vehicle({ plateNumber: `${plateTag()} أ ب` }));
    expect(arabic.statusCode).toBe(201);
  });

  it('treats plates that differ only in case and spaces as the same vehicle (409 on plateNumber)', async () => {
    const tag = plateTag().toLowerCase();
    expect((await add(vehicle({ plateNumber: `${tag} 12` }))).statusCode).toBe(201);
    const other = await createTestUser('CLIENT');
    const clash = await add(vehicle({ plateNumber: `${tag.toUpperCase()}12` }), employee, other.user.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ plateNumber: ['A vehicle with this plate number is already registered'] });
  });

  it('names every missing required field and checks the year range', async () => {
    const empty = await add({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      type: ['Type is required'],
      plateNumber: ['Plate number is required'],
      color: ['Color is required'],
      brand: ['Brand is required'],
      model: ['Model is required'],
      year: ['Year is required'],
      engineType: ['Engine type is required'],
      status: ['Status is required'],
    });
    expect((await add(vehicle({ year: 1899 }))).json().fieldErrors.year).toEqual(['Year must be at least 1900']);
    const nextYear = new Date().getFullYear() + 1;
    expect((await add(vehicle({ year: nextYear + 1 }))).json().fieldErrors.year).toEqual([`Year must not exceed ${nextYear}`]);
    expect((await add(vehicle({ year: nextYear }))).statusCode).toBe(201);
    expect((await add(vehicle({ type: 'SPACESHIP' }))).statusCode).toBe(400);
  });

  it('lists, reads and updates a vehicle over REST and tRPC alike', async () => {
    const customer = await createTestUser('CLIENT');
    const created = (await add(vehicle({ brand: 'Renault', model: 'Clio' }), employee, customer.user.id)).json();
    const caller = createCaller(createContextInner(testDeps(), { userId: employee.user.id, roles: ['EMPLOYEE'] }));
    expect((await caller.vehicles.listByOwner({ userId: customer.user.id })).map((v) => v.id)).toEqual([created.id]);

    const viaRest = await app.inject({ method: 'GET', url: `/backend/vehicles/${created.id}`, headers: employee.authHeader });
    expect(viaRest.json().owner).toMatchObject({ id: customer.user.id, username: customer.user.username });
    expect(await caller.vehicles.get({ id: created.id })).toEqual(viaRest.json());

    const plateNumber = `${plateTag()}NEW`;
    const updated = await caller.vehicles.update({ id: created.id, data: vehicle({ plateNumber, status: 'IN_SERVICE' }) as never });
    expect(updated).toMatchObject({ plateNumber, status: 'IN_SERVICE' });
    const row = await testDb().vehicle.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.plateNormalized).toBe(normalizePlate(plateNumber));

    await expect(caller.vehicles.update({ id: created.id, data: vehicle({ plateNumber: 'AB#1' }) as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('answers 403 to clients and 404 for an unknown owner or vehicle', async () => {
    expect((await add(vehicle(), client)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/backend/users/${owner.user.id}/vehicles`, headers: client.authHeader })).statusCode,
    ).toBe(403);
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await add(vehicle(), employee, unknown)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/backend/vehicles/${unknown}`, headers: employee.authHeader })).statusCode).toBe(404);
  });

  it('erases a vehicle without history and hides one with an oil change', async () => {
    const plain = (await add(vehicle())).json();
    const erased = await app.inject({ method: 'DELETE', url: `/backend/vehicles/${plain.id}`, headers: employee.authHeader });
    expect(erased.json()).toEqual({ outcome: 'deleted', message: 'The vehicle was deleted.' });
    expect(await testDb().vehicle.findUnique({ where: { id: plain.id } })).toBeNull();

    const serviced = (await add(vehicle())).json();
    const oil = await app.inject({
      method: 'POST',
      url: `/backend/vehicles/${serviced.id}/oil-changes`,
      headers: employee.authHeader,
      payload: { oilName: 'Mobil 1', oilType: '5W-30', currentKm: 1000, nextChangeKm: 11000 },
    });
    expect(oil.statusCode).toBe(201);
    const hidden = await app.inject({ method: 'DELETE', url: `/backend/vehicles/${serviced.id}`, headers: employee.authHeader });
    expect(hidden.json().outcome).toBe('deactivated');
    expect((await testDb().vehicle.findUniqueOrThrow({ where: { id: serviced.id } })).deletedAt).not.toBeNull();
    expect(await testDb().oilChange.count({ where: { vehicleId: serviced.id } })).toBe(1);
    expect((await app.inject({ method: 'GET', url: `/backend/vehicles/${serviced.id}`, headers: employee.authHeader })).statusCode).toBe(
      404,
    );
  });

  it("shows clients their own vehicles, visits and oil history, and nobody else's", async () => {
    const mine = (await add(vehicle(), employee, owner.user.id)).json();
    const theirs = (await add(vehicle(), employee, (await createTestUser('CLIENT')).user.id)).json();
    await testDb().visit.create({ data: { name: 'Annual service', dueDate: new Date(), customerId: owner.user.id, vehicleId: mine.id } });
    const ownerCaller = createCaller(createContextInner(testDeps(), { userId: owner.user.id, roles: ['CLIENT'] }));
    expect((await ownerCaller.myVehicles.list()).map((v) => v.id)).toContain(mine.id);
    expect((await ownerCaller.myVehicles.list()).map((v) => v.id)).not.toContain(theirs.id);
    expect((await ownerCaller.myVehicles.visits({ id: mine.id })).items.map((v) => v.name)).toEqual(['Annual service']);
    await expect(ownerCaller.myVehicles.get({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ownerCaller.myVehicles.oilChanges({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // One rule for the vehicle and its visits: someone else's vehicle is not found (not an empty page).
    await expect(ownerCaller.myVehicles.visits({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const rest = await app.inject({ method: 'GET', url: `/backend/my/vehicles/${mine.id}/oil-changes`, headers: owner.authHeader });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().items).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/backend/my/vehicles/${theirs.id}`, headers: owner.authHeader })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/backend/my/vehicles', headers: employee.authHeader })).statusCode).toBe(403);
  });
});
