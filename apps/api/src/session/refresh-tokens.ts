// Refresh tokens: 256-bit random strings, stored as SHA-256 (a database leak yields no usable token). Each
// sign-in starts a family; every refresh rotates the token within its family, and presenting a token that was
// already rotated means it leaked (or was replayed), so the whole family is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Prisma } from '@garage/db';
import { SESSION } from '@garage/shared';
import { AppError } from '../lib/errors.ts';
import { endSessionAccess, revokeAccessTokens } from './session-revocations.ts';

export const REFRESH_TOKEN_TTL_SECONDS = SESSION.refreshCookieDays * 24 * 60 * 60;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  db: Db,
  userId: string,
  client: ClientInfo,
  options: { familyId?: string; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  await pruneExpired(db, now);
  const token = randomBytes(32).toString('base64url');
  await db.refreshToken.create({
    data: {
      userId,
      familyId: options.familyId ?? randomUUID(),
      tokenHash: hashRefreshToken(token),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: client.userAgent?.slice(0, 500),
      ipAddress: client.ip.slice(0, 64),
      createdAt: now,
    },
  });
  return token;
}

const refreshFailed = () => new AppError('UNAUTHORIZED', 'tokenRefreshFailed');

/** Marks the token used and returns its owner and family; throws 401 for anything but a live, unused token. */
export async function consumeRefreshToken(db: Db, token: string, now = new Date()): Promise<{ userId: string; familyId: string }> {
  const row = await db.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(token) },
    select: { id: true, userId: true, familyId: true, expiresAt: true, rotatedAt: true, revokedAt: true },
  });
  if (!row || row.revokedAt || row.expiresAt <= now) throw refreshFailed();
  // A family with any revoked token is dead, including tokens issued while it was being revoked (a
  // concurrent rotation can insert its successor after the revocation's UPDATE took its snapshot).
  const familyRevoked = await db.refreshToken.count({ where: { familyId: row.familyId, revokedAt: { not: null } } });
  if (familyRevoked > 0) {
    await revokeFamily(db, row.familyId, now);
    throw refreshFailed();
  }
  if (row.rotatedAt) {
    await revokeFamily(db, row.familyId, now);
    throw refreshFailed();
  }
  // Claim it atomically: of two concurrent uses only one wins; the other is a replay.
  const claimed = await db.refreshToken.updateMany({
    where: { id: row.id, rotatedAt: null, revokedAt: null },
    data: { rotatedAt: now },
  });
  if (claimed.count !== 1) {
    await revokeFamily(db, row.familyId, now);
    throw refreshFailed();
  }
  return { userId: row.userId, familyId: row.familyId };
}

/** Ends a session: its refresh tokens, and its access tokens on every instance at once. */
export async function revokeFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  await endSessionAccess(db, familyId, now);
}

/** Ends the session the token belongs to; unknown tokens are ignored (logout always succeeds). */
export async function revokeByToken(db: Db, token: string, now = new Date()): Promise<void> {
  const row = await db.refreshToken.findUnique({ where: { tokenHash: hashRefreshToken(token) }, select: { familyId: true } });
  if (row) await revokeFamily(db, row.familyId, now);
}

/**
 * Ends every session of a user: after a password change or reset, a deactivation or a deletion, no old
 * device may keep renewing its access tokens. `exceptToken` keeps the session that made the change.
 */
export async function revokeUserSessions(
  db: Prisma.TransactionClient,
  userId: string,
  { exceptToken, now = new Date() }: { exceptToken?: string; now?: Date } = {},
): Promise<void> {
  const keep = exceptToken
    ? await db.refreshToken.findFirst({ where: { tokenHash: hashRefreshToken(exceptToken), userId }, select: { familyId: true } })
    : null;
  await db.refreshToken.updateMany({
    where: { userId, revokedAt: null, ...(keep ? { familyId: { not: keep.familyId } } : {}) },
    data: { revokedAt: now },
  });
  // Access tokens already issued end too, on every instance (the kept session renews its own silently).
  await revokeAccessTokens(db, userId, now);
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrune = 0;

/** Expired rows are no longer needed, not even for reuse detection (an expired token is refused anyway). */
async function pruneExpired(db: Db, now: Date) {
  if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now.getTime();
  await db.refreshToken.deleteMany({ where: { expiresAt: { lt: now } } });
}
