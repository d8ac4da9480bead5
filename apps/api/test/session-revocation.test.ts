// Deactivation, deletion, a role change and a password change end the user's access tokens on the very next
// request, REST and tRPC, on this instance and on another app process sharing the database (the NOTIFY path
// of session/session-revocations.ts). Before, a deactivated employee kept staff access for up to 15 min.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { createAccount, post } from './auth-fixtures.ts';
import { buildTestApp, createTestUser, TEST_JWT_SECRET } from './helpers.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A second app instance: the real server entry in its own process, on the same database and secret. */
async function startSecondInstance(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: inject('databaseUrl'),
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/backend/health`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the second instance did not start');
}

describe('revoked sessions end on the next request', () => {
  let app: App;
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await createTestUser('ADMIN');
  });
  afterAll(() => app.close());

  const rest = (token: string) => app.inject({ method: 'GET', url: '/backend/visits', headers: { authorization: `Bearer ${token}` } });
  const trpc = (token: string) =>
    app.inject({ method: 'GET', url: '/backend/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });

  it('deactivation: the staff token is refused at once (REST and tRPC)', async () => {
    const employee = await createTestUser('EMPLOYEE');
    expect((await rest(employee.token)).statusCode).toBe(200);
    const off = await app.inject({
      method: 'PATCH',
      url: `/backend/users/${employee.user.id}/active`,
      headers: admin.authHeader,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await rest(employee.token)).statusCode).toBe(401);
    expect((await trpc(employee.token)).statusCode).toBe(401);
  });

  it('a role change refuses the token that carries the old role; a token issued after it works', async () => {
    const employee = await createTestUser('EMPLOYEE');
    expect((await rest(employee.token)).statusCode).toBe(200);
    const demoted = await app.inject({
      method: 'PUT',
      url: `/backend/users/${employee.user.id}`,
      headers: admin.authHeader,
      payload: { role: 'CLIENT' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await rest(employee.token)).statusCode).toBe(401);
    const renewed = signAccessToken({ userId: employee.user.id, roles: ['CLIENT'] }, TEST_JWT_SECRET);
    expect((await rest(renewed)).statusCode).toBe(403);
    expect((await trpc(renewed)).statusCode).toBe(200);
  });

  it('other users are not affected', async () => {
    const kept = await createTestUser('EMPLOYEE');
    const gone = await createTestUser('EMPLOYEE');
    await app.inject({
      method: 'PATCH',
      url: `/backend/users/${gone.user.id}/active`,
      headers: admin.authHeader,
      payload: { active: false },
    });
    expect((await rest(kept.token)).statusCode).toBe(200);
  });

  /** Signs in through the API: the session's access and refresh tokens. */
  async function signIn(account: { username: string; password: string }) {
    const response = await post(app, '/backend/user/login', { identifier: account.username, password: account.password });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { accessToken: string; refreshToken: string };
  }
  const logoutOf = (session: { refreshToken: string }) => post(app, '/backend/user/logout', { refreshToken: session.refreshToken });

  it("logout ends that session's access token at once (REST and tRPC); the same user's other sessions go on", async () => {
    const account = await createAccount({ role: 'EMPLOYEE' });
    const [phone, laptop] = [await signIn(account), await signIn(account)];
    expect((await rest(phone.accessToken)).statusCode).toBe(200);
    expect((await logoutOf(phone)).statusCode).toBe(200);
    expect((await rest(phone.accessToken)).statusCode).toBe(401);
    expect((await trpc(phone.accessToken)).statusCode).toBe(401);
    expect((await rest(laptop.accessToken)).statusCode).toBe(200);
    expect((await trpc(laptop.accessToken)).statusCode).toBe(200);
  });

  it('a replayed refresh token ends the access tokens of its whole session too', async () => {
    const account = await createAccount({ role: 'EMPLOYEE' });
    const session = await signIn(account);
    const renewed = await post(app, '/backend/user/refresh', { refreshToken: session.refreshToken });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { accessToken } = renewed.json() as { accessToken: string };
    expect((await rest(accessToken)).statusCode).toBe(200);
    // The rotated token presented again: it leaked, so the session ends, access tokens included.
    expect((await post(app, '/backend/user/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await rest(accessToken)).statusCode).toBe(401);
  });

  it('another app process refuses a logged-out token at once, and so does one started after the logout', { timeout: 120_000 }, async () => {
    const account = await createAccount({ role: 'EMPLOYEE' });
    const first = await startSecondInstance();
    let later: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
    try {
      const session = await signIn(account);
      const on = (url: string) => fetch(`${url}/backend/visits`, { headers: { authorization: `Bearer ${session.accessToken}` } });
      expect((await on(first.url)).status).toBe(200);
      expect((await logoutOf(session)).statusCode).toBe(200);
      const started = Date.now();
      let status = (await on(first.url)).status;
      while (status === 200 && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await on(first.url)).status;
      }
      expect(status).toBe(401);
      // An instance that was not listening at the time reads the ended session from the table.
      later = await startSecondInstance();
      expect((await on(later.url)).status).toBe(401);
    } finally {
      first.process.kill('SIGTERM');
      later?.process.kill('SIGTERM');
    }
  });

  it('another app process refuses the token as soon as the change commits', { timeout: 90_000 }, async () => {
    const second = await startSecondInstance();
    try {
      const employee = await createTestUser('EMPLOYEE');
      const onSecond = () => fetch(`${second.url}/backend/visits`, { headers: { authorization: `Bearer ${employee.token}` } });
      expect((await onSecond()).status).toBe(200);
      const off = await app.inject({
        method: 'PATCH',
        url: `/backend/users/${employee.user.id}/active`,
        headers: admin.authHeader,
        payload: { active: false },
      });
      expect(off.statusCode).toBe(200);
      // NOTIFY is delivered after the commit, within milliseconds; allow a little time, not 15 minutes.
      const started = Date.now();
      let status = (await onSecond()).status;
      while (status === 200 && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await onSecond()).status;
      }
      expect(status).toBe(401);
    } finally {
      second.process.kill('SIGTERM');
    }
  });
});
