// Shared by the measuring scripts (scripts/measure-*.mjs): the production app (API + built web app) on a
// throwaway database with the demo data, exactly as the browser journeys run it (apps/api/test/e2e-server.ts),
// and a way to load Playwright's Chromium from the web app's dependencies.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './tooling.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

/** Playwright as the web app's browser tests use it (it is a dependency of apps/web, not of the root). */
export function loadPlaywright() {
  return createRequire(path.join(repoRoot, 'apps/web/package.json'))('@playwright/test');
}

/** A value of `--name value` on the command line, else the fallback. */
export function option(name, fallback) {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
}

function freePort() {
  return Number(
    execFileSync(process.execPath, [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
    ])
      .toString()
      .trim(),
  );
}

/**
 * The app to measure: `--url` when given (an already running server), else the built web app
 * (WEB_DIST_DIR, default apps/web/dist) served by the API on a free port; `stop()` ends that server.
 */
export async function startBuiltApp() {
  const url = option('url');
  if (url) return { baseURL: url.replace(/\/$/, ''), stop: async () => {} };
  const distDir = process.env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(`${distDir} has no index.html: build the web app first ("pnpm build", or set WEB_DIST_DIR).`);
    process.exit(2);
  }
  const port = freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'test/e2e-server.ts'], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: { ...process.env, E2E_PORT: String(port), WEB_DIST_DIR: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit code ${server.exitCode}) before answering.`);
    try {
      if ((await fetch(`${baseURL}/backend/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not answer within 2 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      // SIGTERM: the server stops its embedded PostgreSQL and removes its throwaway data folder.
      server.kill('SIGTERM');
    });
  return { baseURL, stop };
}
