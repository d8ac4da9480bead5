#!/usr/bin/env node
// Bytes on the wire: loads public pages in the real Chromium (the one the browser tests use) with a cold
// cache and adds up what the browser fetched, from its network log (CDP Network.loadingFinished
// encodedDataLength: compressed body plus response headers), per resource type. The budgets apply to
// scripts; the other types are printed for information.
//
// What is counted: everything the page fetches until the network has been quiet for 1.5 s after the load
// event, without scrolling or clicking (code loaded later on demand, e.g. the contact form when it scrolls
// into view, is not counted). Each page gets a new browser context: nothing is cached.
//
// Usage (after `pnpm build`): pnpm measure:wire [--url http://host:port] [--lang en|fr|ar] [--json]
// Without --url it serves the built web app (WEB_DIST_DIR, default apps/web/dist) on a throwaway database.
// Exits 1 when a page is over its script budget.
import { CHROMIUM_PATH, loadPlaywright, option, startBuiltApp } from './lib/built-app.mjs';

const PAGES = [
  { path: '/', scriptBudget: 100 * 1024 },
  { path: '/login', scriptBudget: 120 * 1024 },
];
const QUIET_MS = 1500;
const language = option('lang', 'en');
const asJson = process.argv.includes('--json');

async function measure(browser, url) {
  const context = await browser.newContext({ locale: language, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map(); // requestId → { url, type, bytes }
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    lastActivity = Date.now();
    requests.set(requestId, { url: request.url, type: type ?? 'Other', bytes: 0, done: false });
  });
  cdp.on('Network.responseReceived', ({ requestId, type }) => {
    const entry = requests.get(requestId);
    if (entry) entry.type = type;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    lastActivity = Date.now();
    const entry = requests.get(requestId);
    if (entry) Object.assign(entry, { bytes: encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    lastActivity = Date.now();
    const entry = requests.get(requestId);
    if (entry) entry.done = true;
  });
  await page.goto(url, { waitUntil: 'load' });
  while (Date.now() - lastActivity < QUIET_MS || [...requests.values()].some((entry) => !entry.done)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await context.close();

  const byType = {};
  for (const { type, bytes } of requests.values()) {
    byType[type] ??= { count: 0, bytes: 0 };
    byType[type].count += 1;
    byType[type].bytes += bytes;
  }
  const files = [...requests.values()].map(({ url: fileUrl, type, bytes }) => ({ url: new URL(fileUrl).pathname, type, bytes }));
  files.sort((a, b) => b.bytes - a.bytes);
  return { byType, files, totalBytes: files.reduce((sum, file) => sum + file.bytes, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const app = await startBuiltApp();
const { chromium } = loadPlaywright();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results = [];
try {
  for (const { path, scriptBudget } of PAGES) {
    const result = await measure(browser, `${app.baseURL}${path}`);
    const scripts = result.byType.Script ?? { count: 0, bytes: 0 };
    results.push({ path, language, scriptBudget, scripts, within: scripts.bytes <= scriptBudget, ...result });
  }
} finally {
  await browser.close();
  await app.stop();
}

if (asJson) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const result of results) {
    console.log(`\n${result.path} (${language}), cold cache, bytes on the wire (body + headers):`);
    for (const [type, { count, bytes }] of Object.entries(result.byType).sort((a, b) => b[1].bytes - a[1].bytes)) {
      console.log(`  ${type.padEnd(11)} ${String(count).padStart(3)} files  ${kb(bytes).padStart(9)}`);
    }
    console.log(`  ${'total'.padEnd(11)} ${String(result.files.length).padStart(3)} files  ${kb(result.totalBytes).padStart(9)}`);
    if (process.argv.includes('--files'))
      for (const file of result.files) console.log(`    ${kb(file.bytes).padStart(9)}  ${file.type.padEnd(10)} ${file.url}`);
    console.log(
      `  Scripts: ${result.scripts.count} files, ${kb(result.scripts.bytes)}; budget ${kb(result.scriptBudget)}: ${result.within ? 'within' : 'OVER'}`,
    );
  }
}
process.exitCode = results.every((result) => result.within) ? 0 : 1;
