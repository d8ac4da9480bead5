// SPEC §2/§7: every route change sends one page-view event, 100 ms later, to analytics/track-visit.
// Kept tiny and dependency-free because the landing page loads it (ARCHITECTURE "Landing page weight"):
// no zod, no @garage/shared index. The same path and query twice in a row is sent once. The session id
// lives in sessionStorage (a new one = a new visit, `is_entry`). sendBeacon (or a keepalive fetch) never
// delays navigation, and every failure is ignored. What the browser cannot know honestly (IP, location)
// is left to the server; browser/OS/device are parsed there from the User-Agent header.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { env } from '../env.ts';

export const TRACKING_DELAY_MS = 100;
const SESSION_KEY = 'garage.analytics.session';

let lastSent: string | undefined;

function sessionId(): { id: string; isEntry: boolean } {
  try {
    const known = sessionStorage.getItem(SESSION_KEY);
    if (known) return { id: known, isEntry: false };
    const id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    sessionStorage.setItem(SESSION_KEY, id);
    return { id, isEntry: true };
  } catch {
    return { id: 'no-session-storage', isEntry: false };
  }
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : undefined);

/**
 * The device's time zone through Temporal where the browser has it (~0.1 ms): a page's first
 * Intl.DateTimeFormat loads ICU's date data (~15 ms, x4 in Lighthouse's phone profile) in the landing's load.
 */
function deviceTimeZone(): string | undefined {
  try {
    const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;
    return temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function payload(pathname: string, search: string) {
  const query = new URLSearchParams(search);
  const session = sessionId();
  const timeZone = deviceTimeZone();
  return {
    session_id: session.id,
    is_entry: session.isEntry,
    eventType: 'pageview',
    page_path: clip(pathname, 500) ?? '/',
    // The site's own pages are not referrers: only the visit's first event carries the external one.
    referrer: session.isEntry ? clip(document.referrer, 2000) : undefined,
    utm_source: clip(query.get('utm_source'), 100),
    utm_medium: clip(query.get('utm_medium'), 100),
    utm_campaign: clip(query.get('utm_campaign'), 100),
    device_timezone: clip(timeZone, 64),
    screen_size: `${window.screen.width}x${window.screen.height}`,
    language: clip(navigator.language, 16),
    user_agent: clip(navigator.userAgent, 1000),
  };
}

export function sendPageView(pathname: string, search: string): void {
  const key = pathname + search;
  if (key === lastSent) return;
  lastSent = key;
  try {
    const url = `${env.apiUrl}/analytics/track-visit`;
    const body = JSON.stringify(payload(pathname, search));
    const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
    if (!queued) {
      void fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      }).catch(() => {});
    }
  } catch {
    // Analytics never gets in the user's way.
  }
}

/** Mount once inside the router. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => sendPageView(pathname, search), TRACKING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
