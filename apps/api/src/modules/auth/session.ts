// Reads the caller's session from the access token: Authorization: Bearer <jwt>, or the accessToken cookie.
import type { FastifyRequest } from 'fastify';
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ROLES, type Role } from '@garage/shared';

export interface Session {
  userId: string;
  roles: Role[];
}

export interface AccessTokenClaims {
  sub: string;
  /** A single role or a list (SPEC §3). */
  role: Role | Role[];
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies?.accessToken || undefined;
}

/** The session for a valid token, or null (missing, expired, forged, or malformed). */
export function verifyAccessToken(token: string | undefined, secret: string): Session | null {
  if (!token) return null;
  try {
    const claims = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'] }) as Partial<AccessTokenClaims>;
    const roles = (Array.isArray(claims.role) ? claims.role : [claims.role]).filter((r): r is Role =>
      ROLES.includes(r as Role),
    );
    if (typeof claims.sub !== 'string' || roles.length === 0) return null;
    return { userId: claims.sub, roles };
  } catch {
    return null;
  }
}

/** Access tokens are short-lived; the refresh token (30 days) renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export function signAccessToken(session: Session, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): string {
  const claims: AccessTokenClaims = { sub: session.userId, role: session.roles.length === 1 ? session.roles[0]! : session.roles };
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
