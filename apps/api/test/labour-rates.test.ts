// Labour rates: staff read them (the line editor), admins change them; among the rates in use exactly one is
// the default. Other test files create rates too (never defaults), so these tests check the rule itself
// (one default) rather than counting rates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let admin: Awaited<ReturnType<typeof signedIn>>;
let employee: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedIn('ADMIN');
  employee = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const create = async (payload: Record<string, unknown>) => {
  const response = await app.inject({
    method: 'POST',
    url: '/backend/labour-rates',
    headers: admin.authHeader,
    payload: { name: `Mechanical ${uniqueSuffix()}`, rateCents: 6_000, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; isDefault: boolean; [key: string]: unknown };
};
const defaults = () => testDb().labourRate.findMany({ where: { isDefault: true, archivedAt: null }, select: { id: true } });
const patch = (id: string, payload: object, headers = admin.authHeader) =>
  app.inject({ method: 'PATCH', url: `/backend/labour-rates/${id}`, headers, payload });

describe('labour rates', () => {
  it('exactly one default: a new default unsets the old one; a rate added without it is not the default', async () => {
    const first = await create({ isDefault: true });
    expect(first.isDefault).toBe(true);
    expect(await defaults()).toEqual([{ id: first.id }]);
    const second = await create({ isDefault: false });
    expect(second.isDefault).toBe(false);
    expect(await defaults()).toEqual([{ id: first.id }]);

    const promoted = await patch(second.id, { isDefault: true });
    expect(promoted.json()).toMatchObject({ id: second.id, isDefault: true });
    expect(await defaults()).toEqual([{ id: second.id }]);
    // Renaming the default leaves it the default.
    expect((await patch(second.id, { name: 'Diagnostics' })).json()).toMatchObject({ name: 'Diagnostics', isDefault: true });

    const list = await app.inject({ method: 'GET', url: '/backend/labour-rates', headers: employee.authHeader });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ id: second.id, isDefault: true });
  });

  it('the default cannot be archived while another rate is in use; another rate can', async () => {
    const standard = await create({ isDefault: true });
    const other = await create({});
    const refused = await app.inject({
      method: 'PATCH',
      url: `/backend/labour-rates/${standard.id}/archived`,
      headers: admin.authHeader,
      payload: { archived: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageCode).toBe('inventory.onlyDefaultRate');
    expect((await testDb().labourRate.findUniqueOrThrow({ where: { id: standard.id } })).archivedAt).toBeNull();

    const archived = await admin.caller.labourRates.setArchived({ id: other.id, archived: true });
    expect(archived.archivedAt).not.toBeNull();
    const listed = await employee.caller.labourRates.list({ includeArchived: false });
    expect(listed.map((rate) => rate.id)).not.toContain(other.id);
    expect((await employee.caller.labourRates.list({ includeArchived: true })).map((rate) => rate.id)).toContain(other.id);
    // An archived rate cannot become the default.
    const archivedDefault = await patch(other.id, { isDefault: true });
    expect(archivedDefault.statusCode).toBe(409);
    expect(archivedDefault.json().messageCode).toBe('inventory.labourRateArchived');
  });

  it('unsetting or deleting the default hands it to another rate in use', async () => {
    const current = await create({ isDefault: true });
    await create({});
    const unset = await patch(current.id, { isDefault: false });
    expect(unset.json().isDefault).toBe(false);
    const [next] = await defaults();
    expect(next).toBeDefined();
    expect((await defaults()).length).toBe(1);

    const again = await create({ isDefault: true });
    expect((await app.inject({ method: 'DELETE', url: `/backend/labour-rates/${again.id}`, headers: admin.authHeader })).statusCode).toBe(
      200,
    );
    expect(await testDb().labourRate.findUnique({ where: { id: again.id } })).toBeNull();
    const after = await defaults();
    expect(after).toHaveLength(1);
    expect(after[0]?.id).not.toBe(again.id);
  });

  it('validates rates with the field named; employees may not change rates', async () => {
    const negative = await app.inject({
      method: 'POST',
      url: '/backend/labour-rates',
      headers: admin.authHeader,
      payload: { name: 'Body', rateCents: -1 },
    });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json().fieldErrors)).toEqual(['rateCents']);
    const noName = await app.inject({
      method: 'POST',
      url: '/backend/labour-rates',
      headers: admin.authHeader,
      payload: { rateCents: 100 },
    });
    expect(Object.keys(noName.json().fieldErrors)).toEqual(['name']);
    const rate = await create({});
    expect((await patch(rate.id, { rateCents: 1 }, employee.authHeader)).statusCode).toBe(403);
    expect((await testDb().labourRate.findUniqueOrThrow({ where: { id: rate.id } })).rateCents).toBe(6_000);
    const missing = await patch('0190a3c5-0000-7000-8000-00000000dead', { rateCents: 1 });
    expect(missing.statusCode).toBe(404);
  });
});
