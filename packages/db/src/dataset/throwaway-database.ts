// A PostgreSQL cluster that lives only for one benchmark or dataset run: a temp folder under the OS temp
// dir (never the app's .data/), migrated, removed on stop.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded.ts';
import { migrateDatabase } from '../migrate.ts';

export interface ThrowawayDatabase {
  url: string;
  dir: string;
  stop: () => Promise<void>;
}

export async function startThrowawayDatabase(): Promise<ThrowawayDatabase> {
  // The postgres OS user must be able to traverse the parents: /tmp works, /root does not.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-dataset-pg-'));
  const cluster = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
  const stop = async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(cluster.url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: cluster.url, dir, stop };
}
