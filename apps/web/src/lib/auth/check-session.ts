// The session check of SPEC §4 for protected routes, as a function the route guard awaits:
// - no token: go to /login with the origin and an error;
// - invalid token: log out, go to /login;
// - expired: refresh, then check the new token ("New token is invalid or expired") and the role; a failed
//   refresh logs out (one that got no answer only sends to /login: the session may still be good);
// - expiring within SESSION.expiringSoonSeconds: continue and refresh silently in the background (a failure
//   only warns);
// - then the role check: authorised when no role is required or any role of the token matches.
import { MESSAGES } from '@garage/shared/messages';
import type { Role } from '@garage/shared/constants';
import { decodeAccessToken, hasRequiredRole, tokenState } from './access-token.ts';
import { RefreshError, refreshSession } from './refresh.ts';
import { getAccessToken } from './token-store.ts';

/** Keys of auth:session.* in the locale files. */
export type SessionProblem = 'noToken' | 'invalidToken' | 'tokenRefreshFailed' | 'newTokenInvalid';

export type SessionOutcome = { kind: 'allowed' } | { kind: 'not-authorized' } | { kind: 'login'; problem: SessionProblem; logout: boolean };

export async function checkSession(required: readonly Role[] | undefined): Promise<SessionOutcome> {
  const token = getAccessToken();
  if (!token) return { kind: 'login', problem: 'noToken', logout: false };

  let claims = decodeAccessToken(token);
  const state = tokenState(claims);
  if (state === 'invalid') return { kind: 'login', problem: 'invalidToken', logout: true };
  if (state === 'expired') {
    try {
      claims = decodeAccessToken(await refreshSession());
    } catch (error) {
      return { kind: 'login', problem: 'tokenRefreshFailed', logout: !(error instanceof RefreshError) || error.refused };
    }
    const renewed = tokenState(claims);
    if (renewed === 'invalid' || renewed === 'expired') return { kind: 'login', problem: 'newTokenInvalid', logout: true };
  } else if (state === 'expiring') {
    refreshSession().catch((error: unknown) => console.warn(MESSAGES.tokenRefreshFailed, error));
  }
  return hasRequiredRole(claims!.roles, required) ? { kind: 'allowed' } : { kind: 'not-authorized' };
}
