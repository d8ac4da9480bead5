// Reads the caller's session from the access token: Authorization: Bearer <jwt>, or the accessToken cookie.
import type { FastifyRequest } from 'fastify';
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ROLES, SESSION, type Role } from '@garage/shared';
import { isRevoked } from './session-revocations.ts';

export interface Session {
  userId: string;
  roles: Role[];
}

export interface AccessTokenClaims {
  sub: string;
  /** A single role or a list (SPEC §3). */
  role: Role | Role[];
  /** Issued at, in milliseconds (`iat` is in seconds): compared with the user's revocation instant. */
  iatMs?: number;
  /** The session (refresh token family) the token belongs to: logging out ends it (session-revocations.ts). */
  sid?: string;
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies?.accessToken || undefined;
}

/**
 * The session for a valid token, or null (missing, expired, forged, malformed, or revoked since it was
 * issued: session-revocations.ts).
 */
export function verifyAccessToken(token: string | undefined, secret: string, nowMs = Date.now()): Session | null {
  if (!token) return null;
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret) {
    if (known.expiresAtMs > nowMs) return isRevoked(known.session.userId, known.issuedAtMs, known.sessionId) ? null : known.session;
    verifiedTokens.delete(token);
    return null;
  }
  try {
    const claims = jwt.verify(token, secretKey(secret), {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(nowMs / 1000),
    }) as Partial<AccessTokenClaims> & { exp?: number; iat?: number };
    const roles = (Array.isArray(claims.role) ? claims.role : [claims.role]).filter((r): r is Role => ROLES.includes(r as Role));
    if (typeof claims.sub !== 'string' || roles.length === 0 || typeof claims.exp !== 'number') return null;
    const session: Session = Object.freeze({ userId: claims.sub, roles: Object.freeze(roles) as Role[] });
    const issuedAtMs = typeof claims.iatMs === 'number' ? claims.iatMs : (claims.iat ?? 0) * 1000;
    const sessionId = typeof claims.sid === 'string' ? claims.sid : undefined;
    if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
    verifiedTokens.set(token, { secret, session, expiresAtMs: claims.exp * 1000, issuedAtMs, sessionId });
    return isRevoked(session.userId, issuedAtMs, sessionId) ? null : session;
  } catch {
    return null;
  }
}

// Tokens already verified, until they expire: a signed-in screen sends the same token with every request
// for up to 15 minutes, and checking its signature and claims again each time was a tenth of the CPU of
// a list request. Only valid tokens are kept; the bound keeps memory small whatever callers send.
const MAX_VERIFIED_TOKENS = 10_000;
const verifiedTokens = new Map<string, { secret: string; session: Session; expiresAtMs: number; issuedAtMs: number; sessionId?: string }>();

export const ACCESS_TOKEN_TTL_SECONDS = SESSION.accessTokenTtlSeconds;

/** `sessionId`: the refresh token family the token is issued for, so that ending the session ends the token. */
export function signAccessToken(session: Session, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, sessionId?: string): string {
  const claims: AccessTokenClaims = {
    sub: session.userId,
    role: session.roles.length === 1 ? session.roles[0]! : session.roles,
    iatMs: Date.now(),
    ...(sessionId ? { sid: sessionId } : {}),
  };
  return jwt.sign(claims, secretKey(secret), { algorithm: 'HS256', expiresIn: ttlSeconds });
}

// Given a string, jsonwebtoken first tries to parse it as a PEM public key on every call (~0.4 ms per
// request); a KeyObject made once skips that.
const keys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}
