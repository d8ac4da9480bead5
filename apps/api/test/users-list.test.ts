import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';
import { callerFor, newUser, type TestUser } from './users-fixtures.ts';

describe('users: list, visits, API description', () => {
  let app: App;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [admin, employee] = await Promise.all([createTestUser('ADMIN'), createTestUser('EMPLOYEE')]);
  });
  afterAll(() => app.close());

  const create = (actor: TestUser, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/backend/users', headers: actor.authHeader, payload: body });

  describe('list', () => {
    it('pages by 10 by default and searches name, username, email and phone', async () => {
      const tag = `Zq${uniqueSuffix()}`;
      const created = [];
      for (let index = 0; index < 12; index++) {
        created.push((await create(employee, newUser({ lastName: `${tag} ${String(index).padStart(2, '0')}` }))).json());
      }
      const first = await app.inject({ method: 'GET', url: `/backend/users?search=${tag}`, headers: employee.authHeader });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ total: 12, page: 1, pageSize: 10, pageCount: 2 });
      expect(first.json().items).toHaveLength(10);
      const second = await app.inject({
        method: 'GET',
        url: `/backend/users?search=${tag}&page=2&sort=name`,
        headers: employee.authHeader,
      });
      expect(second.json().items.map((user: { lastName: string }) => user.lastName)).toEqual([`${tag} 10`, `${tag} 11`]);

      const target = created[3]!;
      for (const term of [
        target.username.toUpperCase(),
        target.email,
        `+33 ${target.phoneNumber.slice(0, 3)} ${target.phoneNumber.slice(3)}`,
        `Nora ${target.lastName}`,
      ]) {
        const found = await callerFor(employee).users.list({ search: term });
        expect(
          found.items.map((user) => user.id),
          term,
        ).toContain(target.id);
      }
    });

    it('filters by role, active and verified', async () => {
      const tag = `Fq${uniqueSuffix()}`;
      await create(admin, newUser({ lastName: tag, role: 'EMPLOYEE', verified: true }));
      await create(admin, newUser({ lastName: tag, role: 'CLIENT', active: false }));
      await create(admin, newUser({ lastName: tag, role: 'CLIENT', verified: true }));
      const list = async (query: string) =>
        (await app.inject({ method: 'GET', url: `/backend/users?search=${tag}&${query}`, headers: employee.authHeader })).json().total;
      expect(await list('role=CLIENT')).toBe(2);
      expect(await list('role=EMPLOYEE')).toBe(1);
      expect(await list('active=false')).toBe(1);
      expect(await list('verified=true')).toBe(2);
      expect(await list('role=CLIENT&verified=false')).toBe(1);
      const bad = await app.inject({ method: 'GET', url: '/backend/users?pageSize=7', headers: employee.authHeader });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('lists the visits of a customer, newest first', async () => {
    const customer = (await create(employee, newUser())).json();
    const plate = `V${uniqueSuffix()}`.toUpperCase();
    const vehicle = await testDb().vehicle.create({
      data: {
        ownerId: customer.id,
        type: 'VAN',
        plateNumber: plate,
        plateNormalized: plate,
        color: 'White',
        brand: 'Ford',
        model: 'Transit',
        year: 2019,
        engineType: 'Diesel',
      },
    });
    await testDb().visit.create({
      data: {
        name: 'Older',
        dueDate: new Date(),
        customerId: customer.id,
        vehicleId: vehicle.id,
        createdAt: new Date(Date.now() - 86_400_000),
      },
    });
    await testDb().visit.create({ data: { name: 'Newer', dueDate: new Date(), customerId: customer.id, vehicleId: vehicle.id } });
    const response = await app.inject({ method: 'GET', url: `/backend/users/${customer.id}/visits`, headers: employee.authHeader });
    expect(response.json().items.map((visit: { name: string }) => visit.name)).toEqual(['Newer', 'Older']);
    expect(response.json().items[0].plateNumber).toBe(plate);
  });

  it('describes every customer, vehicle, oil, static data, search and upload operation in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/backend/openapi.json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    const expected = [
      'GET /backend/users',
      'POST /backend/users',
      'GET /backend/users/{id}',
      'PUT /backend/users/{id}',
      'DELETE /backend/users/{id}',
      'PATCH /backend/users/{id}/active',
      'GET /backend/users/{id}/visits',
      'GET /backend/profile',
      'PUT /backend/profile',
      'POST /backend/profile/password',
      'GET /backend/users/{userId}/vehicles',
      'POST /backend/users/{userId}/vehicles',
      'GET /backend/vehicles/{id}',
      'PUT /backend/vehicles/{id}',
      'DELETE /backend/vehicles/{id}',
      'GET /backend/vehicles/{id}/visits',
      'GET /backend/my/vehicles',
      'GET /backend/my/vehicles/{id}',
      'GET /backend/my/vehicles/{id}/visits',
      'GET /backend/my/vehicles/{id}/oil-changes',
      'GET /backend/vehicles/{vehicleId}/oil-changes',
      'POST /backend/vehicles/{vehicleId}/oil-changes',
      'POST /backend/vehicles/{vehicleId}/km-reading',
      'GET /backend/static-data',
      'POST /backend/static-data',
      'PUT /backend/static-data/{id}',
      'DELETE /backend/static-data/{id}',
      'GET /backend/search',
      'POST /backend/uploads/image',
      'GET /backend/media/{id}/file',
    ];
    for (const key of expected) {
      const operation = operations.find((candidate) => candidate.key === key);
      expect(operation, key).toBeDefined();
      expect(operation!.tags?.length, key).toBeGreaterThan(0);
      expect(operation!.summary, key).toBeTruthy();
    }
  });
});
