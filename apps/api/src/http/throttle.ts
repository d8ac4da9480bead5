// Throttling of sign-in, code and public-form endpoints with AuthAttempt rows, so every API process sees the same counts.
// An attempt is recorded and counted in one transaction holding an advisory lock per bucket: concurrent
// attempts on a bucket line up, the first `limit` go through and the rest are refused, so no burst slips
// past the limit and none is refused unfairly. Attempts that turn out fine are released; failures stay and
// expire with the window.
import type { Db, Prisma } from '@garage/db';
import type { MessageCode } from '@garage/shared';
import { AppError } from '../lib/errors.ts';

export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** What a refusal says; AUTH_MESSAGES.tooManyAttempts when not given. */
  messageCode?: MessageCode;
}

/** Keeps bucket names inside the column (identifiers are at most 100 characters, IPv6 at most 45). */
const bucketName = (bucket: string) => bucket.slice(0, 200);

/** Bursts queue for the lock and for pool connections; Prisma's defaults (2 s / 5 s) are too short for that. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

export interface Reservation {
  /** The attempt was fine: forget it. */
  release(): Promise<void>;
}

export async function reserveAttempt(db: Db, rules: readonly ThrottleRule[], now = new Date()): Promise<Reservation> {
  await pruneOldAttempts(db, now);
  // Sorted, so two requests locking the same buckets cannot deadlock.
  const names = [...new Set(rules.map((rule) => bucketName(rule.bucket)))].sort();
  const { ids, blocked } = await db.$transaction(async (tx) => {
    for (const name of names) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`;
    const created = await tx.authAttempt.createManyAndReturn({
      data: names.map((bucket) => ({ bucket, createdAt: now })),
      select: { id: true },
    });
    const ownIds = created.map((row) => row.id);
    const verdicts: (number | null)[] = [];
    for (const rule of rules) verdicts.push(await retryAfter(tx, rule, ownIds, now));
    const worst = verdicts.reduce<{ rule: ThrottleRule; seconds: number } | null>((current, seconds, index) => {
      if (seconds === null || (current && current.seconds >= seconds)) return current;
      return { rule: rules[index]!, seconds };
    }, null);
    if (worst) await tx.authAttempt.deleteMany({ where: { id: { in: ownIds } } });
    return { ids: ownIds, blocked: worst };
  }, TRANSACTION_OPTIONS);
  if (blocked) {
    throw new AppError('TOO_MANY_REQUESTS', blocked.rule.messageCode ?? 'auth.tooManyAttempts', {
      retryAfterSeconds: blocked.seconds,
    });
  }
  return {
    release: async () => {
      await db.authAttempt.deleteMany({ where: { id: { in: ids } } });
    },
  };
}

/** Seconds until this attempt would be allowed, or null when it is allowed now. */
async function retryAfter(db: Prisma.TransactionClient, rule: ThrottleRule, ownIds: bigint[], now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  const where = { bucket: bucketName(rule.bucket), createdAt: { gt: since } };
  const count = await db.authAttempt.count({ where });
  if (count <= rule.limit) return null;
  // Without our own row, `count - 1` earlier attempts are in the window; this one is allowed once all but
  // `limit - 1` of them have expired.
  const earlier = await db.authAttempt.findMany({
    where: { ...where, id: { notIn: ownIds } },
    orderBy: { createdAt: 'asc' },
    skip: Math.max(0, count - 1 - rule.limit),
    take: 1,
    select: { createdAt: true },
  });
  const freedAt = (earlier[0]?.createdAt.getTime() ?? now.getTime()) + rule.windowSeconds * 1000;
  // Attempts from other processes may carry a slightly later clock than ours: never report more than the window.
  return Math.min(rule.windowSeconds, Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
}

export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await db.authAttempt.deleteMany({ where: { bucket: bucketName(bucket) } });
}

/** Failed attempts recorded in a bucket after `since` (e.g. wrong codes since the last code was sent). */
export function countSince(db: Db, bucket: string, since: Date): Promise<number> {
  return db.authAttempt.count({ where: { bucket: bucketName(bucket), createdAt: { gt: since } } });
}

export async function latestAttempt(db: Db, bucket: string): Promise<Date | null> {
  const row = await db.authAttempt.findFirst({
    where: { bucket: bucketName(bucket) },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  return row?.createdAt ?? null;
}

const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrune = 0;

/** Rows older than every window are useless; drop them now and then rather than keep a job. */
async function pruneOldAttempts(db: Db, now: Date) {
  if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now.getTime();
  await db.authAttempt.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - LONGEST_WINDOW_MS) } } });
}
