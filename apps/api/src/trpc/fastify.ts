// tRPC over Fastify, mounted at /backend/trpc. Every request can go through tRPC's own resolveResponse (the
// stock adapter's path), but that path rebuilds each call as a Fetch Request and Response, with abort
// signals, and costs ~0.3 ms of CPU per call more than a REST route: on the visits list, the staff area's
// busiest read, that made p95 about 45 ms instead of 20 ms at 50 concurrent requests on 2 cores
// (bench/visits-list.ts, "tRPC visits.list").
//
// So GET requests whose calls are all queries (the reads the web app makes through httpBatchLink) are
// answered directly: each call goes through the server-side caller (the same procedure, middlewares, input
// and output validation) and the answers are written as tRPC's JSON envelope. Anything else (mutations,
// streaming, an unknown path, a malformed input) and any failing call goes the stock way, which formats
// errors exactly as the client expects; queries are reads, so answering a failed one again changes nothing.
import type { AnyTRPCRouter, TRPCError } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@garage/shared';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../lib/errors.ts';
import { jsonTooDeep, jsonTooDeepError } from '../lib/json-depth.ts';
import { createContext, type Context } from './context.ts';

type TrpcRequest = FastifyRequest<{ Params: { path: string } }>;
interface Options {
  deps: AppDeps;
  /** The app's router and its caller, handed in by app.ts: router.ts imports every module, this file none. */
  router: AnyTRPCRouter;
  createCaller: (context: Context) => unknown;
  onError: (failure: { error: TRPCError; path: string | undefined }) => void;
}
interface QueryCall {
  path: string;
  input: unknown;
}

/** The calls of a GET request when every one is a query (batched as httpBatchLink sends them, or single). */
export function queryCalls(
  router: AnyTRPCRouter,
  request: Pick<TrpcRequest, 'method' | 'headers' | 'query' | 'params'>,
): { calls: QueryCall[]; batch: boolean } | null {
  if (request.method !== 'GET' || request.headers['trpc-accept'] !== undefined) return null;
  // Keyed by full path at run time ('visits.list'), whatever its declared type says.
  const procedures = router._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const isQuery = (path: string) => Object.hasOwn(procedures, path) && procedures[path]!._def.type === 'query';
  const query = request.query as Record<string, unknown>;
  const batch = query.batch === '1';
  const paths = request.params.path.split(',');
  if ((!batch && paths.length !== 1) || !paths.every(isQuery)) return null;
  let input: unknown;
  try {
    input = typeof query.input === 'string' ? JSON.parse(query.input) : undefined;
  } catch {
    return null;
  }
  if (!batch) return { calls: [{ path: paths[0]!, input }], batch };
  if (input !== undefined && (typeof input !== 'object' || input === null)) return null;
  return { calls: paths.map((path, index) => ({ path, input: (input as Record<string, unknown> | undefined)?.[index] })), batch };
}

async function answerQueries(
  { deps, createCaller }: Options,
  calls: QueryCall[],
  request: TrpcRequest,
  reply: FastifyReply,
): Promise<unknown[]> {
  const caller = createCaller(createContext(deps, { req: request, res: reply })) as Record<string, unknown>;
  return Promise.all(
    calls.map(({ path, input }) => {
      const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      return (procedure as (input: unknown) => Promise<unknown>)(input);
    }),
  );
}

async function answerThroughTrpc({ deps, router, onError }: Options, request: TrpcRequest, reply: FastifyReply) {
  const incoming = request.raw as typeof request.raw & { body?: unknown };
  if (request.body !== undefined) incoming.body = request.body;
  const response = await resolveResponse({
    router,
    req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
    path: request.params.path,
    // Already checked in the route (trpcBatchTooLargeError); tRPC's own bound too, should that check move.
    maxBatchSize: LIMITS.trpcBatchMax,
    error: null,
    createContext: async () => createContext(deps, { req: request, res: reply }),
    onError,
  });
  reply.status(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  // Never a stream here (httpBatchLink, no subscriptions): one write with a Content-Length.
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

export const trpcBatchTooLargeError = () =>
  new AppError('BAD_REQUEST', 'requestLimits.trpcBatchTooLarge', { params: { max: LIMITS.trpcBatchMax } });

export function trpcPlugin(options: Options): FastifyPluginAsync {
  return async (app) => {
    // tRPC reads the raw body itself.
    app.removeAllContentTypeParsers();
    // ... but too deep a JSON body is refused before tRPC parses it (lib/json-depth.ts).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      typeof body === 'string' && jsonTooDeep(body) ? done(jsonTooDeepError(), undefined) : done(null, body),
    );

    app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
      // Both paths (the fast GET path and resolveResponse) are bounded here, before any call runs.
      if (request.params.path.split(',').length > LIMITS.trpcBatchMax) throw trpcBatchTooLargeError();
      const input = (request.query as Record<string, unknown>).input;
      if (typeof input === 'string' && jsonTooDeep(input)) throw jsonTooDeepError();
      const reads = queryCalls(options.router, request);
      const results = reads && (await answerQueries(options, reads.calls, request, reply).catch(() => null));
      if (!reads || !results) return answerThroughTrpc(options, request, reply);
      const envelopes = results.map((data) => ({ result: { data } }));
      return reply
        .header('vary', 'trpc-accept, accept')
        .header('content-type', 'application/json')
        .send(Buffer.from(JSON.stringify(reads.batch ? envelopes : envelopes[0])));
    });
  };
}
