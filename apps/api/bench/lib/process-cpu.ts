// CPU time of a benchmark's processes, read from /proc (Linux): unlike throughput or latency, CPU
// milliseconds per request barely depend on what else a shared machine runs, so they compare two runs, or
// two routes, taken at different loads.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10;

function statFields(pid: number): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** User + system CPU milliseconds of one process so far (0 once it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU milliseconds of a PostgreSQL cluster so far: its postmaster, its live backends and the ended ones. */
export function postgresCpuMs(postmaster: number): number {
  let total = 0;
  try {
    // Ended backends' time is added to the postmaster's cutime/cstime.
    const fields = statFields(postmaster);
    total = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return 0;
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(Number(entry))[1]) === postmaster) total += processCpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The postmaster's pid from a cluster's data folder. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
