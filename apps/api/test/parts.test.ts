// The parts catalogue over REST and tRPC: admin changes with named field errors, unique part numbers and
// barcodes, search (part of a name, number or brand; a barcode whole, exact part first), stock figures and
// the low-stock flag, archiving, deleting only unused parts, costs for admins only, and the markup bands.
import { partPageSchema, partSellingPriceCents, partViewSchema, type MarkupBand } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { createPart, getPart, newBarcode, orderOf, partLine, partPayload, receive, uniqueWord } from './parts-fixtures.ts';
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

const list = async (query: string, headers = admin.authHeader) => {
  const response = await app.inject({ method: 'GET', url: `/backend/parts?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: { id: string; [key: string]: unknown }[]; total: number };
};
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('creating and changing parts', () => {
  it('an admin creates a part; its view has the figures in the unit and the selling price', async () => {
    const barcode = newBarcode();
    const part = await createPart(app, admin.authHeader, {
      unit: 'LITRE',
      reorderPoint: 2.5,
      reorderQuantity: 10,
      barcode,
      binLocation: 'A-3',
    });
    expect(part).toMatchObject({
      unit: 'LITRE',
      barcode,
      costCents: 450,
      priceCents: 900,
      sellingPriceCents: 900,
      onHand: 0,
      reserved: 0,
      available: 0,
      onOrder: 0,
      reorderPoint: 2.5,
      reorderQuantity: 10,
      binLocation: 'A-3',
      lowStock: true,
      supplier: null,
      archivedAt: null,
    });
    const row = await testDb().part.findUniqueOrThrow({ where: { id: part.id } });
    expect(row).toMatchObject({ reorderPointMilli: 2500, reorderQuantityMilli: 10_000, onHandMilli: 0 });
  });

  it('an employee reads parts without their cost and may not create or change them', async () => {
    const part = await createPart(app, admin.authHeader);
    expect((await getPart(app, employee.authHeader, part.id)).costCents).toBeNull();
    expect((await getPart(app, admin.authHeader, part.id)).costCents).toBe(450);
    expect((await employee.caller.parts.get({ id: part.id })).costCents).toBeNull();
    const page = await list(`search=${encodeURIComponent(part.partNumber)}`, employee.authHeader);
    expect(page.items.map((item) => item.costCents)).toEqual([null]);
    const created = await app.inject({ method: 'POST', url: '/backend/parts', headers: employee.authHeader, payload: partPayload() });
    expect(created.statusCode).toBe(403);
    const changed = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${part.id}`,
      headers: employee.authHeader,
      payload: { name: 'X' },
    });
    expect(changed.statusCode).toBe(403);
    expect((await testDb().part.findUniqueOrThrow({ where: { id: part.id } })).name).toBe(part.name);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ partNumber: '  ' }, 'partNumber'],
    [{ barcode: '4006381333932' }, 'barcode'],
    [{ costCents: -1 }, 'costCents'],
    [{ priceCents: 12.5 }, 'priceCents'],
    [{ unit: 'GALLON' }, 'unit'],
    [{ reorderPoint: -1 }, 'reorderPoint'],
    [{ supplierId: 'not-an-id' }, 'supplierId'],
  ])('refuses %j, naming the field', async (overrides, field) => {
    const response = await app.inject({
      method: 'POST',
      url: '/backend/parts',
      headers: admin.authHeader,
      payload: partPayload(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it("refuses quantities with more decimals than the part's unit, naming the field and the decimals", async () => {
    const pieces = await app.inject({
      method: 'POST',
      url: '/backend/parts',
      headers: admin.authHeader,
      payload: partPayload({ unit: 'PIECE', reorderPoint: 1.5 }),
    });
    expect(pieces.statusCode).toBe(400);
    expect(pieces.json().fieldErrorCodes.reorderPoint).toEqual([{ code: 'inventory.quantityDecimals', params: { decimals: 0 } }]);
    const litres = await createPart(app, admin.authHeader, { unit: 'LITRE', reorderQuantity: 0.25 });
    expect(litres.reorderQuantity).toBe(0.25);
    // Switching a part without history to pieces checks the stored figures too.
    const toPieces = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${litres.id}`,
      headers: admin.authHeader,
      payload: { unit: 'PIECE' },
    });
    expect(toPieces.statusCode).toBe(400);
    expect(toPieces.json().fieldErrorCodes.reorderQuantity[0].code).toBe('inventory.quantityDecimals');
  });

  it('part numbers and barcodes are unique: 409 naming the field, on create and on update', async () => {
    const barcode = newBarcode();
    const first = await createPart(app, admin.authHeader, { barcode });
    const sameNumber = await app.inject({
      method: 'POST',
      url: '/backend/parts',
      headers: admin.authHeader,
      payload: partPayload({ partNumber: first.partNumber }),
    });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toMatchObject({ messageCode: 'inventory.partNumberTaken' });
    expect(Object.keys(sameNumber.json().fieldErrors)).toEqual(['partNumber']);
    const sameBarcode = await app.inject({
      method: 'POST',
      url: '/backend/parts',
      headers: admin.authHeader,
      payload: partPayload({ barcode }),
    });
    expect(sameBarcode.statusCode).toBe(409);
    expect(sameBarcode.json()).toMatchObject({ messageCode: 'inventory.barcodeTaken' });
    expect(Object.keys(sameBarcode.json().fieldErrors)).toEqual(['barcode']);

    const second = await createPart(app, admin.authHeader);
    const renumbered = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${second.id}`,
      headers: admin.authHeader,
      payload: { partNumber: first.partNumber },
    });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json().messageCode).toBe('inventory.partNumberTaken');
    const rescanned = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${second.id}`,
      headers: admin.authHeader,
      payload: { barcode },
    });
    expect(rescanned.json().messageCode).toBe('inventory.barcodeTaken');
  });

  it('an update changes only what it is sent; "" and null clear optional texts', async () => {
    const supplier = await testDb().supplier.create({ data: { name: `Filters & co ${uniqueSuffix()}` } });
    const part = await createPart(app, admin.authHeader, { supplierId: supplier.id, notes: 'Fragile' });
    expect(part.supplier).toEqual({ id: supplier.id, name: supplier.name });
    const response = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${part.id}`,
      headers: admin.authHeader,
      payload: { name: 'Cabin filter', brand: '', notes: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Cabin filter',
      brand: null,
      notes: null,
      partNumber: part.partNumber,
      costCents: 450,
      supplier: { id: supplier.id },
    });
    const missingSupplier = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${part.id}`,
      headers: admin.authHeader,
      payload: { supplierId: '0190a3c5-0000-7000-8000-00000000dead' },
    });
    expect(missingSupplier.statusCode).toBe(404);
    expect(Object.keys(missingSupplier.json().fieldErrors)).toEqual(['supplierId']);
  });

  it('the unit of a part with stock movements cannot change (409 inventory.unitInUse)', async () => {
    const part = await createPart(app, admin.authHeader, { unit: 'PIECE' });
    const before = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${part.id}`,
      headers: admin.authHeader,
      payload: { unit: 'SET' },
    });
    expect(before.statusCode).toBe(200);
    expect((await receive(app, admin.authHeader, part.id, 2)).statusCode).toBe(200);
    const after = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${part.id}`,
      headers: admin.authHeader,
      payload: { unit: 'LITRE' },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({
      messageCode: 'inventory.unitInUse',
      fieldErrorCodes: { unit: [{ code: 'inventory.unitInUse' }] },
    });
    expect((await testDb().part.findUniqueOrThrow({ where: { id: part.id } })).unit).toBe('SET');
  });
});

describe('finding parts', () => {
  it('search finds a part by any part of its name, number or brand, in any case, and by its whole barcode', async () => {
    const word = uniqueWord();
    const barcode = newBarcode();
    const part = await createPart(app, admin.authHeader, {
      partNumber: `BP-${word.toUpperCase()}-77`,
      name: `Front brake pads ${word}`,
      brand: `Brembo${word}`,
      barcode,
    });
    for (const search of [word.slice(1, 6), `BP-${word.slice(0, 4)}`, `brembo${word}`.toUpperCase(), `pads ${word}`, barcode]) {
      expect(ids(await list(`search=${encodeURIComponent(search)}`)), search).toContain(part.id);
    }
    expect(ids(await list(`search=${encodeURIComponent(`${word}zzz`)}`))).toEqual([]);
    // A barcode is matched whole, not by a part of it.
    expect(ids(await list(`search=${barcode.slice(0, 9)}`))).not.toContain(part.id);
  });

  it('the exact part (scanned barcode, typed part number) comes before parts that merely contain it', async () => {
    const barcode = newBarcode();
    const word = uniqueWord();
    // Sorted by name this one would be last; it is the part the barcode names.
    const exact = await createPart(app, admin.authHeader, { name: `Zz wiper ${word}`, barcode });
    const containing = await createPart(app, admin.authHeader, { name: `Aa wiper ${word}`, partNumber: `X${barcode}` });
    expect(ids(await list(`search=${barcode}`))).toEqual([exact.id, containing.id]);
    const byNumber = await list(`search=${encodeURIComponent(containing.partNumber)}`);
    expect(ids(byNumber)[0]).toBe(containing.id);
  });

  it('by barcode: the part, 404 for an unknown code, 400 for a code that is not one', async () => {
    const barcode = newBarcode();
    const part = await createPart(app, admin.authHeader, { barcode });
    const found = await app.inject({ method: 'GET', url: `/backend/parts/barcode/${barcode}`, headers: employee.authHeader });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: part.id, costCents: null });
    expect((await admin.caller.parts.byBarcode({ barcode })).id).toBe(part.id);
    let unknown = newBarcode();
    while (unknown === barcode) unknown = newBarcode();
    const missing = await app.inject({ method: 'GET', url: `/backend/parts/barcode/${unknown}`, headers: employee.authHeader });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messageCode).toBe('missing.part');
    const invalid = await app.inject({ method: 'GET', url: '/backend/parts/barcode/12345', headers: employee.authHeader });
    expect(invalid.statusCode).toBe(400);
  });

  it('filters by category and supplier; archived parts only when asked; categories lists those in use', async () => {
    const category = `Cat ${uniqueWord()}`;
    const supplier = await testDb().supplier.create({ data: { name: `Supplier ${uniqueSuffix()}` } });
    const kept = await createPart(app, admin.authHeader, { category, supplierId: supplier.id });
    const other = await createPart(app, admin.authHeader, { category });
    const archived = await createPart(app, admin.authHeader, { category, supplierId: supplier.id });
    const archiving = await app.inject({
      method: 'PATCH',
      url: `/backend/parts/${archived.id}/archived`,
      headers: admin.authHeader,
      payload: { archived: true },
    });
    expect(archiving.statusCode).toBe(200);
    expect(archiving.json().archivedAt).not.toBeNull();
    const byCategory = await list(`category=${encodeURIComponent(category)}&pageSize=50`);
    expect(new Set(ids(byCategory))).toEqual(new Set([kept.id, other.id]));
    expect(byCategory.total).toBe(2);
    expect(ids(await list(`supplierId=${supplier.id}`))).toEqual([kept.id]);
    expect(new Set(ids(await list(`supplierId=${supplier.id}&includeArchived=true`)))).toEqual(new Set([kept.id, archived.id]));
    const categories = (await app.inject({ method: 'GET', url: '/backend/parts/categories', headers: employee.authHeader })).json();
    expect(categories).toContain(category);
    // Restored, it is listed again.
    await admin.caller.parts.setArchived({ id: archived.id, archived: false });
    expect(ids(await list(`supplierId=${supplier.id}`))).toHaveLength(2);
  });

  it('pages do not overlap and the total counts every match', async () => {
    const category = `Paged ${uniqueWord()}`;
    for (let index = 0; index < 12; index++) await createPart(app, admin.authHeader, { category, name: `Bulb ${index} ${uniqueWord()}` });
    const first = await list(`category=${encodeURIComponent(category)}&pageSize=10&sort=partNumber`);
    const second = await list(`category=${encodeURIComponent(category)}&pageSize=10&page=2&sort=partNumber`);
    expect(first).toMatchObject({ total: 12, pageCount: 2 });
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(12);
    const numbers = first.items.map((item) => item.partNumber as string);
    expect(numbers).toEqual([...numbers].sort());
  });
});

describe('stock figures and low stock', () => {
  it('reserved lines, open orders and the reorder point give available, on order and the low-stock flag', async () => {
    const part = await createPart(app, admin.authHeader, { reorderPoint: 2 });
    const lowOnly = async () => ids(await list(`lowStock=true&search=${encodeURIComponent(part.partNumber)}`));
    expect((await getPart(app, admin.authHeader, part.id)).lowStock).toBe(true);
    expect(await lowOnly()).toEqual([part.id]);

    await receive(app, admin.authHeader, part.id, 6, 500);
    expect(await getPart(app, admin.authHeader, part.id)).toMatchObject({
      onHand: 6,
      reserved: 0,
      available: 6,
      onOrder: 0,
      lowStock: false,
    });
    expect(await lowOnly()).toEqual([]);

    // Held by an approved task: 6 - 5 = 1 available, at or below the reorder point.
    await partLine(part.id, 5, 'RESERVED');
    await partLine(part.id, 3, 'QUOTED');
    expect(await getPart(app, admin.authHeader, part.id)).toMatchObject({ onHand: 6, reserved: 5, available: 1, lowStock: true });
    expect(await lowOnly()).toEqual([part.id]);

    // Ordered and on its way: 4 outstanding of a partly received order; drafts and received orders do not count.
    await orderOf(part.id, 5, 1, 'PARTLY_RECEIVED');
    await orderOf(part.id, 7, 0, 'DRAFT');
    await orderOf(part.id, 2, 2, 'RECEIVED');
    const view = await getPart(app, employee.authHeader, part.id);
    expect(view).toMatchObject({ onOrder: 4, available: 1, lowStock: false });
    expect(await lowOnly()).toEqual([]);
    // The list answers the same figures as the one-part read.
    const page = await list(`search=${encodeURIComponent(part.partNumber)}`, employee.authHeader);
    expect(page.items[0]).toEqual(view);
    // The list's answer is not re-validated on the way out (trustedOutput): it must match its schema exactly.
    expect(partPageSchema.strict().parse(page)).toEqual(page);
    for (const item of page.items) expect(partViewSchema.strict().parse(item)).toEqual(item);
  });
});

describe('archiving and deleting', () => {
  it('an archived part cannot receive stock (409 inventory.partArchived)', async () => {
    const part = await createPart(app, admin.authHeader);
    await admin.caller.parts.setArchived({ id: part.id, archived: true });
    const response = await receive(app, employee.authHeader, part.id, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json().messageCode).toBe('inventory.partArchived');
    expect(await testDb().stockMovement.count({ where: { partId: part.id } })).toBe(0);
  });

  it('deletes a part nothing names; refuses one with movements, lines or order lines (409 inventory.partInUse)', async () => {
    const unused = await createPart(app, admin.authHeader);
    const deleted = await app.inject({ method: 'DELETE', url: `/backend/parts/${unused.id}`, headers: admin.authHeader });
    expect(deleted.statusCode).toBe(200);
    expect(await testDb().part.findUnique({ where: { id: unused.id } })).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/backend/parts/${unused.id}`, headers: admin.authHeader })).statusCode).toBe(404);

    const received = await createPart(app, admin.authHeader);
    await receive(app, admin.authHeader, received.id, 1);
    const onLine = await createPart(app, admin.authHeader);
    await partLine(onLine.id, 1, 'QUOTED');
    const ordered = await createPart(app, admin.authHeader);
    await orderOf(ordered.id, 3, 0, 'DRAFT');
    for (const part of [received, onLine, ordered]) {
      const response = await app.inject({ method: 'DELETE', url: `/backend/parts/${part.id}`, headers: admin.authHeader });
      expect(response.statusCode, part.name).toBe(409);
      expect(response.json().messageCode).toBe('inventory.partInUse');
      expect(await testDb().part.findUnique({ where: { id: part.id } })).not.toBeNull();
    }
    const byEmployee = await app.inject({ method: 'DELETE', url: `/backend/parts/${unused.id}`, headers: employee.authHeader });
    expect(byEmployee.statusCode).toBe(403);
  });
});

describe('markup bands', () => {
  // The bands are the shop's one list: this test puts its own and then the previous ones back.
  it('price a part without its own price by its cost band; bands are validated and admin-only to change', async () => {
    const previous: MarkupBand[] = (await admin.caller.parts.markupBands.list()).bands;
    try {
      const bands = [
        { upToCostCents: 1_000, markupBasisPoints: 10_000 },
        { upToCostCents: null, markupBasisPoints: 2_500 },
        { upToCostCents: 5_000, markupBasisPoints: 5_000 },
      ];
      const replaced = await app.inject({
        method: 'PUT',
        url: '/backend/parts/markup-bands',
        headers: admin.authHeader,
        payload: { bands },
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      // Listed by upper cost, the open-ended band last.
      expect(replaced.json().bands).toEqual([bands[0], bands[2], bands[1]]);

      const cheap = await createPart(app, admin.authHeader, { costCents: 800, priceCents: null });
      const middle = await createPart(app, admin.authHeader, { costCents: 1_001, priceCents: null });
      const dear = await createPart(app, admin.authHeader, { costCents: 12_345, priceCents: null });
      const ownPrice = await createPart(app, admin.authHeader, { costCents: 800, priceCents: 999 });
      expect((await getPart(app, employee.authHeader, cheap.id)).sellingPriceCents).toBe(1_600);
      expect((await getPart(app, employee.authHeader, middle.id)).sellingPriceCents).toBe(1_502);
      expect((await getPart(app, employee.authHeader, dear.id)).sellingPriceCents).toBe(15_431);
      expect((await getPart(app, employee.authHeader, ownPrice.id)).sellingPriceCents).toBe(999);
      expect(partSellingPriceCents({ priceCents: null, costCents: 12_345 }, bands)).toBe(15_431);

      const duplicate = await app.inject({
        method: 'PUT',
        url: '/backend/parts/markup-bands',
        headers: admin.authHeader,
        payload: { bands: [bands[0], { upToCostCents: 1_000, markupBasisPoints: 1 }] },
      });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toMatchObject({ messageCode: 'inventory.markupBandsDuplicate' });
      expect(Object.keys(duplicate.json().fieldErrors)).toEqual(['bands.1.upToCostCents']);
      const twoOpen = await app.inject({
        method: 'PUT',
        url: '/backend/parts/markup-bands',
        headers: admin.authHeader,
        payload: { bands: [bands[1], { upToCostCents: null, markupBasisPoints: 1 }] },
      });
      expect(twoOpen.statusCode).toBe(400);
      expect(twoOpen.json().messageCode).toBe('inventory.markupBandsOpenEnded');
      const negative = await app.inject({
        method: 'PUT',
        url: '/backend/parts/markup-bands',
        headers: admin.authHeader,
        payload: { bands: [{ upToCostCents: null, markupBasisPoints: -5 }] },
      });
      expect(negative.statusCode).toBe(400);
      // Refused lists changed nothing.
      expect((await admin.caller.parts.markupBands.list()).bands).toEqual([bands[0], bands[2], bands[1]]);

      const byEmployee = await app.inject({
        method: 'PUT',
        url: '/backend/parts/markup-bands',
        headers: employee.authHeader,
        payload: { bands },
      });
      expect(byEmployee.statusCode).toBe(403);
      const read = await app.inject({ method: 'GET', url: '/backend/parts/markup-bands', headers: employee.authHeader });
      expect(read.statusCode).toBe(200);
    } finally {
      await admin.caller.parts.markupBands.replace({ bands: previous });
    }
  });
});
