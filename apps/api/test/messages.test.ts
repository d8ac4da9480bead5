// The staff inbox (/admin/messages) and the public contact endpoint's protections: list (newest first,
// search, read/unread filter, pages), unread count, mark read/unread, delete, replies by email (SMTP),
// staff-only access; the per-IP rate limit and the honeypot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_THROTTLE, MESSAGE_API_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import type { MessageSender } from '../src/lib/mailer.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { startSmtpSink, uniqueIp } from './auth-fixtures.ts';
import { buildTestApp, testDb, testDeps, uniqueSuffix } from './helpers.ts';
import { signedIn } from './visits-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  const base = testDeps();
  app = await buildTestApp({ config: { ...base.config, SMTP_URL: sink.url } });
  staff = await signedIn('EMPLOYEE');
  client = await signedIn('CLIENT');
});
afterAll(() => app.close());

/** Messages written straight to the table, `count` of them, one day apart (index 0 newest). */
async function insertMessages(marker: string, count: number, read: (index: number) => boolean = () => false) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => ({
    fullName: `Sender ${index} ${marker}`,
    email: `sender${index}.${marker}@example.com`,
    message: `Question number ${index} about ${marker}`,
    read: read(index),
    readAt: read(index) ? new Date(now) : null,
    createdAt: new Date(now - index * DAY),
  }));
  await testDb().contactMessage.createMany({ data: rows });
  return testDb().contactMessage.findMany({ where: { fullName: { endsWith: marker } }, orderBy: { createdAt: 'desc' } });
}

const get = (url: string, headers = staff.authHeader) => app.inject({ method: 'GET', url, headers });

describe('staff inbox', () => {
  it('lists newest first, searches every word in name, address and text, pages on the server', async () => {
    // Letters only: a digit in the marker (every row has it) would let the word "3" below match every row.
    const marker = uniqueSuffix().replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);
    const rows = await insertMessages(marker, 12);
    const first = (await get(`/backend/messages?search=${marker}`)).json();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10, pageCount: 2, canReplyByEmail: true });
    expect(first.items.map((item: { id: string }) => item.id)).toEqual(rows.slice(0, 10).map((row) => row.id));
    const second = (await get(`/backend/messages?search=${marker}&page=2`)).json();
    expect(second.items.map((item: { id: string }) => item.id)).toEqual(rows.slice(10).map((row) => row.id));

    // Two words must both match (one in the name, one in the text).
    const both = (await get(`/backend/messages?search=${encodeURIComponent(`${marker} number 3`)}`)).json();
    expect(both.items.map((item: { fullName: string }) => item.fullName)).toEqual([`Sender 3 ${marker}`]);
    const byEmail = (await get(`/backend/messages?search=sender7.${marker}`)).json();
    expect(byEmail.total).toBe(1);
  });

  it('filters read and unread', async () => {
    const marker = uniqueSuffix();
    await insertMessages(marker, 5, (index) => index % 2 === 0);
    const unread = (await get(`/backend/messages?search=${marker}&status=unread`)).json();
    const read = (await get(`/backend/messages?search=${marker}&status=read`)).json();
    expect(unread.items.every((item: { read: boolean }) => !item.read)).toBe(true);
    expect(read.items.every((item: { read: boolean }) => item.read)).toBe(true);
    expect([unread.total, read.total]).toEqual([2, 3]);
    expect((await get('/backend/messages?status=maybe')).statusCode).toBe(400);
    expect((await get('/backend/messages?pageSize=7')).statusCode).toBe(400);
  });

  it('marks read (keeping the first read time) and back to unread; the unread count follows', async () => {
    const [message] = await insertMessages(uniqueSuffix(), 1);
    const patch = (read: boolean) =>
      app.inject({ method: 'PATCH', url: `/backend/messages/${message!.id}/read`, headers: staff.authHeader, payload: { read } });

    const marked = await patch(true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: message!.id, read: true });
    const readAt = marked.json().readAt;
    expect(Date.now() - new Date(readAt).getTime()).toBeLessThan(60_000);
    expect((await patch(true)).json().readAt).toBe(readAt);

    // Other test files only ever add unread messages, so the count lies between two direct counts.
    const low = await testDb().contactMessage.count({ where: { read: false } });
    const counted = (await get('/backend/messages/unread-count')).json().unreadCount;
    const high = await testDb().contactMessage.count({ where: { read: false } });
    expect(counted).toBeGreaterThanOrEqual(low);
    expect(counted).toBeLessThanOrEqual(high);

    const unmarked = await patch(false);
    expect(unmarked.json()).toMatchObject({ read: false, readAt: null });
    expect(await testDb().contactMessage.findUniqueOrThrow({ where: { id: message!.id } })).toMatchObject({ read: false, readAt: null });
  });

  it('gets one message and deletes it; unknown ids answer 404', async () => {
    const [message] = await insertMessages(uniqueSuffix(), 1);
    const detail = await get(`/backend/messages/${message!.id}`);
    expect(detail.json()).toMatchObject({ id: message!.id, email: message!.email, replies: [] });
    const deleted = await app.inject({ method: 'DELETE', url: `/backend/messages/${message!.id}`, headers: staff.authHeader });
    expect(deleted.json()).toEqual({ id: message!.id });
    expect(await testDb().contactMessage.count({ where: { id: message!.id } })).toBe(0);
    expect((await app.inject({ method: 'DELETE', url: `/backend/messages/${message!.id}`, headers: staff.authHeader })).statusCode).toBe(
      404,
    );
    expect((await get(`/backend/messages/${message!.id}`)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/backend/messages/${message!.id}/read`,
          headers: staff.authHeader,
          payload: { read: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sends a reply by email, records it and marks the message read', async () => {
    const [message] = await insertMessages(uniqueSuffix(), 1);
    const response = await app.inject({
      method: 'POST',
      url: `/backend/messages/${message!.id}/reply`,
      headers: staff.authHeader,
      payload: { subject: 'Re: your question', body: 'Yes, we repair hybrid batteries.\nCome by any weekday.' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ read: true, replies: [{ subject: 'Re: your question', author: { id: staff.user.id } }] });
    expect(response.json().repliedAt).not.toBeNull();
    const mail = sink.mails.find((received) => received.to === message!.email);
    expect(mail?.raw).toContain('Subject: Re: your question');
    expect(mail?.raw).toContain('we repair hybrid batteries');
  });

  it('validates the reply and refuses it without a mail server or when sending fails, recording nothing', async () => {
    const [message] = await insertMessages(uniqueSuffix(), 1);
    const url = `/backend/messages/${message!.id}/reply`;
    const invalid = await app.inject({
      method: 'POST',
      url,
      headers: staff.authHeader,
      payload: { subject: ' ', body: 'x'.repeat(10_001) },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ subject: ['Subject is required'], body: ['Body must not exceed 10000 characters'] });

    const withoutSmtp = await buildTestApp();
    try {
      const refused = await withoutSmtp.inject({
        method: 'POST',
        url,
        headers: staff.authHeader,
        payload: { subject: 'Hi', body: 'Hello' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MESSAGE_API_MESSAGES.replyUnavailable);
      expect(
        (await withoutSmtp.inject({ method: 'GET', url: '/backend/messages', headers: staff.authHeader })).json().canReplyByEmail,
      ).toBe(false);
    } finally {
      await withoutSmtp.close();
    }

    const failing: MessageSender = { name: 'failing', send: async () => Promise.reject(new Error('connection refused')) };
    const broken = await buildTestApp({ senders: { email: failing } });
    try {
      const failed = await broken.inject({ method: 'POST', url, headers: staff.authHeader, payload: { subject: 'Hi', body: 'Hello' } });
      expect(failed.statusCode).toBe(409);
      expect(failed.json().message).toBe(MESSAGE_API_MESSAGES.replyFailed);
    } finally {
      await broken.close();
    }
    expect(await testDb().contactReply.count({ where: { messageId: message!.id } })).toBe(0);
    expect(await testDb().contactMessage.findUniqueOrThrow({ where: { id: message!.id } })).toMatchObject({ read: false, repliedAt: null });
  });

  it('refuses clients (403) and anonymous callers (401) on every staff route, over REST and tRPC', async () => {
    const [message] = await insertMessages(uniqueSuffix(), 1);
    const routes = [
      ['GET', '/backend/messages'],
      ['GET', '/backend/messages/unread-count'],
      ['GET', `/backend/messages/${message!.id}`],
      ['PATCH', `/backend/messages/${message!.id}/read`],
      ['DELETE', `/backend/messages/${message!.id}`],
      ['POST', `/backend/messages/${message!.id}/reply`],
    ] as const;
    for (const [method, url] of routes) {
      expect(
        (await app.inject({ method, url, headers: client.authHeader, payload: method === 'GET' || method === 'DELETE' ? undefined : {} }))
          .statusCode,
        `${method} ${url}`,
      ).toBe(403);
      expect(
        (await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
    }
    await expect(client.caller.messages.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.caller.messages.unreadCount()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createCaller(createContextInner(testDeps())).messages.delete({ id: message!.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await testDb().contactMessage.count({ where: { id: message!.id } })).toBe(1);
  });

  it('works over tRPC for staff', async () => {
    const [message] = await insertMessages(uniqueSuffix(), 1);
    await staff.caller.messages.setRead({ id: message!.id, read: true });
    expect((await staff.caller.messages.get({ id: message!.id })).read).toBe(true);
    expect((await staff.caller.messages.unreadCount()).unreadCount).toBeGreaterThanOrEqual(0);
    await staff.caller.messages.delete({ id: message!.id });
    await expect(staff.caller.messages.get({ id: message!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('public contact endpoint', () => {
  const send = (payload: object, ip: string) => app.inject({ method: 'POST', url: '/backend/contact', payload, remoteAddress: ip });

  it('answers a filled honeypot exactly like a stored message and stores nothing', async () => {
    const marker = uniqueSuffix();
    const bot = await send(
      { fullName: 'Cheap Pills', email: 'bot@spam.example', message: `Buy now ${marker}`, website: 'http://spam.example' },
      uniqueIp(),
    );
    const person = await send(
      { fullName: 'Real Person', email: 'person@example.com', message: `Hello ${marker}`, website: '' },
      uniqueIp(),
    );
    expect(bot.statusCode).toBe(201);
    expect(person.statusCode).toBe(201);
    expect(Object.keys(bot.json()).sort()).toEqual(Object.keys(person.json()).sort());
    expect(bot.json().id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await testDb().contactMessage.count({ where: { message: `Buy now ${marker}` } })).toBe(0);
    expect(await testDb().contactMessage.count({ where: { id: bot.json().id } })).toBe(0);
    expect(await testDb().contactMessage.count({ where: { message: `Hello ${marker}` } })).toBe(1);
  });

  it('limits each address (bots included) and answers 429 with Retry-After once the limit is reached', async () => {
    const ip = uniqueIp();
    const payload = { fullName: 'Flood', email: 'flood@example.com', message: `spam ${uniqueSuffix()}` };
    for (let index = 0; index < CONTACT_THROTTLE.limit; index++) {
      const response = await send(index % 2 ? { ...payload, website: 'x' } : payload, ip);
      expect(response.statusCode).toBe(201);
    }
    const blocked = await send(payload, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(CONTACT_MESSAGES.tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await testDb().contactMessage.count({ where: { message: payload.message } })).toBe(CONTACT_THROTTLE.limit / 2);
    // The limit is kept in PostgreSQL, so a second app instance sees the same count.
    const other = await buildTestApp();
    try {
      expect((await other.inject({ method: 'POST', url: '/backend/contact', payload, remoteAddress: ip })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
    expect((await send(payload, uniqueIp())).statusCode).toBe(201);
  });
});
