import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@garage/db';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/trpc/root.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
const PICTURE = 'https://images.example.com/avatar.png';

function newUser(overrides: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  return {
    firstName: 'Nora',
    lastName: `Customer ${suffix}`,
    username: `nora_${suffix}`,
    email: `nora_${suffix}@example.com`,
    countryCode: '+33',
    phoneNumber: `6${randomInt(10_000_000, 99_999_999)}`,
    role: 'CLIENT',
    age: 30,
    imageUrl: PICTURE,
    ...overrides,
  };
}

const callerFor = (actor: TestUser) => createCaller(createContextInner(testDeps(), { userId: actor.user.id, roles: [actor.user.role] }));

describe('users', () => {
  let app: App;
  let admin: TestUser;
  let employee: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [admin, employee, client] = await Promise.all([createTestUser('ADMIN'), createTestUser('EMPLOYEE'), createTestUser('CLIENT')]);
  });
  afterAll(() => app.close());

  const create = (actor: TestUser, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/backend/users', headers: actor.authHeader, payload: body });

  describe('validation (SPEC §5)', () => {
    it('rejects age 16 and accepts 17', async () => {
      const sixteen = await create(employee, newUser({ age: 16 }));
      expect(sixteen.statusCode).toBe(400);
      expect(sixteen.json().fieldErrors).toEqual({ age: ['Age must be greater than 16'] });
      const seventeen = await create(employee, newUser({ age: 17 }));
      expect(seventeen.statusCode).toBe(201);
      expect(seventeen.json().age).toBe(17);
    });

    it('accepts a 100-character email and rejects 101 characters', async () => {
      const local = (length: number) => `${uniqueSuffix()}${'a'.repeat(length - 8)}`;
      const email100 = `${local(100 - '@example.com'.length)}@example.com`;
      const email101 = `${local(101 - '@example.com'.length)}@example.com`;
      expect(email100).toHaveLength(100);
      const ok = await create(employee, newUser({ email: email100 }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().email).toBe(email100);
      const tooLong = await create(employee, newUser({ email: email101 }));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fieldErrors.email).toContain('Email must not exceed 100 characters');
    });

    it('rejects an invalid email, and stores no email when it is left empty', async () => {
      const invalid = await create(employee, newUser({ email: 'not-an-email' }));
      expect(invalid.json().fieldErrors.email).toEqual(['Email must be a valid email address']);
      const empty = await create(employee, newUser({ email: '' }));
      expect(empty.statusCode).toBe(201);
      expect(empty.json().email).toBeNull();
    });

    it('names every missing required field', async () => {
      const response = await create(employee, {});
      expect(response.statusCode).toBe(400);
      const { fieldErrors } = response.json();
      expect(fieldErrors).toMatchObject({
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        username: ['Username is required'],
        countryCode: ['Country code is required'],
        phoneNumber: ['Phone number is required'],
        role: ['Role is required'],
        imageUrl: ['Image is required'],
      });
    });

    it('applies the username, country code and phone length limits', async () => {
      const name50 = `u${uniqueSuffix()}${'x'.repeat(41)}`;
      expect(name50).toHaveLength(50);
      expect((await create(employee, newUser({ username: name50 }))).statusCode).toBe(201);
      const name51 = await create(employee, newUser({ username: `${name50}x` }));
      expect(name51.json().fieldErrors.username).toContain('Username must not exceed 50 characters');

      const code11 = await create(employee, newUser({ countryCode: '+1234-56789' }));
      expect(code11.json().fieldErrors.countryCode).toContain('Country code must not exceed 10 characters');

      const phone15 = `9${randomInt(10_000_000, 99_999_999)}${randomInt(100_000, 999_999)}`;
      expect(phone15).toHaveLength(15);
      expect((await create(employee, newUser({ phoneNumber: phone15 }))).statusCode).toBe(201);
      const phone16 = await create(employee, newUser({ phoneNumber: `${phone15}1` }));
      expect(phone16.json().fieldErrors.phoneNumber).toEqual(['Phone number must not exceed 15 characters']);
      const letters = await create(employee, newUser({ phoneNumber: '555-CALL-NOW' }));
      expect(letters.json().fieldErrors.phoneNumber).toEqual(['Phone number must be a valid number']);
    });

    it('stores usernames and emails lower-case and phones as digits with a "+" country code', async () => {
      const suffix = uniqueSuffix();
      const response = await create(employee, newUser({ username: `MiXeD_${suffix}`, email: `MiXeD_${suffix}@Example.COM`, countryCode: '212', phoneNumber: '06 12-34.56 78' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        username: `mixed_${suffix}`,
        email: `mixed_${suffix}@example.com`,
        countryCode: '+212',
        phoneNumber: '0612345678',
      });
    });

    it('requires the shared password rule when a password is given, and allows none', async () => {
      const weak = await create(employee, newUser({ password: 'password' }));
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fieldErrors.password[0]).toMatch(/at least 8 characters/);

      const none = await create(employee, newUser());
      expect(none.json().hasPassword).toBe(false);

      const strong = await create(employee, newUser({ password: 'Str0ng#Pass' }));
      expect(strong.statusCode).toBe(201);
      expect(strong.json().hasPassword).toBe(true);
      const row = await testDb().user.findUniqueOrThrow({ where: { id: strong.json().id } });
      expect(await verifyPassword(row.passwordHash!, 'Str0ng#Pass')).toBe(true);
      expect(strong.json()).not.toHaveProperty('passwordHash');
    });
  });

  describe('duplicates', () => {
    it('answers 409 on the field that clashes: username (any case), email, phone', async () => {
      const first = newUser();
      expect((await create(employee, first)).statusCode).toBe(201);

      const sameUsername = await create(employee, newUser({ username: first.username.toUpperCase() }));
      expect(sameUsername.statusCode).toBe(409);
      expect(sameUsername.json().fieldErrors).toEqual({ username: ['This username is already taken'] });

      const sameEmail = await create(employee, newUser({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().fieldErrors).toEqual({ email: ['This email address is already in use'] });

      const samePhone = await create(employee, newUser({ countryCode: first.countryCode, phoneNumber: first.phoneNumber }));
      expect(samePhone.statusCode).toBe(409);
      expect(samePhone.json().fieldErrors).toEqual({ phoneNumber: ['This phone number is already in use'] });

      const samePhoneOtherCountry = await create(employee, newUser({ countryCode: '+1', phoneNumber: first.phoneNumber }));
      expect(samePhoneOtherCountry.statusCode).toBe(201);
    });

    it('reports a clash on update too, but not with the user itself', async () => {
      const [a, b] = [newUser(), newUser()];
      const created = await create(employee, a);
      expect((await create(employee, b)).statusCode).toBe(201);
      const id = created.json().id;
      const same = await app.inject({ method: 'PUT', url: `/backend/users/${id}`, headers: employee.authHeader, payload: { ...a, firstName: 'Renamed' } });
      expect(same.statusCode).toBe(200);
      expect(same.json().firstName).toBe('Renamed');
      const clash = await app.inject({ method: 'PUT', url: `/backend/users/${id}`, headers: employee.authHeader, payload: { ...a, email: b.email } });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().fieldErrors).toEqual({ email: ['This email address is already in use'] });
    });
  });

  describe('authorization', () => {
    it('answers 401 without a session and 403 to clients, over REST and tRPC', async () => {
      expect((await app.inject({ method: 'GET', url: '/backend/users' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/backend/users', headers: client.authHeader })).statusCode).toBe(403);
      expect((await create(client, newUser())).statusCode).toBe(403);
      await expect(callerFor(client).users.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(callerFor(client).users.create(newUser() as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it('lets only an admin create staff accounts', async () => {
      for (const role of ['ADMIN', 'EMPLOYEE', 'MANAGER']) {
        const byEmployee = await create(employee, newUser({ role }));
        expect(byEmployee.statusCode).toBe(403);
        expect(byEmployee.json().fieldErrors.role).toEqual(['Only an administrator can create, change or delete staff accounts']);
      }
      await expect(callerFor(employee).users.create(newUser({ role: 'ADMIN' }) as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect((await create(admin, newUser({ role: 'EMPLOYEE' }))).statusCode).toBe(201);
      expect((await create(admin, newUser({ role: 'ADMIN' }))).statusCode).toBe(201);
    });

    it('stops an employee from promoting a client or changing, deactivating or deleting staff', async () => {
      const customer = (await create(employee, newUser())).json();
      const promote = await app.inject({
        method: 'PUT',
        url: `/backend/users/${customer.id}`,
        headers: employee.authHeader,
        payload: { ...newUser(), username: customer.username, email: customer.email, phoneNumber: customer.phoneNumber, role: 'EMPLOYEE' },
      });
      expect(promote.statusCode).toBe(403);

      const colleague = await createTestUser('EMPLOYEE');
      const headers = employee.authHeader;
      expect((await app.inject({ method: 'PATCH', url: `/backend/users/${colleague.user.id}/active`, headers, payload: { active: false } })).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `/backend/users/${colleague.user.id}`, headers })).statusCode).toBe(403);
      await expect(callerFor(employee).users.delete({ id: colleague.user.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect((await testDb().user.findUniqueOrThrow({ where: { id: colleague.user.id } })).active).toBe(true);

      const promoted = await app.inject({
        method: 'PUT',
        url: `/backend/users/${customer.id}`,
        headers: admin.authHeader,
        payload: { ...newUser(), username: customer.username, email: customer.email, phoneNumber: customer.phoneNumber, role: 'EMPLOYEE' },
      });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().role).toBe('EMPLOYEE');
    });

    it('stops an admin from deleting or deactivating their own account', async () => {
      const self = await createTestUser('ADMIN');
      const response = await app.inject({ method: 'DELETE', url: `/backend/users/${self.user.id}`, headers: self.authHeader });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('You cannot delete, deactivate or change the role of your own account');
      const deactivate = await app.inject({ method: 'PATCH', url: `/backend/users/${self.user.id}/active`, headers: self.authHeader, payload: { active: false } });
      expect(deactivate.statusCode).toBe(400);
    });
  });

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
      const second = await app.inject({ method: 'GET', url: `/backend/users?search=${tag}&page=2&sort=name`, headers: employee.authHeader });
      expect(second.json().items.map((user: { lastName: string }) => user.lastName)).toEqual([`${tag} 10`, `${tag} 11`]);

      const target = created[3]!;
      for (const term of [target.username.toUpperCase(), target.email, `+33 ${target.phoneNumber.slice(0, 3)} ${target.phoneNumber.slice(3)}`, `Nora ${target.lastName}`]) {
        const found = await callerFor(employee).users.list({ search: term });
        expect(found.items.map((user) => user.id), term).toContain(target.id);
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

  describe('activate, deactivate and delete', () => {
    it('deactivates and reactivates a customer, revoking their sessions', async () => {
      const customer = (await create(employee, newUser())).json();
      await testDb().refreshToken.create({
        data: { userId: customer.id, familyId: customer.id, tokenHash: `hash-${uniqueSuffix()}`, expiresAt: new Date(Date.now() + 86_400_000) },
      });
      const off = await app.inject({ method: 'PATCH', url: `/backend/users/${customer.id}/active`, headers: employee.authHeader, payload: { active: false } });
      expect(off.json().active).toBe(false);
      const tokens = await testDb().refreshToken.findMany({ where: { userId: customer.id } });
      expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
      const on = await callerFor(employee).users.setActive({ id: customer.id, active: true });
      expect(on.active).toBe(true);
    });

    it('erases a customer without history, vehicles included', async () => {
      const customer = (await create(employee, newUser())).json();
      await testDb().vehicle.create({
        data: { ownerId: customer.id, type: 'CAR', plateNumber: `D${uniqueSuffix()}`, plateNormalized: `D${uniqueSuffix()}`.toUpperCase(), color: 'Red', brand: 'Fiat', model: 'Panda', year: 2015, engineType: 'Petrol' },
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
        data: { ownerId: customer.id, type: 'CAR', plateNumber: plate, plateNormalized: plate, color: 'Red', brand: 'Fiat', model: 'Panda', year: 2015, engineType: 'Petrol' },
      });
      const visit = await testDb().visit.create({ data: { name: 'Brake check', dueDate: new Date(), customerId: customer.id, vehicleId: vehicle.id } });

      const result = await callerFor(employee).users.delete({ id: customer.id });
      expect(result.outcome).toBe('deactivated');
      expect(result.message).toMatch(/deactivated and hidden instead of erased/);

      const row = await testDb().user.findUniqueOrThrow({ where: { id: customer.id } });
      expect(row.active).toBe(false);
      expect(row.deletedAt).not.toBeNull();
      expect(await testDb().visit.findUnique({ where: { id: visit.id } })).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: `/backend/users/${customer.id}`, headers: employee.authHeader })).statusCode).toBe(404);
      const list = await callerFor(employee).users.list({ search: customer.username });
      expect(list.total).toBe(0);
    });
  });

  it('lists the visits of a customer, newest first', async () => {
    const customer = (await create(employee, newUser())).json();
    const plate = `V${uniqueSuffix()}`.toUpperCase();
    const vehicle = await testDb().vehicle.create({
      data: { ownerId: customer.id, type: 'VAN', plateNumber: plate, plateNormalized: plate, color: 'White', brand: 'Ford', model: 'Transit', year: 2019, engineType: 'Diesel' },
    });
    await testDb().visit.create({ data: { name: 'Older', dueDate: new Date(), customerId: customer.id, vehicleId: vehicle.id, createdAt: new Date(Date.now() - 86_400_000) } });
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
      'GET /backend/users', 'POST /backend/users', 'GET /backend/users/{id}', 'PUT /backend/users/{id}', 'DELETE /backend/users/{id}',
      'PATCH /backend/users/{id}/active', 'GET /backend/users/{id}/visits', 'GET /backend/profile', 'PUT /backend/profile',
      'POST /backend/profile/password', 'GET /backend/users/{userId}/vehicles', 'POST /backend/users/{userId}/vehicles',
      'GET /backend/vehicles/{id}', 'PUT /backend/vehicles/{id}', 'DELETE /backend/vehicles/{id}', 'GET /backend/vehicles/{id}/visits',
      'GET /backend/my/vehicles', 'GET /backend/my/vehicles/{id}', 'GET /backend/my/vehicles/{id}/visits', 'GET /backend/my/vehicles/{id}/oil-changes',
      'GET /backend/vehicles/{vehicleId}/oil-changes', 'POST /backend/vehicles/{vehicleId}/oil-changes', 'POST /backend/vehicles/{vehicleId}/km-reading',
      'GET /backend/static-data', 'POST /backend/static-data', 'PUT /backend/static-data/{id}', 'DELETE /backend/static-data/{id}',
      'GET /backend/search', 'POST /backend/uploads/image', 'GET /backend/media/{id}/file',
    ];
    for (const key of expected) {
      const operation = operations.find((candidate) => candidate.key === key);
      expect(operation, key).toBeDefined();
      expect(operation!.tags?.length, key).toBeGreaterThan(0);
      expect(operation!.summary, key).toBeTruthy();
    }
  });
});
