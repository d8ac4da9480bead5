// Suppliers: staff read them, admins change them (named field errors, partial updates); archiving hides them;
// one with orders cannot be deleted, one without leaves its parts without a preferred supplier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { createPart, uniqueWord } from './parts-fixtures.ts';
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

const createSupplier = async (payload: Record<string, unknown> = {}) => {
  const response = await app.inject({
    method: 'POST',
    url: '/backend/suppliers',
    headers: admin.authHeader,
    payload: { name: `Autoparts ${uniqueWord()}`, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const list = async (query: string, headers = employee.authHeader) =>
  (await app.inject({ method: 'GET', url: `/backend/suppliers?${query}`, headers })).json();

describe('suppliers', () => {
  it('an admin adds a supplier with its contacts; staff read it; an employee may not change it', async () => {
    const supplier = await createSupplier({
      contactName: 'Karim Benali',
      email: 'sales@autoparts.example',
      phone: '+212 522 000 000',
      accountNumber: 'GARAGE-42',
      leadTimeDays: 3,
      notes: 'Closed on Fridays',
    });
    expect(supplier).toMatchObject({ contactName: 'Karim Benali', leadTimeDays: 3, partCount: 0, archivedAt: null });
    const read = await app.inject({ method: 'GET', url: `/backend/suppliers/${supplier.id}`, headers: employee.authHeader });
    expect(read.json()).toEqual(supplier);
    expect(await employee.caller.suppliers.get({ id: supplier.id })).toEqual(supplier);
    const byEmployee = await app.inject({
      method: 'POST',
      url: '/backend/suppliers',
      headers: employee.authHeader,
      payload: { name: 'Not allowed' },
    });
    expect(byEmployee.statusCode).toBe(403);
    const missing = await app.inject({
      method: 'GET',
      url: '/backend/suppliers/0190a3c5-0000-7000-8000-00000000dead',
      headers: admin.authHeader,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messageCode).toBe('missing.supplier');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'A', email: 'not-an-email' }, 'email'],
    [{ name: 'A', leadTimeDays: -1 }, 'leadTimeDays'],
    [{ name: 'A', leadTimeDays: 1.5 }, 'leadTimeDays'],
    [{ name: 'x'.repeat(121) }, 'name'],
  ])('refuses %j, naming the field', async (payload, field) => {
    const response = await app.inject({ method: 'POST', url: '/backend/suppliers', headers: admin.authHeader, payload });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual([field]);
  });

  it('an update changes only what it is sent; null and "" clear', async () => {
    const supplier = await createSupplier({ email: 'a@b.example', phone: '0600000000', leadTimeDays: 5 });
    const response = await app.inject({
      method: 'PATCH',
      url: `/backend/suppliers/${supplier.id}`,
      headers: admin.authHeader,
      payload: { email: '', leadTimeDays: null, notes: 'Ask for Sami' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: supplier.name,
      phone: '0600000000',
      email: null,
      leadTimeDays: null,
      notes: 'Ask for Sami',
    });
  });

  it('lists by name with a search over name, contact, email and account number, and counts the parts', async () => {
    const word = uniqueWord();
    const byName = await createSupplier({ name: `Zeta ${word}` });
    const byContact = await createSupplier({ name: `Alpha ${uniqueWord()}`, contactName: `Mr ${word}` });
    await createPart(app, admin.authHeader, { supplierId: byName.id });
    await createPart(app, admin.authHeader, { supplierId: byName.id });
    const page = await list(`search=${word}`);
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([byContact.id, byName.id]);
    expect(page.items[1].partCount).toBe(2);
    expect(page.total).toBe(2);
  });

  it('archived suppliers are hidden unless asked for, and come back when restored', async () => {
    const word = uniqueWord();
    const supplier = await createSupplier({ name: `Archived ${word}` });
    const archived = await app.inject({
      method: 'PATCH',
      url: `/backend/suppliers/${supplier.id}/archived`,
      headers: admin.authHeader,
      payload: { archived: true },
    });
    expect(archived.json().archivedAt).not.toBeNull();
    expect((await list(`search=${word}`)).items).toEqual([]);
    expect((await list(`search=${word}&includeArchived=true`)).items.map((item: { id: string }) => item.id)).toEqual([supplier.id]);
    await admin.caller.suppliers.setArchived({ id: supplier.id, archived: false });
    expect((await list(`search=${word}`)).total).toBe(1);
  });

  it('deletes a supplier without orders (its parts keep going without one); refuses one with orders (409)', async () => {
    const supplier = await createSupplier();
    const part = await createPart(app, admin.authHeader, { supplierId: supplier.id });
    const deleted = await app.inject({ method: 'DELETE', url: `/backend/suppliers/${supplier.id}`, headers: admin.authHeader });
    expect(deleted.statusCode).toBe(200);
    expect(await testDb().supplier.findUnique({ where: { id: supplier.id } })).toBeNull();
    expect((await testDb().part.findUniqueOrThrow({ where: { id: part.id } })).supplierId).toBeNull();

    const ordering = await createSupplier();
    await testDb().purchaseOrder.create({ data: { number: `T-${uniqueSuffix()}`, supplierId: ordering.id } });
    const refused = await app.inject({ method: 'DELETE', url: `/backend/suppliers/${ordering.id}`, headers: admin.authHeader });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageCode).toBe('inventory.supplierInUse');
    expect(await testDb().supplier.findUnique({ where: { id: ordering.id } })).not.toBeNull();
  });
});
