// Every API operation, enumerated once from the real app: the REST operations of the OpenAPI document it
// serves (GET /backend/openapi.json) and the procedures of appRouter (their zod input as JSON Schema). The
// access matrix (access-matrix.test.ts) and the fuzz test (fuzz.test.ts) both walk this list, so a new
// route is covered by both without being named anywhere.
import { z } from 'zod';
import { appRouter } from '../src/router.ts';

export type JsonSchema = Record<string, any>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestOperationSpec {
  key: string;
  transport: 'REST';
  method: HttpMethod;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: JsonSchema[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  write: boolean;
}

export interface TrpcProcedureSpec {
  key: string;
  transport: 'tRPC';
  /** Dotted procedure path (`visits.update`). */
  path: string;
  write: boolean;
  /** The first input parser as JSON Schema (root for its own `$ref`s), when the procedure takes input. */
  input: JsonSchema | undefined;
}

export type OperationSpec = RestOperationSpec | TrpcProcedureSpec;

export function restOperationSpecs(document: JsonSchema): RestOperationSpec[] {
  const operations: RestOperationSpec[] = [];
  for (const [path, methods] of Object.entries<JsonSchema>(document.paths)) {
    // The tRPC transport's catch-all route: its procedures are enumerated from the router.
    if (path.startsWith('/backend/trpc/')) continue;
    for (const [lower, operation] of Object.entries<JsonSchema>(methods)) {
      const method = lower.toUpperCase() as HttpMethod;
      operations.push({
        key: `${method} ${path}`,
        transport: 'REST',
        method,
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
        write: method !== 'GET',
      });
    }
  }
  return operations;
}

export function trpcProcedureSpecs(): TrpcProcedureSpec[] {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[] } }
  >;
  return Object.entries(procedures).map(([path, procedure]) => ({
    key: `tRPC ${path}`,
    transport: 'tRPC' as const,
    path,
    write: procedure._def.type !== 'query',
    input: procedure._def.inputs[0]
      ? (z.toJSONSchema(procedure._def.inputs[0], { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : undefined,
  }));
}

/** Follows a local `$ref` ("#/components/schemas/X") inside `root`. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  if (typeof schema.$ref !== 'string') return schema;
  return schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((node, key) => node?.[key], root);
}
