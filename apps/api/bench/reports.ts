// The largest report (repair, one year) exported on the full dataset (10,000 customers, 20,000 vehicles,
// 200,000 visits over two years, 600,000 tasks and their payments): time to the last byte (p50/p95) and the
// server's peak resident memory for each format (target: the export streams, RSS < 300 MB).
//
//   pnpm --filter @garage/api build     (the compiled server, dist/server.mjs, is what is measured)
//   cd apps/api && pnpm exec tsx bench/reports.ts [--requests 5] [--formats csv,xlsx,pdf,json]
//        [--database-url postgresql://...   reuse a loaded database (e.g. one kept by bench/dashboard.ts --keep)]
//        [--keep                            leave the throwaway database running and print its URL]
//        [--visits 5000                     a smaller dataset, to try the script quickly]
//        [--tsx                             run the sources through tsx instead of dist/server.mjs]
//        [--bundle dist/other.mjs           a bundle of its own: `node scripts/build.mjs dist/other.mjs`]
//        [--node-options=--max-semi-space-size=4   extra node options for the server (NODE_OPTIONS), to compare]
//
// Each format gets a fresh server process (as production runs it: `node dist/server.mjs`, jobs off), so its
// figures are that format's alone: a warm-up download of one day (code paths compiled, PDF fonts loaded),
// then --requests downloads of the year over HTTP, reading and dropping the bytes as a browser saving a file.
// RSS is read from /proc every 10 ms: the server process before (after the warm-up and 2 s idle), at its
// peak (overall and during each download: garbage left by one download shows as a higher peak in the next),
// and 2 s after the last download; and the peak of the server with the processes it started (the PDF
// renderer, src/lib/pdf/render-pdf.ts). The server preloads bench/lib/memory-probe.mjs, so the V8 heap and
// native parts behind those figures are printed too.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb } from '@garage/db';
import { loadCustomersAndVehicles, startThrowawayDatabase } from '@garage/db/dataset/index';
import { generateVisits } from '@garage/db/dataset/visits';
import { signAccessToken } from '../src/session/session.ts';
import { startAppInstance, type AppInstance } from './lib/app-instance.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5' },
    /** Fewer visits for a quick try of the script itself (the figures need the default). */
    visits: { type: 'string', default: '200000' },
    formats: { type: 'string', default: 'csv,xlsx,pdf,json' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
    bundle: { type: 'string' },
    'node-options': { type: 'string', default: '' },
  },
});

const DAY = 86_400_000;
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const probe = fileURLToPath(new URL('./lib/memory-probe.mjs', import.meta.url));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident MB of a process alone. */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Resident MB of a process and its descendants (Linux /proc; pages shared between them count once per process). */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let mb = 0;
  const visit = (id: number) => {
    mb += rssMb(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return mb;
}

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

interface ProbeRecord {
  label: string;
  usage: Record<string, number>;
  status: Record<string, string>;
  files: Record<string, number>;
  peak: Record<string, number>;
}

/** Asks the server (memory-probe.mjs) for its memory breakdown now. */
async function probeMemory(app: AppInstance, outFile: string, label: string): Promise<string> {
  const before = existsSync(outFile) ? readFileSync(outFile, 'utf8').split('\n').filter(Boolean).length : 0;
  app.child.kill('SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 50) {
    await sleep(50);
    const lines = existsSync(outFile) ? readFileSync(outFile, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length > before) {
      const record = JSON.parse(lines.at(-1)!) as ProbeRecord;
      const kb = (field: string) => Math.round(Number.parseInt(record.status[field] ?? '0', 10) / 1024);
      const { rss, heapTotal, heapUsed, external } = record.usage;
      const { peak } = record;
      return (
        `${label}: rss ${rss} MB = anon ${kb('RssAnon')} (V8 heap ${heapTotal}, used ${heapUsed}; external ${external}) + files ${kb('RssFile')}` +
        `; highest before this: rss ${peak.rss} (V8 heap ${peak.heapTotal}: new space ${peak.newSpace}, old ${peak.oldSpace}, large objects ${peak.largeObjects}; external ${peak.external})`
      );
    }
  }
  return `${label}: no answer from the memory probe`;
}

async function measureFormat(format: string, databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-reports-'));
  await chmod(dataDir, 0o755);
  const probeOut = path.join(dataDir, 'memory.jsonl');
  const secret = `${randomUUID()}${randomUUID()}`;
  const app = await startAppInstance(
    `reports-${format}`,
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'error',
      NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', `--import=${probe}`, values['node-options']].join(' ').trim(),
      MEMORY_PROBE_OUT: probeOut,
    },
    { compiled: values.tsx ? false : (values.bundle ?? true) },
  );
  try {
    const pid = app.child.pid!;
    const token = signAccessToken({ userId: randomUUID(), roles: ['ADMIN'] }, secret, 24 * 3600);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
    const url = `/backend/reports/repair?format=${format}&from=${from}&to=${to}&lang=en`;
    const breakdown: string[] = [await probeMemory(app, probeOut, 'started')];
    // Warm-up: compiles the code paths and loads the PDF fonts; RSS is measured from here on.
    const warm = await download(app.port, `/backend/reports/repair?format=${format}&from=${to}&to=${to}&lang=en`, token);
    if (warm.status !== 200) throw new Error(`warm-up: HTTP ${warm.status}`);
    await sleep(2_000);
    const baseline = rssMb(pid);
    breakdown.push(await probeMemory(app, probeOut, 'before'));
    let peak = baseline;
    let downloadPeak = baseline;
    let treePeak = treeRssMb(pid);
    const sampler = setInterval(() => {
      const rss = rssMb(pid);
      peak = Math.max(peak, rss);
      downloadPeak = Math.max(downloadPeak, rss);
      treePeak = Math.max(treePeak, treeRssMb(pid));
    }, 10);
    const samples: number[] = [];
    /** The server's peak RSS during each download (and until the next one starts). */
    const downloadPeaks: number[] = [];
    let bytes = 0;
    for (let i = 0; i < Number(values.requests); i++) {
      if (i > 0) downloadPeaks.push(downloadPeak);
      downloadPeak = rssMb(pid);
      const started = performance.now();
      const result = await download(app.port, url, token);
      samples.push(performance.now() - started);
      if (result.status !== 200) throw new Error(`${url}: HTTP ${result.status}`);
      bytes = result.bytes;
    }
    clearInterval(sampler);
    downloadPeaks.push(downloadPeak);
    breakdown.push(await probeMemory(app, probeOut, 'just after'));
    await sleep(2_000);
    const after = rssMb(pid);
    samples.sort((a, b) => a - b);
    return {
      format,
      bytes,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      baseline,
      peak,
      treePeak,
      after,
      breakdown,
      downloadPeaks,
    };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!values.tsx && !existsSync(path.resolve(apiDir, values.bundle ?? path.join('dist', 'server.mjs'))))
    throw new Error('Build first: pnpm --filter @garage/api build (or pass --tsx)');
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
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
    const [counted] = (await db.$queryRawUnsafe(
      `SELECT count(*)::int AS n FROM "Visit" WHERE "visitDate" >= $1::date - interval '1 day' AND "visitDate" < $2::date + interval '1 day'`,
      from,
      to,
    )) as { n: number }[];
    console.log(
      `dataset: ${await db.visit.count()} visits, ${await db.task.count()} tasks; the year's report has ~${counted?.n ?? 0} rows; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const server = values.tsx ? 'src/server.ts through tsx' : (values.bundle ?? 'dist/server.mjs');
    console.log(
      `\nGET /backend/reports/repair, one year, ${values.requests} downloads per format, each format on a fresh ${server}${values['node-options'] ? ` (${values['node-options']})` : ''}:`,
    );
    console.log('RSS of the server process; "with children": the server and the processes it started (the PDF renderer), at their peak');
    console.log('format   bytes        p50 ms   p95 ms   RSS before  peak      2 s after  with children');
    const details: string[] = [];
    for (const format of values.formats!.split(',')) {
      const result = await measureFormat(format, databaseUrl);
      const mb = (value: number) => `${value.toFixed(0).padStart(5)} MB`;
      console.log(
        `${result.format.padEnd(8)} ${String(result.bytes).padEnd(12)} ${result.p50.toFixed(0).padStart(7)}  ${result.p95.toFixed(0).padStart(7)}   ${mb(result.baseline)}  ${mb(result.peak)}  ${mb(result.after)}   ${mb(result.treePeak)}`,
      );
      details.push(
        `${format}:`,
        `  peak RSS per download: ${result.downloadPeaks.map((mb) => mb.toFixed(0)).join(', ')} MB`,
        ...result.breakdown.map((line) => `  ${line}`),
      );
    }
    console.log(
      `\nthe server's memory (process.memoryUsage and /proc/self/status, from bench/lib/memory-probe.mjs):\n${details.join('\n')}`,
    );
    console.log(`\n${execFileSync('uptime').toString().trim()}`);
  } finally {
    await db.$disconnect();
    if (throwaway && values.keep) {
      console.log(`\nthrowaway database kept running: ${databaseUrl} (Ctrl+C stops it)`);
      process.on('SIGINT', () => void throwaway.stop().then(() => process.exit(0)));
    } else await throwaway?.stop();
  }
}

await main();
