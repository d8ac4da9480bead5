/**
 * One definition per operation. A module declares each of its operations once, with `query()` or
 * `mutation()`: who may call it, its input and output schemas, its REST binding and its handler. The tRPC
 * router (src/router.ts, through to-trpc.ts) and the REST routes with the OpenAPI document (src/app.ts,
 * through to-rest.ts) are both generated from these definitions, so the two transports cannot drift.
 *
 * Why not a library (trpc-to-openapi): SPEC §7 fixes REST paths, status codes and body shapes that differ
 * from the tRPC inputs the web app sends (an id in the path, the body being one field of the input), the
 * REST error body is the SPEC's, and the REST routes must keep Fastify's zod schemas so the OpenAPI document
 * (plugins/openapi.ts) stays the one it is. The `rest` binding below says all of that in a few declarative
 * fields; this layer is ~200 lines.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { Session } from '../session/session.ts';

/**
 * Who may call an operation. `client` operations see only the caller's own rows: the service filters by
 * `session.userId` in its `where`, so another customer's id answers "not found".
 */
export type Access = 'anonymous' | 'signedIn' | 'client' | 'staff' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestBinding {
  method: HttpMethod;
  /** Path under /backend, Fastify style (`/visits/:id`); each `:name` is the input field of that name. */
  path: string;
  /** Success status; 200 unless said (201 for a creation). */
  status?: number;
  /** A PUT that creates or replaces: 201 when this says the answer is a creation, `status` otherwise (both documented). */
  createdWhen?: (result: unknown) => boolean;
  summary: string;
  description?: string;
  /**
   * Where the request fills the input besides the path parameters. Default: the JSON body's fields (POST,
   * PUT, PATCH) or the query string's (GET, DELETE) are the input's fields. A field name: the whole body is
   * that one field of the input (tRPC `{ id, data }` answered by REST `PUT /users/:id` with `data` as body).
   */
  body?: string;
  /**
   * Input fields this path decides (`/profile/email-change/verify` is `{ channel: 'email' }`): one operation
   * served on several fixed paths, as SPEC §7 names them. Not documented as parameters.
   */
  fixed?: Record<string, string>;
  /** OpenAPI tag; the operation's namespace by default. */
  tag?: string;
}

/** What a handler gets besides its input. `req`/`res` exist when the call came over HTTP (not a test caller). */
export interface OperationContext<TSession> {
  deps: AppDeps;
  session: TSession;
  req?: FastifyRequest;
  res?: FastifyReply;
}

type SessionFor<TAccess extends Access> = TAccess extends 'anonymous' ? Session | null : Session;

export interface Operation<
  TKind extends 'query' | 'mutation' = 'query' | 'mutation',
  TAccess extends Access = Access,
  TInput extends z.ZodType = z.ZodType,
  TOutput = unknown,
> {
  kind: TKind;
  access: TAccess;
  input: TInput;
  /**
   * The answer's schema: validated on both transports and documented. With `trustedOutput`, documented only:
   * for hot reads built field by field from SQL that names its columns, each with a test comparing the
   * answer with the schema (re-validating was a fifth of the visits list's CPU).
   */
  output?: z.ZodType;
  trustedOutput?: boolean;
  rest: RestBinding | readonly RestBinding[];
  handler: (call: { ctx: OperationContext<SessionFor<TAccess>>; input: z.output<TInput> }) => Promise<TOutput> | TOutput;
}

export type AnyOperation = Operation<'query' | 'mutation', Access, z.ZodType, any>;
/**
 * A module's operations, keyed by their tRPC name (`visits.list` is `list` in the visits namespace). A nested
 * set is a sub-namespace: `offering.categories.list` is `{ categories: { list } }` in the offering namespace.
 */
export interface OperationSet {
  [name: string]: AnyOperation | OperationSet;
}

export const isOperation = (entry: AnyOperation | OperationSet): entry is AnyOperation => typeof entry.handler === 'function';

/** Every operation of a set with its dotted name (`categories.list`), the nested sets' included. */
export function operationEntries(operations: OperationSet, prefix = ''): [string, AnyOperation][] {
  return Object.entries(operations).flatMap(([name, entry]): [string, AnyOperation][] =>
    isOperation(entry) ? [[`${prefix}${name}`, entry]] : operationEntries(entry, `${prefix}${name}.`),
  );
}

type Definition<TAccess extends Access, TInput extends z.ZodType, TOutput> = Omit<
  Operation<'query' | 'mutation', TAccess, TInput, TOutput>,
  'kind'
>;

/** A read: served as a tRPC query and, on REST, usually a GET. */
export function query<TAccess extends Access, TInput extends z.ZodType, TOutput>(
  definition: Definition<TAccess, TInput, TOutput>,
): Operation<'query', TAccess, TInput, TOutput> {
  return { kind: 'query', ...definition };
}

/** A write: served as a tRPC mutation and a POST, PUT, PATCH or DELETE. */
export function mutation<TAccess extends Access, TInput extends z.ZodType, TOutput>(
  definition: Definition<TAccess, TInput, TOutput>,
): Operation<'mutation', TAccess, TInput, TOutput> {
  return { kind: 'mutation', ...definition };
}

export const restBindings = (operation: AnyOperation): readonly RestBinding[] =>
  Array.isArray(operation.rest) ? operation.rest : [operation.rest as RestBinding];
