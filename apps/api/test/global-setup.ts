// Starts the test database once per run (see packages/db/src/testing/test-database.ts) and hands its URL
// to every test file.
import type { TestProject } from 'vitest/node';
import { startTestDatabase } from '@garage/db/testing/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await startTestDatabase();
  project.provide('databaseUrl', database.url);
  return () => database.stop();
}
