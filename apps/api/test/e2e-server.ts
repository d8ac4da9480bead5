// The server the browser journeys (apps/web/e2e) run against: a fresh data folder with an embedded
// PostgreSQL and the demo data, an SMTP sink that records every mail, and the production app (API plus
// the built web app) on http://127.0.0.1:$E2E_PORT (a free port chosen by apps/web/playwright.config.ts).
//
// E2E_FRESH=1 starts a first-run installation instead (no demo data, no admin; used by e2e/setup.spec.ts):
// its one-time setup code is written to $E2E_DIR/setup-code.txt.
//
// E2E_DIR (the data folder; given by playwright.config.ts or made here) is written to
// apps/web/test-results/e2e-dir.txt (not for a fresh server); mails are appended to
// $E2E_DIR/mailbox.jsonl as one JSON line each: {to, subject, text}.
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const e2eDir = process.env.E2E_DIR || mkdtempSync(path.join(os.tmpdir(), 'garage-e2e-'));
mkdirSync(e2eDir, { recursive: true });
// The embedded PostgreSQL runs as the OS user `postgres`, which must be able to enter this folder.
chmodSync(e2eDir, 0o755);
const fresh = process.env.E2E_FRESH === '1';
if (!fresh) {
  const resultsDir = path.join(repoRoot, 'apps/web/test-results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'e2e-dir.txt'), e2eDir);
}
const mailbox = path.join(e2eDir, 'mailbox.jsonl');
writeFileSync(mailbox, '');

function splitMessage(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) } : { head: raw, body: '' };
}

function headerOf(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in headers such as Subject. */
function decodeWords(value: string): string {
  return value.replace(/=\?[\w-]+\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(head: string, body: string): string {
  const encoding = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain content of a message (the first text/plain part of a multipart one). */
function textOf(raw: string): string {
  const { head, body } = splitMessage(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerOf(head, 'Content-Type'))?.[1];
  if (!boundary) return decodeBody(head, body).trim();
  for (const part of body.split(`--${boundary}`)) {
    const section = splitMessage(part.replace(/^\r?\n/, ''));
    if (/text\/plain/i.test(headerOf(section.head, 'Content-Type'))) return decodeBody(section.head, section.body).trim();
  }
  return '';
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      const { head } = splitMessage(raw);
      appendFileSync(
        mailbox,
        `${JSON.stringify({ to: to.length === 1 ? to[0] : to, subject: decodeWords(headerOf(head, 'Subject')), text: textOf(raw) })}\n`,
      );
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT || '3100',
  HOST: '127.0.0.1',
  DATA_DIR: e2eDir,
  SEED_DEMO: fresh ? 'false' : 'true',
  // Empty = unset: a developer's .env must not create the first admin of the fresh install.
  ...(fresh ? { SETUP_CODE_FILE: path.join(e2eDir, 'setup-code.txt'), ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } : {}),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOG_LEVEL: 'warn',
  // Every journey browses from 127.0.0.1: the per-IP limit of tracking events would drop page views.
  ANALYTICS_RATE_LIMIT_PER_MINUTE: '0',
});
// Empty means unset (env.ts), and it also overrides a DATABASE_URL from the developer's .env.
process.env.DATABASE_URL = '';
console.log(`[e2e] data in ${e2eDir}, SMTP sink on port ${smtpPort}`);
// A throwaway data folder (database, uploads, mailbox: tens of MB) goes with the server: server.ts stops
// PostgreSQL before it exits.
if (path.dirname(e2eDir) === os.tmpdir() && path.basename(e2eDir).startsWith('garage-e2e-')) {
  process.on('exit', () => rmSync(e2eDir, { recursive: true, force: true }));
}

await import('../src/server.ts');
