/**
 * Web analytics over REST (SPEC §7 paths). The work is in the engine (analytics.engine.ts, track-visit.ts,
 * realtime-stream.ts) and the upkeep in jobs (analytics.jobs.ts); here are the routes and the engine's lifetime.
 * 1. POST /analytics/track-visit: the beacon. A plain Fastify route (tRPC costs ~5x the CPU per call).
 *    202 = accepted and will be stored; 200 {ignored} = a bot, not stored; 400 bad payload; 429 too fast;
 *    503 + Retry-After when the buffer is full or the app is closing.
 * 2. GET analytics/real-time/stream (staff): Server-Sent Events for the real-time screen. The reports are
 *    operations (analytics.operations.ts).
 * 3. Lifetime: the streams end before close; the buffer is flushed on close (onClose runs after Fastify
 *    stopped taking requests and answered the ones in flight).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { activeUsersQuerySchema, trackVisitSchema, type AnalyticsArea } from '@garage/shared/schemas/analytics';
import { renderCode } from '@garage/shared/message-catalogue';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../../http/guards.ts';
import { readAccessToken, verifyAccessToken } from '../../session/session.ts';
import { closeAnalyticsEngine, endStreams, followShopTimeZone, openAnalyticsEngine } from './analytics.engine.ts';
import { streamSnapshots } from './realtime-stream.ts';
import { trackVisit } from './track-visit.ts';

const tags = ['analytics'];
const ACCEPTED_BODY = JSON.stringify({ status: 'accepted' });

/** 503 + Retry-After: the buffer is full, the app is closing or the database cannot be reached. */
function unavailable(reply: FastifyReply) {
  reply.header('retry-after', '2');
  return reply.status(503).send({
    statusCode: 503,
    code: 'UNAVAILABLE',
    message: renderCode('transport.trackingBusy'),
    messageCode: 'transport.trackingBusy',
    params: {},
  } as never);
}

export function analyticsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    const engine = await openAnalyticsEngine(deps, app.log);
    app.addHook('onReady', () => followShopTimeZone(deps, app.log));
    app.addHook('preClose', async () => endStreams(engine));
    app.addHook('onClose', () => closeAnalyticsEngine(engine));

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
          response: {
            200: z.object({ status: z.literal('ignored'), reason: z.string() }),
            202: z.object({ status: z.literal('accepted') }),
          },
        },
      },
      async (request, reply) => {
        const outcome = await trackVisit(engine, {
          body: request.body,
          // Behind a trusted proxy request.ip parses X-Forwarded-For on every read: read it once.
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          hostname: request.hostname,
          userId: verifyAccessToken(readAccessToken(request), deps.jwtSecret)?.userId ?? null,
        });
        if (outcome === 'bot') return reply.status(200).send({ status: 'ignored', reason: 'bot' });
        if (outcome === 'unavailable') return unavailable(reply);
        // A constant answer, written as is (no per-request serialisation).
        return reply
          .status(202)
          .type('application/json; charset=utf-8')
          .send(ACCEPTED_BODY as never);
      },
    );

    app.get(
      '/analytics/real-time/stream',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Server-Sent Events: a real-time snapshot now and on every change (the stream ends after 5 minutes; reconnect)',
          querystring: activeUsersQuerySchema,
        },
      },
      (request: FastifyRequest<{ Querystring: { area: AnalyticsArea } }>, reply) =>
        streamSnapshots(engine, request.query.area, request, reply),
    );
  };
}
