// The analytics engine of one web process: what the beacon needs (visitor ids, GeoIP, the per-IP window),
// the event buffer, the real-time hub and the open real-time streams. analytics.rest.ts opens it with its
// routes and closes it with the app. Periodic upkeep (time zone, retention) is not here: analytics.jobs.ts.
import type { FastifyBaseLogger } from 'fastify';
import { poolOf } from '@garage/db/client';
import type { AppDeps } from '../../deps.ts';
import { openGeoIp, type GeoLookup } from './geoip.ts';
import { EventBuffer, ROLLUP_LOCK_KEY, writeBatch } from './ingest.ts';
import { RateWindow } from './rate-window.ts';
import { RealtimeHub } from './realtime.ts';
import { syncRollupTimeZone } from './time-zone.ts';
import { VisitorIds } from './visitor-id.ts';

export interface AnalyticsEngine {
  buffer: EventBuffer;
  hub: RealtimeHub;
  visitorIds: VisitorIds;
  geo: GeoLookup;
  rate: RateWindow;
  /** How to end each open real-time stream (realtime-stream.ts adds and removes its own). */
  streams: Set<() => void>;
}

export async function openAnalyticsEngine({ config, db }: AppDeps, log: FastifyBaseLogger): Promise<AnalyticsEngine> {
  const pool = poolOf(db);
  return {
    buffer: new EventBuffer((events) => writeBatch(pool, events), {
      batchSize: config.ANALYTICS_BATCH_SIZE,
      flushMs: config.ANALYTICS_FLUSH_MS,
      maxBuffered: config.ANALYTICS_BUFFER_MAX,
      log,
    }),
    hub: await RealtimeHub.open(db, log),
    visitorIds: new VisitorIds(pool),
    geo: await openGeoIp(config.ANALYTICS_GEOIP_DB, (message) => log.warn(message)),
    rate: new RateWindow(config.ANALYTICS_RATE_LIMIT_PER_MINUTE),
    streams: new Set(),
  };
}

/**
 * Once at start, the daily rollups catch up with the shop's time zone, so reports are right from the first
 * request even where jobs are off (RUN_JOBS=false); the analytics-time-zone job follows later changes.
 */
export async function followShopTimeZone({ db }: AppDeps, log: FastifyBaseLogger): Promise<void> {
  await syncRollupTimeZone(poolOf(db), ROLLUP_LOCK_KEY).catch((error) => log.warn({ err: error }, 'analytics time-zone sync failed'));
}

/** Before the server stops: the streams end, so closing does not wait on them. */
export function endStreams(engine: AnalyticsEngine): void {
  for (const end of engine.streams) end();
}

/** Once Fastify has answered the requests in flight: every accepted event is written, then LISTEN ends. */
export async function closeAnalyticsEngine(engine: AnalyticsEngine): Promise<void> {
  await engine.buffer.close();
  await engine.hub.close();
}
