// The background job runner: starts pg-boss and works every module's periodic jobs (lib/job-queue.ts).
// server.ts starts it after the app listens and stops it first on shutdown; RUN_JOBS=false leaves it off.
import type PgBoss from 'pg-boss';
import type { AppDeps } from './deps.ts';
import { workPeriodically, type JobLog, type JobQueueOptions } from './lib/job-queue.ts';
import { analyticsJobs } from './modules/analytics/analytics.jobs.ts';
import { reminderJobs } from './modules/reminders/reminders.job.ts';
import { accountingJobs } from './modules/accounting/accounting.job.ts';

export interface JobRunner {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss (creating or migrating its schema), schedules every job and works their queues. */
export async function startJobs(
  deps: AppDeps,
  databaseUrl: string,
  log: JobLog,
  options: Partial<JobQueueOptions> = {},
): Promise<JobRunner> {
  // Loaded here, not at start: a server with RUN_JOBS=false never loads pg-boss (~6 MB).
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, application_name: 'garage-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const queueOptions = { schedule: options.schedule ?? true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 };
  for (const job of [...reminderJobs(deps, log), ...analyticsJobs(deps, log), ...accountingJobs(deps, log)])
    await workPeriodically(boss, job, queueOptions, log);
  return {
    boss,
    // Graceful: waits for an active run to finish (up to 20 s) before closing pg-boss's pool.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }),
  };
}
