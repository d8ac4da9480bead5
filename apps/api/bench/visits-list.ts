// Visits list latency on the full dataset (10,000 customers, 20,000 vehicles, 200,000 visits, 600,000 tasks
// and their payments): p50/p95 of GET /backend/visits under every filter, payment filter, date filter and
// sort, at 50 concurrent requests (target p95 <= 25 ms).
//
// The app runs in its own process (this file with --serve) so the load generator does not share its event
// loop; both talk over 127.0.0.1 only. Runs are bounded by a request count per scenario.
//   cd apps/api && pnpm exec tsx bench/visits-list.ts [--requests 1000] [--concurrency 50] [--rounds 3]
//        [--database-url postgresql://...   reuse a loaded database instead of building a throwaway one]
//        [--keep                            leave the throwaway database running and print its URL]
//        [--cold | --cold-only              also (or only) measure with the list-total cache disabled]
//        [--only <text>                     only the scenarios whose name contains <text>]
//        [--rounds 3                        rounds through all scenarios; figures are the median round]
//        [--pool-size 10                    the app's PostgreSQL connections (default: the app's default)]
//        [--cpu-prof <dir>                  write a V8 CPU profile of the app process to <dir>; read it
//                                           with bench/cpu-profile-top.ts]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, createLocalStorage, DEFAULT_POOL_SIZE } from '@garage/db';
import { loadCustomersAndVehicles, startThrowawayDatabase } from '@garage/db/dataset/index';
import { generateVisits } from '@garage/db/dataset/visits';
import { DATE_FILTERS, VISIT_FILTERS, VISIT_PAYMENT_FILTERS, VISIT_SORTS } from '@garage/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';
import { KeepAliveConnection } from './keep-alive-client.ts';
import { configureVisitCountCache } from '../src/modules/visits/visit-counts.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
    'cold-only': { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    'no-count-cache': { type: 'boolean', default: false },
    only: { type: 'string' },
    'pool-size': { type: 'string', default: String(DEFAULT_POOL_SIZE) },
    'cpu-prof': { type: 'string' },
    secret: { type: 'string' },
  },
});

/** Child mode: the real app on 127.0.0.1, a random port, reported on stdout. */
async function serve() {
  const url = values['database-url']!;
  if (values['no-count-cache']) configureVisitCountCache({ ttlMs: 0 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url });
  const db = createDb(url, { poolSize: Number(values['pool-size']) });
  const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret: values.secret! }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP port');
  console.log(`LISTENING ${address.port}`);
  // The benchmark holds our stdin open; when it ends (even killed), so does this server.
  process.stdin.on('end', () => process.exit(0)).resume();
}

async function startServer(databaseUrl: string, secret: string, countCache: boolean): Promise<{ port: number; child: ChildProcess }> {
  const profile = values['cpu-prof'] ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  const args = [
    ...process.execArgv,
    ...profile,
    fileURLToPath(import.meta.url),
    '--serve',
    '--database-url',
    databaseUrl,
    '--secret',
    secret,
    '--pool-size',
    values['pool-size'],
  ];
  if (!countCache) args.push('--no-count-cache');
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { port, child };
}

/** Ends the server by closing its stdin, so it exits normally (and writes its CPU profile); kills it if it hangs. */
async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin!.end();
  const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
  await exited;
  clearTimeout(timer);
}

// CPU time actually spent per request by the app process and by PostgreSQL (its backends), read from
// /proc, and by this load generator ("gen cpu", which shares the same cores). Unlike latency, it does not
// depend much on what else the machine is running, so it gives the capacity of dedicated cores:
// requests/s ≈ cores * 1000 / (app ms + database ms) when the load comes from elsewhere. "busy" is how much
// of all cores was in use during the scenario, by anything: near 100% means the cores were saturated.
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
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === parentPid) total += cpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Busy and total jiffies of the whole machine (all processes, all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Pids {
  app: number;
  postmaster: number;
}

async function measure(pids: Pids, port: number, token: string, name: string, pathAndQuery: string, requests: number, concurrency: number) {
  const connections = Array.from({ length: concurrency }, () => new KeepAliveConnection(port));
  const headers = { authorization: `Bearer ${token}` };
  const get = async (connection: KeepAliveConnection) => {
    const started = performance.now();
    const status = await connection.get(pathAndQuery, headers);
    if (status !== 200) throw new Error(`${name}: HTTP ${status}`);
    return performance.now() - started;
  };
  for (const connection of connections) await get(connection);
  const samples: number[] = [];
  let sent = 0;
  const cpuBefore = { app: cpuMs(pids.app), db: childrenCpuMs(pids.postmaster), load: process.cpuUsage(), machine: machineTicks() };
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
  const appCpu = (cpuMs(pids.app) - cpuBefore.app) / samples.length;
  const dbCpu = (childrenCpuMs(pids.postmaster) - cpuBefore.db) / samples.length;
  const load = process.cpuUsage(cpuBefore.load);
  const loadCpu = (load.user + load.system) / 1000 / samples.length;
  const machine = machineTicks();
  const machineBusy = (machine.busy - cpuBefore.machine.busy) / (machine.total - cpuBefore.machine.total);
  for (const connection of connections) connection.close();
  samples.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    perSecond: samples.length / seconds,
    appCpu,
    dbCpu,
    loadCpu,
    machineBusy,
  };
}

function scenarios(): [string, string][] {
  const list: [string, string][] = [];
  for (const sort of VISIT_SORTS) list.push([`sort=${sort}`, `/backend/visits?sort=${sort}`]);
  for (const filter of VISIT_FILTERS) list.push([`filter=${filter}`, `/backend/visits?filter=${filter}`]);
  for (const payment of VISIT_PAYMENT_FILTERS) list.push([`payment=${payment}`, `/backend/visits?payment=${payment}`]);
  for (const date of DATE_FILTERS) list.push([`date=${date}`, `/backend/visits?date=${date}`]);
  list.push(['filter=pending&sort=customerName', '/backend/visits?filter=pending&sort=customerName']);
  list.push(['filter=unpaid&sort=highestCost', '/backend/visits?filter=unpaid&sort=highestCost']);
  list.push(['filter=overdue&sort=dueDate', '/backend/visits?filter=overdue&sort=dueDate']);
  list.push(['date=last30Days&sort=customerName', '/backend/visits?date=last30Days&sort=customerName']);
  list.push(['sort=newest&page=100', '/backend/visits?sort=newest&page=100']);
  list.push(['tRPC visits.list newest', `/backend/trpc/visits.list?input=${encodeURIComponent(JSON.stringify({ sort: 'newest' }))}`]);
  return list;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function run(databaseUrl: string, requests: number, concurrency: number, rounds: number, countCache: boolean, postmaster: number) {
  const secret = randomUUID() + randomUUID();
  const token = signAccessToken({ userId: randomUUID(), roles: ['EMPLOYEE'] }, secret, 3600);
  const { port, child } = await startServer(databaseUrl, secret, countCache);
  const pids = { app: child.pid!, postmaster };
  const title = countCache
    ? 'visits list (list totals cached as in production)'
    : 'visits list, list-total cache DISABLED (every request counts)';
  console.log(`\n${title}: ${requests} requests per scenario and round, ${concurrency} concurrent, ${rounds} rounds`);
  console.log('p50/p95/req/s: median of the rounds; worst p95: the slowest round; CPU: ms per request, mean of the rounds');
  const header = ['p50 ms', 'p95 ms', 'worst p95', 'req/s', 'app cpu', 'db cpu', 'gen cpu', 'busy'];
  console.log(`${'scenario'.padEnd(38)} ${header.map((h) => h.padStart(9)).join(' ')}`);
  const all: { name: string; p95: number; worstP95: number; cpu: number }[] = [];
  try {
    // Warm the JIT (of the app and of this load generator) and the caches on every scenario first, at the
    // measured concurrency, so the first rows are not penalised: with 100 requests at 10 concurrent, the
    // first three scenarios of any selection still cost 1.5-2.5x the CPU per request of the later ones.
    const selected = scenarios().filter(([name]) => !values.only || name.includes(values.only));
    if (selected.length === 0) throw new Error(`no scenario name contains "${values.only}"`);
    // At least 3,000 warm-up requests in all, so a run of a few scenarios (--only) is as warm as a full one.
    const warmUp = Math.max(300, Math.ceil(3_000 / selected.length));
    for (const [name, url] of selected) await measure(pids, port, token, name, url, warmUp, concurrency);
    // Rounds go through every scenario in turn, so a burst of load from other processes on these shared
    // cores lands in one round of a scenario rather than deciding its figure.
    const results = new Map<string, Awaited<ReturnType<typeof measure>>[]>(selected.map(([name]) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [name, url] of selected) results.get(name)!.push(await measure(pids, port, token, name, url, requests, concurrency));
    }
    for (const [name, runs] of results) {
      const p95 = median(runs.map((r) => r.p95));
      const worstP95 = Math.max(...runs.map((r) => r.p95));
      const appCpu = mean(runs.map((r) => r.appCpu));
      const dbCpu = mean(runs.map((r) => r.dbCpu));
      all.push({ name, p95, worstP95, cpu: appCpu + dbCpu });
      const cells = [
        median(runs.map((r) => r.p50)).toFixed(1),
        p95.toFixed(1),
        worstP95.toFixed(1),
        median(runs.map((r) => r.perSecond)).toFixed(0),
        appCpu.toFixed(2),
        dbCpu.toFixed(2),
        mean(runs.map((r) => r.loadCpu)).toFixed(2),
        `${Math.round(mean(runs.map((r) => r.machineBusy)) * 100)}%`,
      ];
      console.log(`${name.padEnd(38)} ${cells.map((c) => c.padStart(9)).join(' ')}${p95 <= 25 ? '' : '  > 25 ms'}`);
    }
  } finally {
    await stopServer(child);
  }
  const worst = all.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(
    `worst median p95: ${worst.p95.toFixed(1)} ms (${worst.name}); ${all.filter((r) => r.p95 <= 25).length}/${all.length} scenarios within 25 ms (${all.filter((r) => r.worstP95 <= 25).length}/${all.length} in every round)`,
  );
  const cpu = mean(all.map((r) => r.cpu));
  console.log(
    `mean CPU per request: ${cpu.toFixed(2)} ms (app + database) → about ${Math.round((os.cpus().length * 1000) / cpu)} req/s on ${os.cpus().length} dedicated cores`,
  );
  console.log(
    `load average during the run: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other processes share these cores)`,
  );
}

async function main() {
  const requests = Math.min(Math.max(Number(values.requests), 100), 10_000);
  const concurrency = Math.min(Math.max(Number(values.concurrency), 1), 200);
  const rounds = Math.min(Math.max(Number(values.rounds), 1), 9);
  console.log(`machine: ${os.cpus().length} cores, Node ${process.version}`);
  const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
  const databaseUrl = values['database-url'] ?? throwaway!.url;
  const db = createDb(databaseUrl);
  let postmaster = 0;
  try {
    if ((await db.vehicle.count()) < 20_000) {
      const loaded = await loadCustomersAndVehicles(db);
      console.log(`dataset: ${loaded.customers.length} customers, ${loaded.vehicles.length} vehicles in ${loaded.milliseconds} ms`);
    }
    if ((await db.visit.count()) < 200_000) {
      const made = await generateVisits(db, { log: (line) => process.stdout.write(`\r${line}   `) });
      console.log(`\ndataset: ${made.visits} visits, ${made.tasks} tasks, ${made.payments} payments in ${made.ms} ms`);
    }
    const [visits, tasks, payments] = await Promise.all([db.visit.count(), db.task.count(), db.payment.count()]);
    console.log(`database: ${visits} visits, ${tasks} tasks, ${payments} payments`);
    const [backend] = await db.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    postmaster = Number(readFileSync(`/proc/${backend!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } finally {
    await db.$disconnect();
  }
  try {
    if (!values['cold-only']) await run(databaseUrl, requests, concurrency, rounds, true, postmaster);
    if (values.cold || values['cold-only']) await run(databaseUrl, Math.min(requests, 500), concurrency, rounds, false, postmaster);
  } finally {
    if (throwaway && values.keep) {
      console.log(`\nthrowaway database kept running: ${databaseUrl} (Ctrl+C stops it)`);
      process.on('SIGINT', () => void throwaway.stop().then(() => process.exit(0)));
    } else await throwaway?.stop();
  }
}

if (values.serve) await serve();
else await main();
