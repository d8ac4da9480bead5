#!/usr/bin/env node
// Lighthouse (performance category, its default mobile profile: simulated slow 4G and a 4x slower CPU) on
// the landing page and /login, driving the same Chromium the browser tests use. Lighthouse clears the
// cache and storage before each run (cold load). Prints performance, CLS, LCP, FCP and TBT per page with
// the machine's load average: the simulated CPU slowdown multiplies whatever else the machine is doing,
// so scores and times move with the load; CLS does not.
//
// Usage (after `pnpm build`): pnpm measure:lighthouse [--url http://host:port] [--runs 3] [--desktop] [--lang en|fr|ar] [--json]
// --lang: the browser's language (its Accept-Language too, so the server draws / and /login in it).
// Without --url it serves the built web app (WEB_DIST_DIR, default apps/web/dist) on a throwaway database.
// With --runs N each page is measured N times and the run with the median performance score is shown.
// With --save DIR each run's full Lighthouse report is written there (open it in the Lighthouse viewer, or
// read audits such as bootup-time and long-tasks to see what the main thread did).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, option, startBuiltApp } from './lib/built-app.mjs';
import { repoRoot } from './lib/tooling.mjs';

const PAGES = ['/', '/login'];
const TARGETS = { performance: 95, cls: 0.05, lcpMs: 2000 };
const runs = Math.max(1, Number(option('runs', '1')));
const desktop = process.argv.includes('--desktop');
const asJson = process.argv.includes('--json');
const saveDir = option('save', '');
const language = option('lang', '');
const lighthouseCli = path.join(
  path.dirname(createRequire(path.join(repoRoot, 'package.json')).resolve('lighthouse/package.json')),
  'cli/index.js',
);

/**
 * One Lighthouse run; retried (twice at most) when Lighthouse itself fails, as it sometimes does recording
 * the trace ("NO_NAVSTART": "please run Lighthouse again").
 */
function runLighthouse(args, attempt = 1) {
  try {
    return execFileSync(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
  } catch (error) {
    if (attempt >= 3) throw error;
    console.error(
      `Lighthouse failed (${
        String(error.stderr ?? error.message)
          .trim()
          .split('\n')[0]
      }); running it again.`,
    );
    return runLighthouse(args, attempt + 1);
  }
}

function lighthouse(url, name) {
  const args = [
    lighthouseCli,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu${language ? ` --lang=${language} --accept-lang=${language}` : ''}`,
    ...(desktop ? ['--preset=desktop'] : []),
  ];
  const text = runLighthouse(args);
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    fs.writeFileSync(path.join(saveDir, `${name}.json`), text);
  }
  const report = JSON.parse(text);
  const audit = (id) => report.audits[id]?.numericValue;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    lcpElement: report.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet ?? null,
    layoutShifts: (report.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: Number(item.score.toFixed(3)),
      element: item.node?.snippet,
    })),
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

const app = await startBuiltApp();
const results = [];
try {
  for (const page of PAGES) {
    const measured = [];
    for (let run = 0; run < runs; run += 1)
      measured.push(lighthouse(`${app.baseURL}${page}`, `${page === '/' ? 'home' : page.slice(1)}-${run + 1}`));
    measured.sort((a, b) => a.performance - b.performance);
    results.push({ page, profile: desktop ? 'desktop' : 'mobile', runs, ...measured[Math.floor(measured.length / 2)] });
  }
} finally {
  await app.stop();
}

if (asJson) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(
    `Lighthouse ${desktop ? 'desktop' : 'mobile'} profile, cold load; targets: performance >= ${TARGETS.performance}, CLS <= ${TARGETS.cls}, LCP <= ${TARGETS.lcpMs} ms`,
  );
  for (const result of results) {
    const flag = (ok) => (ok ? '' : ' (over target)');
    console.log(
      `${result.page.padEnd(7)} performance ${result.performance}${flag(result.performance >= TARGETS.performance)}, CLS ${result.cls}${flag(result.cls <= TARGETS.cls)}, ` +
        `LCP ${result.lcpMs} ms${flag(result.lcpMs <= TARGETS.lcpMs)}, FCP ${result.fcpMs} ms, TBT ${result.tbtMs} ms; load average ${result.loadAverage.join(' ')}`,
    );
    if (result.lcpElement) console.log(`        LCP element: ${result.lcpElement}`);
    for (const shift of result.layoutShifts) console.log(`        layout shift ${shift.score}: ${shift.element}`);
  }
}
