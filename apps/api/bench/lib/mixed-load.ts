// A bounded mixed load for the operations drills (database restart, rolling restart, two instances): each
// simulated user sends one request at a time, mostly staff reads with some writes (a to-do each), and every
// answer is recorded with its start instant, so a drill can look at any time window afterwards. Writes carry
// a unique title: a drill checks that every write answered 2xx is in the database.
import { performance } from 'node:perf_hooks';

export type LoadKind = 'visits' | 'users' | 'search' | 'write';

export interface Sample {
  kind: LoadKind;
  /** performance.now() when the request was sent. */
  startedAt: number;
  ms: number;
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  error?: string;
}

export interface LoadOptions {
  /** Where each request goes (a drill alternates between instances by returning different addresses). */
  baseUrl: (sequence: number) => string;
  authorization: string;
  connections: number;
  /** Unique per run: the titles of this run's to-dos start with it (letters and digits only). */
  stamp: string;
  /** Share of writes, 0..1. */
  writeShare?: number;
  /** A request without an answer after this long counts as hung (status 0, error 'timeout'). */
  requestTimeoutMs?: number;
}

export interface RunningLoad {
  samples: Sample[];
  /** Titles of the to-dos whose creation was answered 2xx. */
  acknowledgedWrites: string[];
  stop: () => Promise<void>;
}

const READS: Array<{ kind: LoadKind; path: string }> = [
  { kind: 'visits', path: '/backend/visits?page=1&pageSize=10' },
  { kind: 'users', path: '/backend/users?page=1&pageSize=10' },
  { kind: 'search', path: '/backend/search?q=drill' },
];

export function startMixedLoad(options: LoadOptions): RunningLoad {
  const samples: Sample[] = [];
  const acknowledgedWrites: string[] = [];
  const writeShare = options.writeShare ?? 0.3;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  let running = true;
  let sequence = 0;

  const one = async (user: number) => {
    const n = sequence++;
    const write = Math.random() < writeShare;
    const read = READS[n % READS.length]!;
    const kind: LoadKind = write ? 'write' : read.kind;
    const title = `drill ${options.stamp} ${user} ${n}`;
    const startedAt = performance.now();
    try {
      const response = await fetch(`${options.baseUrl(n)}${write ? '/backend/todos' : read.path}`, {
        method: write ? 'POST' : 'GET',
        headers: { authorization: options.authorization, ...(write ? { 'content-type': 'application/json' } : {}) },
        body: write ? JSON.stringify({ title, description: 'restart drill' }) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      samples.push({ kind, startedAt, ms: performance.now() - startedAt, status: response.status });
      if (write && response.status >= 200 && response.status < 300) acknowledgedWrites.push(title);
    } catch (error) {
      const name =
        (error as Error).name === 'TimeoutError' ? 'timeout' : String((error as Error & { cause?: Error }).cause?.message ?? error);
      samples.push({ kind, startedAt, ms: performance.now() - startedAt, status: 0, error: name });
    }
  };

  const users = Array.from({ length: options.connections }, async (_, user) => {
    while (running) await one(user);
  });
  return {
    samples,
    acknowledgedWrites,
    stop: async () => {
      running = false;
      await Promise.all(users);
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Answers per status in a window ("200": 120, "503": 40, "0": 1). */
export function statusCounts(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of samples) counts[sample.status] = (counts[sample.status] ?? 0) + 1;
  return counts;
}

export const inWindow = (samples: Sample[], from: number, to: number) => samples.filter((s) => s.startedAt >= from && s.startedAt < to);

/** Polls `url` until it answers 200; the milliseconds it took (or Infinity after `limitMs`). */
export async function waitUntilHealthy(url: string, limitMs: number, everyMs = 50): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    // A generous timeout: under load the check waits its turn for a pooled connection like any request.
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => (await response.arrayBuffer(), response.status === 200),
      () => false,
    );
    if (ok) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Number.POSITIVE_INFINITY;
}
