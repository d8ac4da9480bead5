// The whole staff workload at once, not one endpoint (issue 16 "The whole workload fast"): `--connections`
// simulated users on keep-alive connections, each sending one request at a time, drawn from a realistic mix
// (visits list, users list, staff search, visit detail, to-do list, a client's vehicle visits, tRPC
// visits.list, health, and a few writes). Prints per kind p50/p95/req/s and, for the whole run, operations/s
// and the CPU milliseconds per request of the app process and of PostgreSQL (read from /proc: unlike
// latency, this barely depends on what else the machine runs). Targets (50 users, benchmark dataset): every
// read p95 <= 50 ms, the mix >= 1,500 operations/s with 0 errors.
//
// The app runs in its own process (src/server.ts through tsx, or --compiled dist/server.mjs) against a
// throwaway PostgreSQL with the benchmark dataset (--customers/--visits; small by default), or --database-url.
// The load generator shares the machine: its own CPU per request is printed too, and the total (app +
// PostgreSQL + load generator) is what two cores must fit: 2,000 ms/s / 1,500 ops/s = 1.33 ms per operation.
//   cd apps/api && pnpm exec tsx bench/mixed-workload.ts [--connections 50] [--seconds 20]
//        [--customers 2000] [--visits 20000] [--database-url postgresql://...] [--compiled]
//        [--bundle dist/other.mjs] (a bundle of its own: `node scripts/build.mjs dist/other.mjs`)
//        [--only 'staff search'] (one kind: its own CPU per request) [--cpu-prof <dir>] (app profile)
//        [--pool-size 10] (the app's PostgreSQL connections)
//        [--node-args='--max-semi-space-size=4'] (extra node options for the app, to compare their CPU and memory)
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDb } from '@garage/db';
import { loadCustomersAndVehicles, startThrowawayDatabase } from '@garage/db/dataset/index';
import { generateVisits } from '@garage/db/dataset/visits';
import { migrateDatabase } from '@garage/db/migrate';
import { startAppInstance } from './lib/app-instance.ts';
import { KeepAliveConnection } from './keep-alive-client.ts';
import { percentile } from './lib/mixed-load.ts';
import { prepareStaffMix } from './lib/staff-mix.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    customers: { type: 'string', default: '2000' },
    visits: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    compiled: { type: 'boolean', default: false },
    bundle: { type: 'string' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'pool-size': { type: 'string' },
    'node-args': { type: 'string', default: '' },
  },
});
const secret = 'mixed-workload-secret-mixed-workload-0123';

const TICK_MS = 10;
function cpuMs(pid: number, which: 'user' | 'system' | 'both' = 'both'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((which === 'system' ? 0 : Number(fields[11])) + (which === 'user' ? 0 : Number(fields[12]))) * TICK_MS;
  } catch {
    return 0;
  }
}
/**
 * CPU of the benchmark's PostgreSQL: the postmaster and its children (backends) when this script started
 * the cluster, else every postgres process on the machine (other clusters included: less exact).
 */
function postgresCpuMs(postmaster: number | null): number {
  // Ended backends' time moves to the postmaster's cutime/cstime (fields 13, 14).
  const ended = (pid: number) =>
    readFileSync(`/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ')
      .slice(13, 15)
      .reduce((sum, ticks) => sum + Number(ticks) * TICK_MS, 0);
  let total = postmaster ? cpuMs(postmaster) + ended(postmaster) : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.split(') ')[1]!.split(' ')[1]);
      const ours = postmaster ? parent === postmaster : readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres';
      if (ours) total += cpuMs(Number(entry));
    } catch {}
  }
  return total;
}

const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
const databaseUrl = values['database-url'] ?? throwaway!.url;
const postmaster = throwaway ? Number(readFileSync(path.join(throwaway.dir, 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-mixed-'));
await chmod(dataDir, 0o755);
try {
  const db = createDb(databaseUrl, { poolSize: 4 });
  if (throwaway) {
    await migrateDatabase(databaseUrl);
    console.log('loading the benchmark dataset...');
    await loadCustomersAndVehicles(db, { customers: Number(values.customers), vehicles: Number(values.customers) * 2 });
    await generateVisits(db, { visits: Number(values.visits) });
    await db.$executeRawUnsafe('VACUUM ANALYZE');
  }
  const kinds = await prepareStaffMix(db, secret);
  await db.$disconnect();

  const app = await startAppInstance(
    'bench',
    {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'error',
      ...(values['pool-size'] ? { DATABASE_POOL_SIZE: values['pool-size'] } : {}),
    },
    {
      compiled: values.bundle ?? values.compiled,
      nodeArgs: [
        ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : []),
        ...values['node-args']!.split(' ').filter(Boolean),
      ],
    },
  );
  if (values.only && !kinds.some((kind) => kind.name === values.only))
    throw new Error(`--only: one of ${kinds.map((kind) => kind.name).join(', ')}`);
  const deck = kinds
    .filter((kind) => !values.only || kind.name === values.only)
    .flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
  const samples = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
  const errors = new Map<string, number>();

  const loadBefore = execSync('uptime').toString().trim();
  const appCpuBefore = cpuMs(app.child.pid!);
  const appSystemBefore = cpuMs(app.child.pid!, 'system');
  const generatorCpuBefore = process.cpuUsage();
  const pgCpuBefore = postgresCpuMs(postmaster);
  const started = performance.now();
  const endAt = started + Number(values.seconds) * 1000;
  // The app's resident memory (/proc), sampled through the run: its peak and its value at the end.
  const appRssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const rssBefore = appRssMb();
  let rssPeak = rssBefore;
  const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, appRssMb())), 50);
  let sequence = 0;
  await Promise.all(
    Array.from({ length: Number(values.connections) }, async () => {
      const connection = new KeepAliveConnection(app.port);
      try {
        while (performance.now() < endAt) {
          const n = sequence++;
          const kind = deck[(n * 7919) % deck.length]!;
          const { method, path: target, headers, body } = kind.request(n);
          const t = performance.now();
          const status =
            method === 'GET' ? await connection.get(target, headers) : await connection.sendJson(method, target, headers, body);
          samples.get(kind.name)!.push(performance.now() - t);
          if (status >= 400) errors.set(`${kind.name} ${status}`, (errors.get(`${kind.name} ${status}`) ?? 0) + 1);
        }
      } finally {
        connection.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const appCpu = cpuMs(app.child.pid!) - appCpuBefore;
  const appSystem = cpuMs(app.child.pid!, 'system') - appSystemBefore;
  const pgCpu = postgresCpuMs(postmaster) - pgCpuBefore;
  const generatorUsage = process.cpuUsage(generatorCpuBefore);
  const generatorCpu = (generatorUsage.user + generatorUsage.system) / 1000;
  clearInterval(rssSampler);
  const rssEnd = appRssMb();
  await app.stop('SIGTERM');

  const total = [...samples.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `\nMixed workload: ${values.connections} connections, ${seconds.toFixed(1)} s, ${values.bundle ?? (values.compiled ? 'compiled' : 'tsx')}${values.only ? `, only ${values.only}` : ''}`,
  );
  console.log(`  ${'kind'.padEnd(18)} ${'requests'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  for (const [name, list] of samples) {
    if (list.length === 0) continue;
    console.log(
      `  ${name.padEnd(18)} ${String(list.length).padStart(8)} ${(list.length / seconds).toFixed(0).padStart(8)} ${percentile(list, 50).toFixed(1).padStart(8)} ${percentile(list, 95).toFixed(1).padStart(8)}`,
    );
  }
  const all = [...samples.values()].flat();
  console.log(
    `  ${'all'.padEnd(18)} ${String(total).padStart(8)} ${(total / seconds).toFixed(0).padStart(8)} ${percentile(all, 50).toFixed(1).padStart(8)} ${percentile(all, 95).toFixed(1).padStart(8)}`,
  );
  console.log(`  errors: ${errors.size === 0 ? 0 : JSON.stringify(Object.fromEntries(errors))}`);
  const perOp = (ms: number) => (ms / total).toFixed(2);
  console.log(
    `  CPU per request: app ${perOp(appCpu)} ms (kernel ${perOp(appSystem)}), PostgreSQL ${perOp(pgCpu)} ms${postmaster ? '' : ' (every postgres process on the machine)'}, load generator ${perOp(generatorCpu)} ms; total ${perOp(appCpu + pgCpu + generatorCpu)} ms`,
  );
  console.log(
    `  app RSS: ${rssBefore.toFixed(0)} MB before the load, peak ${rssPeak.toFixed(0)} MB, ${rssEnd.toFixed(0)} MB at the end${values['node-args'] ? ` (node ${values['node-args']})` : ''}`,
  );
  console.log(`  load average before: ${loadBefore}`);
  if (values['cpu-prof'])
    console.log(
      `  profile: the load ran from ${Math.round(started - app.spawnedAt)} ms after the app started (cpu-profile-top.ts --skip-ms ${Math.round(started - app.spawnedAt)})`,
    );
  console.log(`  load average after:  ${execSync('uptime').toString().trim()}`);
} finally {
  await throwaway?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
