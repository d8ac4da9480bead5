#!/usr/bin/env node
// The inspection on a slow network (issue #29 "Measure"): a technician fills a 40-item inspection with 20
// photos on a phone under slow 3G, then the customer opens the report from the approval link. Prints:
//  1. the technician: time from the first tap to "Completed" (every result and photo sent, the server's
//     Complete answered), bytes sent up (request bodies + headers of every request in that time), and each
//     photo's upload size (a 12 MP camera JPEG of ~5 MB must leave the phone at ~2 MB or less: the screen
//     reduces it first, features/inspections/photo-resize.ts);
//  2. the customer's link page (/approve/<token>), cold cache: bytes on the wire per type (scripts: budget
//     150 KB), image bytes, and whether the report's photos are thumbnails with loading="lazy";
//  3. a reference from the same run: the /login page's bytes, a bare API round trip (GET /backend/health)
//     throttled and not, and the machine (cores, load average): figures on a busy machine are slower.
//
// Slow 3G here: 400 kbit/s down, 400 kbit/s up (50,000 bytes/s each way), 400 ms latency added to every
// request (CDP Network.emulateNetworkConditions on each page; Chrome DevTools' "Slow 3G" preset adds 2 s).
// The phone: 375 x 812 CSS pixels, device pixel ratio 2, touch, English. The photos: 4000 x 3000 JPEGs
// (12 MP) of smooth noise, ~5 MB each like a phone camera's, made once with sharp (packages/db's dependency)
// and kept in the cache folder (--photos, default $TMPDIR/inspection-slow3g-photos).
//
// What it sets up through the API, unthrottled and not measured: a sign-in as staff, a template of the first 40
// items of the largest one (the standard multi-point inspection), an inspection of it on an open demo visit;
// after the technician's part, the inspection is sent (no email) and its approval link opened.
// The technician's answers: measurements typed in their green range (with a tap on "Good" where the item has
// no thresholds), checks tapped "Good", except the first photographed check and every fifth after it tapped
// "Soon" (a finding with its photo, so photo-required items never block Complete). The first 20 items get one
// photo each. Each finding becomes proposed work (through the API: the link is only sent with work to decide).
//
// Usage, against a production app with the demo data, e.g. `DATA_DIR=/tmp/insp-bench PORT=3998 npm start`:
//   node apps/web/bench/inspection-slow3g.mjs --url http://127.0.0.1:3998 [--user admin@demo.garage]
//        [--password Demo#Admin2026] [--items 40] [--photos-count 20] [--photos <dir>] [--json]
// Without --url it serves the built web app (`pnpm build`) on a throwaway demo database
// (scripts/lib/built-app.mjs), as `pnpm measure:wire` does. Beside others' browser tests, a private build
// leaves their apps/web/dist and apps/api/dist alone: `vite build --outDir <dir>` (and its --ssr step into
// <dir>/.server) in apps/web, `node scripts/build.mjs dist/<name>/server.mjs` in apps/api, then that server
// with NODE_ENV=production SEED_DEMO=true WEB_DIST_DIR=<dir>.
// Exits 1 when the link page's scripts are over 150 KB or a photo upload over 2 MB.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHROMIUM_PATH, loadPlaywright, option, startBuiltApp } from '../../../scripts/lib/built-app.mjs';
import { repoRoot } from '../../../scripts/lib/tooling.mjs';

const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en' };
const SCRIPT_BUDGET = 150 * 1024;
const PHOTO_UPLOAD_MAX = 2 * 1024 * 1024;
const QUIET_MS = 1500;

const account = { identifier: option('user', 'admin@demo.garage'), password: option('password', 'Demo#Admin2026') };
const itemCount = Number(option('items', '40'));
const photoCount = Number(option('photos-count', '20'));
const photoDir = option('photos', path.join(os.tmpdir(), 'inspection-slow3g-photos'));
const asJson = process.argv.includes('--json');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (line) => asJson || console.log(line);

// ---------------------------------------------------------------------------------------------------------
// Photos: 12 MP camera-like JPEGs, made once.

async function cameraPhotos(count) {
  mkdirSync(photoDir, { recursive: true });
  const sharp = createRequire(path.join(repoRoot, 'packages/db/package.json'))('sharp');
  const files = [];
  for (let index = 0; index < count; index++) {
    const file = path.join(photoDir, `camera-${String(index + 1).padStart(2, '0')}.jpg`);
    if (!existsSync(file)) {
      // Blotches (noise at 500 x 375 blown up) plus fine grain: JPEG cannot squeeze it much, as with a real
      // photo of a tyre or a brake disc (about 5 MB at quality 90).
      const base = { width: 500, height: 375, channels: 3, background: { r: 90, g: 110, b: 120 } };
      const low = await sharp({ create: { ...base, noise: { type: 'gaussian', mean: 100 + index * 3, sigma: 60 } } })
        .png()
        .toBuffer();
      const big = await sharp(low).resize(4000, 3000, { kernel: 'cubic' }).raw().toBuffer();
      const grain = await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
          noise: { type: 'gaussian', mean: 64, sigma: 40 },
        },
      })
        .raw()
        .toBuffer();
      for (let i = 0; i < big.length; i++) big[i] = Math.min(255, Math.max(0, big[i] + ((grain[i] - 64) >> 2)));
      await sharp(big, { raw: { width: 4000, height: 3000, channels: 3 } })
        .jpeg({ quality: 90 })
        .toFile(file);
    }
    files.push(file);
  }
  return files;
}

// ---------------------------------------------------------------------------------------------------------
// The API, for the set-up (Node's fetch: not throttled, not counted).

function api(baseURL, token) {
  return async (method, url, body) => {
    const response = await fetch(`${baseURL}/backend${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

async function signIn(baseURL) {
  const response = await fetch(`${baseURL}/backend/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Sign-in as ${account.identifier}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A template of exactly `itemCount` items (the first ones of the largest template: the standard multi-point
 * inspection has 44), made for the run since every item must be answered before Complete, and an open visit.
 */
async function startInspection(call) {
  const summaries = await call('GET', '/inspection-templates');
  const largest = [...summaries].sort((a, b) => b.itemCount - a.itemCount)[0];
  if (!largest || largest.itemCount < itemCount) {
    throw new Error(`No template with ${itemCount} items (largest: ${largest?.itemCount ?? 0}); seed the standard templates.`);
  }
  const source = await call('GET', `/inspection-templates/${largest.id}`);
  const template = await call('POST', '/inspection-templates', {
    name: { en: `Measure: ${itemCount} items`, fr: `Mesure : ${itemCount} points`, ar: `قياس: ${itemCount} بندًا` },
    items: source.items
      .slice(0, itemCount)
      .map(({ id, position, offeringItem, ...item }) => ({ ...item, offeringItemId: offeringItem?.id ?? null })),
  });
  const visits = await call('GET', '/visits?filter=pending&pageSize=20');
  const visit = visits.items[0];
  if (!visit) throw new Error('No open visit to inspect (demo data expected).');
  const inspection = await call('POST', `/visits/${visit.id}/inspections`, { templateId: template.id });
  return { items: template.items.length, copiedFrom: largest.name.en, visit, inspection };
}

// ---------------------------------------------------------------------------------------------------------
// Browser helpers.

async function throttled(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  return cdp;
}

/** Bytes on the wire per resource type while a page loads with a cold cache (as scripts/measure-wire.mjs). */
async function measurePage(browser, url, prepare) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await throttled(context, page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
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
  const started = performance.now();
  await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
  const loadMs = performance.now() - started;
  while (Date.now() - lastActivity < QUIET_MS || [...requests.values()].some((entry) => !entry.done)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const quietMs = performance.now() - started - QUIET_MS;
  const extra = prepare ? await prepare(page) : {};
  await context.close();
  const byType = {};
  for (const { type, bytes } of requests.values()) {
    byType[type] ??= { count: 0, bytes: 0 };
    byType[type].count += 1;
    byType[type].bytes += bytes;
  }
  const totalBytes = [...requests.values()].reduce((sum, entry) => sum + entry.bytes, 0);
  return { loadMs, quietMs, byType, totalBytes, files: requests.size, ...extra };
}

/** The time of one request from the page (the app's own origin), throttled. */
async function pageRoundTrip(page) {
  return page.evaluate(async () => {
    const started = performance.now();
    await (await fetch('/backend/health', { cache: 'no-store' })).text();
    return performance.now() - started;
  });
}

// ---------------------------------------------------------------------------------------------------------
// 1. The technician.

const fieldsOf = (item) => {
  const thresholds = item.amberAt !== null || item.redAt !== null;
  if (item.kind !== 'MEASUREMENT') return { thresholds };
  // A value well inside the green range: between the amber threshold and the far limit.
  const amber = item.amberAt ?? (item.lowerIsWorse ? item.minValue : item.maxValue);
  const far = item.lowerIsWorse ? item.maxValue : item.minValue;
  // Whole numbers fit every unit's decimals (cold cranking amps take none).
  const value = Math.round((amber + far) / 2);
  return { thresholds, value };
};

async function technician(browser, baseURL, inspection, photos) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  // Signed in as the e2e journeys are (e2e/fixtures.ts signInAs): through the context's own requests, so the
  // refresh cookie lands in the browser (the access token expires during a long run), then the cookies the
  // app reads.
  const login = await context.request.post(`${baseURL}/backend/user/login`, { data: account });
  if (!login.ok()) throw new Error(`Sign-in in the browser: ${login.status()} ${await login.text()}`);
  const session = await login.json();
  await context.addCookies([
    { name: 'accessToken', value: session.accessToken, url: baseURL, sameSite: 'Strict' },
    { name: 'user', value: encodeURIComponent(JSON.stringify(session.user)), url: baseURL, sameSite: 'Strict' },
  ]);
  await throttled(context, page);

  // Every request with its body size: Playwright's sizes(), else the Content-Length the browser sent
  // (a multipart body read from a Blob may not be exposed as post data).
  const sent = [];
  const sizing = [];
  page.on('requestfinished', (request) => {
    const record = { at: performance.now(), url: request.url(), method: request.method(), body: 0, headers: 0 };
    sent.push(record);
    sizing.push(
      Promise.all([request.sizes(), request.allHeaders()]).then(
        ([sizes, headers]) =>
          Object.assign(record, {
            body: Math.max(sizes.requestBodySize, Number(headers['content-length'] ?? 0)),
            headers: sizes.requestHeadersSize,
          }),
        () => {}, // the page closed first: the request still counts, without its size
      ),
    );
  });

  const loadStarted = performance.now();
  await page.goto(`${baseURL}/admin/inspections/${inspection.id}`, { timeout: 180_000 });
  await page.getByTestId('inspection-page').waitFor({ timeout: 180_000 });
  const pageLoadMs = performance.now() - loadStarted;

  const items = inspection.items.slice(0, itemCount);
  const started = performance.now();
  let photographedChecks = 0;
  const findings = [];
  for (const [index, item] of items.entries()) {
    const row = page.locator(`[data-testid="inspection-item"][data-item-id="${item.id}"]`);
    await row.scrollIntoViewIfNeeded();
    const { thresholds, value } = fieldsOf(item);
    const photographed = index < photoCount;
    if (value !== undefined) {
      await row.getByTestId('measurement-input').fill(String(value));
      await row.getByTestId('measurement-input').press('Enter');
      if (!thresholds) await row.getByTestId('result-GOOD').click();
    } else {
      // The first photographed check, then every fifth one, is a finding.
      const finding = photographed && photographedChecks++ % 5 === 0;
      if (finding) findings.push(item);
      await row.getByTestId(finding ? 'result-SOON' : 'result-GOOD').click();
    }
    if (photographed) await row.getByTestId('photo-input').setInputFiles(photos[index % photos.length]);
  }
  const tappedMs = performance.now() - started;
  // Everything on the phone is sent, then Complete (enabled only then).
  let syncedMs;
  let completedMs;
  try {
    await page.locator('[data-testid="sync-state"][data-waiting="0"]').waitFor({ timeout: 900_000 });
    syncedMs = performance.now() - started;
    await page.getByTestId('complete-inspection').click();
    await page.locator('[data-testid="inspection-page"][data-status="COMPLETED"]').waitFor({ timeout: 300_000 });
    completedMs = performance.now() - started;
  } catch (error) {
    const shot = path.join(os.tmpdir(), 'inspection-slow3g-failure.png');
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`The inspection did not complete (screenshot: ${shot}): ${error.message}`);
  }
  await Promise.all(sizing);
  await context.close();

  const during = sent.filter((record) => record.at >= started);
  const uploads = during.filter((record) => record.method === 'PUT' && /\/photos\/[^/]+$/.test(new URL(record.url).pathname));
  const results = during.filter((record) => record.method === 'PUT' && /\/items\/[^/]+$/.test(new URL(record.url).pathname));
  const bytesUp = during.reduce((sum, record) => sum + record.body + record.headers, 0);
  return {
    items: items.length,
    photos: Math.min(photoCount, items.length),
    findings,
    pageLoadMs,
    tappedMs,
    syncedMs,
    completedMs,
    requests: during.length,
    resultRequests: results.length,
    bytesUp,
    photoUploads: uploads.map((record) => record.body),
  };
}

// ---------------------------------------------------------------------------------------------------------
// 2. The customer's link page, 3. the reference.

async function linkPage(browser, url) {
  return measurePage(browser, url, async (page) => {
    const photos = await page.locator('[data-testid="inspection-photo"] img').evaluateAll((images) =>
      images.map((image) => ({
        src: image.getAttribute('src') ?? '',
        loading: image.getAttribute('loading'),
        loaded: image.complete && image.naturalWidth > 0,
      })),
    );
    return {
      photos: photos.length,
      lazy: photos.filter((photo) => photo.loading === 'lazy').length,
      thumbnails: photos.filter((photo) => photo.src.includes('variant=thumb')).length,
      loadedWithoutScrolling: photos.filter((photo) => photo.loaded).length,
    };
  });
}

const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? '?',
  loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
});

const app = await startBuiltApp();
const { chromium } = loadPlaywright();
const report = { machineBefore: machine(), network: SLOW_3G, phone: PHONE };
let exitCode = 0;
try {
  log(`Photos: ${photoCount} camera JPEGs (4000 x 3000) in ${photoDir}...`);
  const photos = await cameraPhotos(Math.min(photoCount, 20));
  report.cameraPhotoBytes = Math.round(photos.reduce((sum, file) => sum + statSync(file).size, 0) / photos.length);

  const session = await signIn(app.baseURL);
  const call = api(app.baseURL, session.accessToken);
  const { items, copiedFrom, visit, inspection } = await startInspection(call);
  report.setup = { items, copiedFrom, visit: visit.name, inspectionId: inspection.id };
  log(`Inspection ${inspection.id} (${items} items of "${copiedFrom}") on visit "${visit.name}"; filling it...`);

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
  try {
    report.browser = browser.version();
    report.technician = await technician(browser, app.baseURL, inspection, photos);

    // The customer's link is about proposed work: each finding gets its task, the item's canned job or a price.
    for (const item of report.technician.findings) {
      await call(
        'POST',
        `/inspections/${inspection.id}/items/${item.id}/task`,
        item.offeringItem ? {} : { title: item.label.en, soldForCents: 4_500 },
      );
    }
    report.technician.findings = report.technician.findings.length;
    const sent = await call('POST', `/inspections/${inspection.id}/send`, { sendEmail: false });
    const link = new URL(sent.link.url, app.baseURL);
    report.linkPage = await linkPage(browser, `${app.baseURL}${link.pathname}${link.search}`);
    report.login = await measurePage(browser, `${app.baseURL}/login`);

    // A bare API round trip: from a throttled page, and from Node on the same machine.
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${app.baseURL}/backend/health`);
    await throttled(context, page);
    const throttledTrips = [];
    for (let i = 0; i < 3; i++) throttledTrips.push(await pageRoundTrip(page));
    await context.close();
    const directTrips = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await (await fetch(`${app.baseURL}/backend/health`)).text();
      directTrips.push(performance.now() - started);
    }
    report.roundTripMs = { throttled: Math.min(...throttledTrips), direct: Math.min(...directTrips) };
  } finally {
    await browser.close();
  }
  report.machineAfter = machine();
} finally {
  await app.stop();
}

const tech = report.technician;
const uploads = tech.photoUploads;
const averageUpload = uploads.length ? uploads.reduce((sum, n) => sum + n, 0) / uploads.length : 0;
const scripts = report.linkPage.byType.Script ?? { count: 0, bytes: 0 };
const images = report.linkPage.byType.Image ?? { count: 0, bytes: 0 };
const loginScripts = report.login.byType.Script ?? { count: 0, bytes: 0 };
report.verdict = {
  scriptsWithinBudget: scripts.bytes <= SCRIPT_BUDGET,
  photosUnder2MB: uploads.length === tech.photos && uploads.every((size) => size <= PHOTO_UPLOAD_MAX),
};
if (!report.verdict.scriptsWithinBudget || !report.verdict.photosUnder2MB) exitCode = 1;

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const m = report.machineBefore;
  console.log(
    `\nMachine: ${m.cpus} cores (${m.cpuModel}), load average ${m.loadAverage.join(' ')} before, ${report.machineAfter.loadAverage.join(' ')} after; Chromium ${report.browser}`,
  );
  console.log('Network: slow 3G, 400 kbit/s down and up (50,000 B/s), +400 ms per request; phone 375 x 812 @2x');
  console.log(
    `\n1. Technician: ${tech.items} items, ${tech.photos} photos (${tech.findings} findings), camera JPEGs ${mb(report.cameraPhotoBytes)} each`,
  );
  console.log(`   inspection page shown in      ${seconds(tech.pageLoadMs)}`);
  console.log(`   all tapped in                 ${seconds(tech.tappedMs)}`);
  console.log(`   all sent (nothing waiting)    ${seconds(tech.syncedMs)}`);
  console.log(`   completed                     ${seconds(tech.completedMs)}   <- time to complete`);
  console.log(
    `   bytes sent up                 ${mb(tech.bytesUp)} in ${tech.requests} requests (${tech.resultRequests} result saves, ${uploads.length} photo uploads)`,
  );
  console.log(
    `   photo upload size             average ${kb(averageUpload)}, largest ${kb(Math.max(0, ...uploads))} (limit ~2 MB): ${report.verdict.photosUnder2MB ? 'within' : 'OVER'}`,
  );
  console.log(
    `\n2. Customer's link page (cold cache): load event ${seconds(report.linkPage.loadMs)}, quiet after ${seconds(report.linkPage.quietMs)}`,
  );
  for (const [type, { count, bytes }] of Object.entries(report.linkPage.byType).sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(`   ${type.padEnd(11)} ${String(count).padStart(3)} files  ${kb(bytes).padStart(9)}`);
  }
  console.log(`   total       ${String(report.linkPage.files).padStart(3)} files  ${kb(report.linkPage.totalBytes).padStart(9)}`);
  console.log(
    `   scripts ${kb(scripts.bytes)}, budget ${kb(SCRIPT_BUDGET)}: ${report.verdict.scriptsWithinBudget ? 'within' : 'OVER'}; images ${kb(images.bytes)}`,
  );
  const lp = report.linkPage;
  console.log(
    `   report photos: ${lp.photos} shown, ${lp.thumbnails} as thumbnails (variant=thumb), ${lp.lazy} with loading="lazy", ${lp.loadedWithoutScrolling} loaded without scrolling`,
  );
  console.log(
    `\n3. Reference: /login ${kb(report.login.totalBytes)} (scripts ${kb(loginScripts.bytes)}), load event ${seconds(report.login.loadMs)}`,
  );
  console.log(
    `   GET /backend/health round trip: ${report.roundTripMs.throttled.toFixed(0)} ms throttled, ${report.roundTripMs.direct.toFixed(1)} ms direct`,
  );
}
process.exitCode = exitCode;
