import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoData } from '@garage/db';
import { AUTH_MESSAGES, MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createAccount, cookiesOf, post, uniqueIp } from './auth-fixtures.ts';
import { buildTestApp, testDb, testDeps, TEST_JWT_SECRET, uniqueSuffix } from './helpers.ts';

const LOGIN = '/backend/user/login';

describe('POST /backend/user/login', () => {
  let app: App;
  beforeAll(async () => {
    await seedDemoData(testDb());
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'ADMIN')!;

  it.each([
    ['email', admin.email],
    ['email in another case', admin.email.toUpperCase()],
    ['username', admin.username],
    ['username in another case', 'Admin'],
    ['phone with country code', `+1 ${admin.phone}`],
    ['phone with country code, no space', `+1${admin.phone}`],
    ['phone without country code', admin.phone],
  ])('signs the demo admin in by %s', async (_, identifier) => {
    const response = await post(app, LOGIN, { identifier, password: admin.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      firstName: admin.firstName,
      lastName: admin.lastName,
      username: admin.username,
      email: admin.email,
      role: 'ADMIN',
      imageUrl: null,
      preferredLanguage: expect.any(String),
      verified: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|\$argon2/);
    const claims = jwt.verify(body.accessToken, TEST_JWT_SECRET) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: body.user.id, role: 'ADMIN' });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.role, account] as const))('signs the demo %s in', async (_, account) => {
    const response = await post(app, LOGIN, { identifier: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe(account.role);
  });

  it('sets the three session cookies as SPEC §9 says, only the refresh token httpOnly', async () => {
    const response = await post(app, LOGIN, { identifier: admin.username, password: admin.password });
    const cookies = cookiesOf(response);
    const day = 24 * 60 * 60;
    expect(cookies.accessToken).toMatchObject({ value: response.json().accessToken, maxAge: 7 * day, sameSite: 'Strict', path: '/' });
    expect(cookies.accessToken!.httpOnly).toBeFalsy();
    expect(cookies.refreshToken).toMatchObject({
      value: response.json().refreshToken,
      maxAge: 30 * day,
      sameSite: 'Strict',
      httpOnly: true,
    });
    expect(cookies.user).toMatchObject({ maxAge: 7 * day, sameSite: 'Strict' });
    expect(JSON.parse(decodeURIComponent(cookies.user!.value))).toEqual(response.json().user);
    for (const cookie of Object.values(cookies)) expect(cookie.secure).toBeFalsy();
  });

  it('marks the cookies Secure when the request came over https', async () => {
    const base = testDeps();
    const proxied = await buildTestApp({ config: { ...base.config, TRUST_PROXY: true } });
    try {
      const response = await post(
        proxied,
        LOGIN,
        { identifier: admin.email, password: admin.password },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(response.statusCode).toBe(200);
      for (const cookie of Object.values(cookiesOf(response))) expect(cookie.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('answers a wrong password and an unknown identifier identically, without saying which part was wrong', async () => {
    const account = await createAccount();
    const wrongPassword = await post(app, LOGIN, { identifier: account.email, password: 'Wrong#Password1' });
    const unknownUser = await post(app, LOGIN, { identifier: `nobody_${uniqueSuffix()}@auth.test`, password: account.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: MESSAGES.invalidCredentials,
      messageCode: 'invalidCredentials',
      params: {},
    });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('spends the password-hashing time on unknown identifiers too', async () => {
    const durations: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const response = await post(app, LOGIN, { identifier: `ghost_${uniqueSuffix()}`, password: 'Any#Password1' });
      durations.push(performance.now() - start);
      expect(response.statusCode).toBe(401);
    }
    // An argon2id verification (m=64 MiB, t=3) takes over 100 ms here; a lookup alone takes a few ms.
    expect(Math.min(...durations)).toBeGreaterThan(60);
  });

  it('refuses a user without a password like any wrong password', async () => {
    const account = await createAccount({ withPassword: false });
    const response = await post(app, LOGIN, { identifier: account.username, password: 'Anything#1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it.each([
    ['deactivated', { active: false }],
    ['deleted', { deleted: true }],
  ])('refuses a %s account: 401 for a wrong password, 403 only with the right one', async (_, state) => {
    const account = await createAccount(state);
    const wrong = await post(app, LOGIN, { identifier: account.email, password: 'Wrong#Password1' });
    expect(wrong.statusCode).toBe(401);
    const right = await post(app, LOGIN, { identifier: account.email, password: account.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'FORBIDDEN', message: AUTH_MESSAGES.accountDeactivated });
    expect(right.cookies).toEqual([]);
    expect(await testDb().refreshToken.count({ where: { userId: account.id } })).toBe(0);
  });

  it.each([
    ['a malformed email', { identifier: 'admin@demo', password: 'x' }, 'identifier'],
    ['a too-short phone number', { identifier: '12345', password: 'x' }, 'identifier'],
    ['an identifier with spaces', { identifier: 'john smith', password: 'x' }, 'identifier'],
    ['an empty identifier', { identifier: '', password: 'x' }, 'identifier'],
    ['no password', { identifier: 'admin' }, 'password'],
    ['an empty password', { identifier: 'admin', password: '' }, 'password'],
  ])('rejects %s with the field at fault', async (_, payload, field) => {
    const response = await post(app, LOGIN, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { [field]: expect.any(Array) } });
  });

  it('offers the same operation over tRPC, with the same answers and cookies', async () => {
    const account = await createAccount({ role: 'EMPLOYEE' });
    const ok = await post(app, '/backend/trpc/auth.login', { identifier: account.username, password: account.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data.user).toMatchObject({ id: account.id, role: 'EMPLOYEE' });
    expect(Object.keys(cookiesOf(ok)).sort()).toEqual(['accessToken', 'refreshToken', 'user']);

    const wrong = await post(app, '/backend/trpc/auth.login', { identifier: account.username, password: 'Wrong#Password1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(MESSAGES.invalidCredentials);
  });

  it('documents every sign-in operation in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/backend/openapi.json' })).json();
    for (const path of ['login', 'refresh', 'send-otp', 'verify-otp', 'resend-otp', 'reset-password', 'logout']) {
      expect(document.paths[`/backend/user/${path}`]?.post?.tags).toEqual(['auth']);
    }
    expect(document.paths['/backend/register']?.post).toBeDefined();
    expect(document.paths['/backend/user/me']?.get?.security).toEqual([{ bearer: [] }]);
  });

  it('records no failure for a successful sign-in', async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    expect((await post(app, LOGIN, { identifier: account.email, password: account.password }, { ip })).statusCode).toBe(200);
    expect(await testDb().authAttempt.count({ where: { bucket: { contains: account.email } } })).toBe(0);
    expect(await testDb().authAttempt.count({ where: { bucket: `login:ip:${ip}` } })).toBe(0);
  });
});
