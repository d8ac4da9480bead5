import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES, type Role } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createGuards, sessionOf } from '../src/http/guards.ts';
import { signAccessToken, verifyAccessToken } from '../src/session/session.ts';
import errorHandler from '../src/plugins/error-handler.ts';
import { createContextInner } from '../src/trpc/context.ts';
import {
  adminProcedure,
  clientProcedure,
  createCallerFactory,
  protectedProcedure,
  publicProcedure,
  router,
  staffProcedure,
} from '../src/trpc/init.ts';
import { createAccount, cookiesOf, post } from './auth-fixtures.ts';
import { buildTestApp, testDb, testDeps, TEST_JWT_SECRET } from './helpers.ts';

const REFRESH = '/backend/user/refresh';

async function signIn(app: App, role: Role = 'CLIENT') {
  const account = await createAccount({ role });
  const response = await post(app, '/backend/user/login', { identifier: account.username, password: account.password });
  expect(response.statusCode).toBe(200);
  return { account, ...(response.json() as { accessToken: string; refreshToken: string }) };
}

describe('refresh tokens', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('stores only a hash of the refresh token', async () => {
    const { account, refreshToken } = await signIn(app);
    const rows = await testDb().refreshToken.findMany({ where: { userId: account.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(refreshToken);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('rotates on every refresh (body) and returns a fresh access token and the user', async () => {
    const { account, refreshToken } = await signIn(app, 'EMPLOYEE');
    const response = await post(app, REFRESH, { refreshToken });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: account.id, role: 'EMPLOYEE' });
    expect(body.refreshToken).not.toBe(refreshToken);
    expect(verifyAccessToken(body.accessToken, TEST_JWT_SECRET)).toEqual({ userId: account.id, roles: ['EMPLOYEE'] });
    expect(cookiesOf(response).refreshToken?.value).toBe(body.refreshToken);
    expect((await post(app, REFRESH, { refreshToken: body.refreshToken })).statusCode).toBe(200);
  });

  it('reads the refresh token from the httpOnly cookie when the body has none', async () => {
    const { refreshToken } = await signIn(app);
    const response = await post(app, REFRESH, {}, { cookies: { refreshToken } });
    expect(response.statusCode).toBe(200);
    // A browser may send no body at all.
    const bodiless = await app.inject({ method: 'POST', url: REFRESH, cookies: { refreshToken: response.json().refreshToken } });
    expect(bodiless.statusCode).toBe(200);
    const viaTrpc = await post(app, '/backend/trpc/auth.refresh', {}, { cookies: { refreshToken: bodiless.json().refreshToken } });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.accessToken).toEqual(expect.any(String));
  });

  it('revokes the whole family when an already-rotated token is presented again', async () => {
    const { account, refreshToken: first } = await signIn(app);
    const second = (await post(app, REFRESH, { refreshToken: first })).json().refreshToken as string;

    const replay = await post(app, REFRESH, { refreshToken: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MESSAGES.tokenRefreshFailed);
    // The thief's replay also ends the legitimate holder's session: both tokens are now dead.
    expect((await post(app, REFRESH, { refreshToken: second })).statusCode).toBe(401);
    const live = await testDb().refreshToken.count({ where: { userId: account.id, revokedAt: null } });
    expect(live).toBe(0);
  });

  it('lets only one of two simultaneous uses of a token win, and treats the other as a replay', async () => {
    const { account } = await signIn(app);
    const login = () => post(app, '/backend/user/login', { identifier: account.username, password: account.password });
    // Several rounds: the interleavings differ from run to run.
    for (let round = 0; round < 5; round++) {
      const { refreshToken } = (await login()).json();
      const [a, b] = await Promise.all([post(app, REFRESH, { refreshToken }), post(app, REFRESH, { refreshToken })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
      const winner = a.statusCode === 200 ? a : b;
      // The replay revoked the family, including the successor the winner just received.
      expect((await post(app, REFRESH, { refreshToken: winner.json().refreshToken })).statusCode).toBe(401);
    }
  });

  it('keeps other sessions (families) of the same user alive when one is revoked', async () => {
    const account = await createAccount();
    const login = () => post(app, '/backend/user/login', { identifier: account.email, password: account.password });
    const phone = (await login()).json().refreshToken as string;
    const laptop = (await login()).json().refreshToken as string;
    await post(app, REFRESH, { refreshToken: phone });
    await post(app, REFRESH, { refreshToken: phone }); // replay: the phone family dies
    expect((await post(app, REFRESH, { refreshToken: laptop })).statusCode).toBe(200);
  });

  it.each([
    ['no token at all', {}, MESSAGES.noRefreshToken],
    ['an unknown token', { refreshToken: 'x'.repeat(43) }, MESSAGES.tokenRefreshFailed],
  ])('refuses %s', async (_, payload, message) => {
    const response = await post(app, REFRESH, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(message);
  });

  it('refuses an expired refresh token', async () => {
    const { account, refreshToken } = await signIn(app);
    await testDb().refreshToken.updateMany({ where: { userId: account.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await post(app, REFRESH, { refreshToken })).statusCode).toBe(401);
  });

  it('stops refreshing once the account is deactivated, and revokes its tokens', async () => {
    const { account, refreshToken } = await signIn(app);
    await testDb().user.update({ where: { id: account.id }, data: { active: false } });
    const response = await post(app, REFRESH, { refreshToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.accountDeactivated);
    expect(await testDb().refreshToken.count({ where: { userId: account.id, revokedAt: null } })).toBe(0);
  });

  it('logs out: revokes the refresh token and clears the three cookies', async () => {
    const { refreshToken } = await signIn(app);
    const response = await post(app, '/backend/user/logout', {}, { cookies: { refreshToken } });
    expect(response.statusCode).toBe(200);
    const cleared = cookiesOf(response);
    for (const name of ['accessToken', 'refreshToken', 'user']) {
      expect(cleared[name]?.value).toBe('');
      expect(new Date(cleared[name]!.expires!).getTime()).toBeLessThan(Date.now());
    }
    expect((await post(app, REFRESH, { refreshToken })).statusCode).toBe(401);
    // Logging out twice, or without a session or a body, is not an error.
    expect((await post(app, '/backend/user/logout', {})).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/backend/user/logout' })).statusCode).toBe(200);
  });
});

describe('access tokens and GET /backend/user/me', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const me = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/backend/user/me', headers, cookies });

  it('answers the signed-in user from a Bearer token or the accessToken cookie', async () => {
    const { account, accessToken } = await signIn(app);
    expect((await me({ authorization: `Bearer ${accessToken}` })).json()).toMatchObject({ id: account.id, username: account.username });
    expect((await me({}, { accessToken })).json()).toMatchObject({ id: account.id });
    const viaTrpc = await app.inject({ method: 'GET', url: '/backend/trpc/auth.me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(viaTrpc.json().result.data).toMatchObject({ id: account.id });
  });

  it('refuses an expired access token with 401', async () => {
    const account = await createAccount();
    const expired = jwt.sign({ sub: account.id, role: 'CLIENT', exp: Math.floor(Date.now() / 1000) - 5 }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
    });
    const response = await me({ authorization: `Bearer ${expired}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.unauthorized);
  });

  it.each([
    ['no token', {}],
    [
      'a token signed with another secret',
      { authorization: `Bearer ${jwt.sign({ sub: 'x', role: 'ADMIN' }, 'another-secret-another-secret-123')}` },
    ],
    ['an unsigned token', { authorization: `Bearer ${jwt.sign({ sub: 'x', role: 'ADMIN' }, '', { algorithm: 'none' })}` }],
    ['a token with an unknown role', { authorization: `Bearer ${jwt.sign({ sub: 'x', role: 'ROOT' }, TEST_JWT_SECRET)}` }],
  ])('refuses %s with 401', async (_, headers) => {
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('remembers a verified token only until it expires, and only for the secret that signed it', () => {
    const token = signAccessToken({ userId: 'u1', roles: ['EMPLOYEE'] }, TEST_JWT_SECRET, 60);
    const issuedAt = Date.now();
    expect(verifyAccessToken(token, TEST_JWT_SECRET, issuedAt)).toEqual({ userId: 'u1', roles: ['EMPLOYEE'] });
    expect(verifyAccessToken(token, 'another-secret-another-secret-123', issuedAt)).toBeNull();
    expect(verifyAccessToken(token, TEST_JWT_SECRET, issuedAt + 59_000)).toEqual({ userId: 'u1', roles: ['EMPLOYEE'] });
    expect(verifyAccessToken(token, TEST_JWT_SECRET, issuedAt + 61_000)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'u1', role: 'ADMIN', exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(verifyAccessToken(forged, TEST_JWT_SECRET, issuedAt)).toBeNull();
    expect(verifyAccessToken(jwt.sign({ sub: 'u1', role: 'ADMIN' }, TEST_JWT_SECRET), TEST_JWT_SECRET)).toBeNull(); // no expiry
  });

  it('no longer answers for an account deactivated after the token was issued', async () => {
    const { account, accessToken } = await signIn(app);
    await testDb().user.update({ where: { id: account.id }, data: { active: false } });
    expect((await me({ authorization: `Bearer ${accessToken}` })).statusCode).toBe(401);
  });
});

describe('role guards (base procedures and REST preHandlers)', () => {
  const probe = router({
    open: publicProcedure.query(() => 'ok'),
    signedIn: protectedProcedure.query(() => 'ok'),
    staff: staffProcedure.query(() => 'ok'),
    admin: adminProcedure.query(() => 'ok'),
    client: clientProcedure.query(() => 'ok'),
  });
  const callerFor = (roles: Role[] | null) =>
    createCallerFactory(probe)(createContextInner(testDeps(), roles ? { userId: 'u', roles } : null));

  const matrix: [string, Role[] | null, Record<'signedIn' | 'staff' | 'admin' | 'client', boolean>][] = [
    ['anonymous', null, { signedIn: false, staff: false, admin: false, client: false }],
    ['CLIENT', ['CLIENT'], { signedIn: true, staff: false, admin: false, client: true }],
    ['EMPLOYEE', ['EMPLOYEE'], { signedIn: true, staff: true, admin: false, client: false }],
    ['MANAGER', ['MANAGER'], { signedIn: true, staff: true, admin: false, client: false }],
    ['ADMIN', ['ADMIN'], { signedIn: true, staff: true, admin: true, client: false }],
    ['a role list', ['CLIENT', 'EMPLOYEE'], { signedIn: true, staff: true, admin: false, client: true }],
  ];

  it.each(matrix)('tRPC: %s', async (_, roles, allowed) => {
    const caller = callerFor(roles);
    expect(await caller.open()).toBe('ok');
    for (const procedure of ['signedIn', 'staff', 'admin', 'client'] as const) {
      if (allowed[procedure]) await expect(caller[procedure]()).resolves.toBe('ok');
      else await expect(caller[procedure]()).rejects.toMatchObject({ code: roles ? 'FORBIDDEN' : 'UNAUTHORIZED' });
    }
  });

  it.each(matrix)('REST: %s', async (_, roles, allowed) => {
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(cookie);
    app.decorateRequest('session', null);
    const guards = createGuards(TEST_JWT_SECRET);
    for (const name of ['signedIn', 'staff', 'admin', 'client'] as const) {
      app.get(`/${name}`, { preHandler: guards[name] }, async (request) => ({ userId: sessionOf(request).userId }));
    }
    const headers = roles ? { authorization: `Bearer ${signAccessToken({ userId: 'u1', roles }, TEST_JWT_SECRET)}` } : undefined;
    for (const name of ['signedIn', 'staff', 'admin', 'client'] as const) {
      const response = await app.inject({ method: 'GET', url: `/${name}`, headers });
      expect(response.statusCode).toBe(allowed[name] ? 200 : roles ? 403 : 401);
      if (allowed[name]) expect(response.json()).toEqual({ userId: 'u1' });
    }
    await app.close();
  });

  it('REST: a client token on a staff route gets 403, an expired staff token 401', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(cookie);
    app.decorateRequest('session', null);
    app.get('/staff-only', { preHandler: createGuards(TEST_JWT_SECRET).staff }, async () => ({ ok: true }));
    const client = signAccessToken({ userId: 'c', roles: ['CLIENT'] }, TEST_JWT_SECRET);
    const expiredStaff = signAccessToken({ userId: 'e', roles: ['EMPLOYEE'] }, TEST_JWT_SECRET, -10);
    const forbidden = await app.inject({ method: 'GET', url: '/staff-only', headers: { authorization: `Bearer ${client}` } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    expect((await app.inject({ method: 'GET', url: '/staff-only', headers: { authorization: `Bearer ${expiredStaff}` } })).statusCode).toBe(
      401,
    );
    await app.close();
  });
});
