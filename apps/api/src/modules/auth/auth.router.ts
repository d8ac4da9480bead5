// tRPC adapter for sign-in and sessions: the same services and cookies as auth.rest.ts.
import {
  authSessionSchema,
  authUserSchema,
  codeSentSchema,
  codeVerifiedSchema,
  loginInputSchema,
  messageResultSchema,
  refreshInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  sendOtpInputSchema,
  verifyOtpInputSchema,
  type AuthSession,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Context } from '../../trpc/context.ts';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { authContext, codeContext } from './auth.context.ts';
import { login, logout, me, refresh, register } from './auth.service.ts';
import { clearSessionCookies, readRefreshToken, setSessionCookies } from './cookies.ts';
import { resetPassword, sendCode, verifyCode } from './otp.service.ts';

/** REST gets Retry-After from the error handler; over tRPC the adapter adds it. */
async function withRetryAfter<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.details.retryAfterSeconds) ctx.res?.header('retry-after', String(error.details.retryAfterSeconds));
    throw error;
  }
}

function withCookies(ctx: Context, session: AuthSession): AuthSession {
  if (ctx.req && ctx.res) setSessionCookies(ctx.req, ctx.res, session);
  return session;
}

export const authRouter = router({
  login: publicProcedure
    .input(loginInputSchema)
    .output(authSessionSchema)
    .mutation(({ ctx, input }) => withRetryAfter(ctx, async () => withCookies(ctx, await login(authContext(ctx.deps, ctx.req), input)))),

  refresh: publicProcedure
    .input(refreshInputSchema)
    .output(authSessionSchema)
    .mutation(async ({ ctx, input }) =>
      withCookies(ctx, await refresh(authContext(ctx.deps, ctx.req), readRefreshToken(ctx.req, input?.refreshToken))),
    ),

  register: publicProcedure
    .input(registerInputSchema)
    .output(authSessionSchema)
    .mutation(({ ctx, input }) => withRetryAfter(ctx, async () => withCookies(ctx, await register(authContext(ctx.deps, ctx.req), input)))),

  sendOtp: publicProcedure
    .input(sendOtpInputSchema)
    .output(codeSentSchema)
    .mutation(({ ctx, input }) => withRetryAfter(ctx, () => sendCode(codeContext(ctx.deps, ctx.req), input))),

  resendOtp: publicProcedure
    .input(sendOtpInputSchema)
    .output(codeSentSchema)
    .mutation(({ ctx, input }) => withRetryAfter(ctx, () => sendCode(codeContext(ctx.deps, ctx.req), input))),

  verifyOtp: publicProcedure
    .input(verifyOtpInputSchema)
    .output(codeVerifiedSchema)
    .mutation(({ ctx, input }) => withRetryAfter(ctx, () => verifyCode(codeContext(ctx.deps, ctx.req), input))),

  resetPassword: publicProcedure
    .input(resetPasswordInputSchema)
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => withRetryAfter(ctx, () => resetPassword(authContext(ctx.deps, ctx.req), input))),

  logout: publicProcedure
    .input(refreshInputSchema)
    .output(messageResultSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await logout(ctx.deps.db, readRefreshToken(ctx.req, input?.refreshToken));
      if (ctx.req && ctx.res) clearSessionCookies(ctx.req, ctx.res);
      return result;
    }),

  me: protectedProcedure.output(authUserSchema).query(({ ctx }) => me(ctx.deps.db, ctx.session.userId)),
});
