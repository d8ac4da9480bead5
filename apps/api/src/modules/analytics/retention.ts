// Raw events older than ANALYTICS_RETENTION_DAYS are deleted (the rollups are kept, so reports still cover
// older days). Hourly, by whichever instance gets the advisory lock, in chunks so no statement runs long.
import type { Pool } from '@garage/db/pg';

const CHUNK = 10_000;
const RETENTION_LOCK = 'garage:analytics-retention';

/** Deletes raw events older than `days` before `now`; returns how many. */
export async function deleteExpiredEvents(pool: Pool, days: number, now = new Date()): Promise<number> {
  const client = await pool.connect();
  let deleted = 0;
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [
      RETENTION_LOCK,
    ]);
    if (!rows[0]?.locked) return 0;
    try {
      const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
      for (;;) {
        const result = await client.query(
          `DELETE FROM "PageViewEvent" WHERE id IN (SELECT id FROM "PageViewEvent" WHERE "occurredAt" < $1::timestamptz AT TIME ZONE 'UTC' LIMIT ${CHUNK})`,
          [cutoff],
        );
        deleted += result.rowCount ?? 0;
        if ((result.rowCount ?? 0) < CHUNK) break;
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [RETENTION_LOCK]);
    }
  } finally {
    client.release();
  }
  return deleted;
}
