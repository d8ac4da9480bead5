// Session cookies (SPEC §9): accessToken 7 days, refreshToken 30 days, user 7 days; SameSite strict and
// Secure when the request came over https. Only the refresh token is httpOnly: the web app reads the access
// token and the user, while the refresh token never reaches JavaScript in the browser.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION, type AuthSession } from '@garage/shared';

const DAY = 24 * 60 * 60;
export const COOKIE_NAMES = { access: 'accessToken', refresh: 'refreshToken', user: 'user' } as const;
/** The refresh cookie only needs to reach the API (REST and tRPC), never page requests. */
const REFRESH_COOKIE_PATH = '/backend';

function baseOptions(request: FastifyRequest) {
  return { sameSite: 'strict' as const, secure: request.protocol === 'https', path: '/' };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: AuthSession): void {
  const base = baseOptions(request);
  reply.setCookie(COOKIE_NAMES.access, session.accessToken, { ...base, maxAge: SESSION.accessCookieDays * DAY });
  reply.setCookie(COOKIE_NAMES.refresh, session.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    maxAge: SESSION.refreshCookieDays * DAY,
  });
  reply.setCookie(COOKIE_NAMES.user, JSON.stringify(session.user), { ...base, maxAge: SESSION.userCookieDays * DAY });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const base = baseOptions(request);
  reply.clearCookie(COOKIE_NAMES.access, base);
  reply.clearCookie(COOKIE_NAMES.refresh, { ...base, path: REFRESH_COOKIE_PATH, httpOnly: true });
  reply.clearCookie(COOKIE_NAMES.user, base);
}

/** The refresh token from the body (API clients) or the httpOnly cookie (browser). */
export function readRefreshToken(request: FastifyRequest | undefined, fromBody: string | undefined): string | undefined {
  return fromBody || request?.cookies?.[COOKIE_NAMES.refresh] || undefined;
}
