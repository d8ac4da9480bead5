import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@garage/db';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';
import { callerFor, newUser, type TestUser } from './users-fixtures.ts';
import { canChangeAccount, importActor, systemActor } from '../src/modules/users/users.access.ts';
import type { Session } from '../src/session/session.ts';

describe('users: validation, duplicates, authorization', () => {
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
      const response = await create(
        employee,
        newUser({ username: `MiXeD_${suffix}`, email: `MiXeD_${suffix}@Example.COM`, countryCode: '212', phoneNumber: '06 12-34.56 78' }),
      );
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
      const same = await app.inject({
        method: 'PUT',
        url: `/backend/users/${id}`,
        headers: employee.authHeader,
        payload: { ...a, firstName: 'Renamed' },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json().firstName).toBe('Renamed');
      const clash = await app.inject({
        method: 'PUT',
        url: `/backend/users/${id}`,
        headers: employee.authHeader,
        payload: { ...a, email: b.email },
      });
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
      expect(
        (await app.inject({ method: 'PATCH', url: `/backend/users/${colleague.user.id}/active`, headers, payload: { active: false } }))
          .statusCode,
      ).toBe(403);
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

    it('stops an employee from changing, promoting, demoting, deactivating or deleting an admin, over REST and tRPC (one rule)', async () => {
      const target = await createTestUser('ADMIN');
      const before = await testDb().user.findUniqueOrThrow({ where: { id: target.user.id } });
      const headers = employee.authHeader;
      const takeover = { ...newUser(), username: target.user.username, email: `thief_${uniqueSuffix()}@example.com`, role: 'ADMIN' };
      const put = await app.inject({ method: 'PUT', url: `/backend/users/${target.user.id}`, headers, payload: takeover });
      expect(put.statusCode).toBe(403);
      expect(put.json().fieldErrors.role).toEqual(['Only an administrator can create, change or delete staff accounts']);
      expect(
        (await app.inject({ method: 'PUT', url: `/backend/users/${target.user.id}`, headers, payload: { ...takeover, role: 'CLIENT' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await app.inject({ method: 'PATCH', url: `/backend/users/${target.user.id}/active`, headers, payload: { active: false } }))
          .statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `/backend/users/${target.user.id}`, headers })).statusCode).toBe(403);
      const trpc = callerFor(employee).users;
      await expect(trpc.update({ id: target.user.id, data: { email: takeover.email } } as never)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(trpc.update({ id: target.user.id, data: { role: 'CLIENT' } } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(trpc.setActive({ id: target.user.id, active: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(trpc.delete({ id: target.user.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      // Promoting a client to admin over tRPC is refused too.
      const customer = (await create(employee, newUser())).json();
      await expect(trpc.update({ id: customer.id, data: { role: 'ADMIN' } } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect((await testDb().user.findUniqueOrThrow({ where: { id: customer.id } })).role).toBe('CLIENT');
      expect(await testDb().user.findUniqueOrThrow({ where: { id: target.user.id } })).toEqual(before);
    });

    it('has one "who may change whom" rule for people, imports and the system (canChangeAccount)', () => {
      const session = (role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE' | 'CLIENT') => ({ userId: 'x', roles: [role] }) as Session;
      // A signed-in admin: everyone; other staff: CLIENT accounts only, before and after the change.
      expect(canChangeAccount(session('ADMIN'), 'ADMIN', 'CLIENT')).toBe(true);
      expect(canChangeAccount(session('EMPLOYEE'), 'CLIENT')).toBe(true);
      expect(canChangeAccount(session('EMPLOYEE'), null, 'CLIENT')).toBe(true);
      expect(canChangeAccount(session('EMPLOYEE'), 'ADMIN')).toBe(false);
      expect(canChangeAccount(session('MANAGER'), 'CLIENT', 'ADMIN')).toBe(false);
      expect(canChangeAccount(session('EMPLOYEE'), null, 'EMPLOYEE')).toBe(false);
      // An import: CLIENT accounts only, even run by an admin.
      expect(canChangeAccount(importActor(session('ADMIN')), 'CLIENT', 'CLIENT')).toBe(true);
      expect(canChangeAccount(importActor(session('ADMIN')), null, 'CLIENT')).toBe(true);
      for (const role of ['ADMIN', 'MANAGER', 'EMPLOYEE'] as const) {
        expect(canChangeAccount(importActor(session('ADMIN')), role, 'CLIENT')).toBe(false);
        expect(canChangeAccount(importActor(session('ADMIN')), null, role)).toBe(false);
      }
      // The system: the first admin only, while none exists; never an existing account.
      expect(canChangeAccount(systemActor(false), null, 'ADMIN')).toBe(true);
      expect(canChangeAccount(systemActor(true), null, 'ADMIN')).toBe(false);
      expect(canChangeAccount(systemActor(false), null, 'CLIENT')).toBe(false);
      expect(canChangeAccount(systemActor(false), 'ADMIN', 'ADMIN')).toBe(false);
    });

    it('stops an admin from deleting or deactivating their own account', async () => {
      const self = await createTestUser('ADMIN');
      const response = await app.inject({ method: 'DELETE', url: `/backend/users/${self.user.id}`, headers: self.authHeader });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('You cannot delete, deactivate or change the role of your own account');
      const deactivate = await app.inject({
        method: 'PATCH',
        url: `/backend/users/${self.user.id}/active`,
        headers: self.authHeader,
        payload: { active: false },
      });
      expect(deactivate.statusCode).toBe(400);
    });
  });
});
