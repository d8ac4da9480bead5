// What starting the API costs, run through tsx (TypeScript compiled on load) and from the compiled bundle
// (`pnpm --filter @garage/api build` -> dist/server.mjs): time from spawn to /backend/health answering 200,
// and resident memory (the process and its children, e.g. tsx's esbuild) after 5 s idle. Both against one
// throwaway PostgreSQL, already migrated; median of --runs starts each.
//   cd apps/api && pnpm exec tsx bench/start-cost.ts [--runs 3] [--bundle dist/other.mjs ...] (other bundles
//   to compare, each built by `node scripts/build.mjs dist/other.mjs`; --no-tsx leaves tsx out)
import { execSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '@garage/db/embedded';
import { migrateDatabase } from '@garage/db/migrate';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    bundle: { type: 'string', multiple: true, default: [] },
    'no-tsx': { type: 'boolean', default: false },
  },
});
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const bundle = path.join(apiDir, 'dist', 'server.mjs');
if (!existsSync(bundle)) throw new Error('Build first: pnpm --filter @garage/api build');

/** Resident set of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {}
  }
  let kb = 0;
  const visit = (id: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

async function startOnce(args: string[], databaseUrl: string, dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JWT_SECRET: 'start-cost-start-cost-start-cost-0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => reject(new Error(output)));
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/backend/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const rssMb = treeRssMb(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { startMs, rssMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-start-cost-'));
await chmod(dir, 0o755);
const cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), persistent: true });
try {
  await migrateDatabase(cluster.url);
  const modes: Record<string, string[]> = {
    ...(values['no-tsx'] ? {} : { 'tsx (src/server.ts)': ['--import', 'tsx', 'src/server.ts'] }),
    'compiled (dist/server.mjs)': ['--enable-source-maps', 'dist/server.mjs'],
    ...Object.fromEntries(values.bundle!.map((other) => [`compiled (${other})`, ['--enable-source-maps', other]])),
  };
  const results: Record<string, { startMs: number[]; rssMb: number[] }> = {};
  for (let run = 0; run < Number(values.runs); run++) {
    for (const [name, args] of Object.entries(modes)) {
      const { startMs, rssMb } = await startOnce(args, cluster.url, dir);
      (results[name] ??= { startMs: [], rssMb: [] }).startMs.push(startMs);
      results[name]!.rssMb.push(rssMb);
    }
  }
  console.log(`\nAPI start cost, median of ${values.runs} (start to /backend/health 200; RSS of the process tree after 5 s idle)`);
  for (const [name, r] of Object.entries(results))
    console.log(
      `  ${name.padEnd(34)} start ${median(r.startMs).toFixed(0)} ms   RSS ${median(r.rssMb).toFixed(0)} MB   (runs: ${r.startMs.map((x) => x.toFixed(0)).join(', ')} ms)`,
    );
  console.log(`  load average: ${execSync('uptime').toString().trim()}`);
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
