// Change notices between app instances, for caches kept in each process's memory (docs/operations.md
// "Scaling out"). A write that makes cached answers stale calls `announceChange(tx, topic)` inside its
// transaction: PostgreSQL delivers the NOTIFY to every instance's LISTEN connection when the transaction
// commits, and each instance runs the topic's handlers (drop the cache). When the LISTEN connection is lost,
// every handler runs again once it is back, since anything may have changed meanwhile.
//
// One LISTEN connection per database per process, shared by every app built on it in the process (tests
// build many) and closed with the last one.
import type { Db, Prisma } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { pg } from '@garage/db/pg';

const CHANNEL = 'garage_changes';

/** What changed. The payload of the NOTIFY; add a topic for each cache that other instances must drop. */
export type ChangeTopic = 'visits';

const handlers = new Map<ChangeTopic, Set<() => void>>();

/** Runs `handler` whenever any instance (this one included) announces a change to `topic`. */
export function onChange(topic: ChangeTopic, handler: () => void): void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
}

function run(topic: string) {
  for (const handler of handlers.get(topic as ChangeTopic) ?? []) handler();
}

const runAll = () => {
  for (const topic of handlers.keys()) run(topic);
};

/** Tells every instance, when the caller's transaction commits, that `topic` changed. */
export async function announceChange(tx: Prisma.TransactionClient, topic: ChangeTopic): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${topic})`;
}

interface Listener {
  users: number;
  ready: Promise<void>;
  stop: () => Promise<void>;
}
const listeners = new Map<string, Listener>();

/** Starts (or joins) this process's LISTEN connection for `db`'s database; the result stops it. */
export async function listenForChanges(db: Db, log: { warn: (message: string) => void }): Promise<() => Promise<void>> {
  const connectionString = poolOf(db).options.connectionString;
  if (!connectionString) throw new Error('listenForChanges needs a connection string');
  let listener = listeners.get(connectionString);
  if (!listener) {
    listener = startListener(connectionString, log);
    listeners.set(connectionString, listener);
  }
  listener.users += 1;
  const current = listener;
  await current.ready;
  return async () => {
    current.users -= 1;
    if (current.users === 0) {
      listeners.delete(connectionString);
      await current.stop();
    }
  };
}

function startListener(connectionString: string, log: { warn: (message: string) => void }): Listener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => run(message.payload ?? ''));
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      log.warn('change notices: LISTEN connection lost; reconnecting');
      schedule(1);
    });
    try {
      await next.connect();
      // A listener alone must not keep the process running (app.close() ends it; tests may not close).
      (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      await next.query(`LISTEN ${CHANNEL}`);
      if (stopped) return void (await next.end().catch(() => {}));
      client = next;
      // Changes made while nobody listened were never heard: drop everything once.
      if (attempt > 0) runAll();
    } catch (error) {
      await next.end().catch(() => {});
      if (stopped) return;
      if (attempt === 0) throw error;
      schedule(attempt + 1);
    }
  };
  // Quick retries first: after a database restart the caches must be trusted again within a second or so.
  const schedule = (attempt: number) => {
    retryTimer = setTimeout(() => void connect(attempt), Math.min(5_000, 250 * attempt)).unref();
  };

  return {
    users: 0,
    ready: connect(0),
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
