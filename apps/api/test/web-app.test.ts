// Production mode: the API process serves the built web app on the same port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildApp } from '../src/app.ts';
import { testDeps } from './helpers.ts';

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
