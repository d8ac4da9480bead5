import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { AUTH_THROTTLE } from '../src/modules/auth/auth.throttle.ts';
import { createAccount, post, uniqueIp } from './auth-fixtures.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';

const LOGIN = '/backend/user/login';
const perIdentifier = AUTH_THROTTLE.loginPerIdentifier;
const perIp = AUTH_THROTTLE.loginPerIp;

describe('sign-in throttling', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it(`throttles an identifier after ${perIdentifier.limit} wrong passwords, even with the right one, with Retry-After`, async () => {
    const account = await createAccount();
    const statuses: number[] = [];
    for (let i = 0; i < perIdentifier.limit + 2; i++) {
      statuses.push((await post(app, LOGIN, { identifier: account.email, password: `Wrong#${i}aaaa` })).statusCode);
    }
    expect(statuses).toEqual([...Array(perIdentifier.limit).fill(401), 429, 429]);

    const blocked = await post(app, LOGIN, { identifier: account.email.toUpperCase(), password: account.password });
    expect(blocked.statusCode).toBe(429);
    const body = blocked.json();
    expect(body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManyAttempts });
    expect(body.retryAfterSeconds).toBeGreaterThan(perIdentifier.windowSeconds - 60);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(perIdentifier.windowSeconds);
    expect(blocked.headers['retry-after']).toBe(String(body.retryAfterSeconds));
  });

  it('lets the identifier in again once the oldest failures leave the window', async () => {
    const account = await createAccount();
    for (let i = 0; i < perIdentifier.limit; i++) await post(app, LOGIN, { identifier: account.username, password: 'Wrong#Password1' });
    expect((await post(app, LOGIN, { identifier: account.username, password: account.password })).statusCode).toBe(429);

    // Age the failures past the window instead of waiting 15 minutes.
    const past = new Date(Date.now() - (perIdentifier.windowSeconds + 1) * 1000);
    await testDb().authAttempt.updateMany({ where: { bucket: `login:account:${account.id}` }, data: { createdAt: past } });
    expect((await post(app, LOGIN, { identifier: account.username, password: account.password })).statusCode).toBe(200);
  });

  it('throttles a burst of 20 concurrent wrong passwords: exactly the limit are checked, the rest refused', async () => {
    const account = await createAccount();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(app, LOGIN, { identifier: account.username, password: 'Wrong#Password1' })),
    );
    const count = (status: number) => responses.filter((response) => response.statusCode === status).length;
    expect({ 401: count(401), 429: count(429) }).toEqual({ 401: perIdentifier.limit, 429: 20 - perIdentifier.limit });
    expect((await post(app, LOGIN, { identifier: account.username, password: account.password })).statusCode).toBe(429);
  });

  it('counts failures per account: username, email and phone share one set of guesses', async () => {
    const account = await createAccount();
    const identifiers = [account.username, account.email, `+44${account.phone}`];
    const statuses: number[] = [];
    for (let i = 0; i < perIdentifier.limit + identifiers.length; i++) {
      statuses.push((await post(app, LOGIN, { identifier: identifiers[i % identifiers.length]!, password: 'Wrong#Password1' })).statusCode);
    }
    expect(statuses).toEqual([...Array(perIdentifier.limit).fill(401), ...Array(identifiers.length).fill(429)]);
    for (const identifier of identifiers) expect((await post(app, LOGIN, { identifier, password: account.password })).statusCode).toBe(429);
  });

  it('clears the identifier after a successful sign-in', async () => {
    const account = await createAccount();
    for (let i = 0; i < perIdentifier.limit - 1; i++) await post(app, LOGIN, { identifier: account.email, password: 'Wrong#Password1' });
    expect((await post(app, LOGIN, { identifier: account.email, password: account.password })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < perIdentifier.limit; i++)
      statuses.push((await post(app, LOGIN, { identifier: account.email, password: 'Wrong#Password1' })).statusCode);
    expect(statuses).toEqual(Array(perIdentifier.limit).fill(401));
  });

  it('throttles unknown identifiers exactly like known ones', async () => {
    const ghost = `ghost_${uniqueSuffix()}@auth.test`;
    const statuses: number[] = [];
    for (let i = 0; i < perIdentifier.limit + 1; i++)
      statuses.push((await post(app, LOGIN, { identifier: ghost, password: 'Wrong#Password1' })).statusCode);
    expect(statuses).toEqual([...Array(perIdentifier.limit).fill(401), 429]);
  });

  it(`throttles an address after ${perIp.limit} failures across identifiers, and only that address`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < perIp.limit; i++) {
      const response = await post(app, LOGIN, { identifier: `spray_${uniqueSuffix()}`, password: 'Wrong#Password1' }, { ip });
      expect(response.statusCode).toBe(401);
    }
    const account = await createAccount();
    const blocked = await post(app, LOGIN, { identifier: account.email, password: account.password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await post(app, LOGIN, { identifier: account.email, password: account.password }, { ip: uniqueIp() })).statusCode).toBe(200);
  }, 90_000);

  it('throttles over tRPC too, with the seconds to wait', async () => {
    const account = await createAccount();
    for (let i = 0; i < perIdentifier.limit; i++) {
      await post(app, '/backend/trpc/auth.login', { identifier: account.username, password: 'Wrong#Password1' });
    }
    const blocked = await post(app, '/backend/trpc/auth.login', { identifier: account.username, password: account.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
