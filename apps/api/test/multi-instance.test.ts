// Two real server processes (src/server.ts) on the test database behind a tiny round-robin load balancer
// (bench/lib/round-robin-proxy.ts), as a shop scaled out would run them (docs/operations.md "Scaling out"):
// 1. what one instance writes or decides, the other knows on the very next request: sessions, sign-in
//    throttling, revocation, list totals (each instance caches them in memory);
// 2. restarting one instance as a deploy does (SIGTERM, drain, start again) under a mixed load loses no
//    request, and analytics events buffered by the stopped instance are written before it exits (a rolling
//    restart is this, one instance after another; one is enough here and keeps the suite short).
// Separate processes on purpose: in one process the instances would share their in-memory caches.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '@garage/db';
import type { ImportJob } from '@garage/shared';
import { startAppInstance, type AppInstance } from '../bench/lib/app-instance.ts';
import { startMixedLoad } from '../bench/lib/mixed-load.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../bench/lib/round-robin-proxy.ts';
import { createCustomer, task } from './visits-fixtures.ts';
import { createTestUser, TEST_JWT_SECRET, testDb, uniqueSuffix } from './helpers.ts';

// The test helpers sign tokens with this secret (createTestUser).
const JWT_SECRET = TEST_JWT_SECRET;
let dataDir: string;
const instances: AppInstance[] = [];
let proxy: RoundRobinProxy | undefined;

/** Each instance its own data folder (as on its own machine); the file storage is shared, as an object store would be. */
function instanceEnv(name: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: path.join(dataDir, name),
    STORAGE_DIR: path.join(dataDir, 'storage'),
    JWT_SECRET,
    SEED_DEMO: 'false',
    RUN_JOBS: 'false',
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_SECONDS: '1',
    // Analytics events stay in the buffer until shutdown: the rolling restart checks they are flushed.
    ANALYTICS_FLUSH_MS: '60000',
    ANALYTICS_BATCH_SIZE: '10000',
  };
}

const url = (instance: AppInstance, pathAndQuery: string) => `http://127.0.0.1:${instance.port}${pathAndQuery}`;
/** A client address of its own: sign-in throttling also counts per IP, and other test files sign in too. */
const clientIp = () => `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-multi-instance-'));
  instances.push(...(await Promise.all([startAppInstance('A', instanceEnv('A')), startAppInstance('B', instanceEnv('B'))])));
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
  await rm(dataDir, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('see each other’s writes at once: sessions, sign-in throttling, revocation and list totals', async () => {
    const [a, b] = instances as [AppInstance, AppInstance];
    const password = 'Multi-instance-1';
    const suffix = uniqueSuffix();
    const staff = await testDb().user.create({
      data: {
        firstName: 'Two',
        lastName: `Instances ${suffix}`,
        username: `multi_${suffix}`,
        role: 'EMPLOYEE',
        active: true,
        verified: true,
        passwordHash: await hashPassword(password),
      },
    });
    const ip = clientIp();
    const login = (instance: AppInstance, attempt: string) =>
      fetch(url(instance, '/backend/user/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ identifier: staff.username, password: attempt }),
      });

    // A session opened on A is accepted by B.
    const signIn = await login(a, password);
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    expect((await fetch(url(b, '/backend/profile'), { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);

    // Sign-in failures count together: 3 on A and 2 on B use up the account's 5, the next is refused on A.
    for (const instance of [a, b, a, b, a]) expect((await login(instance, 'wrong-password')).status).toBe(401);
    expect((await login(a, 'wrong-password')).status).toBe(429);

    // A visit created through A is in B's list total on the next request, though B had the total cached.
    const admin = await createTestUser('ADMIN');
    const { customer, vehicle } = await createCustomer();
    const total = async (instance: AppInstance) => {
      const response = await fetch(url(instance, `/backend/visits?customerId=${customer.id}`), { headers: admin.authHeader });
      expect(response.status).toBe(200);
      return ((await response.json()) as { total: number }).total;
    };
    expect(await total(b)).toBe(0);
    expect(await total(b)).toBe(0);
    const created = await fetch(url(a, '/backend/visits'), {
      method: 'POST',
      headers: { ...admin.authHeader, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Two instances',
        customerId: customer.id,
        vehicleId: vehicle.id,
        dueDate: new Date().toISOString().slice(0, 10),
        tasks: [task()],
        timeZone: 'UTC',
      }),
    });
    expect(created.status).toBe(201);
    expect(await total(b)).toBe(1);

    // Deactivated through A: the staff member's token is refused by B on the next request.
    expect(
      (
        await fetch(url(a, `/backend/users/${staff.id}/active`), {
          method: 'PATCH',
          headers: { ...admin.authHeader, 'content-type': 'application/json' },
          body: JSON.stringify({ active: false }),
        })
      ).status,
    ).toBe(200);
    expect((await fetch(url(b, '/backend/profile'), { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);
  }, 60_000);

  it('an import uploaded to one instance is polled, checked and run through the other', async () => {
    const [a, b] = instances as [AppInstance, AppInstance];
    const staff = await createTestUser('EMPLOYEE');
    const suffix = uniqueSuffix();
    const email = `two.instances.${suffix}@import.test`;
    const file = `First name,Last name,Email,Country code,Phone\nTwo,Instances ${suffix},${email},+33,6${String(Date.now()).slice(-8)}\n`;
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'customers.csv');
    const uploaded = await fetch(url(a, '/backend/data-transfer/imports'), { method: 'POST', headers: staff.authHeader, body: form });
    expect(uploaded.status).toBe(201);
    const job = (await uploaded.json()) as ImportJob;
    const poll = async (instance: AppInstance) => {
      const response = await fetch(url(instance, `/backend/data-transfer/imports/${job.id}`), { headers: staff.authHeader });
      expect(response.status).toBe(200);
      return (await response.json()) as ImportJob;
    };
    // B knows the import A took (the old in-process jobs answered 404 here).
    expect(await poll(b)).toMatchObject({ id: job.id, phase: 'uploaded', headers: job.headers, previewRows: job.previewRows });
    const settleOn = async (first: AppInstance, second: AppInstance) => {
      for (let i = 0; ; i++) {
        const view = await poll(i % 2 === 0 ? first : second);
        if (!['validating', 'importing'].includes(view.phase)) return view;
        await sleep(50);
      }
    };
    const send = (instance: AppInstance, action: 'validate' | 'run') =>
      fetch(url(instance, `/backend/data-transfer/imports/${job.id}/${action}`), {
        method: 'POST',
        headers: { ...staff.authHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ options: { mapping: job.suggestedMapping } }),
      });
    // Checked through B (which reads A's upload from the storage), the result polled on both.
    expect((await send(b, 'validate')).status).toBe(202);
    expect(await settleOn(a, b)).toMatchObject({ phase: 'validated', validRows: 1, invalidRows: 0 });
    // Run through B, polled on A then B.
    expect((await send(b, 'run')).status).toBe(202);
    const done = await settleOn(a, b);
    expect(done).toMatchObject({ phase: 'done', summary: { customers: { created: 1 } } });
    expect(await testDb().user.count({ where: { email } })).toBe(1);
    // Discarded on A: gone on B too.
    expect((await fetch(url(a, `/backend/data-transfer/imports/${job.id}`), { method: 'DELETE', headers: staff.authHeader })).status).toBe(
      204,
    );
    expect((await fetch(url(b, `/backend/data-transfer/imports/${job.id}`), { headers: staff.authHeader })).status).toBe(404);
  }, 60_000);

  it('restarting an instance under load loses no request and flushes its buffered analytics', async () => {
    const ports = instances.map((instance) => instance.port);
    proxy = await startRoundRobinProxy(ports);
    for (const port of ports) await proxy.waitUntilInRotation(port);
    const admin = await createTestUser('ADMIN');
    const stamp = randomUUID().replaceAll('-', '').slice(0, 12);
    const load = startMixedLoad({
      baseUrl: () => `http://127.0.0.1:${proxy!.port}`,
      authorization: admin.authHeader.authorization,
      connections: 8,
      stamp,
    });
    const pagePath = `/rolling-${stamp}`;
    let beaconsAccepted = 0;
    const stoppedOutputs: string[] = [];
    try {
      await sleep(1_000);
      for (const index of [0]) {
        const old = instances[index]!;
        // Page views buffered in this instance (flushed every 60 s here): the shutdown must write them.
        for (let i = 0; i < 5; i++) {
          const beacon = await fetch(url(old, '/backend/analytics/track-visit'), {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': clientIp(),
              'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
            },
            body: JSON.stringify({ session_id: `rolling${stamp}${index}${i}`, page_path: pagePath }),
          });
          if (beacon.status === 202) beaconsAccepted += 1;
        }
        expect(await old.stop('SIGTERM')).toBe(0);
        stoppedOutputs.push(old.output());
        const fresh = await startAppInstance(`${old.name}'`, instanceEnv(`${old.name}-restarted`));
        instances[index] = fresh;
        proxy.upstreams[index]!.port = fresh.port;
        await proxy.waitUntilInRotation(fresh.port);
        await sleep(500);
      }
    } finally {
      await load.stop();
    }

    const failures = load.samples.filter((sample) => sample.status < 200 || sample.status >= 300);
    // On failure, the instances' own error lines say why.
    const errorLines = [...stoppedOutputs, ...instances.map((instance) => instance.output())]
      .flatMap((text) => text.split('\n'))
      .filter((line) => /"level":(50|60)/.test(line));
    expect({ failures: failures.slice(0, 5), proxy: proxy.failures.slice(0, 5), errorLines: errorLines.slice(0, 3) }).toEqual({
      failures: [],
      proxy: [],
      errorLines: [],
    });
    expect(load.samples.length).toBeGreaterThan(50);
    const found = await testDb().todoTask.count({ where: { title: { startsWith: `drill ${stamp} ` } } });
    expect(found).toBe(load.acknowledgedWrites.length);
    expect(beaconsAccepted).toBe(5);
    expect(await testDb().pageViewEvent.count({ where: { pagePath } })).toBe(5);
  }, 180_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
