// Analytics reports at scale: generates N page views (default 10 million) spread over the last 13 months in
// a throwaway embedded PostgreSQL (or one given with --database-url), builds the rollups the way the app
// keeps them, then measures p50/p95 of every report over a 30-day and a 365-day range through the real app
// on 127.0.0.1 (target: p95 <= 200 ms for 30 days).
//
// Generating 10 million rows takes minutes on 2 cores: run it once, in the background, e.g.
//   cd apps/api && nohup pnpm exec tsx bench/analytics-queries.ts > /tmp/analytics-bench.log 2>&1 &
//   [--events 10000000] [--requests 200] [--concurrency 4]
//   [--database-url URL --skip-generate   measure an already loaded database]
//   [--keep                               leave the throwaway database running and print its URL]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, createLocalStorage, type Db } from '@garage/db';
import { rebuildDailyRollups, rebuildHourlyRollups } from '@garage/db/analytics-rollups';
import { poolOf } from '@garage/db/client';
import { startThrowawayDatabase } from '@garage/db/dataset/index';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';
import { KeepAliveConnection } from './keep-alive-client.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    requests: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    'database-url': { type: 'string' },
    'skip-generate': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    secret: { type: 'string' },
  },
});

const DAY = 86_400_000;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * N events over the 395 days before now, generated inside PostgreSQL in chunks: a site with ~300 pages
 * (few very popular), 8 browsers, 5 systems, 3 device types, 30 referrers, 20 countries, sessions of about
 * four views, 85% public site.
 */
async function generate(db: Db, total: number) {
  const pool = poolOf(db);
  const end = Date.now();
  const start = end - 395 * DAY;
  const chunk = 500_000;
  for (let offset = 0; offset < total; offset += chunk) {
    const size = Math.min(chunk, total - offset);
    const began = performance.now();
    await pool.query(
      `INSERT INTO "PageViewEvent" ("occurredAt", area, "visitorId", "isEntry", "sessionId", "eventType", "pagePath", referrer, browser, os, "deviceType", "screenSize", language, country)
       SELECT to_timestamp(($1::float8 + (g::float8 / $3) * $4) / 1000) AT TIME ZONE 'UTC',
              (ARRAY['public','public','public','public','public','public','client','staff'])[1 + (g % 8)],
              (g / 4) * 2654435761 % 9223372036854775807,
              g % 4 = 0,
              'bench-' || (g / 4),
              'pageview',
              CASE WHEN r < 0.3 THEN '/' WHEN r < 0.45 THEN '/all-services' WHEN r < 0.55 THEN '/login' ELSE '/page-' || floor(power(random(), 2) * 300)::int END,
              CASE WHEN g % 4 = 0 AND random() < 0.6 THEN 'site' || floor(random() * 30)::int || '.example' END,
              (ARRAY['Chrome','Chrome','Chrome','Safari','Safari','Edge','Firefox','Samsung Browser'])[1 + floor(random() * 8)::int],
              (ARRAY['Windows','Android','iOS','macOS','Linux'])[1 + floor(random() * 5)::int],
              (ARRAY['mobile','mobile','desktop','desktop','tablet'])[1 + floor(random() * 5)::int],
              '1920x1080', 'en-US',
              'C' || floor(random() * 20)::int
         FROM generate_series($2::bigint, $2::bigint + $5 - 1) AS g, LATERAL (SELECT random() AS r) AS x`,
      [start, offset, total, end - start, size],
    );
    log(`events ${offset + size} / ${total} (${((performance.now() - began) / 1000).toFixed(1)} s for this chunk)`);
  }
  log('rollups: hourly, one day at a time');
  const execute = (sql: string, params: unknown[]) => pool.query(sql, params);
  const firstDay = Math.floor(start / DAY) * DAY;
  for (let day = firstDay; day <= end; day += DAY) {
    await rebuildHourlyRollups(execute, { fromUtc: new Date(day), toUtc: new Date(day + DAY) });
    if (((day - firstDay) / DAY) % 30 === 0) log(`hourly rollups up to ${new Date(day).toISOString().slice(0, 10)}`);
  }
  log('rollups: daily');
  await rebuildDailyRollups(execute, { timeZone: 'UTC' });
  log('VACUUM ANALYZE');
  await pool.query('VACUUM ANALYZE');
  const sizes = await pool.query(
    `SELECT relname AS name, n_live_tup AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size FROM pg_stat_user_tables WHERE relname LIKE 'PageView%' ORDER BY relname`,
  );
  for (const row of sizes.rows) log(`${row.name}: ${row.rows} rows, ${row.size}`);
}

async function serve() {
  const url = values['database-url']!;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url });
  const db = createDb(url);
  setInterval(() => {}, 60_000);
  const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret: values.secret! }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP port');
  console.log(`LISTENING ${address.port}`);
  process.stdin.on('end', () => process.exit(0)).resume();
}

async function startServer(databaseUrl: string, secret: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--serve', '--database-url', databaseUrl, '--secret', secret],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { port, child };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function measure(port: number, pathAndQuery: string, token: string, requests: number, concurrency: number) {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    const connection = new KeepAliveConnection(port);
    while (next < requests) {
      next += 1;
      const began = performance.now();
      const status = await connection.get(pathAndQuery, { authorization: `Bearer ${token}` });
      times.push(performance.now() - began);
      if (status !== 200) failures += 1;
    }
    connection.close();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), failures };
}

async function main() {
  const secret = 'bench-secret-bench-secret-bench-secret-1234';
  const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
  const url = values['database-url'] ?? throwaway!.url;
  const db = createDb(url, { poolSize: 2 });
  try {
    if (!values['skip-generate']) {
      log(`generating ${Number(values.events).toLocaleString('en')} events in ${url}`);
      await generate(db, Number(values.events));
    }
    const staff = await db.user.create({
      data: { firstName: 'Bench', lastName: 'Staff', username: `bench_${Date.now()}`, role: 'ADMIN', active: true, verified: true },
    });
    const token = signAccessToken({ userId: staff.id, roles: ['ADMIN'] }, secret);
    const server = await startServer(url, secret);
    const requests = Number(values.requests);
    const concurrency = Number(values.concurrency);
    const today = Date.now();
    const reports = ['page-views-over-time', 'device-distribution', 'browser-distribution', 'popular-pages'];
    console.log(`\n${requests} requests each at ${concurrency} concurrent; times in ms`);
    console.log('report                     range     p50      p95   failures');
    // Warm-up.
    for (const report of reports)
      await measure(
        server.port,
        `/backend/analytics/${report}?startDate=${isoDay(today - 29 * DAY)}&endDate=${isoDay(today)}`,
        token,
        30,
        concurrency,
      );
    for (const days of [30, 365]) {
      for (const report of reports) {
        const query = `startDate=${isoDay(today - (days - 1) * DAY)}&endDate=${isoDay(today)}`;
        const result = await measure(server.port, `/backend/analytics/${report}?${query}`, token, requests, concurrency);
        console.log(
          `${report.padEnd(26)} ${String(days).padStart(3)} d  ${result.p50.toFixed(1).padStart(7)}  ${result.p95.toFixed(1).padStart(7)}   ${result.failures}`,
        );
      }
    }
    const active = await measure(server.port, '/backend/analytics/active-users', token, requests, concurrency);
    console.log(
      `${'active-users'.padEnd(26)} now    ${active.p50.toFixed(1).padStart(7)}  ${active.p95.toFixed(1).padStart(7)}   ${active.failures}`,
    );
    server.child.kill();
  } finally {
    await db.$disconnect();
    if (throwaway && !values.keep) await throwaway.stop();
    else if (throwaway) log(`database kept: ${url}`);
  }
}

if (values.serve) await serve();
else await main();
