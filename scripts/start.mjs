// README command 1: install, build and start the whole app on http://localhost:3000.
// Without DATABASE_URL it runs an embedded PostgreSQL with demo data in .data/ (kept across restarts).
// With SEED_DEMO=false, a first start prints a banner with the one-time setup code and the /setup address
// to open (the server's output is this command's output); `pnpm create-admin` is the way without a browser.
import { spawn } from 'node:child_process';
import { checkNode, ensureEnvFile, install, repoRoot, resolvePnpm, runOrExit, say } from './lib/tooling.mjs';

checkNode();
const pnpm = resolvePnpm();
await install(pnpm);
ensureEnvFile();
say('Building the web app and the server...');
await runOrExit(pnpm[0], [
  ...pnpm.slice(1),
  'turbo',
  'run',
  'build',
  '--filter=@garage/web',
  '--filter=@garage/api',
  '--output-logs=errors-only',
]);

say('Starting the server...');
// The compiled bundle (apps/api/scripts/build.mjs), not TypeScript through tsx: it starts faster and holds
// less memory (apps/api/bench/start-cost.ts). `pnpm dev` keeps tsx.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
  cwd: `${repoRoot}apps/api`,
  stdio: 'inherit',
  // SEED_DEMO_DEFAULT: this local command is the one place demo data comes without SEED_DEMO=true (README).
  env: { ...process.env, NODE_ENV: 'production', SEED_DEMO_DEFAULT: 'true' },
});
// Forward Ctrl+C / termination so the server drains and stops its embedded PostgreSQL.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('close', (code) => process.exit(code ?? 0));
