import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, OTP } from '@garage/shared';
import type { App } from '../src/app.ts';
import { buckets } from '../src/modules/auth/auth.throttle.ts';
import { createAccount, post, startSmtpSink, uniqueIp, type TestAccount } from './auth-fixtures.ts';
import { buildTestApp, testDb, testDeps, uniqueSuffix } from './helpers.ts';

const SEND = '/backend/user/send-otp';
const RESEND = '/backend/user/resend-otp';
const VERIFY = '/backend/user/verify-otp';
const RESET = '/backend/user/reset-password';
const NEW_PASSWORD = 'Brand#NewPass2026';

describe('one-time codes and password reset', () => {
  let app: App;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const base = testDeps();
    app = await buildTestApp({ config: { ...base.config, SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  /** Pretend the resend countdown is over without waiting a minute. */
  async function endCooldown(identifierKey: string) {
    const past = new Date(Date.now() - (OTP.resendCooldownSeconds + 1) * 1000);
    await testDb().authAttempt.updateMany({
      where: { bucket: buckets.codeSend('PASSWORD_RESET', identifierKey) },
      data: { createdAt: past },
    });
  }

  async function requestCode(account: TestAccount, identifier = account.email) {
    const before = sink.mails.filter((mail) => mail.to === account.email).length;
    const response = await post(app, SEND, { identifier, purpose: 'PASSWORD_RESET' });
    expect(response.statusCode).toBe(200);
    return sink.waitForCode(account.email, before);
  }

  it('mails a 6-digit code, verifies it, resets the password and signs every session out', async () => {
    const account = await createAccount();
    const session = (await post(app, '/backend/user/login', { identifier: account.email, password: account.password })).json();

    const sent = await post(app, SEND, { identifier: account.email, purpose: 'PASSWORD_RESET' });
    expect(sent.json()).toEqual({
      message: AUTH_MESSAGES.codeSent,
      resendAfterSeconds: OTP.resendCooldownSeconds,
      expiresInSeconds: OTP.ttlSeconds,
    });
    const code = await sink.waitForCode(account.email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await testDb().oneTimeCode.findFirstOrThrow({ where: { userId: account.id } });
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(OTP.ttlSeconds * 1000);

    const verified = await post(app, VERIFY, { identifier: account.email, otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true, resetWindowSeconds: OTP.resetWindowSeconds });

    const reset = await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    expect((await post(app, '/backend/user/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await post(app, '/backend/user/login', { identifier: account.email, password: account.password })).statusCode).toBe(401);
    expect((await post(app, '/backend/user/login', { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    // One verification allows one reset.
    expect((await post(app, RESET, { identifier: account.email, password: 'Another#Pass2026' })).statusCode).toBe(400);
  });

  it('answers an unknown identifier exactly like a known one, and mails nothing', async () => {
    const account = await createAccount();
    const known = await post(app, SEND, { identifier: account.username, purpose: 'PASSWORD_RESET' });
    const unknown = await post(app, SEND, { identifier: `nobody_${uniqueSuffix()}`, purpose: 'PASSWORD_RESET' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await sink.waitForCode(account.email);
    const mailed = sink.mails.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.length).toBe(mailed);
  });

  it('does not mail deactivated accounts, with the same answer', async () => {
    const account = await createAccount({ active: false });
    const response = await post(app, SEND, { identifier: account.email, purpose: 'PASSWORD_RESET' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(AUTH_MESSAGES.codeSent);
    expect(await testDb().oneTimeCode.count({ where: { userId: account.id } })).toBe(0);
  });

  it('enforces the resend countdown with 429 and the seconds left, for known and unknown identifiers alike', async () => {
    const account = await createAccount();
    await requestCode(account);
    const tooSoon = await post(app, RESEND, { identifier: account.email, purpose: 'PASSWORD_RESET' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.codeResendTooSoon });
    expect(tooSoon.json().retryAfterSeconds).toBeGreaterThan(OTP.resendCooldownSeconds - 10);
    expect(tooSoon.json().retryAfterSeconds).toBeLessThanOrEqual(OTP.resendCooldownSeconds);
    expect(tooSoon.headers['retry-after']).toBe(String(tooSoon.json().retryAfterSeconds));

    const ghost = `ghost_${uniqueSuffix()}@auth.test`;
    await post(app, SEND, { identifier: ghost, purpose: 'PASSWORD_RESET' });
    const ghostTooSoon = await post(app, RESEND, { identifier: ghost, purpose: 'PASSWORD_RESET' });
    expect(ghostTooSoon.statusCode).toBe(429);
    expect(ghostTooSoon.json().message).toBe(tooSoon.json().message);
  });

  it('resends a new code after the countdown, and the old code stops working', async () => {
    const account = await createAccount();
    const first = await requestCode(account);
    await endCooldown(`email:${account.email}`);
    const resent = await post(app, RESEND, { identifier: account.email, purpose: 'PASSWORD_RESET' });
    expect(resent.statusCode).toBe(200);
    const second = await sink.waitForCode(account.email, 1);
    const codes = await testDb().oneTimeCode.findMany({ where: { userId: account.id }, orderBy: { createdAt: 'asc' } });
    expect(codes).toHaveLength(2);
    expect(codes[0]!.consumedAt).not.toBeNull();
    // (1 in a million the new code equals the old one; then the old one "works" because it is the new one.)
    if (first !== second) expect((await post(app, VERIFY, { identifier: account.email, otp: first })).statusCode).toBe(400);
    expect((await post(app, VERIFY, { identifier: account.email, otp: second })).statusCode).toBe(200);
  });

  it(`locks the code after ${OTP.maxAttempts} wrong tries: even the right code is then refused`, async () => {
    const account = await createAccount();
    const code = await requestCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < OTP.maxAttempts; i++) {
      const response = await post(app, VERIFY, { identifier: account.email, otp: wrong });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().fieldErrors.otp[0]);
    }
    expect(messages).toEqual([...Array(OTP.maxAttempts - 1).fill(AUTH_MESSAGES.codeInvalid), AUTH_MESSAGES.codeLocked]);
    const right = await post(app, VERIFY, { identifier: account.email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(AUTH_MESSAGES.codeLocked);
    expect((await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(400);

    // A new code unlocks.
    await endCooldown(`email:${account.email}`);
    const fresh = await requestCode(account);
    expect((await post(app, VERIFY, { identifier: account.email, otp: fresh })).statusCode).toBe(200);
  });

  it('locks unknown identifiers after the same number of tries, with the same messages', async () => {
    const ghost = `ghost_${uniqueSuffix()}@auth.test`;
    await post(app, SEND, { identifier: ghost, purpose: 'PASSWORD_RESET' });
    const messages: string[] = [];
    for (let i = 0; i <= OTP.maxAttempts; i++)
      messages.push((await post(app, VERIFY, { identifier: ghost, otp: '123456' })).json().message);
    expect(messages).toEqual([
      ...Array(OTP.maxAttempts - 1).fill(AUTH_MESSAGES.codeInvalid),
      AUTH_MESSAGES.codeLocked,
      AUTH_MESSAGES.codeLocked,
    ]);
  });

  it("answers an identifier the same whatever was tried with another of the account's (no phone-to-email link)", async () => {
    // Before, the lock followed the account's code: wrong tries through a phone number locked it, and the
    // account's email then answered "locked" at its first try, telling which email the phone belongs to.
    const account = await createAccount();
    const code = await requestCode(account); // the account has a live code
    const ghostPhone = `+44 8${String(Date.now()).slice(-9)}`;
    const ghostEmail = `ghost_${uniqueSuffix()}@auth.test`;
    const wrong = code === '000000' ? '111111' : '000000';
    const bodies: string[] = [];
    const tries = async (identifier: string, otp: string, count: number) => {
      const messages: string[] = [];
      for (let i = 0; i < count; i++) {
        const response = await post(app, VERIFY, { identifier, otp });
        expect(response.statusCode).toBe(400);
        bodies.push(response.body);
        messages.push(response.json().message);
      }
      return messages;
    };
    const throughPhone = await tries(`+44 ${account.phone}`, wrong, OTP.maxAttempts + 1);
    const throughGhostPhone = await tries(ghostPhone, wrong, OTP.maxAttempts + 1);
    expect(throughPhone).toEqual([
      ...Array(OTP.maxAttempts - 1).fill(AUTH_MESSAGES.codeInvalid),
      AUTH_MESSAGES.codeLocked,
      AUTH_MESSAGES.codeLocked,
    ]);
    expect(throughPhone).toEqual(throughGhostPhone);

    // The account's email answers its first try like any other email's first try (not "locked")...
    const [throughEmail] = await tries(account.email, code, 1);
    const [throughGhostEmail] = await tries(ghostEmail, wrong, 1);
    expect(throughEmail).toBe(AUTH_MESSAGES.codeInvalid);
    expect(throughEmail).toBe(throughGhostEmail);
    // ... yet the code's own tries are used up: the right code is refused, so two identifiers give no more tries.
    expect(await testDb().oneTimeCode.count({ where: { userId: account.id, consumedAt: null, verifiedAt: null } })).toBe(1);
    for (const body of bodies) {
      expect(body).not.toContain(account.email);
      expect(body).not.toContain(account.username);
    }
  });

  it('refuses an expired code', async () => {
    const account = await createAccount();
    const code = await requestCode(account);
    await testDb().oneTimeCode.updateMany({ where: { userId: account.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await post(app, VERIFY, { identifier: account.email, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.otp).toEqual([AUTH_MESSAGES.codeInvalid]);
  });

  it('refuses a reset without a verified code, and after the reset window', async () => {
    const account = await createAccount();
    const without = await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(AUTH_MESSAGES.resetNotAllowed);

    const code = await requestCode(account);
    // A sent but unverified code is not enough either.
    expect((await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await post(app, VERIFY, { identifier: account.email, otp: code })).statusCode).toBe(200);
    await testDb().oneTimeCode.updateMany({
      where: { userId: account.id },
      data: { verifiedAt: new Date(Date.now() - (OTP.resetWindowSeconds + 1) * 1000) },
    });
    expect((await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await post(app, '/backend/user/login', { identifier: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('applies the password rule to the new password', async () => {
    const account = await createAccount();
    const code = await requestCode(account);
    await post(app, VERIFY, { identifier: account.email, otp: code });
    const weak = await post(app, RESET, { identifier: account.email, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.password[0]).toMatch(/at least 8 characters, one lowercase letter, one uppercase letter/);
    // The verification is still usable after a rejected password.
    expect((await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    ['a 5-digit code', { identifier: 'someone@auth.test', otp: '12345' }, 'otp'],
    ['letters in the code', { identifier: 'someone@auth.test', otp: '12a456' }, 'otp'],
    ['a malformed identifier', { identifier: 'not an identifier', otp: '123456' }, 'identifier'],
  ])('rejects %s', async (_, payload, field) => {
    const response = await post(app, VERIFY, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBeDefined();
  });

  it('rejects an unknown purpose', async () => {
    const response = await post(app, SEND, { identifier: 'someone@auth.test', purpose: 'LOGIN' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.purpose).toBeDefined();
  });

  it('verifies an account with a VERIFY_ACCOUNT code', async () => {
    const account = await createAccount();
    await post(app, SEND, { identifier: account.email, purpose: 'VERIFY_ACCOUNT' });
    const code = await sink.waitForCode(account.email);
    expect((await post(app, VERIFY, { identifier: account.email, otp: code, purpose: 'VERIFY_ACCOUNT' })).statusCode).toBe(200);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: account.id } })).verified).toBe(true);
    // A verification code never opens a password reset.
    expect((await post(app, RESET, { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('throttles code requests per address', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await post(app, SEND, { identifier: `spray_${uniqueSuffix()}@auth.test`, purpose: 'PASSWORD_RESET' }, { ip })).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('offers the whole journey over tRPC too', async () => {
    const account = await createAccount();
    expect((await post(app, '/backend/trpc/auth.sendOtp', { identifier: account.email, purpose: 'PASSWORD_RESET' })).statusCode).toBe(200);
    const code = await sink.waitForCode(account.email);
    const wrong = await post(app, '/backend/trpc/auth.verifyOtp', {
      identifier: account.email,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().error.data).toMatchObject({ fieldErrors: { otp: [AUTH_MESSAGES.codeInvalid] } });
    expect((await post(app, '/backend/trpc/auth.verifyOtp', { identifier: account.email, otp: code })).statusCode).toBe(200);
    expect((await post(app, '/backend/trpc/auth.resetPassword', { identifier: account.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    const tooSoon = await post(app, '/backend/trpc/auth.resendOtp', { identifier: account.email, purpose: 'PASSWORD_RESET' });
    expect(tooSoon.statusCode).toBe(429);
  });
});
