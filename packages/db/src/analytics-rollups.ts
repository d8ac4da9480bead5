// Web analytics rollups: page views per UTC hour and per local day, by dimension. The API increments them as
// each batch of events lands (apps/api/src/modules/analytics/ingest.ts, same dimensions in JavaScript); this
// file rebuilds them from raw events in SQL (demo seed, time-zone change, tests' recount). One definition
// of what a dimension's value is, used by both.

/** Runs one statement: a node-postgres client's query or a Prisma transaction's $executeRawUnsafe. */
export type Execute = (sql: string, values: unknown[]) => Promise<unknown>;

/** Rollup dimensions and the value each takes from an event ('' when unknown; total is always ''). */
export const ROLLUP_DIMENSIONS = {
  total: { sql: `''` },
  page: { sql: `e."pagePath"` },
  browser: { sql: `coalesce(e."browser", '')` },
  os: { sql: `coalesce(e."os", '')` },
  device: { sql: `coalesce(e."deviceType", '')` },
  referrer: { sql: `coalesce(e."referrer", '')` },
  country: { sql: `coalesce(e."country", '')` },
} as const;
export type RollupDimension = keyof typeof ROLLUP_DIMENSIONS;

export interface RollupSource {
  pagePath: string;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  referrer: string | null;
  country: string | null;
}

/** The JavaScript twin of ROLLUP_DIMENSIONS' SQL. */
export function dimensionValues(event: RollupSource): [RollupDimension, string][] {
  return [
    ['total', ''],
    ['page', event.pagePath],
    ['browser', event.browser ?? ''],
    ['os', event.os ?? ''],
    ['device', event.deviceType ?? ''],
    ['referrer', event.referrer ?? ''],
    ['country', event.country ?? ''],
  ];
}

/** Only page views are rolled up; other event types stay in the raw table. */
export const ROLLED_UP_EVENT_TYPE = 'pageview';

const lateralValues = Object.entries(ROLLUP_DIMENSIONS)
  .map(([name, { sql }]) => `('${name}', ${sql})`)
  .join(', ');

/**
 * Recounts the hourly rows of [fromUtc, toUtc) from raw events (hour-aligned bounds; rows of those hours are
 * replaced), then the daily rows of the local days those hours touch. Raw events past retention are gone,
 * so only rebuild ranges that still have them.
 */
export async function rebuildRollups(execute: Execute, options: { fromUtc: Date; toUtc: Date; timeZone: string }) {
  await rebuildHourlyRollups(execute, options);
  await rebuildDailyRollups(execute, options);
}

/** Recounts only the hourly rows of [fromUtc, toUtc) (bulk loads: hour chunks, then one daily rebuild). */
export async function rebuildHourlyRollups(execute: Execute, options: { fromUtc: Date; toUtc: Date }) {
  const from = options.fromUtc.toISOString();
  const to = options.toUtc.toISOString();
  await execute(
    `DELETE FROM "PageViewHourly" WHERE bucket >= date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AND bucket < $2::timestamptz AT TIME ZONE 'UTC'`,
    [from, to],
  );
  await execute(
    `INSERT INTO "PageViewHourly" (area, dimension, bucket, value, views, entries)
     SELECT e.area, d.dimension, date_trunc('hour', e."occurredAt"), d.value, count(*)::int, (count(*) FILTER (WHERE e."isEntry"))::int
       FROM "PageViewEvent" e CROSS JOIN LATERAL (VALUES ${lateralValues}) AS d(dimension, value)
      WHERE e."eventType" = '${ROLLED_UP_EVENT_TYPE}'
        AND e."occurredAt" >= date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AND e."occurredAt" < $2::timestamptz AT TIME ZONE 'UTC'
      GROUP BY 1, 2, 3, 4`,
    [from, to],
  );
}

/**
 * Rebuilds the daily rows from the hourly ones, in `timeZone` (an hour counts for the local day its start
 * falls in). Without bounds, every day; with them, the local days that [fromUtc, toUtc) touches.
 */
export async function rebuildDailyRollups(execute: Execute, options: { timeZone: string; fromUtc?: Date; toUtc?: Date }) {
  const localDay = `((bucket AT TIME ZONE 'UTC') AT TIME ZONE $1)::date`;
  if (options.fromUtc && options.toUtc) {
    const days = `${localDay} BETWEEN (($2::timestamptz) AT TIME ZONE $1)::date AND (($3::timestamptz - interval '1 millisecond') AT TIME ZONE $1)::date`;
    const values = [options.timeZone, options.fromUtc.toISOString(), options.toUtc.toISOString()];
    await execute(
      `DELETE FROM "PageViewDaily" WHERE day BETWEEN (($2::timestamptz) AT TIME ZONE $1)::date AND (($3::timestamptz - interval '1 millisecond') AT TIME ZONE $1)::date`,
      values,
    );
    await execute(
      `INSERT INTO "PageViewDaily" (area, dimension, day, value, views, entries)
       SELECT area, dimension, ${localDay}, value, sum(views)::int, sum(entries)::int FROM "PageViewHourly" WHERE ${days} GROUP BY 1, 2, 3, 4`,
      values,
    );
    return;
  }
  await execute(`DELETE FROM "PageViewDaily"`, []);
  await execute(
    `INSERT INTO "PageViewDaily" (area, dimension, day, value, views, entries)
     SELECT area, dimension, ${localDay}, value, sum(views)::int, sum(entries)::int FROM "PageViewHourly" GROUP BY 1, 2, 3, 4`,
    [options.timeZone],
  );
}

/** AnalyticsState key holding the time zone the daily rows were built in. */
export const ROLLUP_TIME_ZONE_KEY = 'rollupTimeZone';
