// Staff analytics reports. Range reports read the rollups only (PageViewDaily, or PageViewHourly for
// hour buckets), never the raw events, so their cost follows the number of days and distinct values, not
// the traffic. Ranges are calendar days in the shop's time zone, both ends included: the zone the daily
// rollups are kept in (AnalyticsState "rollupTimeZone", following Merchant.timezone). Real-time figures
// read the last 30 minutes of raw events through the occurredAt index.
import {
  ANALYTICS_LIMITS,
  daysInRange,
  type ActiveUsers,
  type AnalyticsArea,
  type AnalyticsRange,
  type Distribution,
  type PageViewsOverTime,
  type PopularPages,
  type RealtimeSnapshot,
} from '@garage/shared/schemas/analytics';
import type { Db } from '@garage/db';
import { poolOf } from '@garage/db/client';

const ZONE = `coalesce((SELECT value FROM "AnalyticsState" WHERE key = 'rollupTimeZone'), 'UTC')`;
const UNKNOWN = 'Unknown';
const DIRECT = 'Direct';

const percentage = (part: number, total: number) => (total ? Math.round((part / total) * 1000) / 10 : 0);

async function rows<Row>(db: Db, text: string, values: unknown[]): Promise<Row[]> {
  return (await poolOf(db).query(text, values)).rows as Row[];
}

/** Visitors (distinct daily visitor ids) with an event in the last 1, 5 and 30 minutes. */
export async function activeUsers(db: Db, area: AnalyticsArea, now = new Date()): Promise<ActiveUsers> {
  const [row] = await rows<{ m1: number; m5: number; m30: number }>(
    db,
    `SELECT count(DISTINCT "visitorId") FILTER (WHERE "occurredAt" > $2::timestamptz AT TIME ZONE 'UTC' - interval '1 minute')::int AS m1,
            count(DISTINCT "visitorId") FILTER (WHERE "occurredAt" > $2::timestamptz AT TIME ZONE 'UTC' - interval '5 minutes')::int AS m5,
            count(DISTINCT "visitorId")::int AS m30
       FROM "PageViewEvent"
      WHERE "occurredAt" > $2::timestamptz AT TIME ZONE 'UTC' - interval '30 minutes' AND "occurredAt" <= $2::timestamptz AT TIME ZONE 'UTC' AND area = $1`,
    [area, now.toISOString()],
  );
  return { activeUsers: row!.m1, lastFiveMinutes: row!.m5, lastThirtyMinutes: row!.m30, at: now.toISOString() };
}

/** Page views per device type or browser over the range, largest first. */
export async function distribution(
  db: Db,
  dimension: 'device' | 'browser' | 'os' | 'country',
  range: AnalyticsRange,
): Promise<Distribution> {
  const found = await rows<{ name: string; views: number }>(
    db,
    `SELECT value AS name, sum(views)::int AS views FROM "PageViewDaily"
      WHERE area = $1 AND dimension = $2 AND day BETWEEN $3::date AND $4::date
      GROUP BY value HAVING sum(views) > 0 ORDER BY views DESC, value`,
    [range.area, dimension, range.startDate, range.endDate],
  );
  const total = found.reduce((sum, item) => sum + item.views, 0);
  return {
    total,
    items: found.map((item) => ({ name: item.name || UNKNOWN, views: item.views, percentage: percentage(item.views, total) })),
  };
}

/** Where visits came from: visits (entries) per referrer host, direct visits as "Direct", largest first. */
export async function referrers(db: Db, range: AnalyticsRange): Promise<Distribution> {
  const found = await rows<{ name: string; views: number }>(
    db,
    `SELECT value AS name, sum(entries)::int AS views FROM "PageViewDaily"
      WHERE area = $1 AND dimension = 'referrer' AND day BETWEEN $2::date AND $3::date
      GROUP BY value HAVING sum(entries) > 0 ORDER BY views DESC, value LIMIT 20`,
    [range.area, range.startDate, range.endDate],
  );
  const [totals] = await rows<{ total: number }>(
    db,
    `SELECT coalesce(sum(entries), 0)::int AS total FROM "PageViewDaily" WHERE area = $1 AND dimension = 'total' AND day BETWEEN $2::date AND $3::date`,
    [range.area, range.startDate, range.endDate],
  );
  const total = totals!.total;
  return {
    total,
    items: found.map((item) => ({ name: item.name || DIRECT, views: item.views, percentage: percentage(item.views, total) })),
  };
}

/** Views and visits per hour (ranges up to ANALYTICS_LIMITS.hourlyUpToDays days) or per day, zeros included. */
export async function pageViewsOverTime(db: Db, range: AnalyticsRange): Promise<PageViewsOverTime> {
  const hourly = daysInRange(range.startDate, range.endDate) <= ANALYTICS_LIMITS.hourlyUpToDays;
  const values = [range.area, range.startDate, range.endDate];
  const points = hourly
    ? await rows<{ start: string; views: number; visits: number; tz: string }>(
        db,
        // The hourly rows are whole UTC hours: the points are the UTC hours that start within the range's
        // local days (as the daily rows count them), labelled with their local start, e.g. 00:30 in a +05:30 zone.
        `WITH z AS (SELECT ${ZONE} AS tz),
              b AS (SELECT tz, ($2::date::timestamp AT TIME ZONE tz) AT TIME ZONE 'UTC' AS from_utc,
                           (($3::date + 1)::timestamp AT TIME ZONE tz) AT TIME ZONE 'UTC' AS to_utc FROM z),
              g AS (SELECT t, b.tz FROM b, generate_series(date_trunc('hour', b.from_utc + interval '1 hour' - interval '1 microsecond'), b.to_utc - interval '1 microsecond', interval '1 hour') AS t)
         SELECT to_char((g.t AT TIME ZONE 'UTC') AT TIME ZONE g.tz, 'YYYY-MM-DD"T"HH24:MI') AS start, g.tz, coalesce(h.views, 0) AS views, coalesce(h.entries, 0) AS visits
           FROM g LEFT JOIN "PageViewHourly" h ON h.area = $1 AND h.dimension = 'total' AND h.value = '' AND h.bucket = g.t
          ORDER BY g.t`,
        values,
      )
    : await rows<{ start: string; views: number; visits: number; tz: string }>(
        db,
        `SELECT to_char(d, 'YYYY-MM-DD') AS start, ${ZONE} AS tz, coalesce(r.views, 0) AS views, coalesce(r.entries, 0) AS visits
           FROM generate_series($2::date, $3::date, interval '1 day') AS d
           LEFT JOIN "PageViewDaily" r ON r.area = $1 AND r.dimension = 'total' AND r.value = '' AND r.day = d::date
          ORDER BY d`,
        values,
      );
  return {
    bucket: hourly ? 'hour' : 'day',
    timeZone: points[0]?.tz ?? 'UTC',
    points: points.map(({ start, views, visits }) => ({ start, views, visits })),
    totalViews: points.reduce((sum, point) => sum + point.views, 0),
    totalVisits: points.reduce((sum, point) => sum + point.visits, 0),
  };
}

/** The most viewed pages of the range; `visits` counts visits that started on the page (entrances). */
export async function popularPages(db: Db, range: AnalyticsRange, limit: number): Promise<PopularPages> {
  const values = [range.area, range.startDate, range.endDate];
  const [pages, totals] = await Promise.all([
    rows<{ path: string; views: number; visits: number }>(
      db,
      `SELECT value AS path, sum(views)::int AS views, sum(entries)::int AS visits FROM "PageViewDaily"
        WHERE area = $1 AND dimension = 'page' AND day BETWEEN $2::date AND $3::date
        GROUP BY value ORDER BY views DESC, value LIMIT $4`,
      [...values, limit],
    ),
    rows<{ total: number }>(
      db,
      `SELECT coalesce(sum(views), 0)::int AS total FROM "PageViewDaily" WHERE area = $1 AND dimension = 'total' AND day BETWEEN $2::date AND $3::date`,
      values,
    ),
  ]);
  const total = totals[0]!.total;
  return { total, items: pages.map((page) => ({ ...page, percentage: percentage(page.views, total) })) };
}

/** Everything the real-time screen shows, from the last 30 minutes of raw events. */
export async function realtimeSnapshot(db: Db, area: AnalyticsArea, now = new Date()): Promise<RealtimeSnapshot> {
  const [row] = await rows<{ snapshot: Omit<RealtimeSnapshot, 'at' | 'area'> }>(
    db,
    `WITH recent AS (
       SELECT id, "occurredAt", "visitorId", "eventType", "pagePath", browser, os, "deviceType", country, referrer
         FROM "PageViewEvent"
        WHERE "occurredAt" > $2::timestamptz AT TIME ZONE 'UTC' - interval '30 minutes' AND "occurredAt" <= $2::timestamptz AT TIME ZONE 'UTC' AND area = $1)
     SELECT json_build_object(
       'activeUsers', json_build_object(
         'lastMinute', (SELECT count(DISTINCT "visitorId") FROM recent WHERE "occurredAt" > $2::timestamptz AT TIME ZONE 'UTC' - interval '1 minute'),
         'lastFiveMinutes', (SELECT count(DISTINCT "visitorId") FROM recent WHERE "occurredAt" > $2::timestamptz AT TIME ZONE 'UTC' - interval '5 minutes'),
         'lastThirtyMinutes', (SELECT count(DISTINCT "visitorId") FROM recent)),
       'topPages', (SELECT coalesce(json_agg(p), '[]') FROM (
         SELECT "pagePath" AS path, count(*) AS views FROM recent WHERE "eventType" = 'pageview' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 8) p),
       'devices', (SELECT coalesce(json_agg(d), '[]') FROM (
         SELECT coalesce("deviceType", '') AS name, count(*) AS views FROM recent WHERE "eventType" = 'pageview' GROUP BY 1 ORDER BY 2 DESC, 1) d),
       'recent', (SELECT coalesce(json_agg(r), '[]') FROM (
         SELECT id::text AS id, to_char("occurredAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, "pagePath" AS path, browser, os,
                "deviceType", country, referrer
           FROM recent ORDER BY "occurredAt" DESC, id DESC LIMIT 20) r)
     ) AS snapshot`,
    [area, now.toISOString()],
  );
  const snapshot = row!.snapshot;
  return {
    ...snapshot,
    devices: snapshot.devices.map((device) => ({ ...device, name: device.name || UNKNOWN })),
    at: now.toISOString(),
    area,
  };
}
