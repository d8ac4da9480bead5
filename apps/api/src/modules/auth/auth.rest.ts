// REST adapter for sign-in and sessions, at the paths of SPEC §7 (under /backend).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { authContext, codeContext } from './auth.context.ts';
import { login, logout, me, refresh, register } from './auth.service.ts';
import { clearSessionCookies, readRefreshToken, setSessionCookies } from './cookies.ts';
import { createGuards, sessionOf } from './guards.ts';
import { resetPassword, sendCode, verifyCode } from './otp.service.ts';

const tags = ['auth'];

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.post(
      '/user/login',
      {
        schema: {
          tags,
          summary: 'Sign in with an email, phone number or username and a password',
          description: 'Sets the accessToken, refreshToken (httpOnly) and user cookies. 401 for wrong credentials, 403 for a deactivated account, 429 when throttled.',
          body: loginInputSchema,
          response: { 200: authSessionSchema },
        },
      },
      async (request, reply) => {
        const session = await login(authContext(deps, request), request.body);
        setSessionCookies(request, reply, session);
        return session;
      },
    );

    app.post(
      '/user/refresh',
      {
        schema: {
          tags,
          summary: 'Exchange a refresh token (body or cookie) for a new access token; the refresh token rotates',
          body: refreshInputSchema,
          response: { 200: authSessionSchema },
        },
      },
      async (request, reply) => {
        const session = await refresh(authContext(deps, request), readRefreshToken(request, request.body?.refreshToken));
        setSessionCookies(request, reply, session);
        return session;
      },
    );

    app.post(
      '/register',
      { schema: { tags, summary: 'Create a client account and sign in', body: registerInputSchema, response: { 201: authSessionSchema } } },
      async (request, reply) => {
        const session = await register(authContext(deps, request), request.body);
        setSessionCookies(request, reply, session);
        return reply.status(201).send(session);
      },
    );

    app.post(
      '/user/send-otp',
      {
        schema: {
          tags,
          summary: 'Send a one-time code to the account behind an identifier (same answer when there is none)',
          body: sendOtpInputSchema,
          response: { 200: codeSentSchema },
        },
      },
      async (request) => sendCode(codeContext(deps, request), request.body),
    );

    app.post(
      '/user/resend-otp',
      {
        schema: {
          tags,
          summary: 'Send a new one-time code once the resend countdown is over (429 with the seconds left before)',
          body: sendOtpInputSchema,
          response: { 200: codeSentSchema },
        },
      },
      async (request) => sendCode(codeContext(deps, request), request.body),
    );

    app.post(
      '/user/verify-otp',
      { schema: { tags, summary: 'Check a one-time code', body: verifyOtpInputSchema, response: { 200: codeVerifiedSchema } } },
      async (request) => verifyCode(codeContext(deps, request), request.body),
    );

    app.post(
      '/user/reset-password',
      {
        schema: {
          tags,
          summary: 'Choose a new password shortly after verifying a reset code; signs out every session',
          body: resetPasswordInputSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => resetPassword(authContext(deps, request), request.body),
    );

    app.post(
      '/user/logout',
      {
        schema: {
          tags,
          summary: 'Revoke the refresh token (body or cookie) and clear the session cookies',
          body: refreshInputSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request, reply) => {
        const result = await logout(deps.db, readRefreshToken(request, request.body?.refreshToken));
        clearSessionCookies(request, reply);
        return result;
      },
    );

    app.get(
      '/user/me',
      {
        preHandler: guards.signedIn,
        schema: { tags, summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: authUserSchema } },
      },
      async (request) => me(deps.db, sessionOf(request).userId),
    );
  };
}
