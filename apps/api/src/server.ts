// Process entry: configuration, database (embedded when DATABASE_URL is unset), demo data, listen, and a
// graceful shutdown that drains requests, closes the pool and stops the embedded PostgreSQL.
import { createDb, createLocalStorage, DEMO_ACCOUNTS, resolveDatabase, seedDemoData } from '@garage/db';
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import { resolveJwtSecret } from './lib/secrets.ts';

const config = loadConfig();
const log = (line: string) => console.log(`[garage] ${line}`);

const database = await resolveDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
const db = createDb(database.url, { poolSize: config.DATABASE_POOL_SIZE });
const seedDemo = config.SEED_DEMO ?? database.embedded;
if (seedDemo) {
  const { created } = await seedDemoData(db);
  log(created ? 'Demo data created.' : 'Demo data already present.');
}

const app = await buildApp({
  config,
  db,
  storage: createLocalStorage(config.storageDir),
  jwtSecret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log(`${signal} received, shutting down...`);
  const force = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await app.close();
    await db.$disconnect();
    await database.stop();
  } finally {
    clearTimeout(force);
    log('Stopped.');
    process.exit(0);
  }
}
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

const url = `http://localhost:${config.PORT}`;
const lines = [
  '',
  `  Garage is running at ${url}`,
  `  API docs: ${url}/backend/docs`,
  ...(seedDemo ? ['', '  Demo accounts (identifier / password):', ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(8)} ${a.email} / ${a.password}`)] : []),
  '',
];
console.log(lines.join('\n'));
