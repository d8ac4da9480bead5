// Reading the access token in the browser (SPEC §3, §4). The signature is the server's business; the
// browser only needs the roles and the expiry to decide where to go and when to refresh.
import { ROLES, SESSION, type Role } from '@garage/shared/constants';

export interface TokenClaims {
  userId: string;
  roles: Role[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type TokenState = 'invalid' | 'expired' | 'expiring' | 'valid';

function decodeSegment(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The claims of a well-formed token, or null. `role` may be a single value or a list (SPEC §3). */
export function decodeAccessToken(token: string | null | undefined): TokenClaims | null {
  const parts = token?.split('.');
  if (!parts || parts.length !== 3) return null;
  try {
    const payload = decodeSegment(parts[1]!) as { sub?: unknown; role?: unknown; exp?: unknown };
    const roles = (Array.isArray(payload.role) ? payload.role : [payload.role]).filter((role): role is Role =>
      (ROLES as readonly unknown[]).includes(role),
    );
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || roles.length === 0) return null;
    return { userId: payload.sub, roles, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

export function tokenState(claims: TokenClaims | null, nowMs = Date.now()): TokenState {
  if (!claims) return 'invalid';
  const secondsLeft = claims.expiresAt - nowMs / 1000;
  if (secondsLeft <= 0) return 'expired';
  if (secondsLeft <= SESSION.expiringSoonSeconds) return 'expiring';
  return 'valid';
}

/** SPEC §4: authorised when no role is required or any role in the token is one of the required ones. */
export function hasRequiredRole(roles: readonly Role[], required: readonly Role[] | undefined): boolean {
  return !required || required.length === 0 || roles.some((role) => required.includes(role));
}
