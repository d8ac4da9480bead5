// The process's one PostgreSQL LISTEN connection, shared by everything that hears NOTIFYs between app
// instances: session revocations (session/session-revocations.ts), cache drops (lib/change-notices.ts) and
// live analytics (modules/analytics/realtime.ts).
//
// One dedicated client per database per process (tests build many apps on one database; they all share it),
// opened by the first `openPgListener` and ended when the last one is closed (app.close() on SIGTERM). When
// the connection is lost (PostgreSQL restarted, the backend killed, the network gone) it reconnects with a
// growing delay, LISTENs again on every channel, then runs the `onReconnect` handlers: a NOTIFY sent while
// nobody listened is lost for good, so each user reloads or drops what it may have missed.
import type { Db } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { pg } from '@garage/db/pg';

type Log = { warn: (obj: object, message: string) => void };

export interface PgListener {
  /** Runs `handler` with the payload of every NOTIFY on `channel` (by any instance, this one included). */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /**
   * Runs `handler` after each reconnection, once every channel is listened to again (not on the first
   * connection). If it throws, the connection is dropped and the reconnection tried again.
   */
  onReconnect(handler: () => void | Promise<void>): void;
  /** Removes this user's handlers; the connection ends with the last user. */
  close(): Promise<void>;
}

// Quick retries first: after a database restart, caches and revocations must be trusted again within a
// second or so; then no more than one attempt every 5 s while the database stays away.
const retryDelayMs = (attempt: number) => Math.min(5_000, 250 * attempt);
// Channel names go into LISTEN as identifiers: only plain lowercase names (what pg_notify's callers use).
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

interface SharedConnection {
  users: number;
  /** The first connection: its failure fails the first `openPgListener` (the app does not start). */
  ready: Promise<void>;
  channels: Map<string, Set<(payload: string) => void>>;
  reconnectHandlers: Set<() => void | Promise<void>>;
  /** LISTENs on the connection if it is up; otherwise the next (re)connection will. */
  listenIfConnected: (channel: string) => Promise<void>;
  stop: () => Promise<void>;
}
const connections = new Map<string, SharedConnection>();

/** Joins (or opens) this process's LISTEN connection for `db`'s database. */
export async function openPgListener(db: Db, log: Log): Promise<PgListener> {
  const connectionString = poolOf(db).options.connectionString;
  if (!connectionString) throw new Error('openPgListener needs a connection string');
  let shared = connections.get(connectionString);
  if (!shared) {
    const started = startConnection(connectionString, log);
    connections.set(connectionString, started);
    started.ready.catch(() => {
      if (connections.get(connectionString) === started) connections.delete(connectionString);
    });
    shared = started;
  }
  shared.users += 1;
  const connection = shared;
  try {
    await connection.ready;
  } catch (error) {
    connection.users -= 1;
    throw error;
  }

  const mine: { channel: string; handler: (payload: string) => void }[] = [];
  const myReconnectHandlers: (() => void | Promise<void>)[] = [];
  let closed = false;
  return {
    async listen(channel, handler) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
      // A wrapper of its own, so the same function registered twice is also removed twice.
      const entry = (payload: string) => handler(payload);
      mine.push({ channel, handler: entry });
      let handlers = connection.channels.get(channel);
      if (!handlers) connection.channels.set(channel, (handlers = new Set()));
      handlers.add(entry);
      await connection.listenIfConnected(channel);
    },
    onReconnect(handler) {
      const entry = () => handler();
      myReconnectHandlers.push(entry);
      connection.reconnectHandlers.add(entry);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const { channel, handler } of mine) connection.channels.get(channel)?.delete(handler);
      for (const handler of myReconnectHandlers) connection.reconnectHandlers.delete(handler);
      connection.users -= 1;
      if (connection.users > 0) return;
      if (connections.get(connectionString) === connection) connections.delete(connectionString);
      await connection.stop();
    },
  };
}

function startConnection(connectionString: string, log: Log): SharedConnection {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void | Promise<void>>();
  /** Set only once every channel is listened to, so `listen` LISTENs itself exactly when this is set. */
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const deliver = (channel: string, payload: string) => {
    for (const handler of channels.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.warn({ err: error, channel }, 'LISTEN handler failed');
      }
    }
  };

  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    // Both the end of the connection and a failed catch-up lead here: one retry per connection.
    let retried = false;
    const retry = (nextAttempt: number) => {
      if (retried) return;
      retried = true;
      if (client === next) client = null;
      void next.end().catch(() => {});
      if (stopped) return;
      retryTimer = setTimeout(() => void connect(nextAttempt), retryDelayMs(nextAttempt)).unref();
    };
    next.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    // The error also ends the connection: 'end' below reconnects.
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next) return; // still connecting: the catch below retries
      log.warn({}, 'LISTEN connection lost; reconnecting');
      retry(1);
    });
    try {
      await next.connect();
      // The listener alone must not keep the process running (app.close() ends it; tests may not close).
      (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      // A live iteration: a channel added by `listen` during an await here is LISTENed by this loop too.
      for (const channel of channels.keys()) await next.query(`LISTEN "${channel}"`);
      if (stopped) return void (await next.end().catch(() => {}));
      client = next;
      if (attempt > 0) {
        // What was notified while nobody listened was never heard: each user catches up.
        for (const handler of reconnectHandlers) await handler();
      }
    } catch (error) {
      if (attempt === 0) {
        await next.end().catch(() => {});
        throw error;
      }
      if (client === next) log.warn({ err: error }, 'LISTEN reconnection: catching up failed; reconnecting');
      retry(attempt + 1);
    }
  };
  return {
    users: 0,
    ready: connect(0),
    channels,
    reconnectHandlers,
    async listenIfConnected(channel) {
      // A failure here means the connection is going: its reconnection LISTENs on every channel.
      await client?.query(`LISTEN "${channel}"`).catch(() => {});
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
