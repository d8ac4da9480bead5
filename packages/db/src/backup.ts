// Backup and restore of a shop: every row of the database plus the uploaded files (docs/operations.md
// "Backup and restore"; `pnpm backup`, `pnpm restore`).
//
// Why not pg_dump: the embedded PostgreSQL package ships the server only (no pg_dump), and pg_dump refuses a
// server newer than itself (the embedded server is 18; a distribution's client tools are often older). So
// the backup is made through an ordinary connection, the same way for the embedded and an external server:
// - one consistent snapshot (REPEATABLE READ, read only) of every table of the public schema, each written as
//   gzip'ed JSON lines (row_to_json), with its column list, row count and checksum in manifest.json;
// - the storage folder copied next to it, each file listed with its size and SHA-256.
// A restore empties the target database, applies the migrations, loads the rows (foreign keys checked
// once all are in, not row by row), moves sequences past the restored ids, compares every table's count and
// checksum with the manifest, and replaces the storage folder with the backed-up files.
// pg_dump/pg_restore remain an option where a client as new as the server is installed (docs).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { migrateDatabase } from './migrate.ts';

export const BACKUP_FORMAT = 'garage-backup/1';
const MIGRATIONS_TABLE = '_prisma_migrations';
const BATCH_ROWS = 2_000;

export interface TableManifest {
  name: string;
  columns: string[];
  rows: number;
  /** md5 of every row's text, sorted: equal for equal contents whatever the physical order. */
  checksum: string;
}

export interface FileManifest {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  serverVersion: string;
  /** Migrations applied to the backed-up database, in order. */
  migrations: string[];
  tables: TableManifest[];
  files: FileManifest[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

/** Stored (not generated) columns, in table order. */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [`public.${quote(table)}`],
  );
  return rows.map((row) => row.name);
}

/** Row count and an order-independent checksum of the listed columns. */
export async function tableFingerprint(
  client: pg.ClientBase,
  table: string,
  columns: string[],
): Promise<{ rows: number; checksum: string }> {
  const row = `ROW(${columns.map((c) => `t.${quote(c)}`).join(', ')})::text`;
  const { rows } = await client.query<{ rows: string; checksum: string | null }>(
    `SELECT count(*)::text AS rows, md5(coalesce(string_agg(r, E'\\n' ORDER BY r COLLATE "C"), '')) AS checksum FROM (SELECT ${row} AS r FROM public.${quote(table)} t) s`,
  );
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum ?? '' };
}

async function listFiles(root: string, dir = root): Promise<FileManifest[]> {
  if (!existsSync(dir)) return [];
  const files: FileManifest[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(root, full)));
    else if (entry.isFile()) {
      const hash = createHash('sha256');
      await pipeline(createReadStream(full), hash);
      files.push({ path: path.relative(root, full).split(path.sep).join('/'), bytes: (await stat(full)).size, sha256: hash.digest('hex') });
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/** Sets `root` and everything under it to owner-only modes (folders 700, files 600). */
async function restrictToOwner(root: string): Promise<void> {
  await chmod(root, PRIVATE_FOLDER);
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) await restrictToOwner(full);
    else if (entry.isFile()) await chmod(full, PRIVATE_FILE);
  }
}

/** Writes the database behind `databaseUrl` and the `storageDir` folder into the new folder `outDir`. */
export async function backupShop(options: {
  databaseUrl: string;
  storageDir: string;
  outDir: string;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  if (existsSync(options.outDir) && (await readdir(options.outDir)).length > 0)
    throw new Error(`${options.outDir} is not empty: choose a new folder for the backup`);
  // A backup holds password hashes and customers' files: only its owner may read it (700/600), whatever the umask.
  await mkdir(path.join(options.outDir, 'database'), { recursive: true, mode: PRIVATE_FOLDER });
  await restrictToOwner(options.outDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    // One snapshot for every table: rows written while the backup runs are either all in or all out.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const serverVersion = (await client.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
    const migrated = (await client.query<{ table: string | null }>(`SELECT to_regclass('public.${MIGRATIONS_TABLE}')::text AS table`))
      .rows[0]!.table;
    if (!migrated) throw new Error('This database has no Garage tables (has the app ever started on it?)');
    const migrations = (
      await client.query<{ name: string }>(
        `SELECT migration_name AS name FROM public.${quote(MIGRATIONS_TABLE)} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY finished_at, migration_name`,
      )
    ).rows.map((row) => row.name);
    const tables: TableManifest[] = [];
    for (const name of await tableNames(client)) {
      const columns = await columnsOf(client, name);
      const gzip = createGzip();
      const written = pipeline(gzip, createWriteStream(path.join(options.outDir, 'database', `${name}.jsonl.gz`), { mode: PRIVATE_FILE }));
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM public.${quote(name)} t`);
      let rows = 0;
      for (;;) {
        const batch = await client.query<{ line: string }>(`FETCH ${BATCH_ROWS} FROM backup_rows`);
        if (batch.rows.length === 0) break;
        rows += batch.rows.length;
        if (!gzip.write(batch.rows.map((row) => `${row.line}\n`).join(''))) await new Promise((resolve) => gzip.once('drain', resolve));
      }
      await client.query('CLOSE backup_rows');
      gzip.end();
      await written;
      const fingerprint = await tableFingerprint(client, name, columns);
      if (fingerprint.rows !== rows) throw new Error(`${name}: read ${rows} rows, counted ${fingerprint.rows}`);
      tables.push({ name, columns, ...fingerprint });
      log(`${name}: ${rows} rows`);
    }
    await client.query('COMMIT');
    if (existsSync(options.storageDir)) await cp(options.storageDir, path.join(options.outDir, 'storage'), { recursive: true });
    const files = await listFiles(path.join(options.outDir, 'storage'));
    log(`storage: ${files.length} files`);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      serverVersion,
      migrations,
      tables,
      files,
    };
    await writeFile(path.join(options.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
    await restrictToOwner(options.outDir);
    return manifest;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${backupDir} is not a Garage backup (format ${String(manifest.format)})`);
  return manifest;
}

/**
 * Replaces the database behind `databaseUrl` and the `storageDir` folder with the backup in `backupDir`.
 * Everything there before is deleted. Throws (and leaves the database empty of data) when a table's count
 * or checksum differs from the manifest, or when the backup needs migrations this version does not have.
 */
export async function restoreShop(options: {
  databaseUrl: string;
  storageDir: string;
  backupDir: string;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const manifest = await readManifest(options.backupDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    // A clean schema at this version's migrations (the backup's own list must be part of them).
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
    await migrateDatabase(options.databaseUrl);
    const applied = new Set(
      (await client.query<{ name: string }>(`SELECT migration_name AS name FROM public.${quote(MIGRATIONS_TABLE)}`)).rows.map(
        (row) => row.name,
      ),
    );
    const unknown = manifest.migrations.filter((name) => !applied.has(name));
    if (unknown.length > 0)
      throw new Error(`The backup was made by a newer version (migrations ${unknown.join(', ')}): restore it with that version`);

    const present = new Set(await tableNames(client));
    const tables = manifest.tables.filter((table) => table.name !== MIGRATIONS_TABLE);
    await client.query('BEGIN');
    // Rows go in table by table; foreign keys (and any trigger) would refuse a row whose parent comes in a
    // later table. Replica mode skips them for this transaction; the rows were consistent when backed up.
    await client.query(`SET LOCAL session_replication_role = replica`);
    const targets = [...present].filter((name) => name !== MIGRATIONS_TABLE);
    if (targets.length > 0) await client.query(`TRUNCATE ${targets.map((name) => `public.${quote(name)}`).join(', ')} CASCADE`);
    for (const table of tables) {
      if (!present.has(table.name)) throw new Error(`The backup has a table this version does not know: ${table.name}`);
      const targetColumns = new Set(await columnsOf(client, table.name));
      const columns = table.columns
        .filter((column) => targetColumns.has(column))
        .map(quote)
        .join(', ');
      const insert = `INSERT INTO public.${quote(table.name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::public.${quote(table.name)}, $1::json)`;
      const lines = createInterface({
        input: createReadStream(path.join(options.backupDir, 'database', `${table.name}.jsonl.gz`)).pipe(createGunzip()),
        crlfDelay: Infinity,
      });
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length > 0) await client.query(insert, [`[${batch.join(',')}]`]);
        batch = [];
      };
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
    }
    // Sequences (autoincrement ids) continue after the restored rows.
    const { rows: sequences } = await client.query<{ table: string; column: string; sequence: string }>(
      `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) AS sequence
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
         AND pg_get_serial_sequence(format('public.%I', c.relname), a.attname) IS NOT NULL`,
    );
    for (const { table, column, sequence } of sequences) {
      await client.query(`SELECT setval($1, coalesce((SELECT max(${quote(column)}) FROM public.${quote(table)}), 0) + 1, false)`, [
        sequence,
      ]);
    }
    await client.query('COMMIT');

    const mismatches: string[] = [];
    for (const table of tables) {
      const found = await tableFingerprint(client, table.name, table.columns);
      if (found.rows !== table.rows || found.checksum !== table.checksum)
        mismatches.push(`${table.name}: expected ${table.rows} rows (${table.checksum}), found ${found.rows} (${found.checksum})`);
      else log(`${table.name}: ${found.rows} rows`);
    }
    if (mismatches.length > 0) throw new Error(`The restored rows differ from the backup:\n  ${mismatches.join('\n  ')}`);

    await rm(options.storageDir, { recursive: true, force: true });
    if (existsSync(path.join(options.backupDir, 'storage')))
      await cp(path.join(options.backupDir, 'storage'), options.storageDir, { recursive: true });
    const files = await listFiles(options.storageDir);
    const expected = new Map(manifest.files.map((file) => [file.path, file.sha256]));
    const missing = manifest.files.length !== files.length || files.some((file) => expected.get(file.path) !== file.sha256);
    if (missing)
      throw new Error(`The restored storage folder differs from the backup (${files.length} files, expected ${manifest.files.length})`);
    log(`storage: ${files.length} files`);
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
