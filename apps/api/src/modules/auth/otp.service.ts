// One-time codes (SPEC §4 login flow): send / resend, verify, and the password reset a verified code allows.
// Unknown identifiers get the same answers as known ones, and one identifier's answers never depend on what
// was tried with another of the same account: the resend countdown and the "too many wrong codes" lock are
// tracked per typed identifier (AuthAttempt buckets), not per account.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { hashPassword, type Db } from '@garage/db';
import {
  AUTH_MESSAGES,
  OTP,
  parseIdentifier,
  type CodeSent,
  type Identifier,
  type MessageCode,
  type OtpPurpose,
  type ResetPasswordInput,
} from '@garage/shared';
import { clearBucket, countSince, latestAttempt, reserveAttempt } from '../../http/throttle.ts';
import type { CodePurpose, DeliverCode } from '../../lib/delivery.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { revokeUserSessions } from '../../session/refresh-tokens.ts';
import type { AuthContext } from './auth.service.ts';
import { AUTH_THROTTLE, buckets } from './auth.throttle.ts';
import { canSignIn, findAccount } from './users.ts';

export interface CodeContext extends AuthContext {
  deliver: DeliverCode;
}

const codeError = (messageCode: MessageCode) => new AppError('BAD_REQUEST', messageCode, { field: 'otp' });

function parse(raw: string): Identifier {
  const identifier = parseIdentifier(raw);
  if (!identifier) throw fieldError('identifier', 'identifier');
  return identifier;
}

/** HMAC keyed with the server secret: a copy of the database alone does not let anyone test the 10^6 codes. */
function hashCode(secret: string, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a code is for beyond its purpose: the new address of an own-profile change. */
export interface CodeTarget {
  newEmail?: string;
  newCountryCode?: string;
  newPhoneNumber?: string;
}

/**
 * Stores a fresh code for the user and purpose (hashed, OTP.ttlSeconds to live) and retires any earlier live
 * one; returns the code to deliver. Shared by send-otp and the own-profile address changes.
 */
export async function issueCode(
  db: Db,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  target: CodeTarget = {},
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');
  await db.$transaction([
    db.oneTimeCode.updateMany({ where: { userId, purpose, consumedAt: null }, data: { consumedAt: now } }),
    db.oneTimeCode.create({
      data: {
        userId,
        purpose,
        codeHash: hashCode(secret, userId, purpose, code),
        expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
        lastSentAt: now,
        createdAt: now,
        ...target,
      },
    }),
  ]);
  return code;
}

/**
 * One try at a stored code: counted atomically before comparing, so at most OTP.maxAttempts tries per code.
 * 'locked' once the tries are used up (the try that reaches the limit included): a new code must be asked for.
 */
export async function tryCode(
  db: Db,
  secret: string,
  code: { id: string; userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date },
  otp: string,
  now = new Date(),
): Promise<'valid' | 'invalid' | 'locked'> {
  const [counted] = await db.oneTimeCode.updateManyAndReturn({
    where: { id: code.id, attempts: { lt: OTP.maxAttempts } },
    data: { attempts: { increment: 1 } },
    select: { attempts: true },
  });
  if (!counted) return 'locked';
  if (code.expiresAt > now && sameHash(code.codeHash, hashCode(secret, code.userId, code.purpose, otp))) return 'valid';
  return counted.attempts >= OTP.maxAttempts ? 'locked' : 'invalid';
}

/** Send and resend are the same operation: a fresh code replaces any earlier one. */
export async function sendCode(ctx: CodeContext, input: { identifier: string; purpose: OtpPurpose }): Promise<CodeSent> {
  const identifier = parse(input.identifier);
  const sendBucket = buckets.codeSend(input.purpose, identifier.key);
  await reserveAttempt(ctx.db, [
    { bucket: sendBucket, limit: 1, windowSeconds: OTP.resendCooldownSeconds, messageCode: 'auth.codeResendTooSoon' },
    { bucket: sendBucket, ...AUTH_THROTTLE.codeSendPerIdentifier },
    { bucket: buckets.codeSendIp(ctx.client.ip), ...AUTH_THROTTLE.codeSendPerIp },
  ]);

  const account = await findAccount(ctx.db, identifier);
  if (account && canSignIn(account)) {
    const code = await issueCode(ctx.db, ctx.jwtSecret, account.id, input.purpose);
    // Not awaited: how long a mail server takes must not tell whether the account exists. deliver() logs
    // its own failures.
    void ctx.deliver(account, code, input.purpose, identifier.kind === 'phone');
  }
  return { message: AUTH_MESSAGES.codeSent, resendAfterSeconds: OTP.resendCooldownSeconds, expiresInSeconds: OTP.ttlSeconds };
}

/**
 * Checks a code. Every try counts (atomically, before comparing), so at most OTP.maxAttempts tries per code;
 * the try that reaches the limit answers "locked" and a new code must be requested.
 */
export async function verifyCode(
  ctx: CodeContext,
  input: { identifier: string; otp: string; purpose: OtpPurpose },
): Promise<{ verified: true; resetWindowSeconds: number }> {
  const identifier = parse(input.identifier);
  const verifyBucket = buckets.codeVerify(input.purpose, identifier.key);
  const attempt = await reserveAttempt(ctx.db, [
    { bucket: verifyBucket, ...AUTH_THROTTLE.codeVerifyPerIdentifier },
    { bucket: buckets.codeVerifyIp(ctx.client.ip), ...AUTH_THROTTLE.codeVerifyPerIp },
  ]);
  const now = new Date();
  const account = await findAccount(ctx.db, identifier);
  const code =
    account && canSignIn(account)
      ? await ctx.db.oneTimeCode.findFirst({
          where: { userId: account.id, purpose: input.purpose, consumedAt: null },
          orderBy: { createdAt: 'desc' },
        })
      : null;

  // The lock and its message follow the typed identifier's own tries since its last send, never the
  // account's code: a code locked through a phone number must not make the account's email answer "locked"
  // at its first try (that would tell which email the phone belongs to). Known and unknown identifiers count
  // the same way. The code's own counter still bounds the tries per code whatever identifiers they use;
  // once it is used up, a try is simply wrong.
  const lastSend = await latestAttempt(ctx.db, buckets.codeSend(input.purpose, identifier.key));
  const tries = await countSince(ctx.db, verifyBucket, lastSend ?? new Date(now.getTime() - OTP.ttlSeconds * 1000));
  if (tries > OTP.maxAttempts) {
    await attempt.release();
    throw codeError('auth.codeLocked');
  }
  const counted = code
    ? (
        await ctx.db.oneTimeCode.updateManyAndReturn({
          where: { id: code.id, attempts: { lt: OTP.maxAttempts } },
          data: { attempts: { increment: 1 } },
          select: { attempts: true },
        })
      ).length > 0
    : false;

  const correct =
    code !== null &&
    counted &&
    code.expiresAt > now &&
    sameHash(code.codeHash, hashCode(ctx.jwtSecret, code.userId, input.purpose, input.otp));
  if (!correct) throw codeError(tries >= OTP.maxAttempts ? 'auth.codeLocked' : 'auth.codeInvalid');

  await attempt.release();
  if (input.purpose === 'VERIFY_ACCOUNT') {
    await ctx.db.$transaction([
      ctx.db.oneTimeCode.update({ where: { id: code.id }, data: { verifiedAt: now, consumedAt: now } }),
      ctx.db.user.update({ where: { id: code.userId }, data: { verified: true } }),
    ]);
  } else if (!code.verifiedAt) {
    await ctx.db.oneTimeCode.update({ where: { id: code.id }, data: { verifiedAt: now } });
  }
  return { verified: true, resetWindowSeconds: OTP.resetWindowSeconds };
}

/** Allowed once, within OTP.resetWindowSeconds of verifying a reset code. Ends every session of the user. */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordInput): Promise<{ message: string }> {
  const identifier = parse(input.identifier);
  const attempt = await reserveAttempt(ctx.db, [{ bucket: buckets.resetIp(ctx.client.ip), ...AUTH_THROTTLE.resetPerIp }]);
  const now = new Date();
  const notAllowed = () => new AppError('BAD_REQUEST', 'auth.resetNotAllowed');
  const account = await findAccount(ctx.db, identifier);
  const code =
    account && canSignIn(account)
      ? await ctx.db.oneTimeCode.findFirst({
          where: {
            userId: account.id,
            purpose: 'PASSWORD_RESET',
            consumedAt: null,
            verifiedAt: { gte: new Date(now.getTime() - OTP.resetWindowSeconds * 1000) },
          },
          orderBy: { createdAt: 'desc' },
        })
      : null;
  if (!code) throw notAllowed();

  const passwordHash = await hashPassword(input.password);
  await ctx.db.$transaction(async (tx) => {
    const consumed = await tx.oneTimeCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: now } });
    if (consumed.count !== 1) throw notAllowed();
    await tx.user.update({ where: { id: code.userId }, data: { passwordHash } });
    await revokeUserSessions(tx, code.userId, { now });
  });
  await attempt.release();
  // Whoever proved they own the account may sign in right away, even after earlier failed passwords.
  await clearBucket(ctx.db, buckets.loginAccount(code.userId));
  return { message: AUTH_MESSAGES.passwordReset };
}
