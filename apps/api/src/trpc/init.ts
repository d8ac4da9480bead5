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
import { MESSAGES } from '@garage/shared';
import { AppError, type ErrorCode } from '../lib/errors.ts';
import { firstMessage, toFieldErrors } from '../lib/zod-errors.ts';
import type { Context } from './context.ts';
import { hasAnyRole, type RoleRequirement } from '../modules/auth/roles.ts';

const TRPC_CODES: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
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
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapAppErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.unauthorized });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

function roleProcedure(required: RoleRequirement) {
  return protectedProcedure.use(({ ctx, next }) => {
    if (!hasAnyRole(ctx.session.roles, required)) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    return next();
  });
}

export const staffProcedure = roleProcedure('staff');
export const adminProcedure = roleProcedure('admin');
export const clientProcedure = roleProcedure('client');
