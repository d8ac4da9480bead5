// Database restart under load (docs/operations.md "Restarts"): the app serves a mixed load (staff reads and
// to-do writes) against its own throwaway PostgreSQL, which is stopped for 5 s and started again. Prints the
// answers while it was down (statuses, p50/p95), the time until /backend/health answered 200 again, and the
// writes answered 2xx against those found in the database.
//   cd apps/api && pnpm exec tsx bench/db-restart.ts [--connections 50] [--seconds 60] [--outage-seconds 5] [--app-log]
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runRestartDrill } from './lib/restart-drill.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    'outage-seconds': { type: 'string', default: '5' },
    'app-log': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const outageMs = Number(values['outage-seconds']) * 1000;
// The outage sits in the middle of the run: the rest is split before and after it.
const loadMs = Math.max(2_000, seconds * 1000 - outageMs);
const figures = await runRestartDrill({
  connections: Number(values.connections),
  beforeMs: loadMs / 2,
  afterMs: loadMs / 2,
  outageMs,
  log: (line) => console.log(`[drill] ${line}`),
  appLog: values['app-log'],
});
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`
Database restart under load: ${values.connections} connections, ${seconds} s, PostgreSQL down ${outageMs / 1000} s
  requests:                 ${figures.requests}
  while down:               ${figures.outage.requests} answers ${JSON.stringify(figures.outage.statuses)}, p50 ${ms(figures.outage.p50Ms)}, p95 ${ms(figures.outage.p95Ms)}, max ${ms(figures.outage.maxMs)}
  PostgreSQL shutdown took: ${ms(figures.shutdownMs)}
  time to healthy:          ${ms(figures.timeToHealthyMs)} after PostgreSQL accepted connections again
  after recovery:           ${figures.failuresAfterRecovery} answers not 2xx
  unanswered / 5xx not 503: ${figures.unanswered} / ${figures.serverErrors}
  writes acknowledged:      ${figures.writesAcknowledged}, found in the database: ${figures.writesFound}, acknowledged but missing: ${figures.acknowledgedMissing}
  load average:             ${execSync('uptime').toString().trim()}
`);
