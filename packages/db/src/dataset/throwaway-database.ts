// A PostgreSQL cluster that lives only for one benchmark or dataset run: a temp folder under the OS temp
// dir (never the app's .data/), migrated, removed on stop.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded.ts';
import { migrateDatabase } from '../migrate.ts';

export interface ThrowawayDatabase {
  url: string;
  dir: string;
  stop: () => Promise<void>;
}

const ATTEMPTS = 3;

export async function startThrowawayDatabase(): Promise<ThrowawayDatabase> {
  // Another process may take the free port between our check and the server's start: try again.
  for (let attempt = 1; ; attempt++) {
    // The postgres OS user must be able to traverse the parents: /tmp works, /root does not.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-dataset-pg-'));
    let cluster: EmbeddedDatabase;
    try {
      cluster = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (attempt >= ATTEMPTS) throw new Error(`Could not start a throwaway PostgreSQL: ${String(error)}`);
      continue;
    }
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
}
