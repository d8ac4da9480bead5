// POST /login: the drawn sign-in form sent natively before the web app has started (plugins/login-form.ts).
// It signs in as POST /backend/user/login does, sets the same cookies and sends the visitor to their area.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_THROTTLE } from '../src/modules/auth/auth.throttle.ts';
import type { App } from '../src/app.ts';
import { buildApp } from '../src/app.ts';
import { createAccount, cookiesOf, uniqueIp, type TestAccount } from './auth-fixtures.ts';
import { testDeps } from './helpers.ts';

const HOST = 'garage.test';

describe('POST /login (the drawn sign-in form sent before the app started)', () => {
  let app: App;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'garage-dist-'));
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Garage</title><div id="root"></div>');
    const deps = testDeps();
    app = await buildApp({ ...deps, config: { ...deps.config, NODE_ENV: 'production', WEB_DIST_DIR: dist } }, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const send = (fields: Record<string, string>, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: options.ip ?? uniqueIp(),
      headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const refreshTokenWorks = async (refreshToken: string) =>
    (await app.inject({ method: 'POST', url: '/backend/user/refresh', remoteAddress: uniqueIp(), cookies: { refreshToken }, payload: {} }))
      .statusCode;

  it.each([
    ['staff member', 'ADMIN', '/admin'],
    ['client', 'CLIENT', '/client'],
  ] as const)('signs a %s in: the session cookies of the API sign-in, then 303 to their area', async (_, role, area) => {
    const account = await createAccount({ role });
    const response = await send({ identifier: account.email, password: account.password });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(area);
    const cookies = cookiesOf(response);
    expect(cookies.refreshToken).toMatchObject({ path: '/backend', httpOnly: true, sameSite: 'Strict' });
    expect(cookies.accessToken?.value).toBeTruthy();
    expect(JSON.parse(cookies.user!.value)).toMatchObject({ id: account.id, role });
    expect(await refreshTokenWorks(cookies.refreshToken!.value)).toBe(200);
  });

  it('sends a wrong password back to /login with the identifier and the error, never the password', async () => {
    const account = await createAccount();
    const response = await send({ identifier: account.username, password: 'Wrong#Password1' });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, `http://${HOST}`);
    expect(location.pathname).toBe('/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'invalidCredentials', identifier: account.username });
    expect(response.headers.location).not.toContain('Wrong');
    expect(response.cookies).toEqual([]);
  });

  it('tells a deactivated account so, as the API does', async () => {
    const account = await createAccount({ active: false });
    const response = await send({ identifier: account.email, password: account.password });
    expect(new URL(response.headers.location as string, `http://${HOST}`).searchParams.get('error')).toBe('accountDeactivated');
    expect(response.cookies).toEqual([]);
  });

  it('is throttled with the API sign-in: the same attempts count, and the right password waits too', async () => {
    const account: TestAccount = await createAccount();
    for (let attempt = 0; attempt < AUTH_THROTTLE.loginPerIdentifier.limit; attempt++) {
      // Alternating the form and the API: one count for both.
      if (attempt % 2) await send({ identifier: account.email, password: 'Wrong#Password1' });
      else
        await app.inject({
          method: 'POST',
          url: '/backend/user/login',
          remoteAddress: uniqueIp(),
          payload: { identifier: account.email, password: 'Wrong#Password1' },
        });
    }
    const response = await send({ identifier: account.email, password: account.password });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, `http://${HOST}`);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('tooManyAttempts');
    expect(Number(location.searchParams.get('retry'))).toBeGreaterThan(0);
    expect(response.cookies).toEqual([]);
  });

  it('refuses a form sent from another site (Origin, else Referer, must be this host), signing nobody in', async () => {
    const account = await createAccount();
    const fields = { identifier: account.email, password: account.password };
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', referer: 'https://evil.example/login' },
      { origin: '' },
    ] as Record<string, string>[]) {
      const response = await send(fields, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.cookies).toEqual([]);
    }
    const fromOurPage = await send(fields, { headers: { origin: '', referer: `http://${HOST}/login` } });
    expect(fromOurPage.statusCode).toBe(303);
    expect(fromOurPage.headers.location).toBe('/client');
  });

  it("trusts the browser's Sec-Fetch-Site first: our page under Referrer-Policy no-referrer (Origin null) signs in, another site never", async () => {
    const account = await createAccount();
    const fields = { identifier: account.email, password: account.password };
    // What Chromium sends for our own form when the page's referrer policy is no-referrer (helmet's default).
    const ours = await send(fields, { headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
    expect(ours.statusCode).toBe(303);
    expect(ours.headers.location).toBe('/client');
    for (const site of ['cross-site', 'same-site', 'none']) {
      const response = await send(fields, { headers: { 'sec-fetch-site': site } });
      expect(response.statusCode, site).toBe(403);
      expect(response.cookies).toEqual([]);
    }
  });
});
