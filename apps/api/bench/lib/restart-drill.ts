// The database-restart drill (docs/operations.md "Restarts"): the app serves a mixed load against its own
// throwaway PostgreSQL; PostgreSQL is stopped, kept down for `outageMs`, and started again on the same port
// and data. Figures: answers while it is down (statuses, p50/p95: 503s, never a hang), time until
// /backend/health answers 200 again, and writes answered 2xx against those found in the database.
// Used by test/db-restart.test.ts (short) and bench/db-restart.ts (the 50 users for 60 s).
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, createLocalStorage, type Db } from '@garage/db';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@garage/db/embedded';
import { migrateDatabase } from '@garage/db/migrate';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/env.ts';
import { signAccessToken } from '../../src/session/session.ts';
import { inWindow, percentile, startMixedLoad, statusCounts, waitUntilHealthy, type Sample } from './mixed-load.ts';

export interface RestartDrillOptions {
  connections: number;
  /** Load before the stop, and after the restart. */
  beforeMs: number;
  afterMs: number;
  /** How long PostgreSQL stays stopped (from the end of its shutdown to the start command). */
  outageMs: number;
  log?: (line: string) => void;
  /** The app's own log (level error: the cause of any 500) on stderr. */
  appLog?: boolean;
}

export interface RestartDrillFigures {
  requests: number;
  /** Every answer from the stop command to the restarted database. */
  outage: { requests: number; statuses: Record<string, number>; p50Ms: number; p95Ms: number; maxMs: number };
  /** Requests that got no HTTP answer at all (refused, reset, or hung past the client's timeout). */
  unanswered: number;
  /** Status 500..599 other than 503, over the whole run. */
  serverErrors: number;
  /** From PostgreSQL accepting connections again to /backend/health answering 200. */
  timeToHealthyMs: number;
  /** After health came back: answers that were not 2xx. */
  failuresAfterRecovery: number;
  writesAcknowledged: number;
  writesFound: number;
  acknowledgedMissing: number;
  /** The stop command's own duration (PostgreSQL's fast shutdown). */
  shutdownMs: number;
}

const secret = 'drill-secret-drill-secret-drill-secret-0123';

export async function runRestartDrill(options: RestartDrillOptions): Promise<RestartDrillFigures> {
  const log = options.log ?? (() => {});
  const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-restart-drill-'));
  // As root, PostgreSQL runs as the OS user "postgres", which must reach its data folder inside this one.
  await chmod(dir, 0o755);
  let cluster: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  let app: App | undefined;
  try {
    cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), persistent: true });
    const port = cluster.port;
    await migrateDatabase(cluster.url);
    db = createDb(cluster.url);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: cluster.url });
    app = await buildApp(
      { config, db, storage: createLocalStorage(config.storageDir), jwtSecret: secret },
      { logger: options.appLog ? { level: 'error' } : false },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stamp = randomUUID().replaceAll('-', '').slice(0, 12);
    const admin = await db.user.create({
      data: {
        firstName: 'Drill',
        lastName: 'Admin',
        username: `drill_${stamp}`,
        email: `drill_${stamp}@drill.test`,
        role: 'ADMIN',
        active: true,
        verified: true,
      },
    });
    const authorization = `Bearer ${signAccessToken({ userId: admin.id, roles: ['ADMIN'] }, secret)}`;

    const load = startMixedLoad({ baseUrl: () => baseUrl, authorization, connections: options.connections, stamp });
    await sleep(options.beforeMs);
    log('stopping PostgreSQL');
    const stopAt = performance.now();
    await cluster.stop();
    const shutdownMs = performance.now() - stopAt;
    await sleep(options.outageMs);
    log('starting PostgreSQL');
    cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), persistent: true, port });
    const upAt = performance.now();
    const timeToHealthyMs = await waitUntilHealthy(`${baseUrl}/backend/health`, 30_000);
    const healthyAt = performance.now();
    log(`healthy again after ${Math.round(timeToHealthyMs)} ms`);
    await sleep(options.afterMs);
    await load.stop();

    const samples: Sample[] = load.samples;
    const outage = inWindow(samples, stopAt, upAt);
    const latencies = outage.map((s) => s.ms);
    const found = await db.todoTask.findMany({ where: { title: { startsWith: `drill ${stamp} ` } }, select: { title: true } });
    const foundTitles = new Set(found.map((row) => row.title));
    return {
      requests: samples.length,
      outage: {
        requests: outage.length,
        statuses: statusCounts(outage),
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        maxMs: Math.max(0, ...latencies),
      },
      unanswered: samples.filter((s) => s.status === 0).length,
      serverErrors: samples.filter((s) => s.status >= 500 && s.status !== 503).length,
      timeToHealthyMs,
      failuresAfterRecovery: samples.filter((s) => s.startedAt >= healthyAt && (s.status < 200 || s.status >= 300)).length,
      writesAcknowledged: load.acknowledgedWrites.length,
      writesFound: found.length,
      acknowledgedMissing: load.acknowledgedWrites.filter((title) => !foundTitles.has(title)).length,
      shutdownMs,
    };
  } finally {
    await app?.close().catch(() => {});
    await db?.$disconnect().catch(() => {});
    await cluster?.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
