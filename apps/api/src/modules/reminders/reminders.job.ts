// The reminder job (every 10 minutes, run by src/jobs.ts on pg-boss, once across all instances). Even if
// two runs overlapped, sendDueReminders claims each email atomically (sent at most once per state).
// The same module sweeps expired imports hourly (data-transfer/import.service.ts sweepImports).
import type { AppDeps } from '../../deps.ts';
import type { JobLog, PeriodicJob } from '../../lib/job-queue.ts';
import { publicBaseUrl } from '../approvals/public-url.ts';
import { sweepImports } from '../data-transfer/import.service.ts';
import { sendDueReminders } from './reminders.service.ts';

export const REMINDER_QUEUE = 'service-reminders';
export const REMINDER_CRON = '*/10 * * * *';
/** Imports unused for IMPORT_LIMITS.jobIdleHours are forgotten with their stored files (also swept at each upload). */
export const IMPORT_SWEEP_QUEUE = 'import-sweep';
export const IMPORT_SWEEP_CRON = '17 * * * *';

export function reminderJobs(deps: AppDeps, log: JobLog): PeriodicJob[] {
  return [
    {
      queue: REMINDER_QUEUE,
      cron: REMINDER_CRON,
      retryLimit: 2,
      expireInSeconds: 600,
      async run() {
        const result = await sendDueReminders(deps, { baseUrl: publicBaseUrl(deps.config), log });
        if (result.sent || result.failed) log.info(result, 'service reminders sent');
      },
    },
    {
      queue: IMPORT_SWEEP_QUEUE,
      cron: IMPORT_SWEEP_CRON,
      retryLimit: 1,
      expireInSeconds: 600,
      async run() {
        const removed = await sweepImports(deps.db, deps.storage);
        if (removed) log.info({ removed }, 'expired imports removed');
      },
    },
  ];
}
