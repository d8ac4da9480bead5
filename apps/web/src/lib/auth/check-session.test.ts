// The session check of protected routes (SPEC §4), outcome by outcome.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession } from './check-session.ts';
import { USER, inSeconds, installBrowser, json, tokenFor } from './browser-fakes.ts';

const STAFF = ['ADMIN', 'EMPLOYEE'] as const;
const token = (exp: number, role: string | string[] = 'EMPLOYEE') => tokenFor({ sub: 'u1', role, exp });

describe('checkSession', () => {
  let browser: ReturnType<typeof installBrowser>;
  beforeEach(() => {
    browser = installBrowser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const refreshWith = (accessToken: string) => browser.respond(() => json(200, { accessToken, refreshToken: 'r', user: USER }));
  const refreshCalls = () => browser.calls.filter((call) => call.url.endsWith('/user/refresh')).length;

  it('sends a visitor without a token to /login', async () => {
    expect(await checkSession(STAFF)).toEqual({ kind: 'login', problem: 'noToken', logout: false });
  });

  it('logs out an invalid token', async () => {
    localStorage.setItem('accessToken', 'garbage');
    expect(await checkSession(STAFF)).toEqual({ kind: 'login', problem: 'invalidToken', logout: true });
  });

  it('lets a valid token with a matching role in, without refreshing', async () => {
    localStorage.setItem('accessToken', token(inSeconds(900)));
    expect(await checkSession(STAFF)).toEqual({ kind: 'allowed' });
    expect(refreshCalls()).toBe(0);
  });

  it('sends a valid token without the role to /not-authorized (a role list counts any of its roles)', async () => {
    localStorage.setItem('accessToken', token(inSeconds(900), 'CLIENT'));
    expect(await checkSession(STAFF)).toEqual({ kind: 'not-authorized' });
    localStorage.setItem('accessToken', token(inSeconds(900), ['CLIENT', 'EMPLOYEE']));
    expect(await checkSession(STAFF)).toEqual({ kind: 'allowed' });
  });

  it('refreshes an expired token, then checks the new one and the role', async () => {
    localStorage.setItem('accessToken', token(inSeconds(-10)));
    refreshWith(token(inSeconds(900)));
    expect(await checkSession(STAFF)).toEqual({ kind: 'allowed' });
    expect(refreshCalls()).toBe(1);

    localStorage.setItem('accessToken', token(inSeconds(-10)));
    refreshWith(token(inSeconds(900), 'CLIENT'));
    expect(await checkSession(STAFF)).toEqual({ kind: 'not-authorized' });
  });

  it('logs out when the refresh fails', async () => {
    localStorage.setItem('accessToken', token(inSeconds(-10)));
    browser.respond(() => json(401));
    expect(await checkSession(STAFF)).toEqual({ kind: 'login', problem: 'tokenRefreshFailed', logout: true });
  });

  it('sends to /login without logging out when the refresh gets no answer (the session may still be good)', async () => {
    localStorage.setItem('accessToken', token(inSeconds(-10)));
    browser.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkSession(STAFF)).toEqual({ kind: 'login', problem: 'tokenRefreshFailed', logout: false });
    browser.respond(() => json(503));
    expect(await checkSession(STAFF)).toEqual({ kind: 'login', problem: 'tokenRefreshFailed', logout: false });
  });

  it('logs out when the new token is already expired', async () => {
    localStorage.setItem('accessToken', token(inSeconds(-10)));
    refreshWith(token(inSeconds(-5)));
    expect(await checkSession(STAFF)).toEqual({ kind: 'login', problem: 'newTokenInvalid', logout: true });
  });

  it('lets a token expiring within 300 s in and refreshes it in the background; a failure only warns', async () => {
    localStorage.setItem('accessToken', token(inSeconds(120)));
    const renewed = token(inSeconds(900));
    refreshWith(renewed);
    expect(await checkSession(STAFF)).toEqual({ kind: 'allowed' });
    await vi.waitFor(() => expect(localStorage.getItem('accessToken')).toBe(renewed));

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('accessToken', token(inSeconds(120)));
    browser.respond(() => json(500));
    expect(await checkSession(STAFF)).toEqual({ kind: 'allowed' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Token refresh failed', expect.anything()));
  });
});
