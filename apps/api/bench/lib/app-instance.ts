// Starts the real server (src/server.ts, as production runs it) as a child process on a free port, for the
// multi-instance drills: several instances on one database, SIGTERM and restart. The port is read from the
// start-up banner (PORT=0 lets the system choose).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export interface AppInstance {
  name: string;
  port: number;
  child: ChildProcess;
  /** performance.now() when the process was spawned (a --cpu-prof profile starts about then). */
  spawnedAt: number;
  /** Everything the process printed. */
  output: () => string;
  /** Sends the signal and resolves with the exit code (SIGKILL after `limitMs`). */
  stop: (signal?: NodeJS.Signals, limitMs?: number) => Promise<number | null>;
}

export async function startAppInstance(
  name: string,
  env: Record<string, string>,
  options: {
    limitMs?: number;
    /** dist/server.mjs (build it first), or the bundle at this path, instead of the sources through tsx. */
    compiled?: boolean | string;
    /** Extra node options, e.g. `--cpu-prof`. */
    nodeArgs?: string[];
  } = {},
): Promise<AppInstance> {
  const limitMs = options.limitMs ?? 90_000;
  const bundle = typeof options.compiled === 'string' ? path.resolve(options.compiled) : path.join('dist', 'server.mjs');
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.compiled ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join('src', 'server.ts')]),
  ];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${limitMs} ms:\n${output}`)), limitMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Garage is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    name,
    port,
    child,
    spawnedAt,
    output: () => output,
    stop: async (signal = 'SIGTERM', stopLimitMs = 30_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), stopLimitMs);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}
