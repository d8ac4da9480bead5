// The shop's time zone for analytics: reports are calendar days in Merchant.timezone, and the daily rollups
// are kept in the zone named by AnalyticsState "rollupTimeZone". When the shop's zone changes, the daily
// rows are rebuilt from the hourly ones (exact for whole-hour offsets; an hour counts for the local day its
// start falls in), under an exclusive lock that batch writes share.
import { rebuildDailyRollups, ROLLUP_TIME_ZONE_KEY } from '@garage/db/analytics-rollups';
import type { Pool } from '@garage/db/pg';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayCache = new Map<string, string>();

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The local calendar day (YYYY-MM-DD) of an instant given as an ISO string, in `timeZone`. */
export function localDay(isoInstant: string, timeZone: string): string {
  const key = `${timeZone} ${isoInstant}`;
  let day = dayCache.get(key);
  if (day === undefined) {
    let format = dayFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      dayFormats.set(timeZone, format);
    }
    day = format.format(new Date(isoInstant));
    if (dayCache.size > 5000) dayCache.clear();
    dayCache.set(key, day);
  }
  return day;
}

/** The shop's configured zone (Merchant.timezone), UTC when missing or not a zone this runtime knows. */
export async function shopTimeZone(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ timezone: string }>(`SELECT timezone FROM "Merchant" ORDER BY "createdAt" LIMIT 1`);
  const zone = rows[0]?.timezone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

/** The zone the daily rollups are in (what reports must use). */
export async function rollupTimeZone(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ value: string }>(`SELECT value FROM "AnalyticsState" WHERE key = $1`, [ROLLUP_TIME_ZONE_KEY]);
  return rows[0]?.value ?? 'UTC';
}

/** Brings the daily rollups to the shop's zone if it changed; returns the zone in force. */
export async function syncRollupTimeZone(pool: Pool, lockKey: string): Promise<string> {
  const wanted = await shopTimeZone(pool);
  if ((await rollupTimeZone(pool)) === wanted) return wanted;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [lockKey]);
    const { rows } = await client.query<{ value: string }>(`SELECT value FROM "AnalyticsState" WHERE key = $1`, [ROLLUP_TIME_ZONE_KEY]);
    if ((rows[0]?.value ?? 'UTC') !== wanted) {
      await rebuildDailyRollups((sql, values) => client.query(sql, values), { timeZone: wanted });
      await client.query(
        `INSERT INTO "AnalyticsState" (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [ROLLUP_TIME_ZONE_KEY, wanted],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return wanted;
}
