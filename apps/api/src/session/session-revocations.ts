// Ending a user's access tokens at once, without a database query per request.
//
// Access tokens live 15 minutes and are checked by signature alone. When a user's sessions must end now
// (deactivation, deletion, a role or password change), `revokeAccessTokens` sets User.sessionsRevokedAt in
// the caller's transaction and sends `NOTIFY session_revocations` (delivered on commit). Every app instance
// LISTENs and keeps, in memory, the revocation instants of the last 15 minutes; a token issued at or before
// its user's instant is refused (older revocations need no memory: the tokens they concern have expired).
// On start and after a lost LISTEN connection an instance reloads the recent revocations from the table, so
// a restart or a network blip forgets nothing.
//
// One session ends the same way (logout, a replayed refresh token): its access tokens carry their refresh
// token family as `sid`; `endSessionAccess` sends `sid:<family> <instant>` on the same channel, and the
// family's RefreshToken rows (revokedAt) are what a starting instance reloads.
import type { Db, Prisma } from '@garage/db';
import { SESSION } from '@garage/shared';
import { openPgListener } from '../lib/pg-listener.ts';

const CHANNEL = 'session_revocations';
/** A little more than a token's life, for clock differences between instances. */
const REMEMBER_MS = (SESSION.accessTokenTtlSeconds + 60) * 1000;

const SESSION_PREFIX = 'sid:';
const revokedAt = new Map<string, number>();
/** Sessions (refresh token families) ended in the last REMEMBER_MS: every token carrying them is refused. */
const endedSessions = new Map<string, number>();

/** True when the user's tokens issued at `issuedAtMs` were revoked since, or their session ended. Map lookups: hot path. */
export function isRevoked(userId: string, issuedAtMs: number, sessionId?: string): boolean {
  if (sessionId !== undefined && endedSessions.has(sessionId)) return true;
  const at = revokedAt.get(userId);
  return at !== undefined && issuedAtMs <= at;
}

function forgetOld(map: Map<string, number>, nowMs: number) {
  // Older instants need no memory: the tokens they concern have expired (revocations are rare: a scan is cheap).
  for (const [known, knownAt] of map) if (knownAt < nowMs - REMEMBER_MS) map.delete(known);
}

function remember(subject: string, atMs: number, nowMs = Date.now()) {
  const sessionId = subject.startsWith(SESSION_PREFIX) ? subject.slice(SESSION_PREFIX.length) : null;
  const map = sessionId ? endedSessions : revokedAt;
  forgetOld(map, nowMs);
  if (atMs < nowMs - REMEMBER_MS) return;
  const key = sessionId ?? subject;
  if ((map.get(key) ?? 0) < atMs) map.set(key, atMs);
}

/**
 * Ends the access tokens of one session (a refresh token family) on every instance: logout, or a family
 * revoked because a rotated token was replayed. The family's revoked RefreshToken rows are its record.
 */
export async function endSessionAccess(db: Db | Prisma.TransactionClient, sessionId: string, now = new Date()): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${`${SESSION_PREFIX}${sessionId} ${now.getTime()}`})`;
  remember(`${SESSION_PREFIX}${sessionId}`, now.getTime());
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

/** Revocations recorded while this instance was not listening (before it started, or while disconnected). */
async function loadRecent(db: Db) {
  const since = new Date(Date.now() - REMEMBER_MS);
  const rows = await db.user.findMany({ where: { sessionsRevokedAt: { gt: since } }, select: { id: true, sessionsRevokedAt: true } });
  for (const row of rows) if (row.sessionsRevokedAt) remember(row.id, row.sessionsRevokedAt.getTime());
  const families = await db.refreshToken.findMany({
    where: { revokedAt: { gt: since } },
    distinct: ['familyId'],
    select: { familyId: true, revokedAt: true },
  });
  for (const family of families) if (family.revokedAt) remember(`${SESSION_PREFIX}${family.familyId}`, family.revokedAt.getTime());
}

/**
 * Hears the revocations of every instance on this process's LISTEN connection (lib/pg-listener.ts) and
 * loads the recent ones, now and after each reconnection; the returned function stops listening.
 */
export async function listenForRevocations(db: Db, log: { warn: (obj: object, message: string) => void }): Promise<() => Promise<void>> {
  const listener = await openPgListener(db, log);
  try {
    await listener.listen(CHANNEL, (payload) => {
      const [subject, at] = payload.split(' ');
      if (subject && at) remember(subject, Number(at));
    });
    // LISTEN first, then load: a revocation committed in between is heard or loaded, never neither.
    listener.onReconnect(() => loadRecent(db));
    await loadRecent(db);
  } catch (error) {
    await listener.close();
    throw error;
  }
  return () => listener.close();
}
