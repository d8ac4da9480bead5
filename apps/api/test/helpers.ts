// Builds the real app against the test database. Each test creates its own unique data (uniqueSuffix).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDb, createLocalStorage, type Db } from '@garage/db';
import { buildApp, type App } from '../src/app.ts';
import type { AppDeps } from '../src/deps.ts';
import { loadConfig } from '../src/env.ts';

let sharedDb: Db | undefined;

/** One Prisma client per test file (vitest runs files in separate processes). */
export function testDb(): Db {
  sharedDb ??= createDb(inject('databaseUrl'), { poolSize: 5 });
  return sharedDb;
}

export function testDeps(overrides: Partial<AppDeps> = {}): AppDeps {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'garage-api-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: inject('databaseUrl') });
  return {
    config,
    db: testDb(),
    storage: createLocalStorage(config.storageDir),
    jwtSecret: 'test-secret-test-secret-test-secret-test-secret',
    ...overrides,
  };
}

export async function buildTestApp(overrides: Partial<AppDeps> = {}): Promise<App> {
  const app = await buildApp(testDeps(overrides), { logger: false });
  await app.ready();
  return app;
}

export const uniqueSuffix = () => randomUUID().slice(0, 8);
