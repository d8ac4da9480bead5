// The access matrix, generated from the real app: every REST operation in the OpenAPI document the app
// serves (GET /backend/openapi.json) and every tRPC procedure of appRouter is called as anonymous, as client
// A holding client B's ids, as an employee, a manager (staff, not admin) and an administrator, and each answer
// is checked against the operation's rule in access-rules.ts (one entry per operation; a missing or stale
// entry fails the run, and so does a served route the OpenAPI document hides).
//
// Inputs are generated from each operation's schema (OpenAPI parameters and JSON body; the procedure's zod
// input as JSON Schema): uuids named like a resource (vehicleId, visitId, taskId, userId, ownerId, or `id`
// after /vehicles, /visits, ...) get client B's real ids, anything else a made-up value.
//   - anonymous on a non-public operation: 401
//   - a client on a staff or admin operation: 403; staff on a client-only operation: 403; an employee or a
//     manager on an admin operation: 403
//   - client A on a client's own rows, sent B's ids: exactly the answer for random ids (status and body,
//     ids masked), 404 when an id is required; and no answer to client A ever carries B's ids or data
//   - allowed callers get through the guard (neither 401 nor 403). So that the run changes nothing shared,
//     an allowed write without ids (and the two heavy streams) is sent with a NUL character: the guard runs
//     first, then the NUL refusal answers 400 before anything is read or written. Writes with ids are sent
//     random ids (404 or 400). Reads run for real, on B's rows.
//   - nobody ever gets a 5xx.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { ACCESS_RULES, type AccessRule } from './access-rules.ts';
import { propose, signedInCustomer, visitFor, type Customer } from './approvals-fixtures.ts';
import { buildTestApp, createTestUser, testDb } from './helpers.ts';
import { multipart, png } from './media-fixtures.ts';
import { insertVisit, signedIn } from './visits-fixtures.ts';
import { restOperationSpecs, trpcProcedureSpecs, type JsonSchema } from './operations.ts';

type Caller = 'anonymous' | 'client' | 'employee' | 'manager' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'client', 'employee', 'manager', 'admin'];
type Resource = 'vehicle' | 'visit' | 'task' | 'user' | 'media' | 'payment' | 'rating' | 'invoice' | 'appointment' | 'inspection';

/** The few operations that need more than what their schema says. */
const OVERRIDES: Record<string, { staffProbe?: true; ids?: Partial<Record<string, Resource>>; visitIs?: 'completed' }> = {
  // A Server-Sent Events stream (open for minutes) and a ZIP of the whole shop: only their guard is exercised.
  'GET /backend/analytics/real-time/stream': { staffProbe: true },
  'GET /backend/data-transfer/export': { staffProbe: true },
  // `id` is a task here, not a visit.
  'tRPC myVisits.task': { ids: { id: 'task' } },
  // `id` is the visit whose sent inspections the client reads (REST says so by its path: /my/visits/{id}/inspections).
  'tRPC myInspections.forVisit': { ids: { id: 'visit' } },
  // Ratings are given on completed visits: probe with B's completed, rated visit.
  'GET /backend/my/visits/{visitId}/rating': { visitIs: 'completed' },
  'PUT /backend/my/visits/{visitId}/rating': { visitIs: 'completed' },
  'tRPC ratings.rateVisit': { visitIs: 'completed' },
  'tRPC ratings.forVisit': { visitIs: 'completed' },
};

const RESOURCE_BY_NAME: Record<string, Resource> = {
  vehicleId: 'vehicle',
  visitId: 'visit',
  taskId: 'task',
  userId: 'user',
  ownerId: 'user',
  customerId: 'user',
  mediaId: 'media',
  paymentId: 'payment',
  ratingId: 'rating',
  invoiceId: 'invoice',
};
/** What `id` means, by the path segment before it (REST) or the procedure's router (tRPC). */
const RESOURCE_BY_SEGMENT: Record<string, Resource> = {
  vehicles: 'vehicle',
  myVehicles: 'vehicle',
  visits: 'visit',
  myVisits: 'visit',
  approvals: 'visit',
  tasks: 'task',
  users: 'user',
  media: 'media',
  myMedia: 'media',
  payments: 'payment',
  ratings: 'rating',
  invoices: 'invoice',
  myInvoices: 'invoice',
  appointments: 'appointment',
  myAppointments: 'appointment',
  inspections: 'inspection',
};

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string;
  /** Every uuid placed in the request, to mask them in the answer. */
  ids: string[];
  /** Whether a path parameter or required field named one of B's rows. */
  requiredOwnId: boolean;
}
type IdSource = (name: string, required: boolean) => string;

interface Operation {
  key: string;
  transport: 'REST' | 'tRPC';
  write: boolean;
  build: (ids: IdSource, nul: boolean) => Probe;
}

// ---------------------------------------------------------------------------------------------------------
// Values from JSON Schema

const STRING_CANDIDATES = ['Probe', 'probe', 'probe-1', '2026-01-15', '123456', '1', 'en', 'PROBE1', 'probe@example.com', '+33612345678'];

function stringFor(schema: JsonSchema, name: string, id: IdSource, required: boolean): string {
  if (schema.format === 'uuid') return id(name, required);
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'email') return 'probe@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  let value = 'Probe';
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    value = STRING_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? value;
  }
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  return value;
}

function sample(schema: JsonSchema | undefined, name: string, id: IdSource, required: boolean, root: JsonSchema): unknown {
  if (!schema || typeof schema !== 'object') return 'probe';
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<any>((node, key) => node?.[key], root);
    return sample(target, name, id, required, root);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) {
    const option = options.find((o: JsonSchema) => o.type !== 'null') ?? options[0];
    return sample(option, name, id, required, root);
  }
  if (Array.isArray(schema.allOf)) return sample(Object.assign({}, ...schema.allOf), name, id, required, root);
  const type = Array.isArray(schema.type)
    ? schema.type.find((t: string) => t !== 'null')
    : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'object': {
      const requiredKeys = new Set<string>(schema.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries<JsonSchema>(schema.properties ?? {})) {
        // Optional filters naming a row (myMedia.list's vehicleId...) are filled too: a foreign one must not
        // answer otherwise than a missing one.
        const idFilter = key.endsWith('Id') && property.format === 'uuid';
        if (requiredKeys.has(key) || idFilter) out[key] = sample(property, key, id, requiredKeys.has(key), root);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 0);
      return Array.from({ length: count }, () => sample(schema.items, name.replace(/s$/, ''), id, required, root));
    }
    case 'string':
      return stringFor(schema, name, id, required);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1);
      const value = Math.max(min, 1);
      return typeof schema.maximum === 'number' ? Math.min(value, schema.maximum) : value;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'probe';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Operations from the served OpenAPI document and from the router (enumerated once in operations.ts)

function restOperations(document: JsonSchema): Operation[] {
  return restOperationSpecs(document).map(({ key, method, path, parameters, body, write }) => ({
    key,
    transport: 'REST' as const,
    write,
    build(source: IdSource, nul: boolean): Probe {
      const probe: Probe = { method, url: '', ids: [], requiredOwnId: false };
      const segments = path.split('/');
      const idFor = (name: string, required: boolean, segmentIndex?: number) => {
        const segment = segmentIndex !== undefined ? segments[segmentIndex - 1] : undefined;
        const resource = name === 'id' && segment ? RESOURCE_BY_SEGMENT[segment] : undefined;
        return source(resource ? `id:${resource}` : name, required);
      };
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of parameters) {
        if (parameter.in === 'path') {
          const index = segments.indexOf(`{${parameter.name}}`);
          const value = String(sample(parameter.schema, parameter.name, (name, required) => idFor(name, required, index), true, document));
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
        } else if (parameter.in === 'query') {
          const idFilter = String(parameter.name).endsWith('Id') && parameter.schema?.format === 'uuid';
          if (parameter.required || idFilter)
            query.set(parameter.name, String(sample(parameter.schema, parameter.name, idFor, !!parameter.required, document)));
        }
      }
      if (nul) query.set('probe', '\u0000');
      probe.url = query.size ? `${url}?${query}` : url;
      if (body && method !== 'GET') probe.payload = JSON.stringify(sample(body, 'body', idFor, true, document));
      return probe;
    },
  }));
}

function trpcOperations(): Operation[] {
  return trpcProcedureSpecs().map(({ key, path, write, input: inputSchema }) => {
    const router = path.split('.')[0]!;
    return {
      key,
      transport: 'tRPC' as const,
      write,
      build(source: IdSource, nul: boolean): Probe {
        const idFor: IdSource = (name, required) => {
          const resource = name === 'id' ? (OVERRIDES[key]?.ids?.id ?? RESOURCE_BY_SEGMENT[router]) : undefined;
          return source(resource ? `id:${resource}` : name, required);
        };
        let input = inputSchema ? sample(inputSchema, 'input', idFor, true, inputSchema) : undefined;
        if (nul) input = { ...(input && typeof input === 'object' ? input : {}), probe: '\u0000' };
        const probe: Probe = { method: write ? 'POST' : 'GET', url: `/backend/trpc/${path}`, ids: [], requiredOwnId: false };
        if (write) probe.payload = input === undefined ? undefined : JSON.stringify(input);
        else if (input !== undefined) probe.url += `?input=${encodeURIComponent(JSON.stringify(input))}`;
        return probe;
      },
    };
  });
}

/**
 * Every route Fastify serves, as "METHOD /path/{}" (parameters unnamed), read from printRoutes(): a route
 * hidden from the OpenAPI document (schema.hide) is still found. HEAD is Fastify's automatic twin of GET.
 */
function servedRoutes(app: App): string[] {
  const served: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    stack.length = match[1]!.length / 4;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:\w+(\|:\w+)*/g, '{}');
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) served.push(`${method} ${path}`);
  }
  return served;
}
const unnamed = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
/** Served but neither an API operation nor tRPC: the API's own documentation (Swagger UI and its JSON). */
const DOCUMENTATION = /^GET \/backend\/(docs($|\/)|openapi\.json$)/;

// ---------------------------------------------------------------------------------------------------------

describe('access matrix (every REST operation and tRPC procedure × anonymous, client, employee, manager, admin)', () => {
  let app: App;
  let operations: Operation[] = [];
  let requests = 0;
  const headers: Record<Caller, Record<string, string>> = { anonymous: {}, client: {}, employee: {}, manager: {}, admin: {} };
  let clientB: Customer;
  const own: Record<Resource, string> & { completedVisit: string } = {} as never;
  let secrets: string[] = [];
  /** Client A's own rows, to mix with one of B's. */
  const mine: Partial<Record<Resource, string>> = {};

  beforeAll(async () => {
    app = await buildTestApp();
    const staff = await signedIn('EMPLOYEE');
    const [employee, manager, admin, clientA, b] = await Promise.all([
      createTestUser('EMPLOYEE'),
      createTestUser('MANAGER'),
      createTestUser('ADMIN'),
      signedInCustomer(),
      signedInCustomer(),
    ]);
    clientB = b;
    headers.client = clientA.authHeader;
    const visitOfA = await insertVisit({ customerId: clientA.customer.id, vehicleId: clientA.vehicle.id }, { dueInDays: 2 });
    const taskOfA = await testDb().task.findFirstOrThrow({ where: { visitId: visitOfA }, select: { id: true } });
    Object.assign(mine, { vehicle: clientA.vehicle.id, user: clientA.customer.id, visit: visitOfA, task: taskOfA.id });
    headers.employee = employee.authHeader;
    headers.manager = manager.authHeader;
    headers.admin = admin.authHeader;

    // Client B: a vehicle, a visit with a task and a proposed one, a payment, a photo, a rated completed visit.
    const visit = await visitFor(staff, clientB);
    const proposed = await propose(staff, visit.id);
    const { payment } = await staff.caller.payments.create({ id: visit.id, data: { amountCents: 2_000, method: 'CASH' } });
    const invoice = await staff.caller.invoices.issue({ visitId: visit.id });
    const appointment = await testDb().appointment.create({
      data: {
        fullName: 'Client B',
        vehicleDescription: 'B car',
        vehicleId: clientB.vehicle.id,
        customerId: clientB.customer.id,
        day: new Date(Date.now() + 5 * 86_400_000),
        status: 'PROPOSED',
      },
    });
    const completedVisit = await insertVisit(
      { customerId: clientB.customer.id, vehicleId: clientB.vehicle.id },
      { status: 'COMPLETED', dueInDays: -1 },
    );
    const { rating } = await clientB.caller.ratings.rateVisit({ visitId: completedVisit, stars: 4, feedback: 'Fine' });
    // An inspection sent to B (a client reads its report): written straight, its lifecycle is not what is probed.
    const inspection = await testDb().inspection.create({
      data: { visitId: visit.id, name: { en: 'B inspection' }, status: 'SENT', completedAt: new Date(), sentAt: new Date() },
      select: { id: true },
    });
    const upload = multipart([{ filename: 'b.png', contentType: 'image/png', bytes: await png() }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/backend/media/upload?${new URLSearchParams({ ownerId: clientB.customer.id, vehicleId: clientB.vehicle.id, visitId: visit.id, section: 'inspection' })}`,
      headers: { ...upload.headers, ...staff.authHeader },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    Object.assign(own, {
      vehicle: clientB.vehicle.id,
      visit: visit.id,
      task: proposed.id,
      user: clientB.customer.id,
      media: uploaded.json().files[0].id as string,
      payment: payment.id,
      rating: rating.id,
      invoice: invoice.id,
      appointment: appointment.id,
      inspection: inspection.id,
      completedVisit,
    });
    expect(
      Object.values(own).every((id) => typeof id === 'string' && id.length === 36),
      JSON.stringify(own),
    ).toBe(true);
    secrets = [
      ...Object.values(own),
      visit.tasks.map((t: { id: string }) => t.id),
      clientB.vehicle.plateNumber,
      clientB.customer.lastName,
    ].flat();

    const document = (await app.inject('/backend/openapi.json')).json();
    operations = [...restOperations(document), ...trpcOperations()];
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    const rest = operations.filter((o) => o.transport === 'REST').length;
    console.log(
      `access matrix: ${operations.length} operations (${rest} REST + ${operations.length - rest} tRPC) × ${CALLERS.length} callers ` +
        `(anonymous, client A on client B's ids, employee, manager, admin) = ${operations.length * CALLERS.length} cells, ${requests} requests`,
    );
  });

  it('every operation has exactly one access rule, and every rule names an operation that exists', () => {
    const keys = operations.map((o) => o.key);
    expect(keys.length).toBeGreaterThan(200);
    expect(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      'operations listed twice',
    ).toEqual([]);
    expect(
      keys.filter((key) => !(key in ACCESS_RULES)),
      'operations without an access rule in access-rules.ts',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS_RULES).filter((key) => !keys.includes(key)),
      'access rules naming no operation',
    ).toEqual([]);
    expect(
      Object.keys(OVERRIDES).filter((key) => !keys.includes(key)),
      'overrides naming no operation',
    ).toEqual([]);
    // Nothing is served that the matrix does not call (a route hidden from the OpenAPI document included).
    const documented = new Set(operations.filter((o) => o.transport === 'REST').map((o) => unnamed(o.key)));
    const served = servedRoutes(app).filter((route) => !route.includes('/backend/trpc/') && !DOCUMENTATION.test(route));
    expect(served.length).toBeGreaterThan(100);
    expect(
      served.filter((route) => !documented.has(route)),
      'routes served but missing from the OpenAPI document',
    ).toEqual([]);
  });

  it('answers every caller of every operation as its rule says', { timeout: 120_000 }, async () => {
    const findings: string[] = [];

    /** Whose id each resource-named uuid gets: client B's, client A's own, or a fresh random one. */
    type Pick = (resource: Resource) => 'B' | 'A' | 'random';
    const sourceOf =
      (key: string, probe: { ids: string[]; requiredOwnId: boolean; resources: Set<Resource>; unknown: string[] }, pick: Pick): IdSource =>
      (name, required) => {
        const resource = name.startsWith('id:') ? (name.slice(3) as Resource) : RESOURCE_BY_NAME[name];
        if (!resource) probe.unknown.push(name);
        let value: string = randomUUID();
        if (resource) {
          probe.resources.add(resource);
          const whose = pick(resource);
          if (whose === 'B') {
            value = resource === 'visit' && OVERRIDES[key]?.visitIs === 'completed' ? own.completedVisit : own[resource];
            if (required) probe.requiredOwnId = true;
          } else if (whose === 'A' && mine[resource]) value = mine[resource]!;
        }
        if (value !== mine[resource!]) probe.ids.push(value);
        return value;
      };
    const build = (operation: Operation, pick: Pick | boolean, nul: boolean) => {
      const tracked = { ids: [] as string[], requiredOwnId: false, resources: new Set<Resource>(), unknown: [] as string[] };
      const choose: Pick = typeof pick === 'function' ? pick : () => (pick ? 'B' : 'random');
      const probe = operation.build(sourceOf(operation.key, tracked, choose), nul);
      return { ...probe, ids: tracked.ids, requiredOwnId: tracked.requiredOwnId, resources: tracked.resources, unknown: tracked.unknown };
    };
    const send = async (probe: Probe, caller: Caller) => {
      requests += 1;
      const response = await app.inject({
        method: probe.method,
        url: probe.url,
        // tRPC's client always names its body JSON, even an empty one.
        headers: {
          ...headers[caller],
          ...(probe.payload !== undefined || (probe.method === 'POST' && probe.url.startsWith('/backend/trpc/'))
            ? { 'content-type': 'application/json' }
            : {}),
        },
        ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
      });
      const masked = probe.ids.reduce((text, id) => text.replaceAll(id, '<id>'), response.body);
      return { status: response.statusCode, body: masked };
    };

    for (const operation of operations) {
      const rule: AccessRule | undefined = ACCESS_RULES[operation.key];
      if (!rule) continue; // reported by the test above
      const hasIds = build(operation, false, false).ids.length > 0;
      const staffNul = operation.write ? !hasIds : !!OVERRIDES[operation.key]?.staffProbe;
      const note = (caller: string, message: string) => findings.push(`${operation.key} [${rule}] ${caller}: ${message}`);

      const allowed = (caller: Caller, nul: boolean) => async () => {
        // Reads on B's rows for real; writes with random ids; writes without ids and heavy streams: NUL probe.
        const probe = build(operation, !operation.write, nul);
        const answer = await send(probe, caller);
        if (answer.status === 401 || answer.status === 403)
          note(caller, `refused (${answer.status}) but the rule lets them in: ${answer.body.slice(0, 200)}`);
        else if (nul && answer.status !== 400) note(caller, `NUL probe answered ${answer.status}, expected 400`);
        return answer;
      };
      const refused = (caller: Caller, status: 401 | 403) => async () => {
        const answer = await send(build(operation, true, false), caller);
        if (answer.status !== status) note(caller, `expected ${status}, got ${answer.status}: ${answer.body.slice(0, 200)}`);
        return answer;
      };
      const ownRows = async () => {
        const [foreign, missing] = await Promise.all([
          send(build(operation, true, false), 'client'),
          send(build(operation, false, false), 'client'),
        ]);
        const probe = build(operation, true, false);
        if (foreign.status === 401 || foreign.status === 403) note('client', `refused (${foreign.status}) on their own area`);
        // A client-facing id this test cannot give B's row for would make the comparison below prove nothing.
        if (probe.unknown.length)
          note('client', `whose row is ${probe.unknown.join(', ')}? Map it in RESOURCE_BY_NAME, RESOURCE_BY_SEGMENT or OVERRIDES`);
        if (foreign.status !== missing.status || foreign.body !== missing.body) {
          note(
            'client',
            `B's ids answer ${foreign.status} ${foreign.body.slice(0, 160)} but random ids answer ${missing.status} ${missing.body.slice(0, 160)}`,
          );
        } else if (probe.requiredOwnId && foreign.status !== 404)
          note('client', `another client's row answers ${foreign.status}, expected 404`);
        // Several ids at once (a visit of a vehicle, a filter pair): one of B's among client A's own ids
        // answers like a random one there too.
        if (probe.resources.size > 1) {
          for (const resource of probe.resources) {
            const mixed =
              (whose: 'B' | 'random'): Pick =>
              (r) =>
                r === resource ? whose : 'A';
            const [withB, withRandom] = await Promise.all([
              send(build(operation, mixed('B'), false), 'client'),
              send(build(operation, mixed('random'), false), 'client'),
            ]);
            if (withB.status !== withRandom.status || withB.body !== withRandom.body) {
              note(
                'client',
                `B's ${resource} among A's own ids answers ${withB.status} ${withB.body.slice(0, 160)} but a random one ${withRandom.status} ${withRandom.body.slice(0, 160)}`,
              );
            }
            const leaked = secrets.filter((secret) => withB.body.includes(secret));
            if (leaked.length)
              note('client', `B's ${resource} among A's own ids: the answer carries client B's data (${leaked.join(', ')})`);
          }
        }
        return foreign;
      };

      const plan: Record<Caller, () => Promise<{ status: number; body: string }>> = {
        anonymous: rule === 'public' ? allowed('anonymous', operation.write) : refused('anonymous', 401),
        client:
          rule === 'public' || rule === 'signedIn'
            ? allowed('client', operation.write)
            : rule === 'client-own' || rule === 'staff-or-own'
              ? ownRows
              : refused('client', 403),
        employee: rule === 'admin' || rule === 'client-own' ? refused('employee', 403) : allowed('employee', staffNul),
        manager: rule === 'admin' || rule === 'client-own' ? refused('manager', 403) : allowed('manager', staffNul),
        admin: rule === 'client-own' ? refused('admin', 403) : allowed('admin', staffNul),
      };
      const answers = await Promise.all(CALLERS.map(async (caller) => [caller, await plan[caller]()] as const));
      for (const [caller, answer] of answers) {
        if (answer.status >= 500) note(caller, `server error ${answer.status}: ${answer.body.slice(0, 200)}`);
        if (caller === 'client' || caller === 'anonymous') {
          const leaked = secrets.filter((secret) => answer.body.includes(secret));
          if (leaked.length) note(caller, `answer carries client B's data (${leaked.join(', ')}): ${answer.body.slice(0, 200)}`);
        }
      }
    }
    // B's rows are all still there: no write reached them.
    const db = testDb();
    expect(await db.visit.count({ where: { id: { in: [own.visit, own.completedVisit] } } })).toBe(2);
    expect(await db.vehicle.count({ where: { id: own.vehicle } })).toBe(1);
    expect(await db.mediaFile.count({ where: { id: own.media } })).toBe(1);
    expect(findings).toEqual([]);
  });
});
