// Analytics upkeep as periodic jobs (run by src/jobs.ts on pg-boss, once across all instances): the daily
// rollups follow the shop's time zone within a minute of a change, and raw events past
// ANALYTICS_RETENTION_DAYS are deleted hourly. Each step also takes its own lock, so an overlap is harmless.
import { poolOf } from '@garage/db/client';
import type { AppDeps } from '../../deps.ts';
import type { JobLog, PeriodicJob } from '../../lib/job-queue.ts';
import { ROLLUP_LOCK_KEY } from './ingest.ts';
import { deleteExpiredEvents } from './retention.ts';
import { syncRollupTimeZone } from './time-zone.ts';

export const ANALYTICS_TIME_ZONE_QUEUE = 'analytics-time-zone';
export const ANALYTICS_TIME_ZONE_CRON = '* * * * *';
export const ANALYTICS_RETENTION_QUEUE = 'analytics-retention';
export const ANALYTICS_RETENTION_CRON = '41 * * * *';

export function analyticsJobs(deps: AppDeps, log: JobLog): PeriodicJob[] {
  const pool = poolOf(deps.db);
  return [
    {
      queue: ANALYTICS_TIME_ZONE_QUEUE,
      cron: ANALYTICS_TIME_ZONE_CRON,
      retryLimit: 0,
      expireInSeconds: 300,
      async run() {
        await syncRollupTimeZone(pool, ROLLUP_LOCK_KEY);
      },
    },
    {
      queue: ANALYTICS_RETENTION_QUEUE,
      cron: ANALYTICS_RETENTION_CRON,
      retryLimit: 1,
      expireInSeconds: 3600,
      async run() {
        const deleted = await deleteExpiredEvents(pool, deps.config.ANALYTICS_RETENTION_DAYS);
        if (deleted) log.info({ deleted }, 'expired analytics events deleted');
      },
    },
  ];
}
