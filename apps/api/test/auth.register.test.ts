import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@garage/db';
import { AUTH_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { AUTH_THROTTLE } from '../src/modules/auth/auth.throttle.ts';
import { cookiesOf, post, uniqueIp } from './auth-fixtures.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';

const REGISTER = '/backend/register';
const PASSWORD = 'Fresh#Client2026';

describe('POST /backend/register', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('creates a CLIENT account with a hashed password and signs it in', async () => {
    const username = `New.Client_${uniqueSuffix()}`;
    const response = await post(app, REGISTER, { username, password: PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ username: username.toLowerCase(), role: 'CLIENT', verified: false });
    expect(Object.keys(cookiesOf(response)).sort()).toEqual(['accessToken', 'refreshToken', 'user']);

    const stored = await testDb().user.findUniqueOrThrow({ where: { id: body.user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(stored.passwordHash!, PASSWORD)).toBe(true);
    expect((await post(app, '/backend/user/login', { identifier: username.toUpperCase(), password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a taken username (in any case) on the username field', async () => {
    const username = `taken_${uniqueSuffix()}`;
    expect((await post(app, REGISTER, { username, password: PASSWORD })).statusCode).toBe(201);
    const again = await post(app, REGISTER, { username: username.toUpperCase(), password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { username: [AUTH_MESSAGES.usernameTaken] } });
  });

  it.each([
    ['shorter than 8', 'Ab1!xyz'],
    ['without an uppercase letter', 'abcdef1!'],
    ['without a lowercase letter', 'ABCDEF1!'],
    ['without a number', 'Abcdefg!'],
    ['without a special character', 'Abcdefg1'],
  ])('refuses a password %s', async (_, password) => {
    const response = await post(app, REGISTER, { username: `weak_${uniqueSuffix()}`, password });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.password).toEqual([
      'Password must have at least 8 characters, one lowercase letter, one uppercase letter, one number and one special character',
    ]);
  });

  it.each([
    ['too short', 'ab'],
    ['all digits (looks like a phone number)', '12345678'],
    ['with an @', 'me@home'],
    ['too long', 'a'.repeat(51)],
  ])('refuses a username %s', async (_, username) => {
    const response = await post(app, REGISTER, { username, password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.username).toBeDefined();
  });

  it(`limits sign-ups to ${AUTH_THROTTLE.registerPerIp.limit} per address per hour`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_THROTTLE.registerPerIp.limit; i++) {
      expect((await post(app, REGISTER, { username: `burst_${uniqueSuffix()}`, password: PASSWORD }, { ip })).statusCode).toBe(201);
    }
    const blocked = await post(app, REGISTER, { username: `burst_${uniqueSuffix()}`, password: PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
  }, 60_000);
});
