// Sign-in throughput and throttling, against the real app on a throwaway embedded PostgreSQL.
// 1. N distinct users sign in with correct passwords for a bounded time at a bounded concurrency:
//    prints requests/s and latency percentiles.
// 2. 20 rapid wrong passwords for one account: prints how many got 401 and how many 429.
// Only ever targets 127.0.0.1. Run: cd apps/api && pnpm exec tsx bench/login.ts [seconds=10] [concurrency=8] [users=20]
// (the load generator runs in the same process; argon2 runs on libuv's thread pool, so it competes little).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, createLocalStorage, hashPassword } from '@garage/db';
import { startEmbeddedPostgres } from '@garage/db/embedded';
import { migrateDatabase } from '@garage/db/migrate';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';

const durationSeconds = Math.min(Number(process.argv[2] ?? 10), 60);
const concurrency = Math.min(Number(process.argv[3] ?? 8), 64);
const userCount = Math.min(Number(process.argv[4] ?? 20), 200);
const PASSWORD = 'Bench#Login2026';

const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-login-'));
// PostgreSQL runs as the OS user "postgres" when we are root: it must be able to traverse this folder.
await chmod(dir, 0o755);
// BENCH_DATABASE_URL: an already-migrated database instead of the throwaway one (users are added, not wiped).
const external = process.env.BENCH_DATABASE_URL;
const cluster = external
  ? { url: external, stop: async () => {} }
  : await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), persistent: false });
let exitCode = 0;
try {
  if (!external) await migrateDatabase(cluster.url);
  const db = createDb(cluster.url);
  const passwordHash = await hashPassword(PASSWORD);
  const run = Date.now().toString(36);
  const usernames = Array.from({ length: userCount }, (_, i) => `bench_${run}_${i}`);
  await db.user.createMany({
    data: usernames.map((username, i) => ({
      username,
      email: `${username}@bench.garage`,
      firstName: 'Bench',
      lastName: `User ${i}`,
      role: 'CLIENT' as const,
      passwordHash,
    })),
  });

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: cluster.url, HOST: '127.0.0.1' });
  const app = await buildApp(
    { config, db, storage: createLocalStorage(path.join(dir, 'storage')), jwtSecret: 'bench-secret-bench-secret-bench-secret-0123' },
    { logger: false },
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const loginUrl = `${address}/backend/user/login`;
  const login = (identifier: string, password: string) =>
    fetch(loginUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier, password }) });

  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(`load: ${userCount} users, concurrency ${concurrency}, ${durationSeconds} s, POST ${loginUrl}`);

  // 1. Throughput with correct credentials.
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const identifier = usernames[next++ % usernames.length]!;
        const start = performance.now();
        const response = await login(identifier, PASSWORD);
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
  const ok = statuses.get(200) ?? 0;
  console.log(
    `logins: ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(1)} req/s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(`latency: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  if (ok !== latencies.length) exitCode = 1;

  // 2. Twenty wrong passwords for one account, all at once.
  const victim = usernames[0]!;
  const burst = await Promise.all(Array.from({ length: 20 }, () => login(victim, 'Wrong#Password1')));
  const count = (status: number) => burst.filter((response) => response.status === status).length;
  const retryAfter = burst.find((response) => response.status === 429)?.headers.get('retry-after');
  console.log(`20 rapid wrong passwords for one account: ${count(401)} x 401, ${count(429)} x 429 (Retry-After ${retryAfter ?? '-'} s)`);
  const afterwards = await login(victim, PASSWORD);
  console.log(`the correct password right after: ${afterwards.status} (the identifier stays throttled for the window)`);
  if (count(401) > 5 || count(429) < 15) exitCode = 1;

  await app.close();
  await db.$disconnect();
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(exitCode);
