// README command 2: the whole test suite on a fresh machine. Lint, typecheck, unit and API integration tests
// (vitest, real PostgreSQL), then browser journeys (Playwright, Chromium). Ends with one line
// "N passed, N failed, N skipped" computed from the runners' JSON reports.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkNode, ensureEnvFile, install, repoRoot, resolvePnpm, run, say } from './lib/tooling.mjs';

checkNode();
const resultsDir = path.join(repoRoot, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const pnpm = resolvePnpm();
const pn = (...args) => [pnpm[0], [...pnpm.slice(1), ...args]];
await install(pnpm);
ensureEnvFile();

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Lint and formatting (Biome, biome.jsonc: the house's import and process.env rules, the line width).
say('Lint...');
if ((await run(...pn('run', 'lint'))) === 0) totals.passed += 1;
else {
  totals.failed += 1;
  failures.push('lint');
}

// 2. Typecheck every package.
say('Typecheck...');
if ((await run(...pn('turbo', 'run', 'typecheck', '--output-logs=errors-only'))) === 0) totals.passed += 1;
else {
  totals.failed += 1;
  failures.push('typecheck');
}

// 3. Unit + API integration tests (one vitest run over every package, see vitest.config.ts).
say('Unit and integration tests...');
const vitestReport = path.join(resultsDir, 'vitest.json');
// One retry, as the browser journeys have in CI: a test broken for real fails both attempts, while one that
// lost a race with a 2-core machine's load (a CI run once failed a test that passed in every run here) passes.
const vitestCode = await run(
  ...pn('exec', 'vitest', 'run', '--retry=1', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`),
);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  totals.failed += vitest.numFailedTests;
  // A file that fails to load has no failed tests but fails the run: count it.
  if (vitestCode !== 0 && vitest.numFailedTests === 0) totals.failed += Math.max(1, vitest.numFailedTestSuites);
} else if (vitestCode !== 0) totals.failed += 1;
// vitest 4.1 has exited 0 after a test failed on both attempts (seen in a CI rehearsal): its report decides too.
if (vitestCode !== 0 || vitest?.numFailedTests > 0) failures.push('vitest');

// 4. Browser journeys against the production build.
say('Building the web app for the browser tests...');
const buildCode = await run(...pn('turbo', 'run', 'build', '--filter=@garage/web', '--output-logs=errors-only'));
const chromium = buildCode === 0 ? await findChromium() : null;
if (buildCode !== 0) {
  totals.failed += 1;
  failures.push('web build');
} else if (!chromium) {
  totals.failed += 1;
  failures.push(
    'no Chromium: set CHROMIUM_PATH, or run "pnpm --filter @garage/web exec playwright install chromium", or "apt-get install chromium"',
  );
} else {
  say(`Browser tests in ${chromium}...`);
  const e2eReport = path.join(resultsDir, 'e2e.json');
  const e2eCode = await run(...pn('--filter', '@garage/web', 'exec', 'playwright', 'test'), {
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2eCode !== 0 && e2e.stats.unexpected === 0) {
      // No test failed but the run did (a worker or global error): say what, it is not in the list above.
      totals.failed += 1;
      for (const error of e2e.errors ?? []) console.log(`Playwright error outside a test: ${error.message ?? JSON.stringify(error)}`);
    }
  } else if (e2eCode !== 0) totals.failed += 1;
  if (e2eCode !== 0) failures.push('playwright');
}

if (failures.length) console.log(`\nFailed steps: ${failures.join('; ')}`);
// Named at the very end: a CI log is often read from its tail only.
for (const line of failedTests(vitest, readJson(path.join(resultsDir, 'e2e.json')))) console.log(line);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);

/**
 * "FAILED file > test: first line of the error" for each test that failed in the runners' JSON reports, and
 * "FLAKY ..." for each that failed once and passed on its retry.
 */
function failedTests(vitestReport, e2eReport) {
  const firstLine = (text) =>
    String(text ?? '')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim()) ?? '';
  const lines = [];
  for (const file of vitestReport?.testResults ?? []) {
    const name = path.relative(repoRoot, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') lines.push(`FAILED ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      else if (test.status === 'passed' && test.failureMessages?.length)
        lines.push(`FLAKY ${name} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'))
      lines.push(`FAILED ${name}: ${firstLine(file.message)}`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        lines.push(`${test.status === 'flaky' ? 'FLAKY' : 'FAILED'} ${[...titles, spec.title].join(' > ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of e2eReport?.suites ?? []) walk(suite, [suite.title]);
  return lines;
}

/** Chromium for Playwright: CHROMIUM_PATH, the system browser, Playwright's own download, or apt-get. */
async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  try {
    const require = createRequire(path.join(repoRoot, 'apps/web/package.json'));
    candidates.push(require('@playwright/test').chromium.executablePath());
  } catch {
    // Playwright's own browser is optional.
  }
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() === 0 && (await run('sh', ['-c', 'command -v apt-get >/dev/null'])) === 0) {
    say('Installing Chromium with apt-get...');
    await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium']);
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  return null;
}
