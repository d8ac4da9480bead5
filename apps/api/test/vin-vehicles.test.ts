// The VIN and the other identity fields on a vehicle (issue #28): stored normalised, unique in the shop (a
// clash is a 409 on vin in every language by code), kept by an edit that leaves them out, and found by the
// staff search from the VIN's last 6 or 8 characters or whole.
import { randomInt } from 'node:crypto';
import { expectedCheckDigit } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** A North American VIN no other test uses, with its right check digit. */
function freshVin(): string {
  const serial = Array.from({ length: 6 }, () => VIN_CHARACTERS[randomInt(VIN_CHARACTERS.length)]).join('');
  const vin = `1HGCM8263${'3A'}${serial}`;
  return `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;
}

const vehicle = (overrides: Record<string, unknown> = {}) => ({
  type: 'CAR',
  plateNumber: `${uniqueSuffix().toUpperCase()}V`,
  color: 'Silver',
  brand: 'Honda',
  model: 'Accord',
  year: 2003,
  engineType: 'Gasoline 3.0 L',
  status: 'ACTIVE',
  ...overrides,
});

describe('VIN on vehicles', () => {
  let app: App;
  let employee: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [employee, owner] = await Promise.all([createTestUser('EMPLOYEE'), createTestUser('CLIENT')]);
  });
  afterAll(() => app.close());

  const add = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/backend/users/${owner.user.id}/vehicles`, headers: employee.authHeader, payload: body });
  const put = (id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/backend/vehicles/${id}`, headers: employee.authHeader, payload: body });
  const search = async (q: string) => {
    const response = await app.inject({ method: 'GET', url: `/backend/search?q=${encodeURIComponent(q)}`, headers: employee.authHeader });
    expect(response.statusCode).toBe(200);
    return (response.json().vehicles as { id: string }[]).map((found) => found.id);
  };

  it('stores the VIN normalised with trim, plate region, first registration and unit, and shows them', async () => {
    const vin = freshVin();
    const typed = `${vin.slice(0, 5).toLowerCase()} ${vin.slice(5, 11)}-${vin.slice(11)}`;
    const response = await add(
      vehicle({ vin: typed, trim: ' EX-V6 ', plateRegion: 'Dubai', firstRegistrationDate: '2003-05-14', distanceUnit: 'MI' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ vin, trim: 'EX-V6', plateRegion: 'Dubai', firstRegistrationDate: '2003-05-14', distanceUnit: 'MI' });
    const read = await app.inject({ method: 'GET', url: `/backend/vehicles/${created.id}`, headers: employee.authHeader });
    expect(read.json()).toMatchObject({ vin, firstRegistrationDate: '2003-05-14' });
  });

  it('without the new fields (an older client), a vehicle has none and the shop’s unit; an edit leaves them as they are', async () => {
    const response = await add(vehicle());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ vin: null, trim: null, plateRegion: null, firstRegistrationDate: null });
    expect(['KM', 'MI']).toContain(created.distanceUnit);

    const vin = freshVin();
    const withVin = await put(created.id, vehicle({ plateNumber: created.plateNumber, vin, trim: 'LX', distanceUnit: 'KM' }));
    expect(withVin.statusCode, withVin.body).toBe(200);
    const edited = await put(created.id, vehicle({ plateNumber: created.plateNumber, color: 'Black' }));
    expect(edited.json()).toMatchObject({ color: 'Black', vin, trim: 'LX', distanceUnit: 'KM' });
    // '' or null clears.
    const cleared = await put(created.id, vehicle({ plateNumber: created.plateNumber, vin: '', trim: null, firstRegistrationDate: '' }));
    expect(cleared.json()).toMatchObject({ vin: null, trim: null, firstRegistrationDate: null });
  });

  it('refuses a malformed VIN with its rule, and a VIN already on another vehicle with 409 on vin', async () => {
    const bad = await add(vehicle({ vin: '1HGCM82633AO04352' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrorCodes.vin).toEqual([{ code: 'vin.forbiddenLetters', params: {} }]);

    const vin = freshVin();
    expect((await add(vehicle({ vin }))).statusCode).toBe(201);
    const clash = await add(vehicle({ vin: vin.toLowerCase() }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      messageCode: 'vehicles.vinTaken',
      fieldErrors: { vin: ['A vehicle with this VIN is already registered'] },
    });

    const other = (await add(vehicle())).json();
    const clashOnEdit = await put(other.id, vehicle({ plateNumber: other.plateNumber, vin }));
    expect(clashOnEdit.statusCode).toBe(409);
    expect(clashOnEdit.json().fieldErrorCodes.vin).toEqual([{ code: 'vehicles.vinTaken', params: {} }]);
  });

  it('a wrong check digit is saved (it only warns)', async () => {
    const vin = freshVin();
    const wrong = `${vin.slice(0, 8)}${vin[8] === '7' ? '8' : '7'}${vin.slice(9)}`;
    const response = await add(vehicle({ vin: wrong }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().vin).toBe(wrong);
  });

  it('the staff search finds a vehicle by the last 6 or 8 characters of its VIN, or the whole VIN', async () => {
    const vin = freshVin();
    const { id } = (await add(vehicle({ vin }))).json();
    expect(await search(vin.slice(-6))).toContain(id);
    expect(await search(vin.slice(-8).toLowerCase())).toContain(id);
    expect(await search(vin)).toContain(id);
    // Seven characters are not a VIN tail search, and a tail of another VIN does not find it.
    expect(await search(vin.slice(-7))).not.toContain(id);
    expect(await search(freshVin().slice(-6))).not.toContain(id);
  });

  it('the last-6 and last-8 searches can use their indexes', async () => {
    const plan = await testDb().$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN (COSTS OFF) SELECT id FROM "Vehicle" WHERE right("vin", 6) = 'ABC123' OR right("vin", 8) = 'ABCD1234'`,
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    // With few rows PostgreSQL may prefer a scan; forbid that to see that the indexes match the expressions.
    await testDb().$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      const forced = await tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN (COSTS OFF) SELECT id FROM "Vehicle" WHERE right("vin", 6) = 'ABC123' OR right("vin", 8) = 'ABCD1234'`,
      );
      const forcedText = forced.map((row) => row['QUERY PLAN']).join('\n');
      expect(forcedText, text).toContain('Vehicle_vin_last6_idx');
      expect(forcedText).toContain('Vehicle_vin_last8_idx');
    });
  });
});
