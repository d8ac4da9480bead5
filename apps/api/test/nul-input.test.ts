// PostgreSQL text cannot hold U+0000. Any field carrying it is refused with a 400 naming the field, on REST
// and tRPC alike, and nothing is written (before lib/nul-guard.ts these answered 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { findNulCharacter } from '../src/lib/nul-guard.ts';
import { uniqueIp } from './auth-fixtures.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';

describe('NUL characters in input', () => {
  let app: App;
  let staff: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    app = await buildTestApp();
    staff = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  it('finds the path of the first string carrying one', () => {
    expect(findNulCharacter({ a: 'ok', tasks: [{ title: 'fine' }, { title: 'bad\u0000' }] })).toEqual(['tasks', '1', 'title']);
    expect(findNulCharacter({ ['k\u0000ey']: 1 })).toEqual(['key']);
    expect(findNulCharacter({ a: 'ok', n: 1, b: null, c: [true] })).toBeNull();
  });

  it('refuses the anonymous contact form with 400 on the field and stores nothing', async () => {
    const marker = uniqueSuffix();
    const response = await app.inject({
      method: 'POST',
      url: '/backend/contact',
      remoteAddress: uniqueIp(),
      payload: { fullName: `Nul ${marker}`, email: `nul.${marker}@example.com`, message: 'Hello\u0000world' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { message: ['Message format is invalid'] } });
    expect(await testDb().contactMessage.count({ where: { email: `nul.${marker}@example.com` } })).toBe(0);
  });

  it('refuses a query string value (staff search) with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/search?q=%00abc', headers: staff.authHeader });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ q: ['Q format is invalid'] });
  });

  it('refuses a nested field of a tRPC mutation with 400 and writes nothing', async () => {
    const marker = uniqueSuffix();
    const response = await app.inject({
      method: 'POST',
      url: '/backend/trpc/todos.create',
      headers: staff.authHeader,
      payload: { title: `Order pads ${marker}`, description: 'For the\u0000Corolla' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { description: ['Description format is invalid'] },
    });
    expect(await testDb().todoTask.count({ where: { title: `Order pads ${marker}` } })).toBe(0);
  });

  it('refuses a tRPC query input and still checks the session first', async () => {
    const input = encodeURIComponent(JSON.stringify({ q: '\u0000abc' }));
    const anonymous = await app.inject({ method: 'GET', url: `/backend/trpc/search.query?input=${input}` });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await app.inject({ method: 'GET', url: `/backend/trpc/search.query?input=${input}`, headers: staff.authHeader });
    expect(signedIn.statusCode).toBe(400);
  });
});
