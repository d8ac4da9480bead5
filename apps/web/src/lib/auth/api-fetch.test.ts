// apiFetch's refresh-and-retry (SPEC §4 "Requests") and the token helpers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { apiFetch } from '../api-fetch.ts';
import { decodeAccessToken, hasRequiredRole, tokenState } from './access-token.ts';
import { USER, inSeconds, installBrowser, json, tokenFor } from './browser-fakes.ts';
import { postLoginPath } from './session.ts';

const OLD = tokenFor({ sub: 'u1', role: 'EMPLOYEE', exp: inSeconds(600) });
const NEW = tokenFor({ sub: 'u1', role: 'EMPLOYEE', exp: inSeconds(900) });
const REFRESH = expect.stringMatching(/\/user\/refresh$/);
const refreshed = () => json(200, { accessToken: NEW, refreshToken: 'r2', user: USER });
const bearer = (init: RequestInit) => new Headers(init.headers).get('authorization');

describe('apiFetch', () => {
  let browser: ReturnType<typeof installBrowser>;
  beforeEach(() => {
    browser = installBrowser();
    localStorage.setItem('accessToken', OLD);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the access token as a Bearer header', async () => {
    browser.respond(() => json(200));
    expect((await apiFetch('/backend/trpc/visits.list')).status).toBe(200);
    expect(browser.calls).toEqual([{ url: '/backend/trpc/visits.list', authorization: `Bearer ${OLD}` }]);
  });

  it.each([401, 403])('on %i refreshes once and retries with the new token', async (status) => {
    browser.respond((url, init) =>
      url.endsWith('/user/refresh') ? refreshed() : bearer(init) === `Bearer ${NEW}` ? json(200) : json(status),
    );
    const response = await apiFetch('/backend/users', { method: 'POST', body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(browser.calls.map((call) => call.url)).toEqual(['/backend/users', REFRESH, '/backend/users']);
    expect(browser.calls[2]!.authorization).toBe(`Bearer ${NEW}`);
    expect(localStorage.getItem('accessToken')).toBe(NEW);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests failing at the same time', async () => {
    browser.respond((url, init) =>
      url.endsWith('/user/refresh') ? refreshed() : bearer(init) === `Bearer ${NEW}` ? json(200) : json(401),
    );
    const results = await Promise.all([apiFetch('/backend/a'), apiFetch('/backend/b'), apiFetch('/backend/c')]);
    expect(results.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(browser.calls.filter((call) => call.url.endsWith('/user/refresh'))).toHaveLength(1);
  });

  it('retries a request that failed with a token already refreshed by another one, without a second refresh', async () => {
    let releaseSlow: () => void = () => {};
    const slowAnswered = new Promise<void>((resolve) => (releaseSlow = resolve));
    browser.respond(async (url, init) => {
      if (url.endsWith('/user/refresh')) return refreshed();
      if (bearer(init) === `Bearer ${NEW}`) return json(200);
      // The slow request was sent with the old token and answers 401 only after the refresh is done.
      if (url.endsWith('/slow')) await slowAnswered;
      return json(401);
    });
    const slow = apiFetch('/backend/slow');
    expect((await apiFetch('/backend/fast')).status).toBe(200);
    releaseSlow();
    expect((await slow).status).toBe(200);
    expect(browser.calls.filter((call) => call.url.endsWith('/user/refresh'))).toHaveLength(1);
  });

  it('clears the session and goes to / when the refresh fails', async () => {
    document.cookie = 'user=%7B%7D; Path=/';
    browser.respond(() => json(401));
    expect((await apiFetch('/backend/visits')).status).toBe(401);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(document.cookie).not.toContain('user=');
    expect(browser.assign).toHaveBeenCalledWith('/');
  });

  it.each([
    ['no answer (offline, or the page leaving mid-request)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server that cannot answer (503)', () => json(503)],
  ])('keeps the session when the refresh gets %s: the request fails as it came', async (_, refreshAnswer) => {
    document.cookie = 'user=%7B%7D; Path=/';
    browser.respond((url) => (url.endsWith('/user/refresh') ? refreshAnswer() : json(401)));
    expect((await apiFetch('/backend/visits')).status).toBe(401);
    expect(localStorage.getItem('accessToken')).toBe(OLD);
    expect(document.cookie).toContain('user=');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('clears the session when the retry fails again', async () => {
    browser.respond((url) => (url.endsWith('/user/refresh') ? refreshed() : json(403)));
    expect((await apiFetch('/backend/visits')).status).toBe(403);
    expect(browser.calls.map((call) => call.url)).toEqual(['/backend/visits', REFRESH, '/backend/visits']);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it.each(['/backend/user/login', '/backend/user/verify-otp', '/backend/register', '/backend/trpc/auth.login'])(
    'leaves a 401 from sign-in traffic (%s) alone',
    async (url) => {
      browser.respond(() => json(401, { message: 'Invalid identifier or password' }));
      expect((await apiFetch(url)).status).toBe(401);
      expect(browser.calls).toHaveLength(1);
      expect(localStorage.getItem('accessToken')).toBe(OLD);
    },
  );

  it.each(['/backend/setup/check-code', '/backend/setup/complete', '/backend/trpc/setup.complete'])(
    'leaves a 403 for a wrong setup code (%s) alone',
    async (url) => {
      browser.respond(() => json(403, { message: 'The setup code is not valid.' }));
      expect((await apiFetch(url, { method: 'POST' })).status).toBe(403);
      expect(browser.calls).toHaveLength(1);
      expect(localStorage.getItem('accessToken')).toBe(OLD);
    },
  );
});

describe('access token helpers', () => {
  it('reads a single role or a list, and rejects malformed tokens', () => {
    expect(decodeAccessToken(tokenFor({ sub: 'u', role: 'ADMIN', exp: 1 }))).toEqual({ userId: 'u', roles: ['ADMIN'], expiresAt: 1 });
    expect(decodeAccessToken(tokenFor({ sub: 'u', role: ['CLIENT', 'EMPLOYEE'], exp: 1 }))?.roles).toEqual(['CLIENT', 'EMPLOYEE']);
    expect(decodeAccessToken(tokenFor({ sub: 'u', role: 'ROOT', exp: 1 }))).toBeNull();
    expect(decodeAccessToken(tokenFor({ sub: 'u', role: 'ADMIN' }))).toBeNull();
    expect(decodeAccessToken('not-a-token')).toBeNull();
  });

  it('tells valid, expiring (within 300 s), expired and invalid apart', () => {
    const state = (exp: number) => tokenState(decodeAccessToken(tokenFor({ sub: 'u', role: 'ADMIN', exp })));
    expect(state(inSeconds(600))).toBe('valid');
    expect(state(inSeconds(299))).toBe('expiring');
    expect(state(inSeconds(-1))).toBe('expired');
    expect(tokenState(null)).toBe('invalid');
  });

  it('checks roles as SPEC §4 says', () => {
    expect(hasRequiredRole(['CLIENT'], undefined)).toBe(true);
    expect(hasRequiredRole(['CLIENT', 'EMPLOYEE'], ['ADMIN', 'EMPLOYEE'])).toBe(true);
    expect(hasRequiredRole(['MANAGER'], ['ADMIN', 'EMPLOYEE'])).toBe(false);
  });

  it('sends each role to its area, or back to an origin that admits it', () => {
    expect(postLoginPath(['ADMIN'])).toBe('/admin');
    expect(postLoginPath(['EMPLOYEE'], '/admin/visits?f=1')).toBe('/admin/visits?f=1');
    expect(postLoginPath(['CLIENT'], '/admin/visits')).toBe('/client');
    expect(postLoginPath(['CLIENT'], '//evil.example/x')).toBe('/client');
    expect(postLoginPath(['MANAGER'])).toBe('/not-authorized');
  });
});
