// Shared pieces of the auth integration tests: accounts with passwords, requests from a chosen IP (so the
// per-IP throttle of one test never touches another), cookie reading, and a real SMTP sink.
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { hashPassword } from '@garage/db';
import type { Role } from '@garage/shared';
import type { App } from '../src/app.ts';
import { testDb, uniqueSuffix } from './helpers.ts';

export const PASSWORD = 'Test#Password2026';
let cachedHash: Promise<string> | undefined;

export interface TestAccount {
  id: string;
  username: string;
  email: string;
  phone: string;
  password: string;
}

export async function createAccount(
  options: { role?: Role; active?: boolean; deleted?: boolean; withPassword?: boolean; email?: string | null } = {},
): Promise<TestAccount> {
  const suffix = uniqueSuffix();
  const phone = `7${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const email = options.email === undefined ? `user_${suffix}@auth.test` : options.email;
  const user = await testDb().user.create({
    data: {
      username: `user_${suffix}`,
      email,
      firstName: 'Auth',
      lastName: `Test ${suffix}`,
      role: options.role ?? 'CLIENT',
      countryCode: '+44',
      phoneNumber: phone,
      active: options.active ?? true,
      deletedAt: options.deleted ? new Date() : null,
      verified: false,
      passwordHash: options.withPassword === false ? null : await (cachedHash ??= hashPassword(PASSWORD)),
    },
  });
  return { id: user.id, username: user.username, email: email ?? '', phone, password: PASSWORD };
}

/** A fresh address per test: throttling per IP is then per test. */
export const uniqueIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export function post(
  app: App,
  url: string,
  payload: unknown,
  options: { ip?: string; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.ip ?? uniqueIp(),
    cookies: options.cookies,
    headers: options.headers,
  });
}

export interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  expires?: Date;
  path?: string;
  sameSite?: string;
  secure?: boolean;
  httpOnly?: boolean;
}

export function cookiesOf(response: { cookies: SetCookie[] }): Record<string, SetCookie> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
}

export interface ReceivedMail {
  to: string;
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message; `url` goes into SMTP_URL. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest code mailed to `to` after `after` messages for it had arrived. */
    async waitForCode(to: string, after = 0, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const forRecipient = mails.filter((mail) => mail.to === to);
        const mail = forRecipient[after];
        const code = mail && /Your code is (\d{6})\./.exec(mail.raw)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
