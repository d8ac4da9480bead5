// Backup and restore (packages/db/src/backup.ts, `pnpm backup` / `pnpm restore`): a seeded shop (demo data
// and its photos and PDFs) is backed up, restored into a fresh database and an empty storage folder, and
// every table has the same rows (count and a checksum of every row, computed here independently of the
// backup's own check) and every file the same bytes.
import { createHash } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm, chmod, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, createLocalStorage, seedDemoData, seedDemoMedia } from '@garage/db';
import { backupShop, restoreShop } from '@garage/db/backup';
import { migrateDatabase } from '@garage/db/migrate';
import { pg } from '@garage/db/pg';
import { uniqueSuffix } from './helpers.ts';

const suffix = uniqueSuffix().replaceAll('-', '');
const databases = [`garage_backup_source_${suffix}`, `garage_backup_target_${suffix}`];
const urlOf = (name: string) => {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
};
let dir: string | undefined;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Per table: row count and md5 of every row's text, sorted. */
async function tableContents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    );
    const contents: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; sum: string }>(
        `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text COLLATE "C"), '')) AS sum FROM public."${name}" t`,
      );
      contents[name] = `${rows[0]!.n} rows ${rows[0]!.sum}`;
    }
    return contents;
  } finally {
    await client.end();
  }
}

async function fileHashes(root: string, folder = root): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) Object.assign(hashes, await fileHashes(root, full));
    else
      hashes[path.relative(root, full)] = createHash('sha256')
        .update(await readFile(full))
        .digest('hex');
  }
  return hashes;
}

/** Permission bits of `root` and of every folder and file under it, by kind. */
async function modesUnder(root: string): Promise<{ folders: Set<string>; files: Set<string> }> {
  const modes = { folders: new Set([((await stat(root)).mode & 0o777).toString(8)]), files: new Set<string>() };
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const mode = ((await stat(path.join(entry.parentPath, entry.name))).mode & 0o777).toString(8);
    (entry.isDirectory() ? modes.folders : modes.files).add(mode);
  }
  return modes;
}

afterAll(async () => {
  for (const name of databases) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every row and every file of a seeded shop into a fresh database', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'garage-backup-test-'));
    await chmod(dir, 0o755);
    const [source, target] = databases.map(urlOf) as [string, string];
    for (const name of databases) await onServer(`CREATE DATABASE ${name}`);
    await migrateDatabase(source);
    const db = createDb(source, { poolSize: 2 });
    const sourceStorage = path.join(dir, 'source-storage');
    try {
      await seedDemoData(db);
      await seedDemoMedia(db, createLocalStorage(sourceStorage));
    } finally {
      await db.$disconnect();
    }

    const backupDir = path.join(dir, 'backup');
    const manifest = await backupShop({ databaseUrl: source, storageDir: sourceStorage, outDir: backupDir });
    // Password hashes and customers' files: readable by the backup's owner only, whatever the storage's own
    // modes (644 files here) and the umask.
    const modes = await modesUnder(backupDir);
    expect(modes.files.size).toBeGreaterThan(0);
    expect([...modes.folders]).toEqual(['700']);
    expect([...modes.files]).toEqual(['600']);
    const targetStorage = path.join(dir, 'target-storage');
    await restoreShop({ databaseUrl: target, storageDir: targetStorage, backupDir });

    const [before, after] = await Promise.all([tableContents(source), tableContents(target)]);
    expect(after).toEqual(before);
    expect(Number(before.User!.split(' ')[0])).toBeGreaterThan(0);
    expect(Number(before.Visit!.split(' ')[0])).toBeGreaterThan(0);
    const [sourceFiles, targetFiles] = await Promise.all([fileHashes(sourceStorage), fileHashes(targetStorage)]);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(0);
    expect(targetFiles).toEqual(sourceFiles);
    expect(manifest.files).toHaveLength(Object.keys(sourceFiles).length);
  }, 120_000);
});
