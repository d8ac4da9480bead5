// The signed-in state for components (useAuth), logout (SPEC §4), and where each role belongs after sign-in.
import { useMemo, useSyncExternalStore } from 'react';
import { ADMIN_AREA_ROLES, CLIENT_AREA_ROLES, type Role } from '@garage/shared/constants';
import type { AuthUser } from '@garage/shared/schemas/auth';
import { env } from '../../env.ts';
import { queryClient } from '../query-client.ts';
import { decodeAccessToken, hasRequiredRole } from './access-token.ts';
import { clearSession, getAccessToken, getStoredUser, subscribeSession } from './token-store.ts';

export interface AuthState {
  user: AuthUser | null;
  roles: Role[];
  isSignedIn: boolean;
}

export function useAuth(): AuthState {
  const token = useSyncExternalStore(subscribeSession, getAccessToken, () => null);
  return useMemo(() => {
    const claims = decodeAccessToken(token);
    return { user: claims ? getStoredUser() : null, roles: claims?.roles ?? [], isSignedIn: !!claims };
  }, [token]);
}

let signedOutAt = 0;
/** True right after the user signed out on purpose (guards then go to /login without an error). */
export const justSignedOut = () => Date.now() - signedOutAt < 10_000;

/**
 * Ends the session: the server revokes the refresh token and clears its cookies; locally the token, the
 * three cookies, the auth state and every cached query of this user go.
 */
export async function logout(): Promise<void> {
  signedOutAt = Date.now();
  try {
    await fetch(`${env.apiUrl}/user/logout`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  } catch {
    // Offline: forget the session here anyway; the refresh token expires on its own.
  }
  clearSession();
  queryClient.clear();
}

/** The roles an area of the app requires (SPEC §2), or undefined for public pages. */
export function requiredRolesFor(pathname: string): readonly Role[] | undefined {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return ADMIN_AREA_ROLES;
  if (pathname === '/client' || pathname.startsWith('/client/')) return CLIENT_AREA_ROLES;
  return undefined;
}

/** Staff land in /admin, clients in /client; a role with no area (MANAGER) is told so. */
export function homePathFor(roles: readonly Role[]): string {
  if (hasRequiredRole(roles, ADMIN_AREA_ROLES)) return '/admin';
  if (hasRequiredRole(roles, CLIENT_AREA_ROLES)) return '/client';
  return '/not-authorized';
}

/** Back where the user came from when that place admits them, else their own area. */
export function postLoginPath(roles: readonly Role[], origin?: string | null): string {
  if (origin && origin.startsWith('/') && !origin.startsWith('//')) {
    const required = requiredRolesFor(origin.split(/[?#]/)[0]!);
    if (required && hasRequiredRole(roles, required)) return origin;
  }
  return homePathFor(roles);
}
