/**
 * tRPC infrastructure.
 * 1. One tRPC instance; zod and AppError failures are formatted once (errorFormatter) so forms get per-field
 *    messages and clients get the same codes as REST.
 * 2. Base procedures are the only way in: publicProcedure, protectedProcedure (signed in), staffProcedure,
 *    adminProcedure, clientProcedure. Ownership checks live in each service's `where`.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '@garage/db';
import { MESSAGES } from '@garage/shared';
import { AppError, type ErrorCode } from '../lib/errors.ts';
import { firstMessage, toFieldErrors } from '../lib/zod-errors.ts';
import { nulCharacterIn } from '../lib/nul-guard.ts';
import type { Context } from './context.ts';
import { hasAnyRole, type RoleRequirement } from '../session/roles.ts';

const TRPC_CODES: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
};

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const fieldErrors =
      cause instanceof ZodError ? toFieldErrors(cause.issues) : cause instanceof AppError ? cause.details.fieldErrors : undefined;
    const message =
      cause instanceof ZodError && fieldErrors ? firstMessage(fieldErrors) : error.code === 'INTERNAL_SERVER_ERROR' ? MESSAGES.internal : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        appCode: cause instanceof AppError ? cause.code : cause instanceof ZodError ? 'VALIDATION' : undefined,
        fieldErrors,
        retryAfterSeconds: cause instanceof AppError ? cause.details.retryAfterSeconds : undefined,
      },
    };
  },
});

/** Services throw AppError; turn it into the matching TRPCError so the status code is right. */
function withAppErrorsMapped<Result extends { ok: boolean; error?: { cause?: unknown } }>(result: Result): Result {
  const cause = result.ok ? undefined : result.error?.cause;
  if (cause instanceof AppError) throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  // The database restarting or unreachable: 503, as on REST (plugins/error-handler.ts), not a 500.
  if (isDatabaseUnavailable(cause)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable, cause });
  return result;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** PostgreSQL text cannot hold U+0000: every procedure refuses an input carrying one (lib/nul-guard.ts). */
async function refuseNul(getRawInput: () => Promise<unknown>) {
  const error = nulCharacterIn(await getRawInput());
  if (error) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message, cause: error });
}

export const publicProcedure = t.procedure.use(async ({ next, getRawInput }) => {
  await refuseNul(getRawInput);
  return withAppErrorsMapped(await next());
});

/**
 * Signed in, with one of the required roles when given. One middleware does the checks and the error
 * mapping: tRPC copies its call options at every middleware, so each one costs on every call.
 */
function sessionProcedure(required?: RoleRequirement) {
  return t.procedure.use(async ({ ctx, next, getRawInput }) => {
    if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.unauthorized });
    if (required && !hasAnyRole(ctx.session.roles, required)) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    await refuseNul(getRawInput);
    return withAppErrorsMapped(await next({ ctx: { session: ctx.session } }));
  });
}

export const protectedProcedure = sessionProcedure();
export const staffProcedure = sessionProcedure('staff');
export const adminProcedure = sessionProcedure('admin');
export const clientProcedure = sessionProcedure('client');
