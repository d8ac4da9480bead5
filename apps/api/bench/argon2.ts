// Measures argon2id hash and verify time with the project's parameters (packages/db/src/password.ts).
// Run: cd apps/api && pnpm exec tsx bench/argon2.ts [iterations]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '@garage/db';

const iterations = Number(process.argv[2] ?? 20);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function time(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

function report(label: string, samples: number[]) {
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(
    `${label.padEnd(8)} mean ${mean.toFixed(1)} ms  p50 ${percentile(samples, 50).toFixed(1)} ms  p95 ${percentile(samples, 95).toFixed(1)} ms  min ${samples[0]!.toFixed(1)} ms  max ${samples.at(-1)!.toFixed(1)} ms`,
  );
}

const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
console.log(`argon2id m=${memoryCost / 1024} MiB t=${timeCost} p=${parallelism}; ${iterations} runs each, one at a time`);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);

await hashPassword('warm-up#Password1');
const hash = await hashPassword('Bench#Password2026');
report('hash', await time(() => hashPassword('Bench#Password2026')));
report('verify', await time(() => verifyPassword(hash, 'Bench#Password2026')));

// Throughput when several sign-ins arrive at once: libuv runs up to UV_THREADPOOL_SIZE hashes in parallel.
const concurrent = 8;
const start = performance.now();
await Promise.all(Array.from({ length: concurrent * 4 }, () => verifyPassword(hash, 'Bench#Password2026')));
const seconds = (performance.now() - start) / 1000;
console.log(
  `parallel verify: ${((concurrent * 4) / seconds).toFixed(1)} verifications/s (${concurrent * 4} at once, threadpool ${process.env.UV_THREADPOOL_SIZE ?? 4})`,
);
