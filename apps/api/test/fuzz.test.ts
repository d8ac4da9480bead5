// Property-based fuzz test (fast-check) over EVERY API operation: the REST operations of the served OpenAPI
// document and every tRPC procedure, enumerated once in operations.ts (the access matrix walks the same list).
// Each operation is called as an administrator and as anonymous (and as a client where the access rule lets
// a client in) with requests generated from its schema, where any value may be replaced by a hostile one:
// strings with NUL, lone surrogates, RTL marks or 100 KB; numbers 1e308, ±Infinity (1e999 in the JSON text),
// -0, NaN (in query strings), fractions, huge integers; impossible and extreme dates; extra fields; wrong
// types (null, arrays, objects where scalars go); real row ids, random uuids and junk ids.
//
// Properties: no answer is a 5xx; and a refused request (4xx) changes no row: a checksum of every table (row
// count + sum of the row versions' transaction ids) is the same before and after. It runs on a database of its own
// (migrated and seeded with the demo data), so other test files writing in parallel cannot disturb it.
//
// Bounded: a fixed seed (FUZZ_SEED) and a few runs per operation and caller (FUZZ_RUNS, FUZZ_ANONYMOUS_RUNS);
// a failure prints the seed, the path to replay and the shrunk request.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, seedDemoData, type Db } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { ACCESS_RULES } from './access-rules.ts';
import { buildTestApp, testDb, TEST_JWT_SECRET } from './helpers.ts';
import { resolveRef, restOperationSpecs, trpcProcedureSpecs, type JsonSchema, type OperationSpec } from './operations.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const ANONYMOUS_RUNS = Number(process.env.FUZZ_ANONYMOUS_RUNS ?? 2);

/** Held open for minutes (Server-Sent Events): only its guard is fuzzed (anonymous). */
const STREAMS = new Set(['GET /backend/analytics/real-time/stream']);
/**
 * Tables a refused request may change by design: failed sign-ins and refused codes are counted (throttling
 * and the sign-in lock), and page views are written by the analytics buffer on its own timer.
 */
const CHANGED_BY_DESIGN = new Set(['AuthAttempt', 'PageViewEvent', 'PageViewHourly', 'PageViewDaily', '_prisma_migrations']);

// ---------------------------------------------------------------------------------------------------------
// Hostile values. `Raw` is written into the JSON text as is: 1e999 parses to Infinity, -0 stays -0.

class Raw {
  constructor(readonly text: string) {}
}
function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
/** How a value reads in a path or a query string. */
function plainText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  if (value && typeof value === 'object') return jsonText(value);
  return String(value);
}
/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 (it would throw). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

const HUGE = 'x'.repeat(100_000);
const hostileString = fc.constantFrom(
  'a\u0000b',
  '\uD800',
  'ok\uDC00',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  'مرحبا\u200F123',
  HUGE,
  `${'ع'.repeat(50_000)}`,
  '',
  '   ',
  '\'; DROP TABLE "User"; --',
  '../../etc/passwd',
  '%00',
  '\\',
  '2026-02-30',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-00-00T00:00:00Z',
  '1e308',
  'NaN',
  'Infinity',
  '-0',
  '١٢٣',
  '😀'.repeat(10),
);
const hostileNumber = fc.constantFrom<unknown>(
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw('-0'),
  1e308,
  -1e308,
  5e-324,
  0.5,
  -1,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  new Raw('123456789012345678901234567890'),
);
const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { nested: { deeper: [null] } }, 0, 'text');
const hostile = fc.oneof(hostileString, hostileNumber, wrongType);
const extraFields = fc.dictionary(
  fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'createdAt', 'deletedAt', 'role', 'passwordHash'),
  fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 })),
  { maxKeys: 2 },
);

// ---------------------------------------------------------------------------------------------------------
// Ids: real rows of the private database by resource, random uuids and junk.

/** Which table an id names, by its parameter name or (for `id`) the path segment / router before it. */
const ID_TABLE_BY_NAME: Record<string, string> = {
  vehicleId: 'Vehicle',
  visitId: 'Visit',
  taskId: 'Task',
  userId: 'User',
  ownerId: 'User',
  customerId: 'User',
  mediaId: 'MediaFile',
  paymentId: 'Payment',
  ratingId: 'Rating',
  categoryId: 'OfferingCategory',
  itemId: 'OfferingItem',
  messageId: 'ContactMessage',
};
const ID_TABLE_BY_SEGMENT: Record<string, string> = {
  vehicles: 'Vehicle',
  myVehicles: 'Vehicle',
  visits: 'Visit',
  myVisits: 'Visit',
  approvals: 'Visit',
  tasks: 'Task',
  users: 'User',
  media: 'MediaFile',
  myMedia: 'MediaFile',
  payments: 'Payment',
  ratings: 'Rating',
  categories: 'OfferingCategory',
  items: 'OfferingItem',
  offering: 'OfferingItem',
  messages: 'ContactMessage',
  todos: 'TodoTask',
  'static-data': 'StaticData',
  staticData: 'StaticData',
  'update-branding': 'Branding',
  merchant: 'Branding',
  imports: 'DataImport',
};
const JUNK_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '1', '-1', '%', '..'];

// ---------------------------------------------------------------------------------------------------------

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string;
}

describe('fuzz: every REST operation and tRPC procedure with hostile input', () => {
  const name = `garage_fuzz_${randomUUID().slice(0, 8)}`;
  let db: Db;
  let app: App;
  let operations: OperationSpec[] = [];
  let document: JsonSchema = {};
  let checksumSql = '';
  const idsByTable: Record<string, string[]> = {};
  let clientHeader: Record<string, string> = {};
  let requests = 0;
  const startedAt = Date.now();

  const urlFor = (database: string) => {
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${database}`;
    return url.toString();
  };

  beforeAll(async () => {
    await testDb().$executeRawUnsafe(`CREATE DATABASE "${name}"`);
    await migrateDatabase(urlFor(name));
    db = createDb(urlFor(name), { poolSize: 6 });
    await seedDemoData(db);
    app = await buildTestApp({ db });
    document = (await app.inject('/backend/openapi.json')).json();
    operations = [...restOperationSpecs(document), ...trpcProcedureSpecs()];

    const tables = await db.$queryRawUnsafe<{ table_name: string }[]>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    checksumSql = tables
      .map((t) => t.table_name)
      .filter((table) => !CHANGED_BY_DESIGN.has(table))
      // Every insert or update writes a row version with a new transaction id (xmin) and a delete lowers the
      // count, so count + sum of xmin changes with any committed write, and costs no row-to-text conversion.
      .map(
        (table) => `SELECT '${table}' AS name, count(*)::text || ':' || coalesce(sum(xmin::text::numeric), 0)::text AS sum FROM "${table}"`,
      )
      .join(' UNION ALL ');
    for (const { table_name: table } of tables) {
      const hasId = await db.$queryRawUnsafe<unknown[]>(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'id'`,
        table,
      );
      if (!hasId.length) continue;
      const rows = await db.$queryRawUnsafe<{ id: string }[]>(`SELECT id::text AS id FROM "${table}" ORDER BY id LIMIT 4`);
      idsByTable[table] = rows.map((row) => row.id);
    }
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) await checksum();
    console.log(`fuzz: setup ${((Date.now() - startedAt) / 1000).toFixed(1)} s, checksum ${((performance.now() - t0) / 5).toFixed(1)} ms`);
    const client = await db.user.findFirstOrThrow({ where: { username: 'client' } });
    clientHeader = { authorization: `Bearer ${signAccessToken({ userId: client.id, roles: ['CLIENT'] }, TEST_JWT_SECRET)}` };
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await db?.$disconnect();
    await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    console.log(
      `fuzz: ${operations.length} operations, ${requests} requests in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} admin runs per operation)`,
    );
  });

  async function checksum(): Promise<Map<string, string>> {
    const rows = await db.$queryRawUnsafe<{ name: string; sum: string }[]>(checksumSql);
    return new Map(rows.map((row) => [row.name, row.sum]));
  }

  /** A fresh administrator per operation: a fuzzed write may deactivate, demote or sign out whoever calls. */
  async function freshAdmin(): Promise<Record<string, string>> {
    const suffix = randomUUID().slice(0, 8);
    const admin = await db.user.create({
      data: { firstName: 'Fuzz', lastName: suffix, username: `fuzz_${suffix}`, role: 'ADMIN', active: true, verified: true },
    });
    return { authorization: `Bearer ${signAccessToken({ userId: admin.id, roles: ['ADMIN'] }, TEST_JWT_SECRET)}` };
  }

  // -------------------------------------------------------------------------------------------------------
  // Arbitraries from JSON Schema: a plausible value most of the time, a hostile one sometimes.

  function idArbitrary(name: string, segment: string | undefined): fc.Arbitrary<unknown> {
    const table = ID_TABLE_BY_NAME[name] ?? (name === 'id' && segment ? ID_TABLE_BY_SEGMENT[segment] : undefined);
    const real = table ? (idsByTable[table] ?? []) : Object.values(idsByTable).flat();
    return fc.oneof(
      { weight: 4, arbitrary: real.length ? fc.constantFrom(...real) : fc.uuid() },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom(...JUNK_IDS) },
    );
  }

  function plausible(
    schema: JsonSchema | undefined,
    name: string,
    segment: string | undefined,
    root: JsonSchema,
    depth: number,
  ): fc.Arbitrary<unknown> {
    if (!schema || typeof schema !== 'object' || depth > 6) return fc.jsonValue({ maxDepth: 1 });
    const resolved = resolveRef(schema, root);
    if (!resolved) return fc.jsonValue({ maxDepth: 1 });
    if (resolved !== schema) return valueArbitrary(resolved, name, segment, root, depth + 1);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
    const options = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(options) && options.length)
      return fc.oneof(...options.map((option: JsonSchema) => valueArbitrary(option, name, segment, root, depth + 1)));
    if (Array.isArray(schema.allOf)) return plausible(Object.assign({}, ...schema.allOf), name, segment, root, depth + 1);
    const type = Array.isArray(schema.type)
      ? schema.type.find((t: string) => t !== 'null')
      : (schema.type ?? (schema.properties ? 'object' : undefined));
    switch (type) {
      case 'object': {
        const properties = Object.entries<JsonSchema>(schema.properties ?? {});
        if (!properties.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
        const record = fc.record(
          Object.fromEntries(properties.map(([key, property]) => [key, valueArbitrary(property, key, segment, root, depth + 1)])),
          {
            requiredKeys: (schema.required ?? []).filter((key: string) => schema.properties?.[key]),
          },
        );
        return fc
          .tuple(record, fc.option(extraFields, { freq: 4 }))
          .map(([value, extra]) =>
            extra ? { ...extra, ...value, ...Object.fromEntries(Object.entries(extra).filter(([k]) => !(k in value))) } : value,
          );
      }
      case 'array':
        return fc.array(valueArbitrary(schema.items, name.replace(/s$/, ''), segment, root, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'string':
        return stringArbitrary(schema, name, segment);
      case 'integer':
      case 'number': {
        const min =
          typeof schema.minimum === 'number'
            ? schema.minimum
            : typeof schema.exclusiveMinimum === 'number'
              ? schema.exclusiveMinimum + 1
              : -1_000;
        const max =
          typeof schema.maximum === 'number'
            ? schema.maximum
            : typeof schema.exclusiveMaximum === 'number'
              ? schema.exclusiveMaximum - 1
              : 1_000_000;
        const bounded = fc.integer({ min: Math.max(Math.ceil(min), -(2 ** 31)), max: Math.min(Math.floor(max), 2 ** 31) });
        return fc.oneof(bounded, fc.constantFrom(min, max, min - 1, max + 1));
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  function stringArbitrary(schema: JsonSchema, name: string, segment: string | undefined): fc.Arbitrary<unknown> {
    if (schema.format === 'uuid') return idArbitrary(name, segment);
    const now = Date.now();
    const dates = fc.oneof(
      fc
        .date({ min: new Date(-8_640_000_000_000_000), max: new Date(8_640_000_000_000_000), noInvalidDate: true })
        .map((d) => d.toISOString()),
      fc.integer({ min: -400, max: 400 }).map((days) => new Date(now + days * 86_400_000).toISOString()),
    );
    if (schema.format === 'date-time') return dates;
    if (schema.format === 'date') return dates.map((iso) => iso.slice(0, 10));
    if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b.co', 'x@y'));
    if (schema.format === 'uri' || schema.format === 'url')
      return fc.oneof(
        fc.webUrl(),
        fc.constantFrom('/backend/media/00000000-0000-0000-0000-000000000000/file', 'javascript:alert(1)', 'data:image/png;base64,AAAA'),
      );
    const text = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40), unit: 'grapheme' });
    if (typeof schema.pattern === 'string') {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(schema.pattern);
      } catch {
        pattern = undefined;
      }
      const candidates = [
        'Probe',
        '123456',
        '600112233',
        '+33',
        '+212',
        'en',
        'fr',
        'ar',
        'PROBE1',
        'AB-123-CD',
        '#0f766e',
        '10:00',
        'probe-1',
        'common',
      ].filter((c) => pattern?.test(c));
      if (candidates.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...candidates) }, { weight: 1, arbitrary: text });
    }
    return text;
  }

  function valueArbitrary(
    schema: JsonSchema | undefined,
    name: string,
    segment: string | undefined,
    root: JsonSchema,
    depth: number,
  ): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 5, arbitrary: plausible(schema, name, segment, root, depth) }, { weight: 1, arbitrary: hostile });
  }

  // -------------------------------------------------------------------------------------------------------
  // Requests per operation

  function requestArbitrary(operation: OperationSpec): fc.Arbitrary<Request> {
    if (operation.transport === 'tRPC') {
      const router = operation.path.split('.').at(-2);
      const input = operation.input
        ? fc.oneof(
            { weight: 6, arbitrary: valueArbitrary(operation.input, 'input', router, operation.input, 0) },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
          )
        : fc.option(fc.jsonValue({ maxDepth: 2 }), { freq: 2 });
      const url = `/backend/trpc/${operation.path}`;
      return input.map((value) => {
        if (operation.write) return { method: 'POST', url, ...(value === undefined || value === null ? {} : { payload: jsonText(value) }) };
        return { method: 'GET', url: value === undefined || value === null ? url : `${url}?input=${encodeSegment(jsonText(value))}` };
      });
    }
    const segments = operation.path.split('/');
    const pathParameters = operation.parameters.filter((p) => p.in === 'path');
    const queryParameters = operation.parameters.filter((p) => p.in === 'query');
    const pathArbitrary = fc.tuple(
      ...pathParameters.map((parameter) => {
        const segment = segments[segments.indexOf(`{${parameter.name}}`) - 1];
        return valueArbitrary(parameter.schema, parameter.name, segment, document, 0).map(
          (value) => [parameter.name as string, plainText(value)] as const,
        );
      }),
    );
    const queryArbitrary = fc.tuple(
      ...queryParameters.map((parameter) =>
        fc
          .option(valueArbitrary(parameter.schema, parameter.name, undefined, document, 0), { freq: 3 })
          .map((value) => [parameter.name as string, value] as const),
      ),
      fc.option(fc.tuple(fc.constantFrom('extra', 'page', 'limit', 'cursor', 'q'), hostile), { freq: 3 }),
    );
    const bodyArbitrary =
      operation.body && operation.method !== 'GET'
        ? fc.oneof(
            { weight: 8, arbitrary: valueArbitrary(operation.body, 'body', undefined, document, 0) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(new Raw('{"broken": '), new Raw('[]'), new Raw('null'), new Raw('"text"'), new Raw('{"a":NaN}')),
            },
          )
        : fc.constant(undefined);
    return fc.tuple(pathArbitrary, queryArbitrary, bodyArbitrary).map(([pathValues, queryValues, body]) => {
      let url = operation.path;
      for (const [parameter, value] of pathValues) url = url.replace(`{${parameter}}`, encodeSegment(value) || '%20');
      const query = (queryValues as (readonly [string, unknown] | null)[])
        .filter((entry): entry is readonly [string, unknown] => !!entry && entry[1] !== null && entry[1] !== undefined)
        .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(plainText(value))}`);
      const request: Request = { method: operation.method, url: query.length ? `${url}?${query.join('&')}` : url };
      if (body !== undefined) request.payload = jsonText(body);
      return request;
    });
  }

  async function send(request: Request, headers: Record<string, string>) {
    requests += 1;
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...headers,
        ...(request.payload !== undefined || request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    return { status: response.statusCode, body: response.body };
  }

  const shorten = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);

  it('no 5xx, and a refused request changes no row', { timeout: 600_000 }, async () => {
    const findings: string[] = [];
    let current: Map<string, string> | undefined;
    for (const operation of operations) {
      const rule = ACCESS_RULES[operation.key];
      const callers: [string, () => Promise<Record<string, string>>, number][] = [['anonymous', async () => ({}), ANONYMOUS_RUNS]];
      if (!STREAMS.has(operation.key)) callers.push(['admin', freshAdmin, RUNS]);
      if (rule === 'client-own' || rule === 'staff-or-own' || rule === 'signedIn')
        callers.push(['client', async () => clientHeader, Math.max(2, Math.ceil(RUNS / 2))]);
      for (const [caller, headersFor, numRuns] of callers) {
        const headers = await headersFor();
        current = undefined; // a fresh administrator was just written
        const problem = { text: '' };
        const property = fc.asyncProperty(requestArbitrary(operation), async (request) => {
          // One checksum per request: the state after a request is the state before the next one, unless
          // that request wrote (a 2xx write), when it is read again.
          const before = (current ??= await checksum());
          const answer = await send(request, headers);
          if (answer.status >= 500) {
            current = undefined;
            problem.text = `${answer.status} ${shorten(answer.body)}`;
            return false;
          }
          if (answer.status >= 400) {
            current = await checksum();
            const changed = [...current].filter(([table, sum]) => before.get(table) !== sum).map(([table]) => table);
            if (changed.length) {
              problem.text = `refused with ${answer.status} but changed ${changed.join(', ')}: ${shorten(answer.body)}`;
              return false;
            }
          } else current = undefined; // answered: it may have written (a read too: e.g. a lazily stored row)
          return true;
        });
        const result = await fc.check(property, { seed: SEED, numRuns, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false });
        if (result.failed) {
          const [request] = result.counterexample ?? [];
          findings.push(
            `${operation.key} as ${caller}: ${problem.text}\n    request: ${request ? shorten(`${request.method} ${request.url} ${request.payload ?? ''}`) : String(result.errorInstance)}\n    replay: FUZZ_SEED=${result.seed} (path ${result.counterexamplePath})`,
          );
        }
      }
    }
    expect(operations.length).toBeGreaterThan(200);
    expect(findings, `fuzz findings (seed ${SEED}):\n${findings.join('\n')}`).toEqual([]);
  });
});
