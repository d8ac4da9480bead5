// Resolves the database the app runs against: DATABASE_URL when set; otherwise an embedded PostgreSQL whose
// data lives in <repo>/.data/postgres (git-ignored) and survives restarts. Pending migrations are applied.
import path from 'node:path';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrateDatabase } from './migrate.ts';
import { defaultDataDir } from './paths.ts';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

export async function resolveDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  log: (line: string) => void;
}): Promise<ResolvedDatabase> {
  let resolved: ResolvedDatabase;
  if (options.databaseUrl) {
    resolved = { url: options.databaseUrl, embedded: false, stop: async () => {} };
  } else {
    const dataDir = path.join(options.dataDir ?? defaultDataDir, 'postgres');
    const cluster = await startEmbeddedPostgres({ dataDir, log: options.log });
    options.log(`Embedded PostgreSQL on port ${cluster.port}, data in ${dataDir}`);
    resolved = { url: cluster.url, embedded: true, stop: cluster.stop };
  }
  try {
    await migrateDatabase(resolved.url);
  } catch (error) {
    await resolved.stop();
    throw error;
  }
  return resolved;
}
