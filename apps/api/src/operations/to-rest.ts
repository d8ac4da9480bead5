// Serves operation definitions as REST routes under /backend, with the zod schemas Fastify documents in
// /backend/openapi.json (plugins/openapi.ts). The input is validated once, whole, by the operation's own
// schema (path parameters merged with the body or query string), exactly as tRPC validates it; the route's
// split schemas (params / querystring / body) only document it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodError } from 'zod';
import type { AppDeps } from '../deps.ts';
import { createGuards } from '../http/guards.ts';
import { readAccessToken, verifyAccessToken } from '../session/session.ts';
import { operationEntries, restBindings, type AnyOperation, type OperationSet, type RestBinding } from './operation.ts';

const pathParameters = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
const sendsBody = (binding: RestBinding) => binding.method !== 'GET' && binding.method !== 'DELETE';
/** Validation happens in the handler, against the whole input: Fastify passes the parts through. */
const passThrough = () => (data: unknown) => ({ value: data });
const asJson = () => (data: unknown) => JSON.stringify(data);

/** The fields of an object input (also when the whole input may be left out: `.optional()`, `.nullish()`). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return shapeOf(schema.unwrap() as z.ZodType);
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/** The route's documented parts, split from the operation's input schema. */
function documentedParts(operation: AnyOperation, binding: RestBinding) {
  const shape = shapeOf(operation.input) ?? {};
  const names = [...pathParameters(binding.path), ...Object.keys(binding.fixed ?? {})];
  const pick = (keep: (name: string) => boolean) => {
    const entries = Object.entries(shape).filter(([name]) => keep(name));
    return entries.length ? z.object(Object.fromEntries(entries)) : undefined;
  };
  const params = pick((name) => pathParameters(binding.path).includes(name));
  const carried = binding.body ? shape[binding.body] : pick((name) => !names.includes(name));
  return {
    ...(params ? { params } : {}),
    ...(carried ? (sendsBody(binding) ? { body: carried } : { querystring: carried }) : {}),
  };
}

/** The whole input from the request's parts: path parameters, then the body or the query string. */
function requestInput(operation: AnyOperation, binding: RestBinding, request: FastifyRequest): unknown {
  const params = { ...(request.params as Record<string, string>), ...binding.fixed };
  const carried = sendsBody(binding) ? request.body : request.query;
  if (binding.body) return { ...params, [binding.body]: carried };
  // An operation without fields (`z.void()`) ignores what a query string or body carries, as an object
  // input ignores unknown fields: a cache-busting `?_=…` is not an error.
  if (!shapeOf(operation.input) && Object.keys(params).length === 0 && operation.input.safeParse(undefined).success) return undefined;
  const fields = carried && typeof carried === 'object' ? (carried as Record<string, unknown>) : {};
  if (Object.keys(params).length === 0 && Object.keys(fields).length === 0 && operation.input.safeParse(undefined).success)
    return undefined;
  return { ...fields, ...params };
}

/** A field error names the field as REST sent it: `firstName`, not `data.firstName`, when the body is `data`. */
function restPaths(error: ZodError, binding: RestBinding): ZodError {
  if (!binding.body) return error;
  const field = binding.body;
  return new ZodError(error.issues.map((issue) => (issue.path[0] === field ? { ...issue, path: issue.path.slice(1) } : issue)));
}

export function registerRestOperations(app: FastifyInstance, deps: AppDeps, namespaces: Record<string, OperationSet>) {
  const guards = createGuards(deps.jwtSecret);
  const optionalSession = async (request: FastifyRequest) => {
    request.session = verifyAccessToken(readAccessToken(request), deps.jwtSecret);
  };
  const onRequest = {
    anonymous: optionalSession,
    signedIn: guards.signedIn,
    client: guards.client,
    staff: guards.staff,
    admin: guards.admin,
  };

  for (const [namespace, operations] of Object.entries(namespaces)) {
    for (const [, operation] of operationEntries(operations)) {
      for (const binding of restBindings(operation)) {
        const status = binding.status ?? 200;
        const statuses = binding.createdWhen ? [status, 201] : [status];
        app.route({
          method: binding.method,
          url: binding.path,
          onRequest: onRequest[operation.access],
          validatorCompiler: passThrough,
          ...(operation.trustedOutput ? { serializerCompiler: asJson } : {}),
          schema: {
            tags: [binding.tag ?? namespace],
            summary: binding.summary,
            ...(binding.description ? { description: binding.description } : {}),
            ...(operation.access === 'anonymous' ? {} : { security: [{ bearer: [] }] }),
            ...documentedParts(operation, binding),
            ...(operation.output ? { response: Object.fromEntries(statuses.map((code) => [code, operation.output])) } : {}),
          },
          handler: async (request: FastifyRequest, reply: FastifyReply) => {
            const parsed = await operation.input.safeParseAsync(requestInput(operation, binding, request));
            if (!parsed.success) throw restPaths(parsed.error, binding);
            const result = await operation.handler({
              ctx: { deps, session: request.session!, req: request, res: reply },
              input: parsed.data,
            });
            return reply.status(binding.createdWhen?.(result) ? 201 : status).send(result);
          },
        });
      }
    }
  }
}
