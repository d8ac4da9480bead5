import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';
import { callerFor, newUser, type TestUser } from './users-fixtures.ts';

describe('users: activate, deactivate, delete', () => {
  let app: App;
  let employee: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  const create = (actor: TestUser, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/backend/users', headers: actor.authHeader, payload: body });

  describe('activate, deactivate and delete', () => {
    it('deactivates and reactivates a customer, revoking their sessions', async () => {
      const customer = (await create(employee, newUser())).json();
      await testDb().refreshToken.create({
        data: {
          userId: customer.id,
          familyId: customer.id,
          tokenHash: `hash-${uniqueSuffix()}`,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      });
      const off = await app.inject({
        method: 'PATCH',
        url: `/backend/users/${customer.id}/active`,
        headers: employee.authHeader,
        payload: { active: false },
      });
      expect(off.json().active).toBe(false);
      const tokens = await testDb().refreshToken.findMany({ where: { userId: customer.id } });
      expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
      const on = await callerFor(employee).users.setActive({ id: customer.id, active: true });
      expect(on.active).toBe(true);
    });

    it('erases a customer without history, vehicles included', async () => {
      const customer = (await create(employee, newUser())).json();
      await testDb().vehicle.create({
        data: {
          ownerId: customer.id,
          type: 'CAR',
          plateNumber: `D${uniqueSuffix()}`,
          plateNormalized: `D${uniqueSuffix()}`.toUpperCase(),
          color: 'Red',
          brand: 'Fiat',
          model: 'Panda',
          year: 2015,
          engineType: 'Petrol',
        },
      });
      const response = await app.inject({ method: 'DELETE', url: `/backend/users/${customer.id}`, headers: employee.authHeader });
      expect(response.json()).toEqual({ outcome: 'deleted', message: 'The user was deleted.' });
      expect(await testDb().user.findUnique({ where: { id: customer.id } })).toBeNull();
      expect(await testDb().vehicle.count({ where: { ownerId: customer.id } })).toBe(0);
    });

    it('keeps a customer with a visit: deactivated and hidden, and says so', async () => {
      const customer = (await create(employee, newUser())).json();
      const plate = `H${uniqueSuffix()}`.toUpperCase();
      const vehicle = await testDb().vehicle.create({
        data: {
          ownerId: customer.id,
          type: 'CAR',
          plateNumber: plate,
          plateNormalized: plate,
          color: 'Red',
          brand: 'Fiat',
          model: 'Panda',
          year: 2015,
          engineType: 'Petrol',
        },
      });
      const visit = await testDb().visit.create({
        data: { name: 'Brake check', dueDate: new Date(), customerId: customer.id, vehicleId: vehicle.id },
      });

      const result = await callerFor(employee).users.delete({ id: customer.id });
      expect(result.outcome).toBe('deactivated');
      expect(result.message).toMatch(/deactivated and hidden instead of erased/);

      const row = await testDb().user.findUniqueOrThrow({ where: { id: customer.id } });
      expect(row.active).toBe(false);
      expect(row.deletedAt).not.toBeNull();
      expect(await testDb().visit.findUnique({ where: { id: visit.id } })).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: `/backend/users/${customer.id}`, headers: employee.authHeader })).statusCode).toBe(
        404,
      );
      const list = await callerFor(employee).users.list({ search: customer.username });
      expect(list.total).toBe(0);
    });
  });
});
