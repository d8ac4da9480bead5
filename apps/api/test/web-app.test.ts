// Production mode: the API process serves the built web app on the same port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import { LANGUAGE_COOKIE, type BootData } from '@garage/shared/boot-data';
import { FALLBACK_LANGUAGE } from '@garage/shared/constants';
import type { App } from '../src/app.ts';
import { buildApp } from '../src/app.ts';
import { testDb, testDeps } from './helpers.ts';

const PRECOMPRESSED_SOURCE = `export const value = ${JSON.stringify('y'.repeat(4000))};`;

describe('serving the built web app (production)', () => {
  let app: App;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'garage-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Garage</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    // The build's brotli copy (apps/web/tooling/precompress-plugin.ts) of another asset.
    writeFileSync(path.join(dist, 'assets', 'vendor-def456.js'), PRECOMPRESSED_SOURCE);
    writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(PRECOMPRESSED_SOURCE));
    const deps = testDeps();
    app = await buildApp({ ...deps, config: { ...deps.config, NODE_ENV: 'production', WEB_DIST_DIR: dist } }, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the page for a client route whose query ends like a file name (an identifier kept by POST /login)', async () => {
    for (const url of ['/login?error=invalidCredentials&identifier=me%40shop.example', '/admin/visits?file=report.pdf']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
    expect((await app.inject({ url: '/missing-file.js?v=1' })).statusCode).toBe(404);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends hashed assets lean headers and keeps the security set on the page itself', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'etag', 'last-modified']) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    for (const url of ['/', '/admin/visits']) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("sends the build's precompressed copy of an asset as it is", async () => {
    const response = await app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload).toEqual(brotliCompressSync(PRECOMPRESSED_SOURCE));
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PRECOMPRESSED_SOURCE);
  });

  it('falls back to index.html for client routes', async () => {
    const response = await app.inject({ url: '/admin/users/123?tab=vehicles', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('keeps real 404s for unknown API paths and missing files', async () => {
    const api = await app.inject({ url: '/backend/x' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await app.inject({ url: '/assets/missing-file.js' })).statusCode).toBe(404);
  });
});

// The page carries the shop's branding and the screen's preload links, read for each request (start-page.ts).
// Against a database of its own: the test creates and changes ACTIVE branding, which the shared one must keep.
describe('the page written per request (branding and preloads)', () => {
  const name = `garage_start_page_${randomUUID().slice(0, 8)}`;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'garage-dist-'));
  let db: Db;
  let app: App;
  const bootData = (html: string) => {
    const match = html.match(/<script type="application\/json" id="boot-data">(.*?)<\/script>/s);
    return match ? (JSON.parse(match[1]!) as BootData) : null;
  };
  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    await testDb().$executeRawUnsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    await migrateDatabase(url.toString());
    db = createDb(url.toString(), { poolSize: 4 });
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Garage</title></head><body><div id="root"></div></body></html>',
    );
    const preloads = {
      '/login': {
        en: ['/assets/login-page-1.js', '/assets/common-en.js', '/assets/inter-latin-wght-normal-1.woff2'],
        fr: ['/assets/login-page-1.js', '/assets/common-fr.js', '/assets/inter-latin-wght-normal-1.woff2'],
        ar: ['/assets/login-page-1.js', '/assets/common-ar.js', '/assets/cairo-arabic-wght-normal-1.woff2'],
      },
    };
    writeFileSync(path.join(dist, '.vite', 'start-preloads.json'), JSON.stringify(preloads));
    const deps = testDeps({ db });
    app = await buildApp({ ...deps, config: { ...deps.config, NODE_ENV: 'production', WEB_DIST_DIR: dist } }, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    await db.$disconnect();
    await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the page without branding before there is a shop', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(bootData(response.body)).toBeNull();
  });

  it("writes the shop and the starting language's active branding into the page, read at each request", async () => {
    const { id: merchantId } = await ensureMerchant(db);
    const hero = await db.branding.create({
      data: {
        merchantId,
        type: 'HERO',
        language: 'fr',
        status: 'ACTIVE',
        fields: [{ key: 'heroTitle', value: 'Garage <b>&</b> </script> fiable' }],
      },
    });
    await db.branding.create({
      data: { merchantId, type: 'HERO', language: 'en', status: 'DRAFT', fields: [{ key: 'heroTitle', value: 'Draft' }] },
    });

    const first = await page('/', { 'accept-language': 'de-DE,fr;q=0.8,en;q=0.5' });
    const data = bootData(first.body);
    expect(data).toMatchObject({ language: 'fr', merchant: { id: merchantId, name: 'garage' } });
    // What the branding and merchant requests answer, so the web app can use it in their place.
    const [branding, merchant] = await Promise.all([
      app.inject('/backend/merchant/fetch-branding?lan=fr'),
      app.inject('/backend/merchant/fetch-merchant'),
    ]);
    expect(data?.branding).toEqual(branding.json());
    expect(data?.merchant).toEqual(merchant.json().merchant);
    // Typed text cannot close the data block.
    expect(first.body).not.toContain('</script> fiable');

    await db.branding.update({ where: { id: hero.id }, data: { fields: [{ key: 'heroTitle', value: 'Nouveau titre' }] } });
    const next = bootData((await page('/admin/visits', { 'accept-language': 'fr' })).body);
    expect(next?.branding.find((entry) => entry.id === hero.id)?.fields).toEqual([{ key: 'heroTitle', value: 'Nouveau titre' }]);

    // Only ACTIVE entries of the page's language (and the common ones).
    const english = bootData((await page('/', { 'accept-language': 'en-US' })).body);
    expect(english?.language).toBe('en');
    expect(english?.branding).toEqual([]);
  });

  it('starts in the language the visitor chose (its cookie), else the browser languages, else the fallback', async () => {
    expect(bootData((await page('/', { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=ar` })).body)?.language).toBe('ar');
    expect(bootData((await page('/', { 'accept-language': 'de, es;q=0.9' })).body)?.language).toBe(FALLBACK_LANGUAGE);
  });

  it("announces the screen's code, translations and fonts for that path and language", async () => {
    const french = (await page('/login', { 'accept-language': 'fr' })).body;
    expect(french).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin-wght-normal-1.woff2">' +
        '<link rel="modulepreload" crossorigin href="/assets/login-page-1.js"><link rel="modulepreload" crossorigin href="/assets/common-fr.js"></head>',
    );
    expect(french).not.toContain('common-en.js');
    const arabic = (await page('/login', { 'accept-language': 'ar' })).body;
    expect(arabic).toContain('href="/assets/cairo-arabic-wght-normal-1.woff2"');
    expect(arabic).not.toContain('inter-latin');
    expect((await page('/login?next=%2Fadmin', { 'accept-language': 'en' })).body).toContain('/assets/common-en.js');
    expect((await page('/', { 'accept-language': 'en' })).body).not.toContain('modulepreload');
  });
});

// The start screens the web build draws on the server (apps/web/src/server-render.tsx), here a stand-in module
// at the same place in the dist directory: the page carries the drawing and loads the app after its paint.
describe('start screens drawn on the server', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'garage-dist-'));
  let app: App;
  // The built index.html's shape (apps/web/index.html after vite build).
  const template =
    '<!doctype html>\n<html lang="en" dir="ltr">\n<head><title>Garage</title>' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">' +
    '<link rel="modulepreload" crossorigin href="/assets/web-1.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/web-1.css"></head>\n<body>' +
    '<div id="root"><div id="boot-screen" aria-busy="true"><span></span></div></div></body></html>';
  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { accept: 'text/html', ...headers } });
  const dataBlock = (html: string, id: string) => {
    const match = html.match(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's'));
    return match ? JSON.parse(match[1]!) : null;
  };

  beforeAll(async () => {
    await ensureMerchant(testDb());
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, '.server'));
    writeFileSync(path.join(dist, 'index.html'), template);
    writeFileSync(path.join(dist, 'boot.js'), 'requestAnimationFrame(() => {});');
    const preloads = {
      '/login': {
        en: ['/assets/login-page-1.js', '/assets/auth-en.js', '/assets/inter-1.woff2'],
        fr: [],
        ar: ['/assets/login-page-1.js', '/assets/cairo-1.woff2'],
      },
      '/broken': { en: ['/assets/broken-1.js'], fr: [], ar: [] },
    };
    writeFileSync(path.join(dist, '.vite', 'start-preloads.json'), JSON.stringify(preloads));
    writeFileSync(
      path.join(dist, '.server', 'server-render.js'),
      `export async function drawStartScreen(path, boot) {
        if (path === '/broken') throw new Error('drawing failed');
        if (path !== '/login') return null;
        return { html: '<main><h1>' + boot.language + ' $& $1</h1></main>', cssVariables: { '--brand-600': '#123456', '--brand-font-family': '"Odd" <Font>' } };
      }`,
    );
    const deps = testDeps();
    app = await buildApp({ ...deps, config: { ...deps.config, NODE_ENV: 'production', WEB_DIST_DIR: dist } }, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the drawing in #root, with language, direction and theme on <html>, and loads the app after the paint', async () => {
    const html = (await page('/login', { 'accept-language': 'ar' })).body;
    // "$&" and "$1" in a drawing are text, not replacement patterns.
    expect(html).toContain('<div id="root" data-server-drawn><main><h1>ar $& $1</h1></main></div>');
    expect(html).not.toContain('boot-screen');
    expect(html).toContain('<html lang="ar" dir="rtl" style="--brand-600: #123456; --brand-font-family: &quot;Odd&quot; &lt;Font&gt;">');
    // The entry is boot.js; the app's entry and every script it needs wait in the list boot.js reads.
    expect(html).toContain('<script type="module" src="/boot.js"></script>');
    expect(html).not.toMatch(/modulepreload|index-1\.js"><\/script>/);
    expect(dataBlock(html, 'late-preloads')).toEqual({
      entry: '/assets/index-1.js',
      preloads: ['/assets/vendor-1.js', '/assets/web-1.js', '/assets/login-page-1.js'],
    });
    // The stylesheet and the font are needed for that paint: they stay in the head.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/web-1.css">');
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/cairo-1.woff2"></head>');
    expect(dataBlock(html, 'boot-data')?.language).toBe('ar');
  });

  it('sends boot.js with the lean headers of a script, revalidated (it has no hash)', async () => {
    const response = await app.inject('/boot.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect((await app.inject({ url: '/boot.js', headers: { 'if-none-match': String(response.headers.etag) } })).statusCode).toBe(304);
  });

  it('sends the usual page where nothing is drawn, or the drawing fails', async () => {
    for (const url of ['/admin/visits', '/broken']) {
      const response = await page(url, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"><div id="boot-screen" aria-busy="true"><span></span></div></div>');
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(response.body).not.toContain('late-preloads');
    }
    expect((await page('/broken', { 'accept-language': 'en' })).body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/broken-1.js">',
    );
  });

  it('sends the page dark to a visitor with dark mode on (its cookie), drawn or not', async () => {
    expect((await page('/login', { 'accept-language': 'en', cookie: 'dark=1' })).body).toMatch(
      /<html lang="en" dir="ltr" style="[^"]*" class="dark">/,
    );
    expect((await page('/admin/visits', { cookie: 'dark=1' })).body).toContain('<html lang="en" dir="ltr" class="dark">');
    expect((await page('/admin/visits', { cookie: 'dark=0' })).body).toContain('<html lang="en" dir="ltr">');
  });

  it('signs in from the drawn sign-in form sent before the app started, the password nowhere (login-form.test.ts)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'garage.test', origin: 'http://garage.test' },
      payload: 'identifier=nobody-here&password=Secret%231',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?error=invalidCredentials&identifier=nobody-here');
    expect(response.body).not.toContain('Secret');
  });
});
