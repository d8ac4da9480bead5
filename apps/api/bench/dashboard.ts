// Main panel latency on the full dataset (10,000 customers, 20,000 vehicles, 200,000 visits, 600,000 tasks
// and their payments, plus 2 oil changes per vehicle and 3,000 ratings added here): p50/p95 of
// GET /backend/dashboard/kpis per period (target: p95 <= 150 ms for the last 30 days), and the time of each
// of its six statements alone.
//
//   cd apps/api && pnpm exec tsx bench/dashboard.ts [--requests 200] [--concurrency 1,4]   (default 1)
//        [--database-url postgresql://...   reuse a loaded database (e.g. one kept by bench/visits-list.ts --keep)]
//        [--keep                            leave the throwaway database running and print its URL]
//
// The dashboard is opened by a few people at a time, not by 50 at once: it is measured one request at a
// time (what a user waits for), or as many at a time as --concurrency says. Every period is measured twice:
// "cold" with the oil-change cache off (every figure computed on every call, the upper bound) and "warm"
// with it on (what a user switching periods gets within a minute). The app runs in this process on 127.0.0.1; the load
// generator's own work per request is negligible next to a dashboard call.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDb, createLocalStorage, type Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import { loadCustomersAndVehicles, startThrowawayDatabase } from '@garage/db/dataset/index';
import { generateVisits } from '@garage/db/dataset/visits';
import {
  DASHBOARD_LIMITS,
  OIL_CHANGE_DUE,
  addDays,
  dashboardKpisInputSchema,
  dashboardRange,
  daysBetween,
  startOfDayIn,
} from '@garage/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';
import { configureDashboardCache } from '../src/modules/dashboard/dashboard.service.ts';
import { COMPLETED_SQL, OIL_DUE_SQL, OPENED_SQL, PAYMENTS_SQL, SCALARS_SQL, TASKS_SQL } from '../src/modules/dashboard/dashboard.sql.ts';
import { KeepAliveConnection } from './keep-alive-client.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const TIME_ZONE = 'Europe/Paris';
const DAY = 86_400_000;

/** Oil changes and ratings, which the shared dataset does not make (deterministic, by vehicle/customer order). */
async function addDashboardRows(db: Db) {
  if ((await db.oilChange.count()) === 0) {
    const started = Date.now();
    // Two changes per vehicle: one 200-560 days ago, the last one 0-360 days ago, 10,000 km apart; the
    // vehicle's latest km somewhere between its last change and 1,500 km past the next one.
    await db.$executeRawUnsafe(`
      WITH v AS (SELECT id, "latestKm", row_number() OVER (ORDER BY id) AS n FROM "Vehicle")
      INSERT INTO "OilChange" (id, "vehicleId", "oilName", "oilType", "currentKm", "nextChangeKm", "filterChanged", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), v.id, 'Dataset oil', '5W-30', greatest(v."latestKm" - (n % 11500) - k * 10000, 0),
             greatest(v."latestKm" - (n % 11500) - k * 10000, 0) + 10000, k = 0,
             now() AT TIME ZONE 'UTC' - ((n * 37 % 361) + k * 200) * interval '1 day',
             now() AT TIME ZONE 'UTC' - ((n * 37 % 361) + k * 200) * interval '1 day'
      FROM v CROSS JOIN (VALUES (0), (1)) AS ks(k)`);
    console.log(`oil changes added in ${Date.now() - started} ms`);
  }
  if ((await db.rating.count()) === 0) {
    await db.$executeRawUnsafe(`
      INSERT INTO "Rating" (id, "userId", stars, "createdAt", "updatedAt")
      SELECT gen_random_uuid(), id, 1 + (row_number() OVER (ORDER BY id) * 7 % 5)::int,
             now() AT TIME ZONE 'UTC' - (row_number() OVER (ORDER BY id) % 730) * interval '1 day', now() AT TIME ZONE 'UTC'
      FROM (SELECT id FROM "User" WHERE role = 'CLIENT' ORDER BY id LIMIT 3000) c`);
  }
  await db.$executeRawUnsafe('VACUUM (ANALYZE) "OilChange", "Rating", "Visit", "Payment", "Task", "User", "Vehicle"');
}

// CPU per request, app (this process) and PostgreSQL (the postmaster's children), read from /proc: unlike
// latency it hardly depends on what else the shared machine runs.
const TICK_MS = 10;
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
function childrenCpuMs(parentPid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === parentPid) total += cpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
let postmaster = 0;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(port: number, token: string, pathAndQuery: string, requests: number, concurrency: number) {
  const connections = Array.from({ length: concurrency }, () => new KeepAliveConnection(port));
  const headers = { authorization: `Bearer ${token}` };
  const get = async (connection: KeepAliveConnection) => {
    const started = performance.now();
    const status = await connection.get(pathAndQuery, headers);
    if (status !== 200) throw new Error(`${pathAndQuery}: HTTP ${status}`);
    return performance.now() - started;
  };
  // Warm-up: connections, code paths, PostgreSQL's caches.
  for (let i = 0; i < 10; i++) for (const connection of connections) await get(connection);
  const samples: number[] = [];
  let sent = 0;
  const cpuBefore = { app: process.cpuUsage(), db: childrenCpuMs(postmaster) };
  const started = performance.now();
  await Promise.all(
    connections.map(async (connection) => {
      while (sent < requests) {
        sent++;
        samples.push(await get(connection));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const app = process.cpuUsage(cpuBefore.app);
  const appCpu = (app.user + app.system) / 1000 / samples.length;
  // A backend that exits meanwhile takes its CPU time with it: never below zero (then read it as unknown).
  const dbCpu = Math.max(0, childrenCpuMs(postmaster) - cpuBefore.db) / samples.length;
  for (const connection of connections) connection.close();
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.at(-1)!,
    perSecond: samples.length / seconds,
    appCpu,
    dbCpu,
  };
}

/** Each statement alone, one at a time (median of 20 runs): where the time of a call goes. */
async function statementTimes(db: Db) {
  const query = dashboardKpisInputSchema.parse({ period: 'last30Days', timeZone: TIME_ZONE });
  const range = dashboardRange(query, new Date());
  const utc = (instant: Date) => instant.toISOString().replace('T', ' ').replace('Z', '');
  const starts = (firstDay: string, lastDay: string) =>
    Array.from({ length: daysBetween(firstDay, lastDay) + 1 }, (_, index) => utc(startOfDayIn(addDays(firstDay, index), TIME_ZONE)));
  const periods = [utc(range.from), utc(range.to), utc(range.previous.from), utc(range.previous.to)];
  const withDays = [...periods, starts(range.firstDay, range.lastDay), starts(range.previous.firstDay, range.previous.lastDay)];
  const today = range.lastDay;
  const statements: [string, string, unknown[]][] = [
    ['visits opened', OPENED_SQL, withDays],
    ['tasks', TASKS_SQL, periods],
    ['visits completed', COMPLETED_SQL, withDays],
    ['payments', PAYMENTS_SQL, withDays],
    ['customers, ratings, now', SCALARS_SQL, [...periods, today]],
    [
      'oil changes due',
      OIL_DUE_SQL,
      [
        utc(startOfDayIn(addDays(today, OIL_CHANGE_DUE.soonDays - OIL_CHANGE_DUE.intervalDays + 1), TIME_ZONE)),
        OIL_CHANGE_DUE.soonKm,
        OIL_CHANGE_DUE.intervalDays,
        OIL_CHANGE_DUE.soonDays,
        TIME_ZONE,
        DASHBOARD_LIMITS.oilDueListMax,
      ],
    ],
  ];
  for (const [name, text, params] of statements) {
    const runs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await queryRows(db, { text, values: params });
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(26)} ${percentile(runs, 50).toFixed(1).padStart(6)} ms`);
  }
}

async function main() {
  const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
  const databaseUrl = values['database-url'] ?? throwaway!.url;
  const db = createDb(databaseUrl);
  try {
    if ((await db.visit.count()) < 100_000) {
      const loaded = await loadCustomersAndVehicles(db);
      console.log(`loaded ${loaded.customers.length} customers, ${loaded.vehicles.length} vehicles`);
      const made = await generateVisits(db, { log: (line) => process.stdout.write(`\r${line}   `) });
      console.log(`\nloaded ${made.visits} visits, ${made.tasks} tasks, ${made.payments} payments in ${Math.round(made.ms / 1000)} s`);
    }
    await addDashboardRows(db);
    console.log(
      `dataset: ${await db.visit.count()} visits, ${await db.payment.count()} payments, ${await db.oilChange.count()} oil changes, ${await db.rating.count()} ratings`,
    );

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const secret = randomUUID() + randomUUID();
    const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret: secret }, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP port');
    const [backend] = await queryRows<{ pid: number }>(db, { text: 'SELECT pg_backend_pid() AS pid', values: [] });
    postmaster = Number(readFileSync(`/proc/${backend!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    // Valid for the whole run (the default 15 minutes ran out during a run on a busy machine: HTTP 401).
    const token = signAccessToken({ userId: randomUUID(), roles: ['ADMIN'] }, secret, 24 * 3600);

    console.log('\nstatements alone (last 30 days):');
    await statementTimes(db);

    const requests = Number(values.requests);
    const oneYearAgo = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const scenarios: [string, string][] = [
      ['last30Days', 'period=last30Days'],
      ['today', 'period=today'],
      ['thisWeek', 'period=thisWeek'],
      ['thisMonth', 'period=thisMonth'],
      ['custom 365 days', `period=custom&from=${oneYearAgo}&to=${today}`],
    ];
    console.log(`\nGET /backend/dashboard/kpis, ${requests} requests per row (time zone ${TIME_ZONE}):`);
    console.log('CPU: ms per request (app = this process, db = PostgreSQL backends); load: the 1-minute load average of the machine');
    console.log(
      `${'period'.padEnd(24)} ${'conc'.padStart(4)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'req/s'.padStart(7)} ${'app cpu'.padStart(8)} ${'db cpu'.padStart(8)} ${'load'.padStart(6)}`,
    );
    for (const concurrency of values.concurrency.split(',').map(Number)) {
      for (const cache of ['cold', 'warm'] as const) {
        configureDashboardCache({ oilTtlMs: cache === 'cold' ? 0 : 60_000 });
        for (const [name, query] of scenarios) {
          const result = await measure(
            address.port,
            token,
            `/backend/dashboard/kpis?${query}&timeZone=${encodeURIComponent(TIME_ZONE)}`,
            requests,
            concurrency,
          );
          console.log(
            `${`${name} (${cache})`.padEnd(24)} ${String(concurrency).padStart(4)} ${result.p50.toFixed(1).padStart(8)} ${result.p95.toFixed(1).padStart(8)} ${result.max.toFixed(1).padStart(8)} ${result.perSecond.toFixed(0).padStart(7)} ${result.appCpu.toFixed(1).padStart(8)} ${result.dbCpu.toFixed(1).padStart(8)} ${os.loadavg()[0]!.toFixed(1).padStart(6)}`,
          );
        }
      }
    }
    await app.close();
  } finally {
    await db.$disconnect();
    if (throwaway && values.keep) {
      console.log(`\nthrowaway database kept running: ${databaseUrl} (Ctrl+C stops it)`);
      process.on('SIGINT', () => void throwaway.stop().then(() => process.exit(0)));
    } else await throwaway?.stop();
  }
}

await main();
