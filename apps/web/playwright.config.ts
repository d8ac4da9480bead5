// Browser journeys against the production build served by the API on a throwaway database
// (apps/api/test/e2e-server.ts). Build first: `pnpm --filter @garage/web build`.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// The server's port: E2E_PORT, else a free one chosen here (a busy fixed port would fail the run). Set in
// the environment so the web server and every worker (which inherit it) agree on it.
process.env.E2E_PORT ||= execFileSync(process.execPath, [
  '-e',
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
])
  .toString()
  .trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// One data folder per run, created here so the server and every worker (which inherit this environment)
// agree on it even when several runs share the checkout.
if (!process.env.E2E_DIR) {
  process.env.E2E_DIR = mkdtempSync(path.join(os.tmpdir(), 'garage-e2e-'));
  chmodSync(process.env.E2E_DIR, 0o755);
}

/**
 * Journeys that change settings every other journey depends on (prices with or without tax turn every new line's
 * total into another amount): they run after the others, never beside one. Alone: `--no-deps`.
 */
const EXCLUSIVE_SPECS = /tax-settings\.spec\.ts$/;

const chromiumUse = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR || 'test-results/artifacts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || 'test-results/e2e.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      // Journeys that change what the whole shop shares (its tax settings) run alone, after the others.
      testIgnore: EXCLUSIVE_SPECS,
      use: chromiumUse,
    },
    {
      name: 'exclusive',
      testMatch: EXCLUSIVE_SPECS,
      dependencies: ['chromium'],
      use: chromiumUse,
    },
  ],
  webServer: {
    // node itself, not through pnpm/tsx wrappers: they end the server before its shutdown has run.
    command: 'node --import tsx test/e2e-server.ts',
    cwd: path.join(repoRoot, 'apps/api'),
    url: `${baseURL}/backend/health`,
    env: { E2E_PORT: String(port), E2E_DIR: process.env.E2E_DIR },
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the server stops its PostgreSQL and removes its data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
