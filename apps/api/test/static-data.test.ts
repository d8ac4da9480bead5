import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDeps, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe('static data', () => {
  let app: App;
  let employee: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, actor = employee) =>
    app.inject({ method, url: `/backend${url}`, headers: actor.authHeader, ...(payload ? { payload } : {}) });

  it('creates, lists by type, renames and removes an entry', async () => {
    const name = `Teal ${uniqueSuffix()}`;
    const created = await request('POST', '/static-data', { name, type: 'COLOR' });
    expect(created.statusCode).toBe(201);
    const entry = created.json();
    expect(entry).toMatchObject({ name, type: 'COLOR' });

    const colors = (await request('GET', '/static-data?type=COLOR')).json();
    expect(colors.map((item: { id: string }) => item.id)).toContain(entry.id);
    expect(colors.every((item: { type: string }) => item.type === 'COLOR')).toBe(true);

    const renamed = await request('PUT', `/static-data/${entry.id}`, { name: `${name} dark`, type: 'COLOR' });
    expect(renamed.json().name).toBe(`${name} dark`);

    expect((await request('DELETE', `/static-data/${entry.id}`)).json()).toEqual({ id: entry.id });
    expect((await request('DELETE', `/static-data/${entry.id}`)).statusCode).toBe(404);
  });

  it('requires name and type', async () => {
    const response = await request('POST', '/static-data', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ name: ['Name is required'], type: ['Type is required'] });
  });

  it('refuses a duplicate name within a type (any case), but allows it in another type', async () => {
    const name = `Nova ${uniqueSuffix()}`;
    expect((await request('POST', '/static-data', { name, type: 'BRAND' })).statusCode).toBe(201);
    const clash = await request('POST', '/static-data', { name: name.toUpperCase(), type: 'BRAND' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ name: ['This name already exists for this type'] });
    expect((await request('POST', '/static-data', { name, type: 'OIL_TYPE' })).statusCode).toBe(201);
  });

  it('keeps a label per language: blank ones dropped, left out on update means unchanged', async () => {
    const name = `Pearl ${uniqueSuffix()}`;
    const created = await request('POST', '/static-data', { name, type: 'COLOR', labels: { fr: 'Nacré', ar: 'لؤلؤي', en: '  ' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().labels).toEqual({ fr: 'Nacré', ar: 'لؤلؤي' });

    // A caller from before labels existed (name and type only) keeps them.
    const renamed = await request('PUT', `/static-data/${created.json().id}`, { name: `${name} white`, type: 'COLOR' });
    expect(renamed.json()).toMatchObject({ name: `${name} white`, labels: { fr: 'Nacré', ar: 'لؤلؤي' } });

    // Sent, they replace the old ones.
    const relabelled = await request('PUT', `/static-data/${created.json().id}`, {
      name: `${name} white`,
      type: 'COLOR',
      labels: { ar: 'أبيض لؤلؤي' },
    });
    expect(relabelled.json().labels).toEqual({ ar: 'أبيض لؤلؤي' });
    const listed = (await request('GET', '/static-data?type=COLOR')).json().find((item: { id: string }) => item.id === created.json().id);
    expect(listed.labels).toEqual({ ar: 'أبيض لؤلؤي' });

    const tooLong = await request('POST', '/static-data', {
      name: `Long ${uniqueSuffix()}`,
      type: 'COLOR',
      labels: { fr: 'x'.repeat(101) },
    });
    expect(tooLong.statusCode).toBe(400);
    const unknown = await request('POST', '/static-data', { name: `Odd ${uniqueSuffix()}`, type: 'COLOR', labels: { de: 'Weiß' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('behaves the same over tRPC; changes are staff only, the lists are readable by any signed-in account', async () => {
    const caller = createCaller(createContextInner(testDeps(), { userId: employee.user.id, roles: ['EMPLOYEE'] }));
    const created = await caller.staticData.create({ name: `Biturbo ${uniqueSuffix()}`, type: 'ENGINE_TYPE' });
    expect((await caller.staticData.list({ type: 'ENGINE_TYPE' })).map((item) => item.id)).toContain(created.id);
    await expect(caller.staticData.create({ name: created.name, type: 'ENGINE_TYPE' })).rejects.toMatchObject({ code: 'CONFLICT' });

    const client = await createTestUser('CLIENT');
    // One definition for both doors: REST reads the lists as tRPC does; writing them stays staff only.
    const restList = await request('GET', '/static-data?type=ENGINE_TYPE', undefined, client);
    expect(restList.statusCode).toBe(200);
    expect(restList.json().map((item: { id: string }) => item.id)).toContain(created.id);
    expect((await request('POST', '/static-data', { name: `Other ${uniqueSuffix()}`, type: 'ENGINE_TYPE' }, client)).statusCode).toBe(403);
    const clientCaller = createCaller(createContextInner(testDeps(), { userId: client.user.id, roles: ['CLIENT'] }));
    // The client portal shows a vehicle's colour and engine type with their labels.
    expect((await clientCaller.staticData.list({ type: 'ENGINE_TYPE' })).map((item) => item.id)).toContain(created.id);
    await expect(clientCaller.staticData.create({ name: `Other ${uniqueSuffix()}`, type: 'ENGINE_TYPE' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
