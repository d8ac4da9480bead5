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
import { MESSAGES, renderCode, type CatalogueCode } from '@garage/shared';
import { AppError, type ErrorCode } from '../lib/errors.ts';
import { validationError } from '../lib/zod-errors.ts';
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
    const coded = cause instanceof AppError ? cause : cause instanceof ZodError ? validationError(cause.issues) : codedFallback(error.code);
    // A 500 never tells its internals; tRPC's own refusals keep their English text beside the generic code.
    const message =
      cause instanceof AppError || cause instanceof ZodError || error.code === 'INTERNAL_SERVER_ERROR' ? coded.message : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        appCode: coded instanceof AppError ? coded.code : undefined,
        messageCode: coded.messageCode,
        params: coded.params,
        fieldErrors: coded.fieldErrors,
        fieldErrorCodes: coded.fieldErrorCodes,
        retryAfterSeconds: coded.retryAfterSeconds,
      },
    };
  },
});

/** Message codes of failures that are no AppError: tRPC's own refusals, the guards, the database's 503, a 500. */
const FALLBACK_CODES: Partial<Record<TRPC_ERROR_CODE_KEY, CatalogueCode>> = {
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'notFound',
  PARSE_ERROR: 'transport.badJson',
  PAYLOAD_TOO_LARGE: 'transport.payloadTooLarge',
  TOO_MANY_REQUESTS: 'transport.rateLimited',
  SERVICE_UNAVAILABLE: 'databaseUnavailable',
  INTERNAL_SERVER_ERROR: 'internal',
};

function codedFallback(code: TRPC_ERROR_CODE_KEY): Pick<AppError, 'message' | 'messageCode' | 'params'> & Partial<AppError> {
  const messageCode = FALLBACK_CODES[code] ?? 'transport.badRequest';
  return { message: renderCode(messageCode), messageCode, params: {} };
}

/** Services throw AppError; turn it into the matching TRPCError so the status code is right. */
function withAppErrorsMapped<Result extends { ok: boolean; error?: { cause?: unknown } }>(result: Result, ctx: Context): Result {
  const cause = result.ok ? undefined : result.error?.cause;
  // A throttled call says when to come back, as REST's error handler does.
  if (cause instanceof AppError && cause.retryAfterSeconds) ctx.res?.header('retry-after', String(cause.retryAfterSeconds));
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

export const publicProcedure = t.procedure.use(async ({ ctx, next, getRawInput }) => {
  await refuseNul(getRawInput);
  return withAppErrorsMapped(await next(), ctx);
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
    return withAppErrorsMapped(await next({ ctx: { session: ctx.session } }), ctx);
  });
}

export const protectedProcedure = sessionProcedure();
export const staffProcedure = sessionProcedure('staff');
export const adminProcedure = sessionProcedure('admin');
export const clientProcedure = sessionProcedure('client');
