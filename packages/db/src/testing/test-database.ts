// The database every integration test runs against, started once per test run (vitest globalSetup):
// 1. TEST_DATABASE_URL or DATABASE_URL when set (e.g. a CI service);
// 2. else a PostgreSQL container through testcontainers, when a Docker engine answers;
// 3. else a throwaway embedded cluster in a temp folder.
// Migrations are applied and the demo data seeded once (a shared baseline: demo merchant and accounts).
// Tests isolate by creating unique data, never by wiping tables.
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded.ts';
import { createDb } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { seedDemoData } from '../seed/demo.ts';

export interface TestDatabase {
  url: string;
  source: 'env' | 'container' | 'embedded';
  stop: () => Promise<void>;
}

async function tryContainer(): Promise<TestDatabase | null> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:18-alpine').start();
    return { url: container.getConnectionUri(), source: 'container', stop: async () => void (await container.stop()) };
  } catch (error) {
    // Without a Docker engine testcontainers fails within milliseconds; anything else is worth a line.
    const text = String(error);
    if (!/container runtime strategy/i.test(text)) console.warn(`[test-db] testcontainers unavailable: ${text.split('\n')[0]}`);
    return null;
  }
}

async function startEmbedded(): Promise<TestDatabase> {
  // The postgres OS user must be able to traverse the parents: use /tmp, not the home folder.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-test-pg-'));
  const cluster = await startEmbeddedPostgres({ dataDir: dir, persistent: false, port: undefined });
  return {
    url: cluster.url,
    source: 'embedded',
    stop: async () => {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const fromEnv = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const database: TestDatabase = fromEnv
    ? { url: fromEnv, source: 'env', stop: async () => {} }
    : ((await tryContainer()) ?? (await startEmbedded()));
  try {
    await migrateDatabase(database.url);
    const db = createDb(database.url, { poolSize: 2 });
    await seedDemoData(db).finally(() => db.$disconnect());
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
}

export interface IsolatedDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A database of its own on the test server, migrated and empty: for tests that change what the whole
 * shop shares (the merchant's tax settings, the fiscal journal's chain), which would otherwise race with
 * the other test files on the shared baseline. Dropped by `drop()`.
 */
export async function createIsolatedDatabase(baseUrl: string): Promise<IsolatedDatabase> {
  const name = `garage_iso_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
