#!/usr/bin/env node
// The server's cost of drawing the start screens (apps/web/src/server-render.tsx, built into
// WEB_DIST_DIR/.server by `pnpm build`): milliseconds per drawing of / and /login in each language, and the
// live heap the drawing module holds once it has drawn them all. The boot data is the demo shop's shape
// with its branding left empty (texts then come from the translations; real branding adds little).
//
// Usage (after `pnpm build`): node --expose-gc scripts/measure-drawing.mjs [--rounds 200]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { option } from './lib/built-app.mjs';
import { repoRoot } from './lib/tooling.mjs';

const rounds = Number(option('rounds', '200'));
const distDir = process.env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist');
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

const heapBefore = heap();
const { drawStartScreen } = await import(pathToFileURL(path.join(distDir, '.server/server-render.js')).href);
const merchant = { id: 'm', name: 'garage', displayName: 'Garage', currency: 'USD', timezone: 'UTC', defaultLanguage: 'en' };
const screens = ['/', '/login'].flatMap((page) => ['en', 'fr', 'ar'].map((language) => ({ page, language })));

let started = performance.now();
for (const { page, language } of screens) await drawStartScreen(page, { language, merchant, branding: [] });
console.log(
  `first drawing of each screen and language (loads code and translations): ${((performance.now() - started) / screens.length).toFixed(1)} ms each`,
);
for (const { page, language } of screens) {
  started = performance.now();
  for (let round = 0; round < rounds; round++) await drawStartScreen(page, { language, merchant, branding: [] });
  console.log(`${page.padEnd(7)} ${language}: ${((performance.now() - started) / rounds).toFixed(2)} ms per drawing`);
}
console.log(
  `live heap held by the drawing module: ${((heap() - heapBefore) / 1e6).toFixed(1)} MB${globalThis.gc ? '' : ' (run with --expose-gc for a settled figure)'}`,
);
