// Serves operation definitions over tRPC: one procedure each, on the base procedure of its access rule
// (trpc/init.ts: session check, role check, NUL refusal and error mapping in one middleware).
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { adminProcedure, clientProcedure, protectedProcedure, publicProcedure, staffProcedure } from '../trpc/init.ts';
import { isOperation, type Access, type AnyOperation, type Operation, type OperationSet } from './operation.ts';

const BASE_PROCEDURE: Record<Access, typeof publicProcedure> = {
  anonymous: publicProcedure,
  signedIn: protectedProcedure as unknown as typeof publicProcedure,
  client: clientProcedure as unknown as typeof publicProcedure,
  staff: staffProcedure as unknown as typeof publicProcedure,
  admin: adminProcedure as unknown as typeof publicProcedure,
};

type ProcedureOf<TOperation> =
  TOperation extends Operation<infer TKind, any, infer TInput, infer TOutput>
    ? TKind extends 'query'
      ? TRPCQueryProcedure<{ input: z.input<TInput>; output: Awaited<TOutput>; meta: object }>
      : TRPCMutationProcedure<{ input: z.input<TInput>; output: Awaited<TOutput>; meta: object }>
    : never;

export type ProceduresOf<TSet extends OperationSet> = {
  [Name in keyof TSet]: TSet[Name] extends AnyOperation
    ? ProcedureOf<TSet[Name]>
    : TSet[Name] extends OperationSet
      ? ProceduresOf<TSet[Name]>
      : never;
};

function toProcedure(operation: AnyOperation) {
  let procedure = BASE_PROCEDURE[operation.access].input(operation.input);
  if (operation.output && !operation.trustedOutput) procedure = procedure.output(operation.output) as unknown as typeof procedure;
  const resolve = ({ ctx, input }: { ctx: Parameters<AnyOperation['handler']>[0]['ctx']; input: unknown }) =>
    operation.handler({ ctx: { deps: ctx.deps, session: ctx.session, req: ctx.req, res: ctx.res }, input });
  return operation.kind === 'query' ? procedure.query(resolve as never) : procedure.mutation(resolve as never);
}

/** The procedures of one namespace, typed from the definitions (the web app infers its calls from them). */
export function toProcedures<TSet extends OperationSet>(operations: TSet): ProceduresOf<TSet> {
  const procedures: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(operations)) {
    // A nested set is a plain object of procedures: tRPC serves it as a sub-namespace.
    procedures[name] = isOperation(entry) ? toProcedure(entry) : toProcedures(entry);
  }
  return procedures as ProceduresOf<TSet>;
}

/** Every namespace's procedures, for the root router (router.ts). */
export function toProcedureTree<TTree extends Record<string, OperationSet>>(tree: TTree): { [N in keyof TTree]: ProceduresOf<TTree[N]> } {
  const record: Record<string, unknown> = {};
  for (const [namespace, operations] of Object.entries(tree)) record[namespace] = toProcedures(operations);
  return record as { [N in keyof TTree]: ProceduresOf<TTree[N]> };
}
