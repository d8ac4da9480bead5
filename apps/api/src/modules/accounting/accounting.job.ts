// The daily closing (run by src/jobs.ts on pg-boss, once across all instances): closes yesterday in the
// shop's time zone. Hourly, not daily: the cron is in UTC and the shop's midnight can be any hour; a day
// already closed costs one lookup.
import type { AppDeps } from '../../deps.ts';
import type { JobLog, PeriodicJob } from '../../lib/job-queue.ts';
import { closeYesterday } from './closings.service.ts';

export const FISCAL_CLOSING_QUEUE = 'fiscal-daily-closing';
export const FISCAL_CLOSING_CRON = '7 * * * *';

export function accountingJobs(deps: AppDeps, log: JobLog): PeriodicJob[] {
  return [
    {
      queue: FISCAL_CLOSING_QUEUE,
      cron: FISCAL_CLOSING_CRON,
      retryLimit: 2,
      expireInSeconds: 600,
      async run() {
        const closed = await closeYesterday(deps.db);
        if (closed) log.info({ day: closed }, 'fiscal day closed');
      },
    },
  ];
}
