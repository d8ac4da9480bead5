// POST /login: the drawn sign-in form (apps/web server-render.tsx) sent natively, before the app has started.
// It signs in exactly as POST /backend/user/login does (auth.service.ts `login`: throttling, messages,
// deactivated accounts) and sets the same cookies; then 303 to the user's area, where the app starts signed
// in (the session cookies, as on any reload). A failure goes back to /login (303) with the identifier kept
// and a code the login screen translates (features/auth/sign-in-form.tsx); the password is never in an address.
//
// Cross-site requests are refused (sentFromThisSite): no signing a visitor into someone else's account from
// another site. The session cookies are SameSite strict as well.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_AREA_ROLES, CLIENT_AREA_ROLES, type Role } from '@garage/shared/constants';
import { loginInputSchema } from '@garage/shared';
import type { AppDeps } from '../deps.ts';
import { authContext } from '../modules/auth/auth.context.ts';
import { login } from '../modules/auth/auth.service.ts';
import { setSessionCookies } from '../http/cookies.ts';
import { AppError } from '../lib/errors.ts';

/** The codes the login screen reads from `?error=` (translated as auth:server.<code>). */
export type LoginFormError = 'invalidCredentials' | 'accountDeactivated' | 'tooManyAttempts' | 'unavailable';

/**
 * True when the browser says the form came from this site: Sec-Fetch-Site (sent by every current browser,
 * whatever the referrer policy), else Origin, else Referer, against this host. A page sent with
 * `Referrer-Policy: no-referrer` (helmet's default) makes a browser send `Origin: null` and no Referer,
 * which alone proves nothing: refused unless Sec-Fetch-Site vouches for it.
 */
export function sentFromThisSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const source = request.headers.origin || request.headers.referer;
  if (!source || source === 'null') return false;
  try {
    return new URL(source).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

function areaOf(role: Role): string {
  if ((ADMIN_AREA_ROLES as readonly Role[]).includes(role)) return '/admin';
  if ((CLIENT_AREA_ROLES as readonly Role[]).includes(role)) return '/client';
  return '/not-authorized';
}

function failureOf(error: unknown): { code: LoginFormError; retryAfterSeconds?: number } {
  if (error instanceof AppError) {
    if (error.code === 'TOO_MANY_REQUESTS') return { code: 'tooManyAttempts', retryAfterSeconds: error.retryAfterSeconds };
    if (error.messageCode === 'auth.accountDeactivated') return { code: 'accountDeactivated' };
    if (error.messageCode === 'invalidCredentials' || error.code === 'UNAUTHORIZED') return { code: 'invalidCredentials' };
  }
  return { code: 'unavailable' };
}

export function loginFormRoute(deps: AppDeps) {
  return async (scope: FastifyInstance) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post('/login', async (request, reply) => {
      if (!sentFromThisSite(request)) return reply.status(403).type('text/plain; charset=utf-8').send('Cross-site sign-in refused');
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const identifier = typeof form.identifier === 'string' ? form.identifier : '';
      const back = (code: LoginFormError, retryAfterSeconds?: number) => {
        const query = new URLSearchParams({ error: code });
        if (identifier) query.set('identifier', identifier.slice(0, 200));
        if (retryAfterSeconds !== undefined) query.set('retry', String(retryAfterSeconds));
        return reply.redirect(`/login?${query}`, 303);
      };
      const input = loginInputSchema.safeParse({ identifier, password: form.password ?? '' });
      if (!input.success) return back('invalidCredentials');
      try {
        const session = await login(authContext(deps, request), input.data);
        setSessionCookies(request, reply, session);
        return reply.redirect(areaOf(session.user.role), 303);
      } catch (error) {
        const failure = failureOf(error);
        if (failure.code === 'unavailable') request.log.error({ err: error }, 'Sign-in from the drawn form failed');
        return back(failure.code, failure.retryAfterSeconds);
      }
    });
  };
}
