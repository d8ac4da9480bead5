// The reminder job on pg-boss (a queue in PostgreSQL, schema "pgboss"): a cron schedule every 10 minutes
// that pg-boss fires once across all instances, a "singleton" queue so one run is active at a time, and
// the job state in the database so a restart loses nothing. Web processes hold no timers for it. Even if
// two runs overlapped, sendDueReminders claims each email atomically (sent at most once per state).
// The same runner sweeps expired imports hourly (data-transfer/import.service.ts sweepImports).
import type PgBoss from 'pg-boss';
import type { AppDeps } from '../../deps.ts';
import type { DeliveryLog } from '../../lib/mailer.ts';
import { publicBaseUrl } from '../approvals/public-url.ts';
import { sweepImports } from '../data-transfer/import.service.ts';
import { sendDueReminders } from './reminders.service.ts';

export const REMINDER_QUEUE = 'service-reminders';
export const REMINDER_CRON = '*/10 * * * *';
/** Imports unused for IMPORT_LIMITS.jobIdleHours are forgotten with their stored files (also swept at each upload). */
export const IMPORT_SWEEP_QUEUE = 'import-sweep';
export const IMPORT_SWEEP_CRON = '17 * * * *';

export interface JobRunner {
  boss: PgBoss;
  stop(): Promise<void>;
}

interface JobLog extends DeliveryLog {
  info(details: object, message: string): void;
}

/** Starts pg-boss (creating or migrating its schema), schedules the reminder run and works the queue. */
export async function startJobs(deps: AppDeps, databaseUrl: string, log: JobLog, options: { schedule?: boolean; pollingIntervalSeconds?: number } = {}): Promise<JobRunner> {
  // Loaded here, not at start: a server with RUN_JOBS=false never loads pg-boss (~6 MB).
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, application_name: 'garage-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(REMINDER_QUEUE, { name: REMINDER_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 600 });
  if (options.schedule ?? true) await boss.schedule(REMINDER_QUEUE, REMINDER_CRON, {}, { tz: 'UTC', singletonKey: REMINDER_QUEUE });
  await boss.work(REMINDER_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    const result = await sendDueReminders(deps, { baseUrl: publicBaseUrl(deps.config), log });
    if (result.sent || result.failed) log.info(result, 'service reminders sent');
  });
  await boss.createQueue(IMPORT_SWEEP_QUEUE, { name: IMPORT_SWEEP_QUEUE, policy: 'singleton', retryLimit: 1, expireInSeconds: 600 });
  if (options.schedule ?? true) await boss.schedule(IMPORT_SWEEP_QUEUE, IMPORT_SWEEP_CRON, {}, { tz: 'UTC', singletonKey: IMPORT_SWEEP_QUEUE });
  await boss.work(IMPORT_SWEEP_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    const removed = await sweepImports(deps.db, deps.storage);
    if (removed) log.info({ removed }, 'expired imports removed');
  });
  return {
    boss,
    // Graceful: waits for an active run to finish (up to 20 s) before closing pg-boss's pool.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }),
  };
}
