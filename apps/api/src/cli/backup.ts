// `pnpm backup [folder]` and `pnpm restore <folder>`: the whole shop (every database row and every uploaded
// file) into a new folder, and back (packages/db/src/backup.ts; docs/operations.md "Backup and restore").
// Uses DATABASE_URL, or the embedded database in DATA_DIR: the running one when the app is up (backup only),
// else it is started for the command and stopped after. A restore replaces everything: stop the app first.
//
//   pnpm backup                          -> DATA_DIR/backups/garage-2026-11-24T08-30-00
//   pnpm backup /mnt/usb/garage-monday
//   pnpm restore /mnt/usb/garage-monday
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupShop, restoreShop } from '@garage/db/backup';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '@garage/db/embedded';
import { loadConfig } from '../env.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [command, folder] = positionals;
if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !folder)) {
  console.error('Usage: pnpm backup [folder]   |   pnpm restore <folder>');
  process.exit(2);
}

const config = loadConfig();
const log = (line: string) => console.log(`[garage] ${line}`);
const embeddedDir = path.join(config.DATA_DIR, 'postgres');
// pnpm runs this in apps/api: a relative folder is meant from where the command was typed.
const fromCaller = (folderPath: string) => path.resolve(config.INIT_CWD ?? process.cwd(), folderPath);

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const running = runningEmbeddedUrl(embeddedDir);
  if (running) {
    if (command === 'restore') throw new Error('The app is running on this database: stop it before restoring.');
    return { url: running, stop: async () => {} };
  }
  const cluster = await startEmbeddedPostgres({ dataDir: embeddedDir, log });
  return { url: cluster.url, stop: cluster.stop };
}

const target = await database();
try {
  if (command === 'backup') {
    const outDir = fromCaller(
      folder ?? path.join(config.DATA_DIR, 'backups', `garage-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}`),
    );
    const manifest = await backupShop({ databaseUrl: target.url, storageDir: config.storageDir, outDir, log });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    log(`Backup written to ${outDir}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files.`);
  } else {
    const backupDir = fromCaller(folder!);
    const manifest = await restoreShop({ databaseUrl: target.url, storageDir: config.storageDir, backupDir, log });
    log(
      `Restored ${backupDir} (made ${manifest.createdAt}): every table's rows and checksum, and ${manifest.files.length} files, match the backup.`,
    );
  }
} catch (error) {
  console.error(`[garage] ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await target.stop();
}
