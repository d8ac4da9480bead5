/**
 * Web analytics over REST (SPEC §7 paths) and the engine's lifetime.
 * 1. POST /analytics/track-visit: the beacon. A plain Fastify route (tRPC costs ~5x the CPU per call):
 *    validate, rate-limit per IP, drop bots, hash the visitor, buffer. 202 = accepted and will be stored;
 *    200 {ignored} = a bot, not stored; 400 bad payload; 429 too fast; 503 + Retry-After when the buffer
 *    is full or the app is closing.
 * 2. GET reports (staff): active-users, device-distribution, browser-distribution, page-views-over-time,
 *    popular-pages; GET analytics/real-time/stream: Server-Sent Events for the real-time screen.
 * 3. Lifetime: the buffer is flushed on close (onClose runs after Fastify stopped taking requests and
 *    answered the ones in flight); the shop's time zone is followed every minute; old raw events expire.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  activeUsersQuerySchema,
  activeUsersSchema,
  analyticsRangeSchema,
  areaOfPath,
  distributionSchema,
  pageViewsOverTimeSchema,
  popularPagesQuerySchema,
  popularPagesSchema,
  trackVisitSchema,
  type AnalyticsArea,
} from '@garage/shared/schemas/analytics';
import { poolOf } from '@garage/db/client';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createGuards } from '../auth/guards.ts';
import { readAccessToken, verifyAccessToken } from '../../session/session.ts';
import { activeUsers, distribution, pageViewsOverTime, popularPages, referrers } from './analytics.service.ts';
import { openGeoIp } from './geoip.ts';
import { EventBuffer, ROLLUP_LOCK_KEY, writeBatch, type EventRow } from './ingest.ts';
import { RealtimeHub } from './realtime.ts';
import { deleteExpiredEvents } from './retention.ts';
import { syncRollupTimeZone } from './time-zone.ts';
import { parseUserAgent } from './user-agent.ts';
import { VisitorIds } from './visitor-id.ts';

const tags = ['analytics'];
const ACCEPTED_BODY = JSON.stringify({ status: 'accepted' });
const STREAM_MAX_MS = 5 * 60_000;
const HOUR = 3_600_000;

/** Per-IP fixed one-minute window, in this process's memory (a beacon needs no cross-instance accuracy). */
class RateWindow {
  private counts = new Map<string, number>();
  private start = Date.now();
  constructor(private readonly limit: number) {}
  /** 0 when allowed, else seconds until the window resets. */
  hit(ip: string, now = Date.now()): number {
    if (!this.limit) return 0;
    if (now - this.start >= 60_000) {
      this.counts.clear();
      this.start = now;
    }
    const count = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, count);
    return count > this.limit ? Math.max(1, Math.ceil((this.start + 60_000 - now) / 1000)) : 0;
  }
}

/** Host of an external referrer (www. dropped); null for none, in-app or unusable ones. */
function referrerHost(referrer: string | undefined, ownHost: string): string | null {
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

/** 503 + Retry-After: the buffer is full, the app is closing or the database cannot be reached. */
function unavailable(reply: FastifyReply) {
  reply.header('retry-after', '2');
  return reply.status(503).send({ statusCode: 503, code: 'UNAVAILABLE', message: 'Tracking is busy; try again shortly' } as never);
}

export interface AnalyticsEngine {
  buffer: EventBuffer;
  hub: RealtimeHub;
}

export function analyticsRoutes(deps: AppDeps, onEngine?: (engine: AnalyticsEngine) => void): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const { config, db } = deps;
  return async (app) => {
    const pool = poolOf(db);
    const visitorIds = new VisitorIds(pool);
    const geo = await openGeoIp(config.ANALYTICS_GEOIP_DB, (message) => app.log.warn(message));
    const buffer = new EventBuffer((events) => writeBatch(pool, events), {
      batchSize: config.ANALYTICS_BATCH_SIZE,
      flushMs: config.ANALYTICS_FLUSH_MS,
      maxBuffered: config.ANALYTICS_BUFFER_MAX,
      log: app.log,
    });
    const hub = await RealtimeHub.open(db, app.log);
    const rate = new RateWindow(config.ANALYTICS_RATE_LIMIT_PER_MINUTE);
    const streams = new Set<() => void>();
    onEngine?.({ buffer, hub });

    // Background upkeep: follow the shop's time zone (each minute) and expire raw events (each hour).
    const timers: NodeJS.Timeout[] = [];
    const syncZone = () => syncRollupTimeZone(pool, ROLLUP_LOCK_KEY).catch((error) => app.log.warn({ err: error }, 'analytics time-zone sync failed'));
    const expire = () =>
      deleteExpiredEvents(pool, config.ANALYTICS_RETENTION_DAYS).catch((error) => app.log.warn({ err: error }, 'analytics retention failed'));
    app.addHook('onReady', async () => {
      await syncZone();
      timers.push(setInterval(syncZone, 60_000).unref(), setTimeout(expire, 60_000).unref(), setInterval(expire, HOUR).unref());
    });
    app.addHook('preClose', async () => {
      for (const end of streams) end();
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await buffer.close();
      await hub.close();
    });

    // sendBeacon and some proxies send JSON as text/plain: parse it the same way here.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The body must be JSON'), { statusCode: 400 }), undefined);
      }
    });

    app.post(
      '/analytics/track-visit',
      {
        bodyLimit: 16 * 1024,
        schema: {
          tags,
          summary: 'Record a page view (the web app sends one 100 ms after each route change)',
          description:
            '202: accepted, will be stored. 200 {status:"ignored"}: a bot, not stored. 429 too many from this IP; 503 + Retry-After when the server is saturated or closing. ip_address, country, region, city and user_id are filled by the server.',
          body: trackVisitSchema,
          response: { 200: z.object({ status: z.literal('ignored'), reason: z.string() }), 202: z.object({ status: z.literal('accepted') }) },
        },
      },
      async (request, reply) => {
        // Behind a trusted proxy request.ip parses X-Forwarded-For on every read: read it once.
        const ip = request.ip;
        const retryAfter = rate.hit(ip);
        if (retryAfter) throw new AppError('TOO_MANY_REQUESTS', 'Too many tracking events; slow down', { retryAfterSeconds: retryAfter });
        const body = request.body;
        const userAgent = request.headers['user-agent'] ?? '';
        const agent = parseUserAgent(userAgent || undefined);
        if (agent.bot) return reply.status(200).send({ status: 'ignored', reason: 'bot' });
        const now = new Date();
        const salt = visitorIds.known(now.getTime()) ?? (await visitorIds.salt(now).catch(() => null));
        if (!salt || !buffer.hasRoom) return unavailable(reply);
        const location = geo(ip);
        const event: EventRow = {
          occurredAt: now,
          area: areaOfPath(body.page_path),
          visitorId: VisitorIds.hash(salt, ip, userAgent),
          isEntry: body.is_entry ?? false,
          userId: verifyAccessToken(readAccessToken(request), deps.jwtSecret)?.userId ?? null,
          sessionId: body.session_id,
          eventType: body.eventType,
          pagePath: body.page_path,
          referrer: referrerHost(body.referrer, request.hostname),
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
        if (!buffer.enqueue(event)) return unavailable(reply);
        // A constant answer, written as is (no per-request serialisation).
        return reply.status(202).type('application/json; charset=utf-8').send(ACCEPTED_BODY as never);
      },
    );

    app.get(
      '/analytics/active-users',
      { onRequest: guards.staff, schema: { tags, summary: 'Visitors in the last minute (and 5 and 30 minutes); area defaults to public', querystring: activeUsersQuerySchema, response: { 200: activeUsersSchema } } },
      async (request) => activeUsers(db, request.query.area),
    );
    const rangeNote = 'startDate and endDate (YYYY-MM-DD, both included, at most 731 days) are days in the shop\'s time zone; area defaults to public.';
    app.get(
      '/analytics/device-distribution',
      { onRequest: guards.staff, schema: { tags, summary: 'Page views per device type', description: rangeNote, querystring: analyticsRangeSchema, response: { 200: distributionSchema } } },
      async (request) => distribution(db, 'device', request.query),
    );
    app.get(
      '/analytics/browser-distribution',
      { onRequest: guards.staff, schema: { tags, summary: 'Page views per browser', description: rangeNote, querystring: analyticsRangeSchema, response: { 200: distributionSchema } } },
      async (request) => distribution(db, 'browser', request.query),
    );
    app.get(
      '/analytics/referrers',
      { onRequest: guards.staff, schema: { tags, summary: 'Visits per referring site ("Direct" without one)', description: rangeNote, querystring: analyticsRangeSchema, response: { 200: distributionSchema } } },
      async (request) => referrers(db, request.query),
    );
    app.get(
      '/analytics/page-views-over-time',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Page views and visits per hour (ranges up to 2 days) or per day', description: rangeNote, querystring: analyticsRangeSchema, response: { 200: pageViewsOverTimeSchema } },
      },
      async (request) => pageViewsOverTime(db, request.query),
    );
    app.get(
      '/analytics/popular-pages',
      { onRequest: guards.staff, schema: { tags, summary: 'Most viewed pages', description: rangeNote, querystring: popularPagesQuerySchema, response: { 200: popularPagesSchema } } },
      async (request) => popularPages(db, request.query, request.query.limit),
    );

    app.get(
      '/analytics/real-time/stream',
      { onRequest: guards.staff, schema: { tags, summary: 'Server-Sent Events: a real-time snapshot now and on every change (the stream ends after 5 minutes; reconnect)', querystring: activeUsersQuerySchema } },
      (request: FastifyRequest<{ Querystring: { area: AnalyticsArea } }>, reply) => {
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write('retry: 2000\n\n');
        let ended = false;
        const unsubscribe = hub.subscribe(request.query.area, (snapshot) => {
          if (!ended) raw.write(`event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`);
        });
        const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 25_000);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(limit);
          unsubscribe();
          streams.delete(end);
          raw.end();
        };
        // Access tokens live 15 minutes: ending the stream now and then makes the screen reconnect with a fresh one.
        const limit = setTimeout(end, STREAM_MAX_MS);
        streams.add(end);
        request.raw.on('close', end);
      },
    );
  };
}
