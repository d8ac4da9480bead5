// Renews the access token with the httpOnly refresh cookie. The server rotates the refresh token on every use
// and treats a second use of the same token as theft (the whole session is revoked), so refreshes must never
// overlap: one at a time in this tab (a shared promise) and across tabs (a Web Lock); a tab that waited for
// the lock reuses the token another tab just obtained instead of spending the rotated cookie again.
import { MESSAGES } from '@garage/shared/messages';
import type { AuthUser } from '@garage/shared/schemas/auth';
import { env } from '../../env.ts';
import { decodeAccessToken, tokenState } from './access-token.ts';
import { getAccessToken, saveSession } from './token-store.ts';

export class RefreshError extends Error {
  /**
   * True when the server said no (4xx: the refresh cookie is gone, expired or revoked): the session is over.
   * False when no answer came (offline, the page leaving mid-request) or the server could not answer (5xx,
   * a database restart): the session may be fine, and signing the user out would lose it for nothing.
   */
  readonly refused: boolean;
  constructor({ refused }: { refused: boolean }) {
    super(MESSAGES.tokenRefreshFailed);
    this.name = 'RefreshError';
    this.refused = refused;
  }
}

const LOCK_NAME = 'garage-auth-refresh';
let inFlight: Promise<string> | null = null;

async function exchange(tokenBefore: string | null): Promise<string> {
  const current = getAccessToken();
  if (current && current !== tokenBefore && tokenState(decodeAccessToken(current)) === 'valid') return current;
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}/user/refresh`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
  } catch {
    throw new RefreshError({ refused: false });
  }
  if (!response.ok) throw new RefreshError({ refused: response.status < 500 });
  const session = (await response.json()) as { accessToken: string; user: AuthUser };
  saveSession(session);
  return session.accessToken;
}

/** A fresh access token, or RefreshError. Concurrent callers share one request. */
export function refreshSession(): Promise<string> {
  if (inFlight) return inFlight;
  const tokenBefore = getAccessToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks?.request ? (async () => await locks.request(LOCK_NAME, () => exchange(tokenBefore)))() : exchange(tokenBefore);
  const shared = run.finally(() => {
    inFlight = null;
  });
  inFlight = shared;
  return shared;
}
