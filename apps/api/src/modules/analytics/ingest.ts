/**
 * Analytics ingestion: accepted events wait in a bounded in-memory buffer and are written in batches.
 * 1. enqueue() is synchronous and never touches the database; it refuses (false) when the buffer is full
 *    or the app is closing, and the route answers 503 + Retry-After.
 * 2. A batch is written when `batchSize` events wait or `flushMs` after the first one, one batch at a time:
 *    one transaction inserts the events (one multi-row INSERT from arrays), increments the hourly and daily
 *    rollups (one upsert each, rows pre-aggregated and sorted so concurrent instances lock in the same
 *    order) and NOTIFYs the real-time listeners. A failed batch goes back to the front of the buffer and
 *    is retried with a back-off, so an accepted event is never dropped while the process lives.
 * 3. close() (app.close, SIGTERM) stops accepting and writes everything left before resolving.
 */
import { dimensionValues, ROLLED_UP_EVENT_TYPE, ROLLUP_TIME_ZONE_KEY } from '@garage/db/analytics-rollups';
import type { Pool } from '@garage/db/pg';
import { localDay } from './time-zone.ts';

export interface EventRow {
  occurredAt: Date;
  area: string;
  visitorId: bigint;
  isEntry: boolean;
  userId: string | null;
  sessionId: string;
  eventType: string;
  pagePath: string;
  referrer: string | null;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  deviceTimezone: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  screenSize: string | null;
  language: string | null;
}

export interface IngestOptions {
  batchSize: number;
  flushMs: number;
  maxBuffered: number;
  log: { error: (obj: object, message: string) => void };
}

export const NOTIFY_CHANNEL = 'garage_page_views';
/** Under a backlog one transaction writes up to this many batches' worth of events. */
const MAX_BATCHES_PER_WRITE = 4;
/** Shared by batch writes, exclusive for a daily-rollup rebuild (time-zone change). */
export const ROLLUP_LOCK_KEY = 'garage:analytics-rollups';

const COLUMNS: [keyof EventRow, string][] = [
  ['occurredAt', 'text'],
  ['area', 'text'],
  ['visitorId', 'int8'],
  ['isEntry', 'bool'],
  ['userId', 'uuid'],
  ['sessionId', 'text'],
  ['eventType', 'text'],
  ['pagePath', 'text'],
  ['referrer', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
  ['deviceType', 'text'],
  ['deviceTimezone', 'text'],
  ['country', 'text'],
  ['region', 'text'],
  ['city', 'text'],
  ['utmSource', 'text'],
  ['utmMedium', 'text'],
  ['utmCampaign', 'text'],
  ['screenSize', 'text'],
  ['language', 'text'],
];
const quoted = COLUMNS.map(([name]) => `"${name}"`);
// Events of an account deleted meanwhile keep no user id (LEFT JOIN) instead of failing the batch; a batch
// without signed-in visitors (most public traffic) skips the join.
const insertEvents = (withUsers: boolean) => `
  INSERT INTO "PageViewEvent" (${quoted.join(', ')})
  SELECT ${quoted.map((name) => (name === '"occurredAt"' ? `t."occurredAt"::timestamptz AT TIME ZONE 'UTC'` : name === '"userId"' && withUsers ? 'u.id' : `t.${name}`)).join(', ')}
    FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}) AS t(${quoted.join(', ')})
    ${withUsers ? 'LEFT JOIN "User" u ON u.id = t."userId"' : ''}`;
const INSERT_EVENTS = insertEvents(false);
const INSERT_EVENTS_WITH_USERS = insertEvents(true);

const upsertRollup = (table: 'PageViewHourly' | 'PageViewDaily', bucketColumn: string, bucketSql: string) => `
  INSERT INTO "${table}" AS r (area, dimension, ${bucketColumn}, value, views, entries)
  SELECT a, d, ${bucketSql}, v, n, e FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int4[], $6::int4[]) AS t(a, d, b, v, n, e)
  ON CONFLICT (area, dimension, ${bucketColumn}, value) DO UPDATE SET views = r.views + EXCLUDED.views, entries = r.entries + EXCLUDED.entries`;
const UPSERT_HOURLY = upsertRollup('PageViewHourly', 'bucket', `b::timestamptz AT TIME ZONE 'UTC'`);
const UPSERT_DAILY = upsertRollup('PageViewDaily', 'day', 'b::date');

interface Counter {
  area: string;
  dimension: string;
  bucket: string;
  value: string;
  views: number;
  entries: number;
}

function add(
  counters: Map<string, Counter>,
  area: string,
  dimension: string,
  bucket: string,
  value: string,
  views: number,
  entries: number,
) {
  const key = `${area}\u0000${dimension}\u0000${bucket}\u0000${value}`;
  const counter = counters.get(key);
  if (counter) {
    counter.views += views;
    counter.entries += entries;
  } else counters.set(key, { area, dimension, bucket, value, views, entries });
}

const sorted = (counters: Map<string, Counter>) =>
  [...counters.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, counter]) => counter);

/** Adds the batch's page views up per (area, dimension, bucket, value), in a stable order. */
export function aggregate(events: EventRow[], bucketOf: (event: EventRow) => string): Counter[] {
  const counters = new Map<string, Counter>();
  for (const event of events) {
    if (event.eventType !== ROLLED_UP_EVENT_TYPE) continue;
    const bucket = bucketOf(event);
    const entries = event.isEntry ? 1 : 0;
    for (const [dimension, value] of dimensionValues(event)) add(counters, event.area, dimension, bucket, value, 1, entries);
  }
  return sorted(counters);
}

/**
 * The same figures under coarser buckets (the daily rows from the hourly ones: a day's count is the sum of
 * its hours'), in a stable order. A batch holds far fewer counters than events times dimensions.
 */
export function rebucket(counters: Counter[], bucketOf: (bucket: string) => string): Counter[] {
  const coarser = new Map<string, Counter>();
  for (const counter of counters)
    add(coarser, counter.area, counter.dimension, bucketOf(counter.bucket), counter.value, counter.views, counter.entries);
  return sorted(coarser);
}

const columnsOf = (counters: Counter[]) => [
  counters.map((c) => c.area),
  counters.map((c) => c.dimension),
  counters.map((c) => c.bucket),
  counters.map((c) => c.value),
  counters.map((c) => c.views),
  counters.map((c) => c.entries),
];

// A batch's events mostly share one hour: its ISO string is remembered instead of formatted per event.
let lastHour = { ms: Number.NaN, iso: '' };
const hourOf = (event: EventRow) => {
  const ms = event.occurredAt.getTime();
  const hourMs = ms - (ms % 3_600_000);
  if (hourMs !== lastHour.ms) lastHour = { ms: hourMs, iso: new Date(hourMs).toISOString() };
  return lastHour.iso;
};

/** Writes one batch: events, rollups and the notification, in one transaction. */
export async function writeBatch(pool: Pool, events: EventRow[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // One round trip: the shared rollup lock, then the zone the daily rows are kept in.
    const zoneRow = await client.query<{ zone: string | null }>(
      `SELECT (SELECT value FROM "AnalyticsState" WHERE key = $2) AS zone FROM (SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))) AS locked`,
      [ROLLUP_LOCK_KEY, ROLLUP_TIME_ZONE_KEY],
    );
    const timeZone = zoneRow.rows[0]?.zone ?? 'UTC';
    await client.query(
      events.some((event) => event.userId) ? INSERT_EVENTS_WITH_USERS : INSERT_EVENTS,
      COLUMNS.map(([name]) =>
        events.map((event) => {
          const value = event[name];
          return value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value;
        }),
      ),
    );
    const hourly = aggregate(events, hourOf);
    if (hourly.length) {
      await client.query(UPSERT_HOURLY, columnsOf(hourly));
      await client.query(UPSERT_DAILY, columnsOf(rebucket(hourly, (hour) => localDay(hour, timeZone))));
    }
    const areas = [...new Set(events.map((event) => event.area))].join(',');
    await client.query(`SELECT pg_notify($1, $2)`, [NOTIFY_CHANNEL, areas]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export class EventBuffer {
  private events: EventRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  private failures = 0;
  /** Totals since start (bench and tests). */
  readonly stats = { accepted: 0, stored: 0, rejected: 0, failedBatches: 0 };

  constructor(
    private readonly write: (events: EventRow[]) => Promise<void>,
    private readonly options: IngestOptions,
  ) {}

  get size() {
    return this.events.length;
  }

  get hasRoom() {
    return !this.closed && this.events.length < this.options.maxBuffered;
  }

  /** Takes an event, or refuses it (full or closing). Never waits for the database. */
  enqueue(event: EventRow): boolean {
    if (this.closed || this.events.length >= this.options.maxBuffered) {
      this.stats.rejected += 1;
      return false;
    }
    this.events.push(event);
    this.stats.accepted += 1;
    if (this.events.length >= this.options.batchSize) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.options.flushMs);
    return true;
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing ??= this.drain(false).finally(() => {
      this.writing = undefined;
      if (this.events.length && !this.closed) this.timer ??= setTimeout(() => this.kick(), this.retryDelay());
    });
  }

  private retryDelay() {
    return this.failures ? Math.min(30_000, 250 * 2 ** this.failures) : this.options.flushMs;
  }

  /** Writes batches while enough events wait (all of them when `all`); stops at the first failure. */
  private async drain(all: boolean) {
    while (this.events.length) {
      // Behind (more than a batch waiting): larger transactions, fewer round trips per event.
      const batch = this.events.splice(
        0,
        this.events.length > this.options.batchSize ? this.options.batchSize * MAX_BATCHES_PER_WRITE : this.options.batchSize,
      );
      try {
        await this.write(batch);
        this.stats.stored += batch.length;
        this.failures = 0;
      } catch (error) {
        this.events.unshift(...batch);
        this.failures += 1;
        this.stats.failedBatches += 1;
        this.options.log.error({ err: error, events: batch.length }, 'analytics batch could not be stored; will retry');
        return;
      }
      if (!all && this.events.length < this.options.batchSize) return;
    }
  }

  /** Stops accepting and stores what is left (retrying a failing database up to ~30 s). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (let attempt = 0; attempt < 8; attempt++) {
      if (this.writing) await this.writing;
      if (!this.events.length) return;
      this.writing = this.drain(true).finally(() => (this.writing = undefined));
      await this.writing;
      if (!this.events.length) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 250 * 2 ** attempt)));
    }
    this.options.log.error({ events: this.events.length }, 'analytics events lost at shutdown: the database did not answer');
  }
}
