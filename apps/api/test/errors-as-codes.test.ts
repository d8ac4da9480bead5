// Errors travel as codes: every error body carries messageCode + params (and fieldErrorCodes beside the English
// fieldErrors), so clients render them in their own language without reading the English back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, uniqueSuffix } from './helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('errors as codes', () => {
  it('a REST 409 names its message code and the field it concerns', async () => {
    const admin = await createTestUser('ADMIN');
    const name = `Brand ${uniqueSuffix()}`;
    const create = () =>
      app.inject({ method: 'POST', url: '/backend/static-data', headers: admin.authHeader, payload: { type: 'BRAND', name } });
    expect((await create()).statusCode).toBe(201);
    const clash = await create();
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'This name already exists for this type',
      messageCode: 'staticData.nameTaken',
      params: {},
      fieldErrors: { name: ['This name already exists for this type'] },
      fieldErrorCodes: { name: [{ code: 'staticData.nameTaken', params: {} }] },
    });
  });

  it('a REST validation 400 gives each field its validation code and parameters', async () => {
    const admin = await createTestUser('ADMIN');
    const response = await app.inject({
      method: 'POST',
      url: '/backend/static-data',
      headers: admin.authHeader,
      payload: { type: 'BRAND', name: '' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION', messageCode: 'required', params: { fieldName: 'name' } });
    expect(body.fieldErrors.name).toEqual(['Name is required']);
    expect(body.fieldErrorCodes.name).toEqual([{ code: 'required', params: { fieldName: 'name' } }]);
  });

  it("zod's own English messages become the generic `invalid` code", async () => {
    const admin = await createTestUser('ADMIN');
    const response = await app.inject({
      method: 'POST',
      url: '/backend/static-data',
      headers: admin.authHeader,
      payload: { type: 'BRAND', name: 'Nova', labels: { fr: 42 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrorCodes['labels.fr']).toEqual([{ code: 'invalid', params: { fieldName: 'fr' } }]);
    expect(response.json().fieldErrors['labels.fr']).toEqual(['Fr is invalid']);
  });

  it('a tRPC validation error carries the same codes in error.data', async () => {
    const admin = await createTestUser('ADMIN');
    const response = await app.inject({
      method: 'POST',
      url: '/backend/trpc/staticData.create',
      headers: { ...admin.authHeader, 'content-type': 'application/json' },
      payload: { type: 'BRAND', name: '' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe('Name is required');
    expect(error.data).toMatchObject({
      appCode: 'VALIDATION',
      messageCode: 'required',
      params: { fieldName: 'name' },
      fieldErrors: { name: ['Name is required'] },
      fieldErrorCodes: { name: [{ code: 'required', params: { fieldName: 'name' } }] },
    });
  });

  it('a route that does not exist and a malformed JSON body answer with codes too', async () => {
    const missing = await app.inject({ method: 'GET', url: '/backend/no-such-route?x=1' });
    expect(missing.json()).toMatchObject({
      statusCode: 404,
      messageCode: 'transport.routeNotFound',
      params: { method: 'GET', path: '/backend/no-such-route' },
    });
    const badJson = await app.inject({
      method: 'POST',
      url: '/backend/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ messageCode: 'transport.badJson', message: 'The request body is not valid JSON', params: {} });
  });
});
