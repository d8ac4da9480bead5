// One definition per operation (src/registry.ts): the tRPC router, the REST routes and the OpenAPI document
// are generated from it, and nothing else answers. This test compares the three:
//   - every registry operation is a tRPC procedure of appRouter, and every procedure comes from the registry;
//   - every REST binding is in /backend/openapi.json, and every documented route is a binding or on the
//     written REST-only list (src/rest-only.ts), whose entries all exist;
//   - every operation declares who may call it, and that declaration agrees with the independent rule of
//     access-rules.ts for each of its doors (the access matrix then checks the answers against that rule).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { operationEntries, restBindings, type Access, type OperationSet } from '../src/operations/operation.ts';
import { OPERATIONS } from '../src/registry.ts';
import { REST_ONLY_ROUTES } from '../src/rest-only.ts';
import { appRouter } from '../src/router.ts';
import { ACCESS_RULES, type AccessRule } from './access-rules.ts';
import { buildTestApp, createTestUser } from './helpers.ts';
import { restOperationSpecs } from './operations.ts';

const EXPECTED_RULE: Record<Access, AccessRule[]> = {
  anonymous: ['public'],
  signedIn: ['signedIn', 'staff-or-own'],
  client: ['client-own'],
  staff: ['staff'],
  admin: ['admin'],
};
/** Served by Fastify plugins, not by the API: the document itself and its viewer. */
const NOT_API = (path: string) => path === '/backend/openapi.json' || path.startsWith('/backend/docs');
const openApiPath = (path: string) => `/backend${path.replace(/:(\w+)/g, '{$1}')}`;

const registry = Object.entries(OPERATIONS).flatMap(([namespace, operations]) =>
  operationEntries(operations as OperationSet).map(([name, operation]) => ({ key: `${namespace}.${name}`, operation })),
);

let app: App;
let documented: Set<string>;
beforeAll(async () => {
  app = await buildTestApp();
  const document = (await app.inject('/backend/openapi.json')).json();
  documented = new Set(
    restOperationSpecs(document)
      .map((spec) => spec.key)
      .filter((key) => !NOT_API(key.split(' ')[1]!)),
  );
});
afterAll(async () => app?.close());

describe('the operation registry', () => {
  it('is the tRPC router: the same procedures, each of the declared kind', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const fromRegistry = registry.map(({ key }) => key).sort();
    expect(Object.keys(procedures).sort()).toEqual(fromRegistry);
    for (const { key, operation } of registry) expect(procedures[key]!._def.type, key).toBe(operation.kind);
    console.log(
      `operation registry: ${registry.length} operations in ${Object.keys(OPERATIONS).length} namespaces, ${REST_ONLY_ROUTES.length} REST-only routes`,
    );
  });

  it('is the REST API: every binding documented, every documented route a binding or on the REST-only list', () => {
    const bound = registry.flatMap(({ operation }) =>
      restBindings(operation).map((binding) => `${binding.method} ${openApiPath(binding.path)}`),
    );
    expect(new Set(bound).size, 'two operations bound to one REST route').toBe(bound.length);
    const restOnly = REST_ONLY_ROUTES.map((route) => `${route.method} /backend${route.path}`);
    for (const key of [...bound, ...restOnly]) expect(documented.has(key), `${key} is not in /backend/openapi.json`).toBe(true);
    const unexplained = [...documented].filter((key) => !bound.includes(key) && !restOnly.includes(key));
    expect(unexplained, 'documented routes that are neither an operation nor on the REST-only list').toEqual([]);
    for (const route of REST_ONLY_ROUTES) expect(route.reason.length, `${route.method} ${route.path} needs a reason`).toBeGreaterThan(10);
  });

  it('declares who may call each operation, as the independent access rules say', () => {
    for (const { key, operation } of registry) {
      expect(Object.keys(EXPECTED_RULE), key).toContain(operation.access);
      const doors = [`tRPC ${key}`, ...restBindings(operation).map((binding) => `${binding.method} ${openApiPath(binding.path)}`)];
      for (const door of doors) expect(EXPECTED_RULE[operation.access], `${door} (${operation.access})`).toContain(ACCESS_RULES[door]);
    }
  });
});

describe('the REST doors of operations', () => {
  it('ignores what a query string carries for an operation without input (a cache-busting ?_=)', async () => {
    const answer = await app.inject('/backend/merchant/fetch-merchant?_=1732860000');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toHaveProperty('merchant');
  });

  it('names a field as REST sent it when the body is one field of the input (`data`)', async () => {
    const admin = await createTestUser('ADMIN');
    const customer = await createTestUser('CLIENT');
    const answer = await app.inject({
      method: 'PUT',
      url: `/backend/users/${customer.user.id}`,
      headers: admin.authHeader,
      payload: { firstName: '' },
    });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().fieldErrors)).toEqual(['firstName']);
    expect(Object.keys(answer.json().fieldErrorCodes)).toEqual(['firstName']);
  });

  it('validates path parameters with the input: a malformed id is a 400 naming `id`', async () => {
    const admin = await createTestUser('ADMIN');
    const answer = await app.inject({ url: '/backend/visits/not-a-uuid', headers: admin.authHeader });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toHaveProperty('id');
  });
});
