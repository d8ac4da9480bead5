// Own-profile email and phone changes, confirmed by a one-time code sent to the NEW address. The codes are
// the sign-in ones (otp.service.ts issues and checks them: OTP length, lifetime and attempt limit) and go
// out through the same delivery (delivery.ts: SMTP for email, the phone channel for numbers). The account
// keeps its current address until the code comes back; then the previous address is told about the change
// (a takeover through a stolen session cannot go unnoticed). Sessions are not revoked: whoever changes the
// address is the one signed in, and signing everyone else out would shut out the owner instead.
import type { Db } from '@garage/db';
import {
  CONTACT_CHANGE_PURPOSES,
  OTP,
  type AddressChannel,
  type MessageCode,
  type ConfirmContactChangeInput,
  type PendingContactChanges,
  type phoneChangeSchema,
  type emailChangeSchema,
} from '@garage/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { reserveAttempt } from '../../http/throttle.ts';
import { createChangeNoticeDelivery, createCodeDelivery, type DeliverChangeNotice, type DeliverCode } from '../../lib/delivery.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { deliveryLog } from '../auth/auth.context.ts';
import { AUTH_THROTTLE, buckets } from '../auth/auth.throttle.ts';
import { issueCode, tryCode, type CodeTarget } from '../auth/otp.service.ts';
import { assertIdentityFree, withIdentityConflicts } from './users.conflicts.ts';

export interface ContactChangeContext {
  db: Db;
  jwtSecret: string;
  deliver: DeliverCode;
  notify: DeliverChangeNotice;
}

export function contactChangeContext(deps: AppDeps, request: FastifyRequest | undefined): ContactChangeContext {
  const log = deliveryLog(request);
  return { db: deps.db, jwtSecret: deps.jwtSecret, deliver: createCodeDelivery(deps, log), notify: createChangeNoticeDelivery(deps, log) };
}

const codeError = (messageCode: MessageCode) => new AppError('BAD_REQUEST', messageCode, { field: 'otp' });

async function currentContact(db: Db, userId: string) {
  const user = await db.user.findFirst({
    where: { id: userId, deletedAt: null },
    select: { email: true, countryCode: true, phoneNumber: true, preferredLanguage: true },
  });
  if (!user) throw notFound('user');
  return user;
}

/** Live codes only: not used, not cancelled, not expired, tries left. */
export async function pendingContactChanges(db: Db, userId: string, now = new Date()): Promise<PendingContactChanges> {
  const codes = await db.oneTimeCode.findMany({
    where: {
      userId,
      purpose: { in: Object.values(CONTACT_CHANGE_PURPOSES) },
      consumedAt: null,
      expiresAt: { gt: now },
      attempts: { lt: OTP.maxAttempts },
    },
    orderBy: { createdAt: 'desc' },
  });
  const timing = (code: (typeof codes)[number]) => ({
    expiresAt: code.expiresAt.toISOString(),
    resendAfterSeconds: Math.max(0, Math.ceil(OTP.resendCooldownSeconds - (now.getTime() - code.lastSentAt.getTime()) / 1000)),
  });
  const email = codes.find((code) => code.purpose === CONTACT_CHANGE_PURPOSES.email && code.newEmail);
  const phone = codes.find((code) => code.purpose === CONTACT_CHANGE_PURPOSES.phone && code.newCountryCode && code.newPhoneNumber);
  return {
    email: email ? { email: email.newEmail!, ...timing(email) } : null,
    phone: phone ? { countryCode: phone.newCountryCode!, phoneNumber: phone.newPhoneNumber!, ...timing(phone) } : null,
  };
}

/**
 * Sends a code to the new address (asking again sends a fresh code, after the resend countdown). Refused
 * before anything is sent: the current address (400), an address another account holds, soft-deleted ones
 * included (409, the message of the staff user form).
 */
async function requestChange(
  ctx: ContactChangeContext,
  session: Session,
  channel: AddressChannel,
  target: Required<Pick<CodeTarget, 'newEmail'>> | Required<Pick<CodeTarget, 'newCountryCode' | 'newPhoneNumber'>>,
) {
  const user = await currentContact(ctx.db, session.userId);
  const purpose = CONTACT_CHANGE_PURPOSES[channel];
  if ('newEmail' in target) {
    if (target.newEmail === user.email) throw fieldError('email', 'contactChange.sameEmail');
    await assertIdentityFree(ctx.db, { email: target.newEmail }, session.userId);
  } else {
    if (target.newCountryCode === user.countryCode && target.newPhoneNumber === user.phoneNumber) {
      throw fieldError('phoneNumber', 'contactChange.samePhone');
    }
    await assertIdentityFree(ctx.db, { countryCode: target.newCountryCode, phoneNumber: target.newPhoneNumber }, session.userId);
  }
  // Per account, like send-otp per identifier: one code per countdown, a few per hour.
  const sendBucket = buckets.codeSend(purpose, `user:${session.userId}`);
  await reserveAttempt(ctx.db, [
    { bucket: sendBucket, limit: 1, windowSeconds: OTP.resendCooldownSeconds, messageCode: 'auth.codeResendTooSoon' },
    { bucket: sendBucket, ...AUTH_THROTTLE.codeSendPerIdentifier },
  ]);
  const code = await issueCode(ctx.db, ctx.jwtSecret, session.userId, purpose, target);
  const recipient =
    'newEmail' in target
      ? { email: target.newEmail, countryCode: null, phoneNumber: null, preferredLanguage: user.preferredLanguage }
      : { email: null, countryCode: target.newCountryCode, phoneNumber: target.newPhoneNumber, preferredLanguage: user.preferredLanguage };
  await ctx.deliver(recipient, code, purpose, channel === 'phone');
}

export const requestEmailChange = (ctx: ContactChangeContext, session: Session, input: z.output<typeof emailChangeSchema>) =>
  requestChange(ctx, session, 'email', { newEmail: input.email });

export const requestPhoneChange = (ctx: ContactChangeContext, session: Session, input: z.output<typeof phoneChangeSchema>) =>
  requestChange(ctx, session, 'phone', { newCountryCode: input.countryCode, newPhoneNumber: input.phoneNumber });

/**
 * Checks the code and applies the new address. A wrong or expired code: 400 (the code's tries count, OTP.maxAttempts
 * at most); an address another account took meanwhile: 409, and the change is dropped.
 */
export async function confirmContactChange(ctx: ContactChangeContext, session: Session, input: ConfirmContactChangeInput): Promise<void> {
  const now = new Date();
  const purpose = CONTACT_CHANGE_PURPOSES[input.channel];
  const previous = await currentContact(ctx.db, session.userId);
  const code = await ctx.db.oneTimeCode.findFirst({
    where: { userId: session.userId, purpose, consumedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  if (!code) throw codeError('contactChange.nothingPending');
  const outcome = await tryCode(ctx.db, ctx.jwtSecret, code, input.otp, now);
  if (outcome !== 'valid') throw codeError(outcome === 'locked' ? 'auth.codeLocked' : 'auth.codeInvalid');

  const change =
    input.channel === 'email' ? { email: code.newEmail! } : { countryCode: code.newCountryCode!, phoneNumber: code.newPhoneNumber! };
  const retire = () => ctx.db.oneTimeCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: now } });
  try {
    await assertIdentityFree(ctx.db, change, session.userId);
  } catch (error) {
    await retire();
    throw error;
  }
  await withIdentityConflicts(() =>
    ctx.db.$transaction(async (tx) => {
      // Once: a second request with the same code finds it used.
      const used = await tx.oneTimeCode.updateMany({
        where: { id: code.id, consumedAt: null },
        data: { consumedAt: now, verifiedAt: now },
      });
      if (used.count !== 1) throw codeError('contactChange.nothingPending');
      await tx.user.update({ where: { id: session.userId }, data: change });
    }),
  );
  const newAddress = input.channel === 'email' ? change.email! : `${change.countryCode}${change.phoneNumber}`;
  await ctx.notify(previous, input.channel, newAddress);
}

/** Drops the change waiting for a code (nothing waiting is fine too). */
export async function cancelContactChange(db: Db, session: Session, channel: AddressChannel): Promise<void> {
  await db.oneTimeCode.updateMany({
    where: { userId: session.userId, purpose: CONTACT_CHANGE_PURPOSES[channel], consumedAt: null },
    data: { consumedAt: new Date() },
  });
}
