import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@garage/db';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { createAccount, post } from './auth-fixtures.ts';
import { buildTestApp, createTestUser, testDb, testDeps } from './helpers.ts';

describe('own profile', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  // Email and phone change with a code (profile-contact-change.test.ts), not here.
  const details = () => ({
    firstName: 'Maya',
    lastName: 'Profile',
    age: 41,
    preferredLanguage: 'ar',
  });

  it('lets any signed-in user read and update their contact details and language', async () => {
    const client = await createTestUser('CLIENT');
    const me = await app.inject({ method: 'GET', url: '/backend/profile', headers: client.authHeader });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(client.user.id);

    const update = await app.inject({ method: 'PUT', url: '/backend/profile', headers: client.authHeader, payload: details() });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ firstName: 'Maya', preferredLanguage: 'ar', email: client.user.email, role: 'CLIENT' });

    const tooYoung = await app.inject({
      method: 'PUT',
      url: '/backend/profile',
      headers: client.authHeader,
      payload: { ...details(), age: 16 },
    });
    expect(tooYoung.json().fieldErrors).toEqual({ age: ['Age must be greater than 16'] });
    expect((await app.inject({ method: 'GET', url: '/backend/profile' })).statusCode).toBe(401);
  });

  it('cannot change role or username through the profile', async () => {
    const client = await createTestUser('CLIENT');
    const caller = createCaller(createContextInner(testDeps(), { userId: client.user.id, roles: ['CLIENT'] }));
    const updated = await caller.profile.update({ ...details(), role: 'ADMIN', username: 'hijack' } as never);
    expect(updated.role).toBe('CLIENT');
    expect(updated.username).toBe(client.user.username);
  });

  it('changes the password only with the current one, and only to one that meets the rule', async () => {
    const staff = await createTestUser('EMPLOYEE');
    await testDb().user.update({ where: { id: staff.user.id }, data: { passwordHash: await hashPassword('Old#Pass123') } });
    const change = (payload: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/backend/profile/password', headers: staff.authHeader, payload });

    const wrong = await change({ currentPassword: 'Nope#1234', newPassword: 'New#Pass456', confirmPassword: 'New#Pass456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: ['The current password is incorrect'] });

    const mismatch = await change({ currentPassword: 'Old#Pass123', newPassword: 'New#Pass456', confirmPassword: 'New#Pass457' });
    expect(mismatch.json().fieldErrors).toEqual({ confirmPassword: ['Passwords must match'] });

    const weak = await change({ currentPassword: 'Old#Pass123', newPassword: 'weakpass', confirmPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);

    const ok = await change({ currentPassword: 'Old#Pass123', newPassword: 'New#Pass456', confirmPassword: 'New#Pass456' });
    expect(ok.statusCode).toBe(200);
    const row = await testDb().user.findUniqueOrThrow({ where: { id: staff.user.id } });
    expect(await verifyPassword(row.passwordHash!, 'New#Pass456')).toBe(true);
  });

  it('signs out every other device when the password changes, and keeps the device that changed it', async () => {
    const account = await createAccount({ role: 'EMPLOYEE' });
    const signIn = async () => {
      const response = await post(app, '/backend/user/login', { identifier: account.username, password: account.password });
      expect(response.statusCode).toBe(200);
      return response.json() as { accessToken: string; refreshToken: string };
    };
    const phone = await signIn();
    const laptop = await signIn();
    const refreshWith = (refreshToken: string) => post(app, '/backend/user/refresh', { refreshToken });

    const changed = await app.inject({
      method: 'POST',
      url: '/backend/profile/password',
      headers: { authorization: `Bearer ${laptop.accessToken}` },
      cookies: { refreshToken: laptop.refreshToken },
      payload: { currentPassword: account.password, newPassword: 'New#Pass456', confirmPassword: 'New#Pass456' },
    });
    expect(changed.statusCode).toBe(200);

    expect((await refreshWith(phone.refreshToken)).statusCode).toBe(401);
    expect((await refreshWith(laptop.refreshToken)).statusCode).toBe(200);
  });
});
