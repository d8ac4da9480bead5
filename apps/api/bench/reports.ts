// The largest report (repair, one year) exported on the full dataset (10,000 customers, 20,000 vehicles,
// 200,000 visits over two years, 600,000 tasks and their payments): time to the last byte (p50/p95) and the
// app's peak resident memory for each format (target: the export streams, RSS < 300 MB).
//
//   cd apps/api && pnpm exec tsx bench/reports.ts [--requests 5] [--formats csv,xlsx,pdf,json]
//        [--database-url postgresql://...   reuse a loaded database (e.g. one kept by bench/visits-list.ts --keep)]
//        [--keep                            leave the throwaway database running and print its URL]
//        [--visits 5000                     a smaller dataset, to try the script quickly]
//
// Each format runs in a child process of its own (this file with --child), so its peak RSS (VmHWM) is that
// format's alone and not the dataset loader's: the child builds the app, listens on 127.0.0.1, downloads
// the report over HTTP --requests times (reading and dropping the bytes, as a browser saving a file), and
// prints its figures as JSON.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, createLocalStorage } from '@garage/db';
import { loadCustomersAndVehicles, startThrowawayDatabase } from '@garage/db/dataset/index';
import { generateVisits } from '@garage/db/dataset/visits';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5' },
    /** Fewer visits for a quick try of the script itself (the figures need the default). */
    visits: { type: 'string', default: '200000' },
    formats: { type: 'string', default: 'csv,xlsx,pdf,json' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});

const DAY = 86_400_000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const megabytes = (kb: number) => Math.round(kb / 1024);
const statusKb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

/** GET a URL and drop the body; resolves with the status and the bytes read. */
function download(port: number, pathAndQuery: string, token: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathAndQuery, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function child(format: string) {
  // buildApp waits on timers it unrefs; with nothing else running yet, the process would just end.
  const keepAlive = setInterval(() => {}, 1000);
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/env.ts');
  const { signAccessToken } = await import('../src/session/session.ts');
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const secret = randomUUID() + randomUUID();
  const db = createDb(databaseUrl);
  const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret: secret }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP port');
  const token = signAccessToken({ userId: randomUUID(), roles: ['ADMIN'] }, secret);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
  const url = `/backend/reports/repair?format=${format}&from=${from}&to=${to}&lang=en`;
  // Warm-up: compiles the code paths and loads the PDF fonts; RSS is measured from here on.
  await download(address.port, `/backend/reports/repair?format=${format}&from=${to}&to=${to}`, token);
  const baseline = statusKb('VmRSS');
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, statusKb('VmRSS'))), 10);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < Number(values.requests); i++) {
    const started = performance.now();
    const result = await download(address.port, url, token);
    samples.push(performance.now() - started);
    if (result.status !== 200) throw new Error(`${url}: HTTP ${result.status}`);
    bytes = result.bytes;
  }
  clearInterval(sampler);
  samples.sort((a, b) => a - b);
  const [counted] = (await db.$queryRawUnsafe(
    `SELECT count(*)::int AS n FROM "Visit" WHERE "visitDate" >= $1::date - interval '1 day' AND "visitDate" < $2::date + interval '1 day'`,
    from,
    to,
  )) as { n: number }[];
  const rows = counted?.n ?? 0;
  console.log(
    JSON.stringify({ format, rows, bytes, p50: samples.length ? percentile(samples, 50) : 0, p95: percentile(samples, 95), baselineMb: megabytes(baseline), peakMb: megabytes(peak), hwmMb: megabytes(statusKb('VmHWM')) }),
  );
  await app.close();
  await db.$disconnect();
  clearInterval(keepAlive);
}

function runChild(format: string, databaseUrl: string): Promise<Record<string, number | string>> {
  return new Promise((resolve, reject) => {
    const self = fileURLToPath(import.meta.url);
    const process_ = spawn(process.execPath, ['--import', 'tsx', self, '--child', format, '--requests', String(values.requests)], {
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
      stdio: ['ignore', process.env.BENCH_DEBUG ? 'inherit' : 'pipe', 'inherit'],
    });
    let output = '';
    process_.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    process_.on('close', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Record<string, number | string>);
      else reject(new Error(`child ${format} exited with ${code}: ${output}`));
    });
  });
}

async function main() {
  const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
  const databaseUrl = values['database-url'] ?? throwaway!.url;
  const db = createDb(databaseUrl);
  try {
    if ((await db.visit.count()) === 0) {
      const loaded = await loadCustomersAndVehicles(db);
      console.log(`loaded ${loaded.customers.length} customers, ${loaded.vehicles.length} vehicles`);
      const made = await generateVisits(db, { visits: Number(values.visits), log: (line) => process.stdout.write(`\r${line}   `) });
      console.log(`\nloaded ${made.visits} visits, ${made.tasks} tasks, ${made.payments} payments in ${Math.round(made.ms / 1000)} s`);
      await db.$executeRawUnsafe('VACUUM (ANALYZE) "Visit", "Task", "Payment"');
    }
    console.log(`dataset: ${await db.visit.count()} visits, ${await db.task.count()} tasks; load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    console.log(`\nGET /backend/reports/repair, one year, ${values.requests} downloads per format (each format in its own process):`);
    console.log('format   rows     bytes        p50 ms   p95 ms   RSS before  peak RSS');
    for (const format of values.formats!.split(',')) {
      const result = await runChild(format, databaseUrl);
      console.log(
        `${String(result.format).padEnd(8)} ${String(result.rows).padEnd(8)} ${String(result.bytes).padEnd(12)} ${Number(result.p50).toFixed(0).padStart(7)}  ${Number(result.p95).toFixed(0).padStart(7)}   ${String(result.baselineMb).padStart(6)} MB  ${String(result.peakMb).padStart(5)} MB (VmHWM ${result.hwmMb} MB)`,
      );
    }
    console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; ${execFileSync('uptime').toString().trim()}`);
  } finally {
    await db.$disconnect();
    if (throwaway && values.keep) console.log(`database kept: ${throwaway.url}`);
    else await throwaway?.stop();
  }
}

if (values.child) {
  await child(values.child).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else await main();
