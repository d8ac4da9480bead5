// Periodic work on pg-boss (a queue in PostgreSQL, schema "pgboss"), the shape every module's job takes: a
// cron schedule that pg-boss fires once across all instances, a "singleton" queue so one run is active at
// a time, and the job state in the database so a restart loses nothing. Web processes hold no timers for
// it. Modules describe their jobs (PeriodicJob); src/jobs.ts starts pg-boss and works them all.
import type PgBoss from 'pg-boss';
import type { DeliveryLog } from './mailer.ts';

export interface JobLog extends DeliveryLog {
  info(details: object, message: string): void;
}

export interface PeriodicJob {
  queue: string;
  /** Five-field cron, in UTC. */
  cron: string;
  retryLimit: number;
  expireInSeconds: number;
  run(): Promise<void>;
}

export interface JobQueueOptions {
  /** Off in tests, which send the jobs themselves. */
  schedule: boolean;
  pollingIntervalSeconds: number;
}

/** Creates the job's queue, schedules it (once across instances) and works it in this process. */
export async function workPeriodically(boss: PgBoss, job: PeriodicJob, options: JobQueueOptions, log: JobLog): Promise<void> {
  const { queue, retryLimit, expireInSeconds } = job;
  await boss.createQueue(queue, { name: queue, policy: 'singleton', retryLimit, expireInSeconds });
  if (options.schedule) await boss.schedule(queue, job.cron, {}, { tz: 'UTC', singletonKey: queue });
  await boss.work(queue, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async () => {
    try {
      await job.run();
    } catch (error) {
      // pg-boss keeps the failure in the job row and retries it; the log says it happened.
      log.warn({ err: error, queue }, 'job run failed');
      throw error;
    }
  });
}
