// The beacon's work (POST /analytics/track-visit): limit per IP, drop bots, hash the visitor (no raw IP is
// stored), locate the IP and buffer one event row. The outcome tells the route which answer to send.
import { areaOfPath, type TrackVisit } from '@garage/shared/schemas/analytics';
import { AppError } from '../../lib/errors.ts';
import type { AnalyticsEngine } from './analytics.engine.ts';
import type { EventRow } from './ingest.ts';
import { parseUserAgent } from './user-agent.ts';
import { VisitorIds } from './visitor-id.ts';

export interface Beacon {
  body: TrackVisit;
  ip: string;
  /** Empty when the request sent none: the body's own device fields are used then. */
  userAgent: string;
  /** This site's host: a referrer on it is a page of the app, not an external site. */
  hostname: string;
  /** The signed-in user, when the request carries a valid access token. */
  userId: string | null;
}

/** accepted: will be stored; bot: not stored; unavailable: the buffer is full, closing, or no visitor salt. */
export type TrackOutcome = 'accepted' | 'bot' | 'unavailable';

/** Host of an external referrer (www. dropped); null for none, in-app or unusable ones. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/^www\./, '').slice(0, 255);
    return host && host !== ownHost.replace(/^www\./, '') ? host : null;
  } catch {
    return null;
  }
}

export async function trackVisit(engine: AnalyticsEngine, { body, ip, userAgent, hostname, userId }: Beacon): Promise<TrackOutcome> {
  const retryAfter = engine.rate.hit(ip);
  if (retryAfter) throw new AppError('TOO_MANY_REQUESTS', 'transport.tooManyTrackingEvents', { retryAfterSeconds: retryAfter });
  const agent = parseUserAgent(userAgent || undefined);
  if (agent.bot) return 'bot';
  const now = new Date();
  const salt = engine.visitorIds.known(now.getTime()) ?? (await engine.visitorIds.salt(now).catch(() => null));
  if (!salt || !engine.buffer.hasRoom) return 'unavailable';
  const location = engine.geo(ip);
  const event: EventRow = {
    occurredAt: now,
    area: areaOfPath(body.page_path),
    visitorId: VisitorIds.hash(salt, ip, userAgent),
    isEntry: body.is_entry ?? false,
    userId,
    sessionId: body.session_id,
    eventType: body.eventType,
    pagePath: body.page_path,
    referrer: referrerHost(body.referrer, hostname),
    browser: userAgent ? agent.browser : (body.browser ?? null),
    os: userAgent ? agent.os : (body.os ?? null),
    deviceType: userAgent ? agent.deviceType : (body.device_type ?? null),
    deviceTimezone: body.device_timezone ?? null,
    country: location.country,
    region: location.region,
    city: location.city,
    utmSource: body.utm_source ?? null,
    utmMedium: body.utm_medium ?? null,
    utmCampaign: body.utm_campaign ?? null,
    screenSize: body.screen_size ?? null,
    language: body.language ?? null,
  };
  return engine.buffer.enqueue(event) ? 'accepted' : 'unavailable';
}
