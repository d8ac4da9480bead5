// Ending a user's access tokens at once, without a database query per request.
//
// Access tokens live 15 minutes and are checked by signature alone. When a user's sessions must end now
// (deactivation, deletion, a role or password change), `revokeAccessTokens` sets User.sessionsRevokedAt in
// the caller's transaction and sends `NOTIFY session_revocations` (delivered on commit). Every app instance
// LISTENs and keeps, in memory, the revocation instants of the last 15 minutes; a token issued at or before
// its user's instant is refused (older revocations need no memory: the tokens they concern have expired).
// On start and after a lost LISTEN connection an instance reloads the recent revocations from the table, so
// a restart or a network blip forgets nothing.
import type { Db, Prisma } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { pg } from '@garage/db/pg';
import { SESSION } from '@garage/shared';

const CHANNEL = 'session_revocations';
/** A little more than a token's life, for clock differences between instances. */
const REMEMBER_MS = (SESSION.accessTokenTtlSeconds + 60) * 1000;

const revokedAt = new Map<string, number>();

/** True when the user's tokens issued at `issuedAtMs` were revoked since. A map lookup: hot path. */
export function isRevoked(userId: string, issuedAtMs: number): boolean {
  const at = revokedAt.get(userId);
  return at !== undefined && issuedAtMs <= at;
}

function remember(userId: string, atMs: number, nowMs = Date.now()) {
  if (atMs < nowMs - REMEMBER_MS) return;
  if ((revokedAt.get(userId) ?? 0) < atMs) revokedAt.set(userId, atMs);
}

function forgetExpired(nowMs = Date.now()) {
  for (const [userId, atMs] of revokedAt) if (atMs < nowMs - REMEMBER_MS) revokedAt.delete(userId);
}

/**
 * Ends every access token of the user issued until now, on every instance. Call it inside the transaction
 * that makes the change; this instance stops accepting them at once (even if the transaction then fails,
 * which only costs the user a silent token refresh), the others when the NOTIFY arrives after the commit.
 */
export async function revokeAccessTokens(tx: Prisma.TransactionClient, userId: string, now = new Date()): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { sessionsRevokedAt: now }, select: { id: true } });
  await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${`${userId} ${now.getTime()}`})`;
  remember(userId, now.getTime());
}

async function loadRecent(client: pg.Client) {
  const since = new Date(Date.now() - REMEMBER_MS);
  const { rows } = await client.query<{ id: string; at: string }>(
    `SELECT id::text AS id, (extract(epoch FROM "sessionsRevokedAt") * 1000)::bigint::text AS at FROM "User" WHERE "sessionsRevokedAt" > $1`,
    [since.toISOString()],
  );
  for (const row of rows) remember(row.id, Number(row.at));
}

interface Listener {
  users: number;
  stop: () => Promise<void>;
}
const listeners = new Map<string, Listener>();

/**
 * Starts this process's LISTEN connection for the database behind `db` (one per database, shared by every
 * app built on it in this process); the returned function stops it when the last app closes.
 */
export async function listenForRevocations(db: Db, log: { warn: (message: string) => void }): Promise<() => Promise<void>> {
  const connectionString = poolOf(db).options.connectionString;
  if (!connectionString) throw new Error('listenForRevocations needs a connection string');
  let listener = listeners.get(connectionString);
  if (!listener) {
    listener = startListener(connectionString, log);
    listeners.set(connectionString, listener);
  }
  listener.users += 1;
  const current = listener;
  await ready.get(current);
  return async () => {
    current.users -= 1;
    if (current.users === 0) {
      listeners.delete(connectionString);
      await current.stop();
    }
  };
}

const ready = new WeakMap<Listener, Promise<void>>();

function startListener(connectionString: string, log: { warn: (message: string) => void }): Listener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const pruneTimer = setInterval(() => forgetExpired(), 60_000).unref();

  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const [userId, at] = (message.payload ?? '').split(' ');
      if (userId && at) remember(userId, Number(at));
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      log.warn('session revocations: LISTEN connection lost; reconnecting');
      schedule(1);
    });
    try {
      await next.connect();
      // A listener alone must not keep the process running (app.close() ends it; tests may not close).
      (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      await next.query(`LISTEN ${CHANNEL}`);
      // Anything revoked while we were not listening.
      await loadRecent(next);
      if (stopped) return void (await next.end().catch(() => {}));
      client = next;
    } catch (error) {
      await next.end().catch(() => {});
      if (stopped) return;
      if (attempt === 0) throw error;
      schedule(attempt + 1);
    }
  };
  const schedule = (attempt: number) => {
    retryTimer = setTimeout(() => void connect(attempt), Math.min(10_000, 500 * attempt)).unref();
  };

  const listener: Listener = {
    users: 0,
    stop: async () => {
      stopped = true;
      clearInterval(pruneTimer);
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
  ready.set(listener, connect(0));
  return listener;
}
