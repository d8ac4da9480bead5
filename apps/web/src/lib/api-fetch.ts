// Every REST and tRPC request of the web app goes through apiFetch, so authentication lives in one place.
// SPEC §4 "Requests": on any 401 or 403 the request is retried once after refreshing the token; a second
// failure or a refused refresh clears the stored tokens and user and sends the browser to /. A refresh that
// got no answer (offline, a server restart) keeps the session: the request fails as it came, and the next
// one tries again.
// Sign-in traffic itself (login, codes, reset, refresh, logout, and first-run setup with its setup code)
// is exempt: a 401/403 there is an answer ("wrong password", "wrong setup code"), not an expired session.
import { RefreshError, refreshSession } from './auth/refresh.ts';
import { clearSession, getAccessToken } from './auth/token-store.ts';

const SIGN_IN_PATHS =
  /\/(user\/(login|refresh|send-otp|verify-otp|resend-otp|reset-password|logout)|register|setup\/(check-code|complete))\/?$/;
const SIGN_IN_PROCEDURE = /^(auth\.(?!me$)|setup\.(checkCode|complete)$)/;

function isSignInTraffic(url: string): boolean {
  const path = new URL(url, window.location.origin).pathname;
  if (SIGN_IN_PATHS.test(path)) return true;
  const procedures = /\/trpc\/([^/]+)$/.exec(path)?.[1];
  return (
    !!procedures &&
    decodeURIComponent(procedures)
      .split(',')
      .every((name) => SIGN_IN_PROCEDURE.test(name))
  );
}

function send(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  const token = getAccessToken();
  // Always the current token: a retry must carry the refreshed one.
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(input instanceof Request ? input.clone() : input, { ...init, headers, credentials: 'same-origin' });
}

let leaving = false;
function endSession() {
  clearSession();
  if (leaving) return;
  leaving = true;
  window.location.assign('/');
}

const isAuthFailure = (response: Response) => response.status === 401 || response.status === 403;

export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const sentWith = getAccessToken();
  const response = await send(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!isAuthFailure(response) || isSignInTraffic(url)) return response;

  // A request that was in flight while another one refreshed the session failed with the old token: retry
  // it with the new one rather than refresh a second time (that would rotate the session for nothing).
  if (getAccessToken() === sentWith) {
    try {
      await refreshSession();
    } catch (error) {
      if (!(error instanceof RefreshError) || error.refused) endSession();
      return response;
    }
  }
  const retried = await send(input, init);
  if (isAuthFailure(retried)) endSession();
  return retried;
}
