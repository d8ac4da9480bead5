// The public contact form (SPEC §2, §5): all fields required, a valid email, stored as a ContactMessage;
// throttled per IP; the same over tRPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_THROTTLE } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { uniqueIp } from './auth-fixtures.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

describe('contact messages', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const send = (payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/backend/contact',
      payload: payload as object,
      remoteAddress: options.ip ?? uniqueIp(),
      headers: options.headers,
    });

  it('stores a message with 201', async () => {
    const marker = uniqueSuffix();
    const response = await send({
      fullName: '  Nadia Khalil ',
      email: `Nadia.${marker}@Example.com`,
      message: `My brakes squeal (${marker})`,
    });
    expect(response.statusCode).toBe(201);
    const stored = await testDb().contactMessage.findUniqueOrThrow({ where: { id: response.json().id } });
    expect(stored).toMatchObject({
      fullName: 'Nadia Khalil',
      email: `nadia.${marker}@example.com`,
      message: `My brakes squeal (${marker})`,
      read: false,
      userId: null,
    });
  });

  it('requires every field and names each one', async () => {
    const response = await send({ fullName: ' ', email: '', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      fullName: ['Full name is required'],
      email: ['Email is required'],
      message: ['Message is required'],
    });
  });

  it('requires a valid email address', async () => {
    const response = await send({ fullName: 'Karim', email: 'karim.example.com', message: 'Hello' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.email).toEqual(['Email must be a valid email address']);
  });

  it('links the message to the signed-in user', async () => {
    const client = await createTestUser('CLIENT');
    const response = await send(
      { fullName: 'Client', email: client.user.email, message: 'About my visit' },
      { headers: client.authHeader },
    );
    expect(response.statusCode).toBe(201);
    expect((await testDb().contactMessage.findUniqueOrThrow({ where: { id: response.json().id } })).userId).toBe(client.user.id);
  });

  it('throttles a flood from one address with 429 and Retry-After', async () => {
    const ip = uniqueIp();
    const payload = { fullName: 'Flood', email: 'flood@example.com', message: 'spam' };
    for (let index = 0; index < CONTACT_THROTTLE.limit; index++) expect((await send(payload, { ip })).statusCode).toBe(201);
    const blocked = await send(payload, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(CONTACT_MESSAGES.tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(payload)).statusCode).toBe(201);
  });

  it('sends over tRPC with the same validation', async () => {
    const caller = createCaller(createContextInner(testDeps()));
    await expect(caller.contact.send({ fullName: 'A', email: 'nope', message: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const marker = uniqueSuffix();
    const receipt = await caller.contact.send({ fullName: 'Over tRPC', email: 'trpc@example.com', message: marker });
    expect((await testDb().contactMessage.findUniqueOrThrow({ where: { id: receipt.id } })).message).toBe(marker);
  });
});
