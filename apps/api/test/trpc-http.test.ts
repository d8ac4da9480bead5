// tRPC over HTTP (src/trpc/fastify.ts): GET queries are answered by a direct path, everything else by
// tRPC's own resolveResponse. The direct path must be indistinguishable for the client, so each case here is
// sent twice: as the web app sends it, and with `trpc-accept: application/json`, which tRPC treats the same
// but which sends the request the stock way. Status, content type and body must match.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { appRouter } from '../src/router.ts';
import { queryCalls } from '../src/trpc/fastify.ts';
import { buildTestApp } from './helpers.ts';
import { createCustomer, inDays, signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
let visitId: string;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
  client = await signedIn('CLIENT');
  const { customer, vehicle } = await createCustomer();
  visitId = (
    await staff.caller.visits.create({
      name: 'Timing belt',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
    })
  ).id;
});
afterAll(() => app.close());

const batchUrl = (paths: string[], inputs: unknown[]) =>
  `/backend/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input]))))}`;

/** The answer of the direct path and of the stock path to the same GET. */
async function bothWays(url: string, headers: Record<string, string> = {}) {
  const [direct, stock] = await Promise.all([
    app.inject({ method: 'GET', url, headers }),
    app.inject({ method: 'GET', url, headers: { ...headers, 'trpc-accept': 'application/json' } }),
  ]);
  expect(direct.statusCode).toBe(stock.statusCode);
  expect(direct.headers['content-type']).toBe(stock.headers['content-type']);
  expect(direct.headers.vary).toBe(stock.headers.vary);
  expect(direct.json()).toEqual(stock.json());
  return direct;
}

describe('tRPC queries over HTTP', () => {
  it('answers a single query as tRPC does', async () => {
    const response = await bothWays(
      `/backend/trpc/visits.get?input=${encodeURIComponent(JSON.stringify({ id: visitId }))}`,
      staff.authHeader,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ result: { data: { id: visitId, name: 'Timing belt' } } });
  });

  it('answers a batch of queries as tRPC does, in order', async () => {
    const response = await bothWays(
      batchUrl(['visits.get', 'auth.me', 'visits.list'], [{ id: visitId }, undefined, { sort: 'newest' }]),
      staff.authHeader,
    );
    expect(response.statusCode).toBe(200);
    const [visit, me, list] = response.json();
    expect(visit.result.data.id).toBe(visitId);
    expect(me.result.data.id).toBe(staff.user.id);
    expect(list.result.data.items.length).toBeGreaterThan(0);
  });

  it('answers a batch with a failing call as tRPC does: the error in its place, the others answered', async () => {
    const response = await bothWays(batchUrl(['auth.me', 'visits.get'], [undefined, { id: randomUUID() }]), staff.authHeader);
    const [me, missing] = response.json();
    expect(me.result.data.id).toBe(staff.user.id);
    expect(missing.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('refuses a client on a staff query, and a caller without a session', async () => {
    const forbidden = await bothWays(batchUrl(['visits.list'], [{}]), client.authHeader);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()[0].error).toMatchObject({ message: MESSAGES.forbidden, data: { code: 'FORBIDDEN' } });
    const anonymous = await bothWays(batchUrl(['visits.list'], [{}]));
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects invalid input with the field message', async () => {
    const response = await bothWays(batchUrl(['visits.list'], [{ sort: 'sideways' }]), staff.authHeader);
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].error.data.fieldErrors.sort).toBeDefined();
  });

  it('rejects malformed input, unknown procedures and mutations sent as GET', async () => {
    expect((await bothWays('/backend/trpc/visits.list?batch=1&input=%7Bnot-json', staff.authHeader)).statusCode).toBe(400);
    expect((await bothWays(batchUrl(['visits.nothing'], [{}]), staff.authHeader)).statusCode).toBe(404);
    expect((await bothWays(batchUrl(['visits.delete'], [{ id: visitId, version: 1 }]), staff.authHeader)).statusCode).toBe(405);
  });

  it('still runs mutations through POST', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/backend/trpc/todos.create',
      headers: staff.authHeader,
      payload: { title: 'Order brake pads', description: 'For the Corolla' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toMatchObject({ title: 'Order brake pads' });
  });

  it('takes the direct path for the GETs the web app sends, and only for those', () => {
    const get = (path: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
      queryCalls(appRouter, { method: 'GET', headers, query, params: { path } });
    expect(get('visits.list,auth.me', { batch: '1', input: '{"0":{"sort":"newest"}}' })).toEqual({
      batch: true,
      calls: [
        { path: 'visits.list', input: { sort: 'newest' } },
        { path: 'auth.me', input: undefined },
      ],
    });
    expect(get('visits.get', { input: '{"id":"x"}' })).toEqual({ batch: false, calls: [{ path: 'visits.get', input: { id: 'x' } }] });
    expect(get('visits.list', { batch: '1', input: '{}' }, { 'trpc-accept': 'application/jsonl' })).toBeNull();
    expect(get('visits.list,visits.delete', { batch: '1' })).toBeNull();
    expect(get('visits.list,auth.me', {})).toBeNull();
    expect(get('visits.list', { batch: '1', input: '[' })).toBeNull();
    expect(get('toString', {})).toBeNull();
    expect(queryCalls(appRouter, { method: 'POST', headers: {}, query: {}, params: { path: 'auth.me' } })).toBeNull();
  });
});
