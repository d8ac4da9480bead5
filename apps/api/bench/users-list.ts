// Users list latency on the benchmark dataset (10,000 customers, 20,000 vehicles): the real app (buildApp)
// on a throwaway embedded PostgreSQL, listening on 127.0.0.1 only, requests at bounded concurrency from a
// worker thread.
// Prints p50/p95 for page 1, page 500 and text searches (target p95 < 25 ms).
// Run: cd apps/api && pnpm exec tsx bench/users-list.ts [requests=300] [concurrency=4]
// The harness (startBenchApp, measure, printResults) is shared with bench/search.ts.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createDb, createLocalStorage } from '@garage/db';
import { loadCustomersAndVehicles, startThrowawayDatabase, type LoadedDataset } from '@garage/db/dataset/index';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';

export interface BenchApp {
  baseUrl: string;
  headers: Record<string, string>;
  dataset: LoadedDataset;
  close: () => Promise<void>;
}

export async function startBenchApp(): Promise<BenchApp> {
  const database = await startThrowawayDatabase();
  const db = createDb(database.url);
  const dataset = await loadCustomersAndVehicles(db);
  console.log(`dataset: ${dataset.customers.length} customers, ${dataset.vehicles.length} vehicles loaded in ${dataset.milliseconds} ms`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
  const jwtSecret = randomUUID() + randomUUID();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: database.url });
  const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app did not listen on a TCP port');
  const token = signAccessToken({ userId: randomUUID(), roles: ['EMPLOYEE'] }, jwtSecret, 3600);
  const close = async () => {
    await app.close();
    await db.$disconnect();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  // An interrupted run still removes its cluster and folders.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().finally(() => process.exit(130)));
  return { baseUrl: `http://127.0.0.1:${address.port}`, headers: { authorization: `Bearer ${token}` }, dataset, close };
}

export interface Measurement {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// The load generator runs in a worker thread: on the app's own event loop it would compete with the server
// it measures and inflate every latency.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, headers, paths, requests, concurrency } = workerData;
async function get(index) {
  const path = paths[index % paths.length];
  const started = performance.now();
  const response = await fetch(baseUrl + path, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error('HTTP ' + response.status + ' for ' + path);
  return performance.now() - started;
}
(async () => {
  for (let index = 0; index < Math.min(30, requests); index++) await get(index);
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < requests) samples.push(await get(next++)); }));
  parentPort.postMessage({ samples, seconds: (performance.now() - started) / 1000 });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** Sends `requests` GETs cycling through `paths`, `concurrency` at a time, after a short warm-up. */
export async function measure(bench: BenchApp, name: string, paths: string[], requests: number, concurrency: number): Promise<Measurement> {
  const worker = new Worker(LOAD_WORKER, {
    eval: true,
    workerData: { baseUrl: bench.baseUrl, headers: bench.headers, paths, requests, concurrency },
  });
  const result = await new Promise<{ samples?: number[]; seconds?: number; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (result.error || !result.samples || !result.seconds) throw new Error(`${name}: ${result.error ?? 'no result'}`);
  const samples = result.samples.sort((a, b) => a - b);
  return {
    name,
    requests,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.at(-1)!,
    perSecond: requests / result.seconds,
  };
}

export function printResults(title: string, results: Measurement[], targetP95: number): boolean {
  console.log(`\n${title} (target p95 < ${targetP95} ms)`);
  console.log(
    `${'scenario'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'req/s'.padStart(8)}`,
  );
  for (const r of results) {
    const ms = (value: number) => `${value.toFixed(1)}`.padStart(8);
    console.log(
      `${r.name.padEnd(44)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${ms(r.max)} ${r.perSecond.toFixed(0).padStart(8)}${r.p95 < targetP95 ? '' : '  ABOVE TARGET'}`,
    );
  }
  return results.every((r) => r.p95 < targetP95);
}

export function benchArgs() {
  return {
    requests: Math.min(Math.max(Number(process.argv[2] ?? 300), 10), 5000),
    concurrency: Math.min(Math.max(Number(process.argv[3] ?? 4), 1), 32),
  };
}

async function main() {
  const { requests, concurrency } = benchArgs();
  console.log(`machine: ${os.cpus().length} cores, Node ${process.version}; ${requests} requests per scenario, concurrency ${concurrency}`);
  const bench = await startBenchApp();
  try {
    const sample = bench.dataset.customers[4321]!;
    const trpcInput = (input: object) => `/backend/trpc/users.list?input=${encodeURIComponent(JSON.stringify(input))}`;
    const results = [
      await measure(bench, 'REST page 1 (newest first)', ['/backend/users?page=1'], requests, concurrency),
      await measure(bench, 'REST page 500 (newest first)', ['/backend/users?page=500'], requests, concurrency),
      await measure(bench, 'REST page 500 sorted by name', ['/backend/users?page=500&sort=name'], requests, concurrency),
      await measure(
        bench,
        'REST search: last name (~240 matches)',
        [`/backend/users?search=${encodeURIComponent(sample.lastName)}`],
        requests,
        concurrency,
      ),
      await measure(
        bench,
        'REST search: mixed terms',
        [
          `/backend/users?search=${encodeURIComponent(`${sample.firstName} ${sample.lastName}`)}`,
          `/backend/users?search=${sample.username}`,
          `/backend/users?search=${sample.phoneNumber.slice(3)}`,
          '/backend/users?search=yasm&role=CLIENT&active=true',
        ],
        requests,
        concurrency,
      ),
      await measure(bench, 'tRPC users.list page 1', [trpcInput({ page: 1 })], requests, concurrency),
    ];
    const ok = printResults('users list', results, 25);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
