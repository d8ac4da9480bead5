// The process's shared LISTEN connection (src/lib/pg-listener.ts): one connection however many users, a
// NOTIFY reaches every handler of its channel, and when the connection is killed (pg_terminate_backend, as a
// database restart or a network cut would end it) it reconnects, LISTENs again, runs the onReconnect
// handlers (again if one fails) and hears later NOTIFYs. Then the reason for onReconnect, end to end: a
// revocation whose NOTIFY was never heard is loaded after the reconnection and refuses the token.
// Each test opens its listener on a database URL with an application_name of its own, so it can find and
// kill exactly that backend without disturbing the listeners of other test files on the same database.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '@garage/db';
import { openPgListener, type PgListener } from '../src/lib/pg-listener.ts';
import { buildTestApp, createTestUser, testDb } from './helpers.ts';

const silent = { warn: () => {} };
const toClose: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of toClose.splice(0).reverse()) await close();
});

/** A client of its own on the test database, its connections named `name` in pg_stat_activity. */
function namedDb(name: string): Db {
  const url = new URL(inject('databaseUrl'));
  url.searchParams.set('application_name', name);
  const db = createDb(url.toString(), { poolSize: 2 });
  toClose.push(() => db.$disconnect());
  return db;
}

async function listenerBackends(name: string): Promise<number[]> {
  const rows = await testDb().$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE application_name = ${name} AND query LIKE 'LISTEN %'`;
  return rows.map((row) => row.pid);
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const notify = (channel: string, payload: string) => testDb().$executeRaw`SELECT pg_notify(${channel}, ${payload})`;

describe('shared LISTEN connection', () => {
  it('delivers each NOTIFY to every handler of its channel, over one connection for every user', async () => {
    const name = `pg-listener-${randomUUID().slice(0, 8)}`;
    const db = namedDb(name);
    const first = await openPgListener(db, silent);
    const second = await openPgListener(db, silent);
    toClose.push(
      () => first.close(),
      () => second.close(),
    );
    const heard = { first: [] as string[], second: [] as string[], other: [] as string[] };
    await first.listen('pg_listener_test_a', (payload) => heard.first.push(payload));
    await second.listen('pg_listener_test_a', (payload) => heard.second.push(payload));
    await second.listen('pg_listener_test_b', (payload) => heard.other.push(payload));

    expect(await listenerBackends(name)).toHaveLength(1);
    await notify('pg_listener_test_a', 'one');
    await notify('pg_listener_test_b', 'two');
    await waitFor(() => heard.first.length === 1 && heard.second.length === 1 && heard.other.length === 1);
    expect(heard).toEqual({ first: ['one'], second: ['one'], other: ['two'] });

    // A closed user hears nothing more; the connection stays for the others, and ends with the last one.
    await first.close();
    await notify('pg_listener_test_a', 'three');
    await waitFor(() => heard.second.length === 2);
    expect(heard.first).toEqual(['one']);
    expect(await listenerBackends(name)).toHaveLength(1);
    await second.close();
    await waitFor(async () => (await listenerBackends(name)).length === 0);
  });

  it('reconnects after its backend is killed, LISTENs again, runs onReconnect and hears later NOTIFYs', async () => {
    const name = `pg-listener-${randomUUID().slice(0, 8)}`;
    const db = namedDb(name);
    const listeners: PgListener[] = [await openPgListener(db, silent), await openPgListener(db, silent)];
    toClose.push(...listeners.map((listener) => () => listener.close()));
    const heard: string[][] = [[], []];
    const reconnections = [0, 0];
    for (const [index, listener] of listeners.entries()) {
      await listener.listen('pg_listener_test_c', (payload) => heard[index]!.push(payload));
      listener.onReconnect(() => void (reconnections[index]! += 1));
    }
    await notify('pg_listener_test_c', 'before');
    await waitFor(() => heard.every((payloads) => payloads.length === 1));
    expect(reconnections).toEqual([0, 0]);

    const [pid] = await listenerBackends(name);
    expect(pid).toBeDefined();
    await testDb().$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    await waitFor(() => reconnections.every((count) => count === 1));
    const [newPid] = await listenerBackends(name);
    expect(newPid).toBeDefined();
    expect(newPid).not.toBe(pid);

    await notify('pg_listener_test_c', 'after');
    await waitFor(() => heard.every((payloads) => payloads.length === 2));
    expect(heard).toEqual([
      ['before', 'after'],
      ['before', 'after'],
    ]);
  });

  it('tries the reconnection again when an onReconnect handler fails', async () => {
    const name = `pg-listener-${randomUUID().slice(0, 8)}`;
    const listener = await openPgListener(namedDb(name), silent);
    toClose.push(() => listener.close());
    const heard: string[] = [];
    await listener.listen('pg_listener_test_d', (payload) => heard.push(payload));
    let calls = 0;
    listener.onReconnect(() => {
      calls += 1;
      if (calls === 1) throw new Error('catching up failed');
    });

    const [pid] = await listenerBackends(name);
    await testDb().$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    await waitFor(() => calls === 2);
    await notify('pg_listener_test_d', 'after');
    await waitFor(() => heard.length === 1);
  });

  it('a revocation committed while the connection was down is loaded after the reconnection', async () => {
    const name = `pg-listener-${randomUUID().slice(0, 8)}`;
    const app = await buildTestApp({ db: namedDb(name) });
    toClose.push(() => app.close());
    const employee = await createTestUser('EMPLOYEE');
    const visits = () => app.inject({ method: 'GET', url: '/backend/visits', headers: employee.authHeader });
    expect((await visits()).statusCode).toBe(200);

    // The revocation's row without its NOTIFY: what an instance misses while its LISTEN connection is down.
    await testDb().user.update({ where: { id: employee.user.id }, data: { sessionsRevokedAt: new Date() } });
    expect((await visits()).statusCode).toBe(200);

    // Revocations, change notices and live analytics: one LISTEN connection for the whole app.
    const backends = await listenerBackends(name);
    expect(backends).toHaveLength(1);
    await testDb().$queryRaw`SELECT pg_terminate_backend(${backends[0]}::int)`;
    await waitFor(async () => (await visits()).statusCode === 401);
  });
});
