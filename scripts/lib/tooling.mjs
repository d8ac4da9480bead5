// Helpers shared by the README commands. Node built-ins only: these run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const PNPM_VERSION = '12.21.0';

export function say(line) {
  console.log(`\x1b[36m[garage]\x1b[0m ${line}`);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 12)) {
    console.error(`Node 20.12 or newer is required (this is ${process.versions.node}).`);
    process.exit(1);
  }
}

function works(command, args) {
  const result = spawnSync(command, args, { stdio: 'ignore', shell: false });
  return result.status === 0;
}

/** The pnpm command to use: an installed pnpm, else install it globally, else run it through npx. */
export function resolvePnpm() {
  if (works('pnpm', ['--version'])) return ['pnpm'];
  say(`pnpm not found: installing pnpm@${PNPM_VERSION} with npm...`);
  if (
    spawnSync('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' }).status === 0 &&
    works('pnpm', ['--version'])
  ) {
    return ['pnpm'];
  }
  say('Global install not possible here; using npx.');
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...options.env },
    });
    // Ctrl+C reaches the whole process group by itself; a SIGTERM (kill, a process manager) reaches only us,
    // so pass it on rather than leave the child (and its embedded PostgreSQL) running.
    const forward = () => child.kill('SIGTERM');
    process.on('SIGTERM', forward);
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      process.off('SIGTERM', forward);
      resolve(code ?? 1);
    });
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n${[command, ...args].join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

export async function install(pnpm) {
  say('Installing dependencies...');
  const frozen = await run(pnpm[0], [...pnpm.slice(1), 'install', '--frozen-lockfile']);
  if (frozen !== 0) await runOrExit(pnpm[0], [...pnpm.slice(1), 'install']);
}

/** Creates .env from .env.example when there is none, and says so. */
export function ensureEnvFile() {
  const envFile = path.join(repoRoot, '.env');
  if (!existsSync(envFile)) {
    copyFileSync(path.join(repoRoot, '.env.example'), envFile);
    say('Created .env from .env.example (edit it to configure the app).');
  }
}
