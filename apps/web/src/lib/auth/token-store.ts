// Where the browser keeps the session (SPEC §3, §9): the access token in localStorage and in the
// `accessToken` cookie, the user as JSON in the `user` cookie. The refresh token lives only in its httpOnly
// cookie, which the server sets and clears; JavaScript never sees it.
// Changes are broadcast to subscribers (useAuth) in this tab and, through the storage event, in others.
import { SESSION } from '@garage/shared/constants';
import type { AuthUser } from '@garage/shared/schemas/auth';

const ACCESS_TOKEN_KEY = 'accessToken';
const USER_COOKIE = 'user';
const DAY_SECONDS = 24 * 60 * 60;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const match = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(prefix.length));
  } catch {
    return null;
  }
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null; // storage disabled: the cookie still works
  }
}

function writeStorage(token: string | null) {
  try {
    if (token) localStorage.setItem(ACCESS_TOKEN_KEY, token);
    else localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // storage disabled
  }
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getAccessToken(): string | null {
  return readStorage() || readCookie(ACCESS_TOKEN_KEY) || null;
}

export function getStoredUser(): AuthUser | null {
  const raw = readCookie(USER_COOKIE);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as AuthUser;
  } catch {
    return null;
  }
}

/** Keeps what sign-in or a refresh returned. */
export function saveSession(session: { accessToken: string; user: AuthUser }): void {
  writeStorage(session.accessToken);
  writeCookie(ACCESS_TOKEN_KEY, session.accessToken, SESSION.accessCookieDays * DAY_SECONDS);
  writeCookie(USER_COOKIE, JSON.stringify(session.user), SESSION.userCookieDays * DAY_SECONDS);
  notify();
}

/**
 * Forgets the session in this browser: the local token and the accessToken, refreshToken and user cookies
 * (the httpOnly refresh cookie can only be cleared by the server: logout() asks it to).
 */
export function clearSession(): void {
  writeStorage(null);
  for (const name of [ACCESS_TOKEN_KEY, 'refreshToken', USER_COOKIE]) {
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
  }
  notify();
}
