import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helpers.ts';

describe('app shell', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('reports database reachability on /backend/health', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const url of ['/backend/health', '/backend/x']) {
      const { headers } = await app.inject({ method: 'GET', url });
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-src 'self' https://www.openstreetmap.org");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('answers unknown /backend paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/x' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('serves an OpenAPI 3.1 document that lists the REST operations', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/backend/health', '/backend/merchant/fetch-branding']));
  });

  it('renders the API docs page', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/docs/' });
    expect([200, 302]).toContain(response.statusCode);
    const page = response.statusCode === 302 ? await app.inject({ method: 'GET', url: response.headers.location as string }) : response;
    expect(page.body).toContain('swagger');
  });

  it('rejects a malformed query with the field at fault', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?status=NOPE' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { status: expect.any(Array) } });
  });
});
