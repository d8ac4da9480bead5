#!/usr/bin/env node
// Measures the JavaScript the landing page (/) loads before the visitor can interact, in gzip bytes.
// Builds nothing: reads apps/web/dist (run `pnpm --filter @garage/web build` first).
//
// Counted: the entry script and every <link rel="modulepreload"> of dist/index.html, the home route's
// chunk with its static imports, and the translation chunks the first render needs (common + home, in
// --lang, default en). Not counted: code loaded later on demand (the contact form loads when it scrolls
// into view, other routes when visited). Sizes are gzip at level 6, what @fastify/compress serves.
//
// Usage: node scripts/measure-landing-js.mjs [--lang en|fr|ar] [--json] [--budget 102400]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(repoRoot, 'apps/web/dist');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const language = option('lang', 'en');
const budget = Number(option('budget', 100 * 1024));
const HOME_ROUTE = 'src/features/home/home-page.tsx';
const FIRST_NAMESPACES = ['common', 'home'];

const indexFile = path.join(dist, 'index.html');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(indexFile) || !existsSync(manifestFile)) {
  console.error('apps/web/dist is missing or has no manifest: run "pnpm --filter @garage/web build" first.');
  process.exit(2);
}
const html = readFileSync(indexFile, 'utf8');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const files = new Map(); // file → why it is counted
const add = (file, reason) => {
  const clean = file.replace(/^\//, '');
  if (!files.has(clean)) files.set(clean, reason);
};

// 1. What index.html itself loads.
for (const [, src] of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) add(src, 'entry');
for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) add(href, 'modulepreload');

// 2. The home route chunk and everything it imports statically.
function addChunk(key, reason, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  if (chunk.file.endsWith('.js')) add(chunk.file, reason);
  for (const dependency of chunk.imports ?? []) addChunk(dependency, `${reason} (import)`, seen);
}
if (!manifest[HOME_ROUTE]) {
  console.error(`The manifest has no ${HOME_ROUTE}: is the home page still lazily loaded from that file?`);
  process.exit(2);
}
addChunk(HOME_ROUTE, 'home route');

// 3. Translations the first render waits for.
for (const namespace of FIRST_NAMESPACES) addChunk(`src/locales/${language}/${namespace}.json`, `locale ${language}/${namespace}`);

let total = 0;
const rows = [...files].map(([file, reason]) => {
  const bytes = readFileSync(path.join(dist, file));
  const gzip = gzipSync(bytes, { level: 6 }).length;
  total += gzip;
  return { file, reason, raw: bytes.length, gzip };
});
rows.sort((a, b) => b.gzip - a.gzip);

if (args.includes('--json')) {
  console.log(JSON.stringify({ language, totalGzipBytes: total, budgetBytes: budget, files: rows }, null, 2));
} else {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`Landing page (/) JavaScript before interaction, language ${language}:`);
  for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file}  [${row.reason}]`);
  console.log(`Total: ${total} bytes gzip (${kb(total)}); budget ${kb(budget)}: ${total <= budget ? 'within' : 'OVER'}`);
}
