import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { DEVELOPMENT_DELIVERY, type MessageSender, type OutgoingMessage } from '../src/lib/mailer.ts';
import { createCodeDelivery } from '../src/lib/delivery.ts';
import { createAccount, post } from './auth-fixtures.ts';
import { buildTestApp, testDeps } from './helpers.ts';

function captureSender(name: string) {
  const sent: OutgoingMessage[] = [];
  const sender: MessageSender = { name, send: async (message) => void sent.push(message) };
  return { sender, sent };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('code delivery channels', () => {
  let app: App;
  const phone = captureSender('test-sms');
  const email = captureSender('test-email');
  beforeAll(async () => {
    app = await buildTestApp({ senders: { phone: phone.sender, email: email.sender } });
  });
  afterAll(() => app.close());

  it('sends to the phone through the pluggable phone sender when the user typed a phone number', async () => {
    const account = await createAccount();
    const response = await post(app, '/backend/user/send-otp', { identifier: `+44 ${account.phone}`, purpose: 'PASSWORD_RESET' });
    expect(response.statusCode).toBe(200);
    const message = await waitFor(() => phone.sent.find((sent) => sent.to === `+44${account.phone}`));
    const code = /(\d{6})/.exec(message.text)![1]!;
    expect(email.sent.some((sent) => sent.to === account.email)).toBe(false);
    expect((await post(app, '/backend/user/verify-otp', { identifier: `+44${account.phone}`, otp: code })).statusCode).toBe(200);
  });

  it('sends by email when the user typed an email or a username', async () => {
    const account = await createAccount();
    await post(app, '/backend/user/send-otp', { identifier: account.username, purpose: 'PASSWORD_RESET' });
    const message = await waitFor(() => email.sent.find((sent) => sent.to === account.email));
    expect(message.subject).toBe('Your password reset code');
    expect(message.text).toMatch(/Your code is \d{6}\. It expires in 10 minutes\./);
  });

  it('falls back to the phone when the account has no email', async () => {
    const account = await createAccount({ email: null });
    await post(app, '/backend/user/send-otp', { identifier: account.username, purpose: 'PASSWORD_RESET' });
    await waitFor(() => phone.sent.find((sent) => sent.to === `+44${account.phone}`));
  });
});

describe('development delivery and failures', () => {
  const account = { email: 'dev@auth.test', countryCode: '+1', phoneNumber: '5550009999', preferredLanguage: 'fr' as const };

  it('writes the code to the log, clearly marked, when no SMTP server is configured', async () => {
    const deps = testDeps();
    expect(deps.config.SMTP_URL).toBeUndefined();
    const log = { warn: vi.fn(), error: vi.fn() };
    await createCodeDelivery(deps, log)(account, '424242', 'PASSWORD_RESET', false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const [details, line] = log.warn.mock.calls[0]!;
    expect(details).toMatchObject({ delivery: DEVELOPMENT_DELIVERY, channel: 'email', to: 'dev@auth.test' });
    expect(line).toContain(DEVELOPMENT_DELIVERY);
    expect(line).toContain('424242');
    // In the user's language.
    expect(line).toContain('Votre code est 424242');
  });

  it('writes phone codes to the log until a provider is plugged in', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    await createCodeDelivery(testDeps(), log)(account, '135790', 'VERIFY_ACCOUNT', true);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ channel: 'phone', to: '+15550009999' });
    expect(log.warn.mock.calls[0]![1]).toContain('135790');
  });

  it('logs a failing sender without changing the answer', async () => {
    const failing: MessageSender = { name: 'broken', send: () => Promise.reject(new Error('SMTP down')) };
    const log = { warn: vi.fn(), error: vi.fn() };
    await createCodeDelivery(testDeps({ senders: { email: failing } }), log)(account, '111111', 'PASSWORD_RESET', false);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ sender: 'broken' }), 'one-time code delivery failed');

    const app = await buildTestApp({ senders: { email: failing } });
    try {
      const user = await createAccount();
      const response = await post(app, '/backend/user/send-otp', { identifier: user.email, purpose: 'PASSWORD_RESET' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(AUTH_MESSAGES.codeSent);
    } finally {
      await app.close();
    }
  });
});
