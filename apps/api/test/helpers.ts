// Builds the real app against the test database. Each test creates its own unique data (uniqueSuffix).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDb, createLocalStorage, type Db } from '@garage/db';
import { buildApp, type App } from '../src/app.ts';
import type { AppDeps } from '../src/deps.ts';
import { loadConfig } from '../src/env.ts';
import type { Role } from '@garage/shared';
import { signAccessToken } from '../src/session/session.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-test-secret';
let sharedDb: Db | undefined;

/** One Prisma client per test file (vitest runs files in separate processes). */
export function testDb(): Db {
  sharedDb ??= createDb(inject('databaseUrl'), { poolSize: 5 });
  return sharedDb;
}

let dataDir: string | undefined;

/** One data folder (uploaded files) per test process, removed when the process ends. */
function testDataDir(): string {
  if (!dataDir) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'garage-api-test-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    dataDir = dir;
  }
  return dataDir;
}

export function testDeps(overrides: Partial<AppDeps> = {}): AppDeps {
  const dataDir = testDataDir();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: inject('databaseUrl') });
  return {
    config,
    db: testDb(),
    storage: createLocalStorage(config.storageDir),
    jwtSecret: TEST_JWT_SECRET,
    ...overrides,
  };
}

export async function buildTestApp(overrides: Partial<AppDeps> = {}): Promise<App> {
  const app = await buildApp(testDeps(overrides), { logger: false });
  await app.ready();
  return app;
}

export const uniqueSuffix = () => randomUUID().slice(0, 8);

/** Creates a user with a unique username and returns it with a valid access token for that app's secret. */
export async function createTestUser(
  role: Role,
  overrides: Partial<{ firstName: string; lastName: string; email: string; active: boolean }> = {},
) {
  const suffix = uniqueSuffix();
  const user = await testDb().user.create({
    data: {
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? `User ${suffix}`,
      username: `${role.toLowerCase()}_${suffix}`,
      email: overrides.email ?? `${role.toLowerCase()}_${suffix}@test.garage`,
      role,
      active: overrides.active ?? true,
      verified: true,
    },
  });
  const token = signAccessToken({ userId: user.id, roles: [role] }, TEST_JWT_SECRET);
  return { user, token, authHeader: { authorization: `Bearer ${token}` } };
}
