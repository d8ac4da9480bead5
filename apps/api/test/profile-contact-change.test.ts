// Own email and phone changes confirmed by a one-time code sent to the new address: codes through a real
// SMTP conversation (email) and the pluggable phone sender, wrong / expired / used-up codes refused, an
// address held by another account refused (before sending and again when confirming), the current address
// kept until the code comes back, cancelling, and the notice to the previous address.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CONTACT_CHANGE_MESSAGES, OTP, USER_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import type { MessageSender, OutgoingMessage } from '../src/lib/mailer.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { startSmtpSink } from './auth-fixtures.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

const newEmail = () => `moved_${uniqueSuffix()}@contact.test`;
const newPhone = () => `6${String(randomInt(0, 1e8)).padStart(8, '0')}`;
/** Another code than `code`, so a "wrong code" is never right by chance. */
const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** OTP.length).padStart(OTP.length, '0');

describe('own email and phone change with a one-time code', () => {
  let app: App;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const texts: OutgoingMessage[] = [];
  const phoneSender: MessageSender = { name: 'test-sms', send: async (message) => void texts.push(message) };

  beforeAll(async () => {
    sink = await startSmtpSink();
    const base = testDeps();
    app = await buildTestApp({ config: { ...base.config, SMTP_URL: sink.url }, senders: { phone: phoneSender } });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  async function client() {
    const created = await createTestUser('CLIENT');
    await testDb().user.update({ where: { id: created.user.id }, data: { countryCode: '+44', phoneNumber: newPhone() } });
    return created;
  }
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: { authHeader: Record<string, string> }, payload?: object) =>
    app.inject({ method, url: `/backend/profile${url}`, headers: who.authHeader, ...(payload ? { payload } : {}) });
  const stored = (id: string) =>
    testDb().user.findUniqueOrThrow({ where: { id }, select: { email: true, countryCode: true, phoneNumber: true } });
  /** The resend countdown is over, without waiting a minute. */
  const endCooldown = (userId: string) =>
    testDb().authAttempt.updateMany({
      where: { bucket: { contains: `user:${userId}` } },
      data: { createdAt: new Date(Date.now() - (OTP.resendCooldownSeconds + 1) * 1000) },
    });
  const textCode = async (to: string) => {
    for (let i = 0; i < 200; i++) {
      const message = texts.find((sent) => sent.to === to);
      if (message) return /Your code is (\d{6})\./.exec(message.text)![1]!;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no text to ${to}`);
  };

  it('mails a code to the new address, keeps the old one until the code comes back, then applies it and tells the old address', async () => {
    const me = await client();
    const oldEmail = me.user.email!;
    const target = newEmail();

    const requested = await call('POST', '/email-change', me, { email: ` ${target.toUpperCase()} ` });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().email).toBe(oldEmail);
    expect(requested.json().pendingChanges).toMatchObject({ email: { email: target }, phone: null });
    expect(requested.json().pendingChanges.email.resendAfterSeconds).toBeGreaterThan(OTP.resendCooldownSeconds - 15);
    const code = await sink.waitForCode(target);
    expect(sink.mails.filter((mail) => mail.to === oldEmail)).toEqual([]);
    expect((await stored(me.user.id)).email).toBe(oldEmail);
    // The code is stored hashed, with the sign-in codes' lifetime.
    const row = await testDb().oneTimeCode.findFirstOrThrow({ where: { userId: me.user.id, purpose: 'CHANGE_EMAIL' } });
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(OTP.ttlSeconds * 1000);

    const wrong = await call('POST', '/email-change/verify', me, { otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AUTH_MESSAGES.codeInvalid, fieldErrors: { otp: [AUTH_MESSAGES.codeInvalid] } });
    expect((await stored(me.user.id)).email).toBe(oldEmail);

    const verified = await call('POST', '/email-change/verify', me, { otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ email: target, pendingChanges: { email: null, phone: null } });
    expect((await stored(me.user.id)).email).toBe(target);

    // The previous address hears about it; the session that made the change goes on.
    await expect.poll(() => sink.mails.find((mail) => mail.to === oldEmail)?.raw ?? '').toContain('Your contact details were changed');
    expect(sink.mails.find((mail) => mail.to === oldEmail)!.raw).toContain(target);
    expect((await app.inject({ method: 'GET', url: '/backend/profile', headers: me.authHeader })).statusCode).toBe(200);

    // Used once.
    const again = await call('POST', '/email-change/verify', me, { otp: code });
    expect(again.json()).toMatchObject({ message: CONTACT_CHANGE_MESSAGES.nothingPending });
  });

  it('refuses an expired code and keeps the current address', async () => {
    const me = await client();
    const target = newEmail();
    expect((await call('POST', '/email-change', me, { email: target })).statusCode).toBe(200);
    const code = await sink.waitForCode(target);
    await testDb().oneTimeCode.updateMany({
      where: { userId: me.user.id, purpose: 'CHANGE_EMAIL' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const expired = await call('POST', '/email-change/verify', me, { otp: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await stored(me.user.id)).email).toBe(me.user.email);
    const profile = await app.inject({ method: 'GET', url: '/backend/profile', headers: me.authHeader });
    expect(profile.json().pendingChanges.email).toBeNull();
  });

  it(`allows ${OTP.maxAttempts} tries per code, then only a new code works`, async () => {
    const me = await client();
    const target = newEmail();
    await call('POST', '/email-change', me, { email: target });
    const code = await sink.waitForCode(target);
    const answers: string[] = [];
    for (let i = 0; i < OTP.maxAttempts; i++)
      answers.push((await call('POST', '/email-change/verify', me, { otp: wrongCode(code) })).json().message);
    expect(answers).toEqual([...Array(OTP.maxAttempts - 1).fill(AUTH_MESSAGES.codeInvalid), AUTH_MESSAGES.codeLocked]);
    expect((await call('POST', '/email-change/verify', me, { otp: code })).json().message).toBe(AUTH_MESSAGES.codeLocked);
    expect((await stored(me.user.id)).email).toBe(me.user.email);

    // A new code (after the resend countdown) works.
    expect((await call('POST', '/email-change', me, { email: target })).json().message).toBe(AUTH_MESSAGES.codeResendTooSoon);
    await endCooldown(me.user.id);
    expect((await call('POST', '/email-change', me, { email: target })).statusCode).toBe(200);
    const second = await sink.waitForCode(target, 1);
    expect((await call('POST', '/email-change/verify', me, { otp: second })).statusCode).toBe(200);
    expect((await stored(me.user.id)).email).toBe(target);
  });

  it("refuses another account's address before sending anything, and again if it was taken while the code travelled", async () => {
    const me = await client();
    const other = await createTestUser('CLIENT');
    const taken = await call('POST', '/email-change', me, { email: other.user.email! });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: USER_MESSAGES.emailTaken, fieldErrors: { email: [USER_MESSAGES.emailTaken] } });
    expect(sink.mails.filter((mail) => mail.to === other.user.email)).toEqual([]);

    const same = await call('POST', '/email-change', me, { email: me.user.email! });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toEqual({ email: [CONTACT_CHANGE_MESSAGES.sameEmail] });

    const target = newEmail();
    await call('POST', '/email-change', me, { email: target });
    const code = await sink.waitForCode(target);
    await testDb().user.update({ where: { id: other.user.id }, data: { email: target } });
    const late = await call('POST', '/email-change/verify', me, { otp: code });
    expect(late.statusCode).toBe(409);
    expect(late.json().fieldErrors).toEqual({ email: [USER_MESSAGES.emailTaken] });
    expect((await stored(me.user.id)).email).toBe(me.user.email);
    const profile = await app.inject({ method: 'GET', url: '/backend/profile', headers: me.authHeader });
    expect(profile.json().pendingChanges.email).toBeNull();
  });

  it('cancels a change waiting for its code: the code no longer works', async () => {
    const me = await client();
    const target = newEmail();
    await call('POST', '/email-change', me, { email: target });
    const code = await sink.waitForCode(target);
    const cancelled = await call('DELETE', '/email-change', me);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pendingChanges.email).toBeNull();
    expect((await call('POST', '/email-change/verify', me, { otp: code })).json().message).toBe(CONTACT_CHANGE_MESSAGES.nothingPending);
    expect((await stored(me.user.id)).email).toBe(me.user.email);
  });

  it('acts on the channel its path names: cancelling the phone change keeps the email change', async () => {
    const me = await client();
    const target = newEmail();
    await call('POST', '/email-change', me, { email: target });
    const emailCode = await sink.waitForCode(target);
    const number = newPhone();
    const both = await call('POST', '/phone-change', me, { countryCode: '+33', phoneNumber: number });
    expect(both.json().pendingChanges).toMatchObject({ email: { email: target }, phone: { phoneNumber: number } });

    const cancelled = await call('DELETE', '/phone-change', me);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().pendingChanges).toMatchObject({ email: { email: target }, phone: null });
    const applied = await call('POST', '/email-change/verify', me, { otp: emailCode });
    expect(applied.json()).toMatchObject({ email: target, pendingChanges: { email: null, phone: null } });
  });

  it('changes the phone number with a code sent to the new number (REST and tRPC)', async () => {
    const me = await client();
    const before = await stored(me.user.id);
    const number = newPhone();
    const requested = await call('POST', '/phone-change', me, {
      countryCode: '33',
      phoneNumber: `${number.slice(0, 3)} ${number.slice(3)}`,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().pendingChanges.phone).toMatchObject({ countryCode: '+33', phoneNumber: number });
    const code = await textCode(`+33${number}`);
    expect(texts.some((sent) => sent.to === `${before.countryCode}${before.phoneNumber}`)).toBe(false);

    const deps = testDeps({ config: { ...testDeps().config, SMTP_URL: sink.url }, senders: { phone: phoneSender } });
    const caller = createCaller(createContextInner(deps, { userId: me.user.id, roles: ['CLIENT'] }));
    await expect(caller.profile.confirmContactChange({ channel: 'phone', otp: wrongCode(code) })).rejects.toThrow(
      AUTH_MESSAGES.codeInvalid,
    );
    expect(await stored(me.user.id)).toEqual(before);
    const applied = await caller.profile.confirmContactChange({ channel: 'phone', otp: code });
    expect(applied).toMatchObject({ countryCode: '+33', phoneNumber: number, pendingChanges: { phone: null } });
    expect(await stored(me.user.id)).toEqual({ ...before, countryCode: '+33', phoneNumber: number });
    // The previous contact is told (by email: the account has one).
    await expect.poll(() => sink.mails.find((mail) => mail.to === me.user.email)?.raw ?? '').toContain(number);
  });

  it("refuses another account's phone number and the current one", async () => {
    const me = await client();
    const other = await client();
    const held = await stored(other.user.id);
    const taken = await call('POST', '/phone-change', me, { countryCode: held.countryCode!, phoneNumber: held.phoneNumber! });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ phoneNumber: [USER_MESSAGES.phoneTaken] });
    const mine = await stored(me.user.id);
    const same = await call('POST', '/phone-change', me, { countryCode: mine.countryCode!, phoneNumber: mine.phoneNumber! });
    expect(same.json().fieldErrors).toEqual({ phoneNumber: [CONTACT_CHANGE_MESSAGES.samePhone] });
  });

  it('no longer changes the email or phone through PUT /profile', async () => {
    const me = await client();
    const before = await stored(me.user.id);
    for (const payload of [{ email: newEmail() }, { countryCode: '+1', phoneNumber: newPhone() }, { firstName: 'Sam', email: null }]) {
      const response = await call('PUT', '', me, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(USER_MESSAGES.contactNeedsCode);
    }
    expect(await stored(me.user.id)).toEqual(before);
  });
});
