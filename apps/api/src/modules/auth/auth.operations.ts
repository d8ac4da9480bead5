// Sign-in and sessions, at the paths of SPEC §7. Signing in sets the session cookies on either transport
// (the web app uses tRPC, other clients REST); Retry-After on a throttled call is set by the transport.
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
import { z } from 'zod';
import { clearSessionCookies, readRefreshToken, setSessionCookies } from '../../http/cookies.ts';
import { mutation, query, type OperationContext } from '../../operations/operation.ts';
import { authContext, codeContext } from './auth.context.ts';
import { login, logout, me, refresh, register } from './auth.service.ts';
import { resetPassword, sendCode, verifyCode } from './otp.service.ts';

function withCookies(ctx: OperationContext<unknown>, session: AuthSession): AuthSession {
  if (ctx.req && ctx.res) setSessionCookies(ctx.req, ctx.res, session);
  return session;
}

export const authOperations = {
  login: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/user/login',
      summary: 'Sign in with an email, phone number or username and a password',
      description:
        'Sets the accessToken, refreshToken (httpOnly) and user cookies. 401 for wrong credentials, 403 for a deactivated account, 429 when throttled.',
    },
    input: loginInputSchema,
    output: authSessionSchema,
    handler: async ({ ctx, input }) => withCookies(ctx, await login(authContext(ctx.deps, ctx.req), input)),
  }),
  refresh: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/user/refresh',
      summary: 'Exchange a refresh token (body or cookie) for a new access token; the refresh token rotates',
    },
    input: refreshInputSchema,
    output: authSessionSchema,
    handler: async ({ ctx, input }) =>
      withCookies(ctx, await refresh(authContext(ctx.deps, ctx.req), readRefreshToken(ctx.req, input?.refreshToken))),
  }),
  register: mutation({
    access: 'anonymous',
    rest: { method: 'POST', path: '/register', status: 201, summary: 'Create a client account and sign in' },
    input: registerInputSchema,
    output: authSessionSchema,
    handler: async ({ ctx, input }) => withCookies(ctx, await register(authContext(ctx.deps, ctx.req), input)),
  }),
  sendOtp: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/user/send-otp',
      summary: 'Send a one-time code to the account behind an identifier (same answer when there is none)',
    },
    input: sendOtpInputSchema,
    output: codeSentSchema,
    handler: ({ ctx, input }) => sendCode(codeContext(ctx.deps, ctx.req), input),
  }),
  resendOtp: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/user/resend-otp',
      summary: 'Send a new one-time code once the resend countdown is over (429 with the seconds left before)',
    },
    input: sendOtpInputSchema,
    output: codeSentSchema,
    handler: ({ ctx, input }) => sendCode(codeContext(ctx.deps, ctx.req), input),
  }),
  verifyOtp: mutation({
    access: 'anonymous',
    rest: { method: 'POST', path: '/user/verify-otp', summary: 'Check a one-time code' },
    input: verifyOtpInputSchema,
    output: codeVerifiedSchema,
    handler: ({ ctx, input }) => verifyCode(codeContext(ctx.deps, ctx.req), input),
  }),
  resetPassword: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/user/reset-password',
      summary: 'Choose a new password shortly after verifying a reset code; signs out every session',
    },
    input: resetPasswordInputSchema,
    output: messageResultSchema,
    handler: ({ ctx, input }) => resetPassword(authContext(ctx.deps, ctx.req), input),
  }),
  logout: mutation({
    access: 'anonymous',
    rest: { method: 'POST', path: '/user/logout', summary: 'Revoke the refresh token (body or cookie) and clear the session cookies' },
    input: refreshInputSchema,
    output: messageResultSchema,
    handler: async ({ ctx, input }) => {
      const result = await logout(ctx.deps.db, readRefreshToken(ctx.req, input?.refreshToken));
      if (ctx.req && ctx.res) clearSessionCookies(ctx.req, ctx.res);
      return result;
    },
  }),
  me: query({
    access: 'signedIn',
    rest: { method: 'GET', path: '/user/me', summary: 'The signed-in user' },
    input: z.void(),
    output: authUserSchema,
    handler: ({ ctx }) => me(ctx.deps.db, ctx.session.userId),
  }),
};
