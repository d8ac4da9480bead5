// What one request of each kind of the staff mix (bench/lib/staff-mix.ts) costs, measured one request at a
// time inside one process, so the figures hardly move with the machine's load: SQL statements sent to
// PostgreSQL (round trips), app CPU (Fastify inject: routing, hooks, validation, the service, Prisma,
// serialisation; no sockets or HTTP parsing) and PostgreSQL CPU per request. bench/mixed-workload.ts measures
// the same mix under concurrency; this one says where a kind's cost is.
//   cd apps/api && pnpm exec tsx bench/mixed-statements.ts [--requests 300] [--customers 2000] [--visits 20000]
//        [--database-url postgresql://...] [--show 'visit detail' | all] (print one request's statements)
//        [--only 'staff search,visit detail'] (only these kinds) [--pg-data <dir>] (with --database-url: the
//        cluster's data folder, to measure its CPU)
//        [--cpu-prof <file>] (a V8 profile of the measured requests only; read it with cpu-profile-top.ts)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDb, createLocalStorage } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { loadCustomersAndVehicles, startThrowawayDatabase } from '@garage/db/dataset/index';
import { generateVisits } from '@garage/db/dataset/visits';
import { migrateDatabase } from '@garage/db/migrate';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { prepareStaffMix } from './lib/staff-mix.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    customers: { type: 'string', default: '2000' },
    visits: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    show: { type: 'string' },
    only: { type: 'string' },
    'pg-data': { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const secret = 'mixed-statements-secret-mixed-statements-0123';
const TICK_MS = 10;

/**
 * CPU of the cluster's backends in ms: the postmaster's live children, plus what its ended children used
 * (the pool closes idle connections; their time moves to the postmaster's cutime/cstime).
 */
function postgresCpuMs(postmaster: number | null): number {
  if (!postmaster) return 0;
  const own = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]!.split(' ');
  let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * TICK_MS;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {}
  }
  return total;
}

const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
const databaseUrl = values['database-url'] ?? throwaway!.url;
const pgData = throwaway?.dir ?? values['pg-data'];
const postmaster = pgData ? Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-statements-'));
try {
  if (throwaway) {
    await migrateDatabase(databaseUrl);
    const loader = createDb(databaseUrl, { poolSize: 4 });
    console.log('loading the benchmark dataset...');
    await loadCustomersAndVehicles(loader, { customers: Number(values.customers), vehicles: Number(values.customers) * 2 });
    await generateVisits(loader, { visits: Number(values.visits) });
    await loader.$executeRawUnsafe('VACUUM ANALYZE');
    await loader.$disconnect();
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const db = createDb(databaseUrl);
  // Before the app: its idle pooled connections keep the process alive while the app connects its listener.
  const kinds = (await prepareStaffMix(db, secret)).filter((kind) => !values.only || values.only.split(',').includes(kind.name));
  const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret: secret }, { logger: false });
  await app.ready();

  // Every statement of every connection (Prisma's and queryRows') goes through pg's Client#query.
  let statements: string[] = [];
  const client = await poolOf(db).connect();
  const clientPrototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const query = clientPrototype.query;
  clientPrototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    statements.push(
      typeof config === 'string'
        ? config
        : `${config.name ? `[${config.name}] ` : ''}${config.text}${config.values?.length ? `  -- ${JSON.stringify(config.values)}` : ''}`,
    );
    return query.apply(this, args);
  };

  const run = async (request: ReturnType<(typeof kinds)[number]['request']>) => {
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: request.headers,
      ...(request.body ? { payload: request.body as object } : {}),
    });
    if (response.statusCode >= 400)
      throw new Error(`${request.method} ${request.path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  };
  const requests = Number(values.requests);
  const profiler = values['cpu-prof'] ? new Session() : null;
  profiler?.connect();
  console.log(`\n${requests} requests of each kind, one at a time (after ${Math.min(100, requests)} to warm up)`);
  console.log(
    `  ${'kind'.padEnd(18)} ${'statements'.padStart(10)} ${'app CPU ms'.padStart(10)} ${'PG CPU ms'.padStart(10)} ${'wall ms'.padStart(8)}`,
  );
  let sequence = 0;
  for (const kind of kinds) {
    for (let i = 0; i < Math.min(100, requests); i++) await run(kind.request(sequence++));
    statements = [];
    if (profiler && kind === kinds[0]) {
      // From the first kind's measured requests on (later kinds' warm-up requests are steady-state too).
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const cpuBefore = process.cpuUsage();
    const pgBefore = postgresCpuMs(postmaster);
    const started = performance.now();
    for (let i = 0; i < requests; i++) await run(kind.request(sequence++));
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const pg = postgresCpuMs(postmaster) - pgBefore;
    const perRequest = (ms: number) => (ms / requests).toFixed(3);
    console.log(
      `  ${kind.name.padEnd(18)} ${(statements.length / requests).toFixed(1).padStart(10)} ${perRequest((cpu.user + cpu.system) / 1000).padStart(10)} ${(postmaster ? perRequest(pg) : '-').padStart(10)} ${perRequest(wall).padStart(8)}`,
    );
    if (values.show === kind.name || values.show === 'all') {
      statements = [];
      await run(kind.request(sequence++));
      console.log(statements.map((text) => `      ${text.replace(/\s+/g, ' ')}`).join('\n'));
    }
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(values['cpu-prof']!, JSON.stringify(profile));
    console.log(`  profile of every kind's measured requests: ${values['cpu-prof']}`);
  }
  await app.close();
  await db.$disconnect();
} finally {
  await throwaway?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
