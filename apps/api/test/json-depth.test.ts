// Deeply nested JSON is refused with a 400 before it is parsed (lib/json-depth.ts), on REST and tRPC, so no
// recursive walk (NUL guard, validation) sees it. Before, the NUL guard's walk cost grew with the square of
// the depth and overflowed the stack from ~7,000 levels (500); four anonymous 12 KB bodies kept
// /backend/health waiting 15 s. tRPC batches are bounded too (LIMITS.trpcBatchMax).
import { LIMITS, REQUEST_LIMIT_MESSAGES } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { jsonTooDeep } from '../src/lib/json-depth.ts';
import { findNulCharacter } from '../src/lib/nul-guard.ts';
import { uniqueIp } from './auth-fixtures.ts';
import { buildTestApp } from './helpers.ts';

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const TOO_DEEP = /nested too deeply \(at most 64 levels\)/;

describe('JSON nesting bound', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('scans depth linearly, ignoring brackets inside strings and escapes', () => {
    expect(LIMITS.jsonDepthMax).toBe(64);
    // The messages name the bounds.
    expect(REQUEST_LIMIT_MESSAGES.jsonTooDeep).toContain(`at most ${LIMITS.jsonDepthMax} levels`);
    expect(REQUEST_LIMIT_MESSAGES.trpcBatchTooLarge).toContain(`at most ${LIMITS.trpcBatchMax})`);
    expect(jsonTooDeep(nested(64))).toBe(false);
    expect(jsonTooDeep(nested(65))).toBe(true);
    expect(jsonTooDeep(`{"a":"${'['.repeat(500)}"}`)).toBe(false);
    expect(jsonTooDeep(`{"a":"\\"${'{'.repeat(500)}"}`)).toBe(false);
    expect(jsonTooDeep(`["\\\\", ${nested(64)}]`)).toBe(true);
  });

  it('finds a NUL deep down without recursion (no stack overflow)', () => {
    let value: unknown = 'x\u0000';
    for (let index = 0; index < 100_000; index++) value = [value];
    const path = findNulCharacter(value);
    expect(path).toHaveLength(100_000);
  });

  const postContact = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/backend/contact',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('REST: depth 65 is a 400 in the usual error shape, depth 64 is not refused for its depth', async () => {
    const deep = await postContact(`{"fullName":"A","email":"a@example.com","message":"hi","x":${nested(64)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: expect.stringMatching(TOO_DEEP) });
    const fine = await postContact(`{"fullName":"A","email":"bad","message":"hi","x":${nested(63)}}`);
    expect(fine.statusCode).toBe(400);
    expect(fine.json().code).toBe('VALIDATION');
  });

  it('REST: 7,000 and 100,000 levels are a 400, never a 500', async () => {
    for (const body of [nested(7_000), nestedObject(7_000), nested(100_000)]) {
      const response = await postContact(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(TOO_DEEP);
    }
  });

  it('tRPC POST: depth 65 and 100,000 are a 400, depth 64 goes through', async () => {
    for (const depth of [65, 7_000, 100_000]) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/trpc/contact.send',
        remoteAddress: uniqueIp(),
        headers: { 'content-type': 'application/json' },
        payload: nested(depth),
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(TOO_DEEP);
    }
    const fine = await app.inject({
      method: 'POST',
      url: '/backend/trpc/contact.send',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/json' },
      payload: nested(64),
    });
    expect(fine.statusCode).toBe(400);
    expect(fine.body).not.toMatch(TOO_DEEP);
  });

  it('tRPC GET: an input= nested 65 deep is a 400, 64 deep is answered', async () => {
    const deep = await app.inject({ method: 'GET', url: `/backend/trpc/merchant.get?input=${encodeURIComponent(nested(65))}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.body).toMatch(TOO_DEEP);
    const huge = await app.inject({ method: 'GET', url: `/backend/trpc/merchant.get?input=${encodeURIComponent(nested(7_000))}` });
    expect(huge.statusCode).toBe(400);
    // merchant.branding's input object ignores unknown fields: the 64-deep one reaches it and is answered.
    const fine = await app.inject({ method: 'GET', url: `/backend/trpc/merchant.branding?input=${encodeURIComponent(nestedObject(64))}` });
    expect(fine.statusCode).toBe(200);
  });

  it('tRPC batches: at most LIMITS.trpcBatchMax calls, on GET and POST', async () => {
    const paths = (count: number, path: string) => Array.from({ length: count }, () => path).join(',');
    const within = await app.inject({ method: 'GET', url: `/backend/trpc/${paths(LIMITS.trpcBatchMax, 'merchant.get')}?batch=1&input={}` });
    expect(within.statusCode).toBe(200);
    expect(within.json()).toHaveLength(LIMITS.trpcBatchMax);
    const over = await app.inject({
      method: 'GET',
      url: `/backend/trpc/${paths(LIMITS.trpcBatchMax + 1, 'merchant.get')}?batch=1&input={}`,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(REQUEST_LIMIT_MESSAGES.trpcBatchTooLarge);
    const overPost = await app.inject({
      method: 'POST',
      url: `/backend/trpc/${paths(200, 'contact.send')}?batch=1`,
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(overPost.statusCode).toBe(400);
    expect(overPost.json().message).toBe(REQUEST_LIMIT_MESSAGES.trpcBatchTooLarge);
  });

  it('several 12 KB deep bodies at once leave /backend/health answering in its usual time', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const timeHealth = async () => {
      const started = performance.now();
      const response = await fetch(`${address}/backend/health`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    await timeHealth();
    const baselines = [await timeHealth(), await timeHealth(), await timeHealth()];
    const baseline = Math.max(...baselines);
    const body = nested(6_000); // 12 KB
    const attacks = Array.from({ length: 8 }, (_, index) =>
      fetch(`${address}/backend/${index % 2 ? 'contact' : 'trpc/contact.send'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const underAttack = await timeHealth();
    const statuses = await Promise.all(attacks);
    console.info(`health baseline ${baseline.toFixed(1)} ms, during 8 deep bodies ${underAttack.toFixed(1)} ms`);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect(underAttack).toBeLessThan(Math.max(1_000, baseline * 10));
  });
});
