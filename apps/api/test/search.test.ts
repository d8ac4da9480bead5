import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePlate } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe('staff search', () => {
  let app: App;
  let employee: TestUser;
  const tag = uniqueSuffix();
  const plate = `SR${tag}`.toUpperCase();
  const phone = `4${randomInt(100_000_000, 999_999_999)}`;
  let customerId: string;
  let vehicleId: string;
  let visitId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
    const db = testDb();
    const customer = await db.user.create({
      data: {
        firstName: 'Salim',
        lastName: `Qadir${tag}`,
        username: `salim_${tag}`,
        email: `salim.${tag}@example.org`,
        countryCode: '+212',
        phoneNumber: phone,
        role: 'CLIENT',
      },
    });
    customerId = customer.id;
    const vehicle = await db.vehicle.create({
      data: {
        ownerId: customer.id,
        type: 'TRUCK',
        plateNumber: `${plate.slice(0, 4)} ${plate.slice(4)}`,
        plateNormalized: normalizePlate(plate),
        color: 'Red',
        brand: `Volvo${tag}`,
        model: 'FH16',
        year: 2020,
        engineType: 'Diesel',
      },
    });
    vehicleId = vehicle.id;
    visitId = (await db.visit.create({ data: { name: `Gearbox overhaul ${tag}`, dueDate: new Date(), customerId, vehicleId } })).id;
  });
  afterAll(() => app.close());

  const search = async (q: string) => {
    const response = await app.inject({ method: 'GET', url: `/backend/search?q=${encodeURIComponent(q)}`, headers: employee.authHeader });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      customers: { id: string }[];
      vehicles: { id: string; ownerId: string; ownerName: string }[];
      visits: { id: string; customerId: string; vehicleId: string }[];
    };
  };

  it('finds a customer by name, username, email or phone', async () => {
    for (const q of [`qadir${tag}`, `Salim Qadir${tag}`, `salim_${tag}`, `salim.${tag}@example.org`, phone.slice(2, 8), `+212 ${phone}`]) {
      expect(
        (await search(q)).customers.map((c) => c.id),
        q,
      ).toContain(customerId);
    }
  });

  it('finds a vehicle by plate (any case and spacing), brand or model, linked to its owner', async () => {
    for (const q of [
      plate,
      plate.toLowerCase(),
      `${plate.slice(0, 3)} ${plate.slice(3)}`,
      plate.slice(2, 7),
      `volvo${tag}`,
      `volvo${tag} fh16`,
    ]) {
      const { vehicles } = await search(q);
      expect(
        vehicles.map((v) => v.id),
        q,
      ).toContain(vehicleId);
    }
    const { vehicles } = await search(plate);
    expect(vehicles.find((v) => v.id === vehicleId)).toMatchObject({ ownerId: customerId, ownerName: `Salim Qadir${tag}` });
  });

  it('finds a visit by name, linked to its customer and vehicle', async () => {
    const { visits } = await search(`overhaul ${tag}`);
    expect(visits).toEqual([expect.objectContaining({ id: visitId, customerId, vehicleId })]);
  });

  it('answers each match with exactly the columns the screen shows', async () => {
    const stored = await testDb().visit.findUniqueOrThrow({ where: { id: visitId }, select: { visitDate: true, status: true } });
    const found = await search(`${tag}`);
    expect(found.customers).toEqual([
      {
        id: customerId,
        firstName: 'Salim',
        lastName: `Qadir${tag}`,
        username: `salim_${tag}`,
        email: `salim.${tag}@example.org`,
        countryCode: '+212',
        phoneNumber: phone,
        role: 'CLIENT',
        imageUrl: null,
      },
    ]);
    expect(found.vehicles).toEqual([
      {
        id: vehicleId,
        ownerId: customerId,
        ownerName: `Salim Qadir${tag}`,
        plateNumber: `${plate.slice(0, 4)} ${plate.slice(4)}`,
        brand: `Volvo${tag}`,
        model: 'FH16',
        year: 2020,
        type: 'TRUCK',
      },
    ]);
    expect(found.visits).toEqual([
      {
        id: visitId,
        name: `Gearbox overhaul ${tag}`,
        customerId,
        customerName: `Salim Qadir${tag}`,
        vehicleId,
        plateNumber: `${plate.slice(0, 4)} ${plate.slice(4)}`,
        status: stored.status,
        visitDate: stored.visitDate.toISOString(),
      },
    ]);
  });

  it('returns empty groups for an empty query and nothing for a term that matches nothing', async () => {
    expect(await search('   ')).toEqual({ customers: [], vehicles: [], visits: [] });
    expect(await search(`nothing${uniqueSuffix()}zz`)).toEqual({ customers: [], vehicles: [], visits: [] });
  });

  it('answers words shorter than 3 characters only when together they spell a plate', async () => {
    expect(await search(plate.slice(2, 4))).toEqual({ customers: [], vehicles: [], visits: [] });
    const spelled = await search(`${plate.slice(0, 2)} ${plate.slice(2, 4)}`.toLowerCase());
    expect(spelled.vehicles.map((v) => v.id)).toContain(vehicleId);
    expect(spelled.customers).toEqual([]);
    // Next to a longer word, a short word still narrows the results.
    expect((await search(`salim qa`)).customers.map((c) => c.id)).toContain(customerId);
    expect((await search(`salim zq`)).customers.map((c) => c.id)).not.toContain(customerId);
  });

  it('takes % literally instead of as a wildcard', async () => {
    expect(await search('%')).toEqual({ customers: [], vehicles: [], visits: [] });
    expect(await search(`qadir${tag}%`)).toEqual({ customers: [], vehicles: [], visits: [] });
  });

  it('ranks correctly when a word matches more rows than the candidate cap', async () => {
    const common = `Cm${uniqueSuffix()}`;
    await testDb().user.createMany({
      data: Array.from({ length: 1010 }, (_, index) => ({
        firstName: 'Bulk',
        lastName: `${common} ${String(index).padStart(4, '0')}`,
        username: `bulk_${common.toLowerCase()}_${index}`,
        role: 'CLIENT' as const,
      })),
    });
    const { customers } = await search(common);
    expect(customers.map((c) => (c as unknown as { lastName: string }).lastName)).toEqual(
      Array.from({ length: 8 }, (_, index) => `${common} ${String(index).padStart(4, '0')}`),
    );
    const rare = await search(`${common} 0999`);
    expect(rare.customers.map((c) => (c as unknown as { lastName: string }).lastName)).toEqual([`${common} 0999`]);
  });

  it('behaves the same over tRPC and is staff only', async () => {
    const caller = createCaller(createContextInner(testDeps(), { userId: employee.user.id, roles: ['EMPLOYEE'] }));
    expect(await caller.search.query({ q: plate })).toEqual(await search(plate));
    const client = await createTestUser('CLIENT');
    expect((await app.inject({ method: 'GET', url: '/backend/search?q=a', headers: client.authHeader })).statusCode).toBe(403);
  });

  it('is served by trigram indexes on every searched column', async () => {
    const rows = await testDb().$queryRaw<{ indexdef: string }[]>`SELECT indexdef FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%'`;
    const columns = [
      'User.firstName',
      'User.lastName',
      'User.username',
      'User.email',
      'User.phoneNumber',
      'Vehicle.plateNormalized',
      'Vehicle.brand',
      'Vehicle.model',
      'Visit.name',
    ];
    for (const qualified of columns) {
      const [table, column] = qualified.split('.');
      // PostgreSQL quotes only mixed-case identifiers when it prints an index definition.
      const pattern = new RegExp(`ON public\\."${table}" USING gin \\("?${column}"? gin_trgm_ops\\)`);
      expect(
        rows.some((row) => pattern.test(row.indexdef)),
        qualified,
      ).toBe(true);
    }
  });
});
