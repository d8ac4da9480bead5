// Staff management of the service catalogue (SPEC §3 Offering, §5, §8): CRUD with every validation rule,
// the derived price range following the items, hidden entries never reaching the public endpoints, deleting
// a category with items (refused / move / delete), reordering, partial updates, pictures, and the guards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';
import { signedIn } from './visits-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field in the assertions.
type Json = Record<string, any>;

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof createTestUser>>;
const created: string[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
  client = await createTestUser('CLIENT');
});
afterAll(async () => {
  await testDb().offeringItem.deleteMany({ where: { categoryId: { in: created } } });
  await testDb().offeringCategory.deleteMany({ where: { id: { in: created } } });
  await app.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = staff.authHeader,
) => app.inject({ method, url: `/backend${url}`, headers, ...(payload ? { payload } : {}) });

async function newCategory(overrides: Json = {}): Promise<Json> {
  const response = await call('POST', '/offering/categories', {
    title: { en: `Category ${uniqueSuffix()}`, fr: 'Catégorie', ar: 'فئة' },
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  created.push(response.json().id);
  return response.json();
}

async function newItem(categoryId: string, overrides: Json = {}): Promise<Json> {
  const response = await call('POST', '/offering/items', {
    categoryId,
    title: { en: `Item ${uniqueSuffix()}` },
    priceCents: 5000,
    currency: 'USD',
    durationMinutes: 30,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const category = async (id: string): Promise<Json> => (await call('GET', `/offering/categories/${id}`)).json();
const range = async (id: string) => {
  const { minPriceCents, maxPriceCents, priceCurrency } = await category(id);
  return { minPriceCents, maxPriceCents, priceCurrency };
};
const publicCatalogue = async (): Promise<Json[]> => (await app.inject({ method: 'GET', url: '/backend/offering/catalogue' })).json();

describe('guards', () => {
  const someId = '0190a4b4-0000-7000-8000-000000000001';
  const routes: [string, string, object?][] = [
    ['GET', '/offering/categories'],
    ['GET', `/offering/categories/${someId}`],
    ['POST', '/offering/categories', { title: { en: 'x' } }],
    ['PATCH', `/offering/categories/${someId}`, { visible: false }],
    ['PUT', '/offering/categories/order', { ids: [someId] }],
    ['DELETE', `/offering/categories/${someId}`],
    ['PUT', `/offering/categories/${someId}/items/order`, { ids: [someId] }],
    ['POST', '/offering/items', { categoryId: someId, title: { en: 'x' }, priceCents: 1, currency: 'USD' }],
    ['PATCH', `/offering/items/${someId}`, { visible: false }],
    ['DELETE', `/offering/items/${someId}`],
  ];
  it.each(routes)('%s %s: anonymous 401, client 403', async (method, url, payload) => {
    expect((await call(method as 'GET', url, payload, {})).statusCode).toBe(401);
    expect((await call(method as 'GET', url, payload, client.authHeader)).statusCode).toBe(403);
  });
  it('tRPC refuses clients and anonymous callers too', async () => {
    const asClient = createCaller(createContextInner(testDeps(), { userId: client.user.id, roles: ['CLIENT'] }));
    await expect(asClient.offering.categories.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = createCaller(createContextInner(testDeps()));
    await expect(
      anonymous.offering.items.create({ categoryId: someId, title: { en: 'x' }, priceCents: 1, currency: 'USD' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('categories', () => {
  it('creates with per-language texts, visible by default, placed last', async () => {
    const before = (await call('GET', '/offering/categories')).json() as Json[];
    const made = await newCategory({
      title: { en: 'Bodywork', fr: 'Carrosserie', ar: 'هيكل السيارة' },
      description: { en: 'Dents and paint', fr: '', ar: 'صدمات وطلاء' },
    });
    expect(made).toMatchObject({
      title: { en: 'Bodywork', fr: 'Carrosserie', ar: 'هيكل السيارة' },
      description: { en: 'Dents and paint', ar: 'صدمات وطلاء' },
      visible: true,
      minPriceCents: null,
      maxPriceCents: null,
      priceCurrency: null,
      items: [],
    });
    expect(made.description).not.toHaveProperty('fr');
    expect(made.sortOrder).toBeGreaterThan(Math.max(-1, ...before.map((entry) => entry.sortOrder)));
  });

  it.each([
    [{}, 'title', 'Title is required'],
    [{ title: { en: '  ', fr: '' } }, 'title', 'Title is required'],
    [{ title: { en: 'x'.repeat(121) } }, 'title.en', 'Title must not exceed 120 characters'],
    [{ title: { en: 'Ok' }, description: { ar: 'x'.repeat(1001) } }, 'description.ar', 'Description must not exceed 1000 characters'],
    [{ title: { en: 'Ok' }, sortOrder: -1 }, 'sortOrder', 'Sort order must be at least 0'],
    [{ title: { en: 'Ok' }, sortOrder: 1.5 }, 'sortOrder', 'Sort order must be a valid number'],
    [{ title: { en: 'Ok' }, imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Image format is invalid'],
  ])('rejects %j', async (payload, field, message) => {
    const count = await testDb().offeringCategory.count();
    const response = await call('POST', '/offering/categories', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
    expect(await testDb().offeringCategory.count()).toBe(count);
  });

  it('an update changes only what was sent; a title sent for one language keeps the others', async () => {
    const made = await newCategory({
      title: { en: 'Glass', fr: 'Vitrage', ar: 'الزجاج' },
      description: { en: 'Windscreens' },
      imageUrl: '/backend/media/0190a3c5-0000-7000-8000-0000000000c1/file',
    });
    const hidden = await call('PATCH', `/offering/categories/${made.id}`, { visible: false });
    expect(hidden.json()).toMatchObject({
      visible: false,
      title: made.title,
      description: made.description,
      imageUrl: made.imageUrl,
      sortOrder: made.sortOrder,
    });

    const french = (await call('PATCH', `/offering/categories/${made.id}`, { title: { fr: 'Vitres' } })).json();
    expect(french.title).toEqual({ en: 'Glass', fr: 'Vitres', ar: 'الزجاج' });
    const noEnglish = (
      await call('PATCH', `/offering/categories/${made.id}`, { title: { en: '' }, description: null, imageUrl: null })
    ).json();
    expect(noEnglish).toMatchObject({ title: { fr: 'Vitres', ar: 'الزجاج' }, description: null, imageUrl: null, visible: false });

    const emptied = await call('PATCH', `/offering/categories/${made.id}`, { title: { fr: '', ar: ' ' } });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fieldErrors.title).toEqual(['Title is required']);
    expect((await category(made.id)).title).toEqual({ fr: 'Vitres', ar: 'الزجاج' });
  });

  it('the price range cannot be written by hand', async () => {
    const made = await newCategory({ minPriceCents: 1, maxPriceCents: 2 });
    expect(made).toMatchObject({ minPriceCents: null, maxPriceCents: null });
    const patched = (
      await call('PATCH', `/offering/categories/${made.id}`, { minPriceCents: 5, maxPriceCents: 10, priceCurrency: 'EUR' })
    ).json();
    expect(patched).toMatchObject({ minPriceCents: null, maxPriceCents: null, priceCurrency: null });
  });

  it('answers 404 for an unknown category', async () => {
    const missing = '0190a4b4-0000-7000-8000-00000000abcd';
    expect((await call('GET', `/offering/categories/${missing}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/offering/categories/${missing}`, { visible: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/offering/categories/${missing}`)).statusCode).toBe(404);
  });
});

describe('items', () => {
  let categoryId = '';
  beforeAll(async () => {
    categoryId = (await newCategory()).id;
  });

  it('creates with every field; defaults: visible, not featured, maintenance, placed last', async () => {
    const first = await newItem(categoryId);
    const item = await newItem(categoryId, {
      title: { en: 'Wheel alignment', fr: 'Parallélisme', ar: 'ضبط الزوايا' },
      description: { en: 'Four wheels' },
      priceCents: 0,
      currency: 'eur',
      durationMinutes: 0,
    });
    expect(first).toMatchObject({ visible: true, featured: false, service: 'MAINTENANCE' });
    expect(item).toMatchObject({
      categoryId,
      priceCents: 0,
      currency: 'EUR',
      durationMinutes: 0,
      title: { en: 'Wheel alignment', fr: 'Parallélisme', ar: 'ضبط الزوايا' },
    });
    expect(item.sortOrder).toBe(first.sortOrder + 1);
  });

  it.each([
    [{ priceCents: -1 }, 'priceCents', 'Price must be at least 0'],
    [{ priceCents: 12.5 }, 'priceCents', 'Price must be a valid number'],
    [{ priceCents: undefined }, 'priceCents', 'Price is required'],
    [{ currency: undefined }, 'currency', 'Currency is required'],
    [{ currency: 'ZZZ' }, 'currency', 'Currency format is invalid'],
    [{ currency: 'dollars' }, 'currency', 'Currency format is invalid'],
    [{ durationMinutes: -1 }, 'durationMinutes', 'Duration minutes must be at least 0'],
    [{ durationMinutes: 10081 }, 'durationMinutes', 'Duration minutes must not exceed 10080'],
    [{ categoryId: undefined }, 'categoryId', 'Category id is required'],
    [{ title: { ar: '' } }, 'title', 'Title is required'],
    [{ service: 'WASHING' }, 'service', 'Service is required'],
  ])('rejects %j', async (overrides, field, message) => {
    const count = await testDb().offeringItem.count();
    const response = await call('POST', '/offering/items', {
      categoryId,
      title: { en: 'Thing' },
      priceCents: 100,
      currency: 'USD',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
    expect(await testDb().offeringItem.count()).toBe(count);
  });

  it('refuses an unknown category (404 on categoryId), also when moving an item', async () => {
    const missing = '0190a4b4-0000-7000-8000-00000000abcd';
    const response = await call('POST', '/offering/items', {
      categoryId: missing,
      title: { en: 'Thing' },
      priceCents: 100,
      currency: 'USD',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().fieldErrors.categoryId).toEqual(['Category not found']);
    const item = await newItem(categoryId);
    expect((await call('PATCH', `/offering/items/${item.id}`, { categoryId: missing })).statusCode).toBe(404);
    expect((await call('GET', `/offering/categories/${categoryId}`)).json().items.map((entry: Json) => entry.id)).toContain(item.id);
  });

  it('an update changes only what was sent', async () => {
    const item = await newItem(categoryId, {
      title: { en: 'Tyre fitting', fr: 'Montage', ar: 'تركيب' },
      description: { en: 'Per tyre' },
      durationMinutes: 20,
      service: 'REPAIR',
    });
    const cheaper = (await call('PATCH', `/offering/items/${item.id}`, { priceCents: 4200 })).json();
    expect(cheaper).toMatchObject({ ...item, priceCents: 4200, updatedAt: cheaper.updatedAt });
    const featured = (await call('PATCH', `/offering/items/${item.id}`, { featured: true, title: { ar: 'تركيب الإطارات' } })).json();
    expect(featured).toMatchObject({
      featured: true,
      priceCents: 4200,
      title: { en: 'Tyre fitting', fr: 'Montage', ar: 'تركيب الإطارات' },
      description: { en: 'Per tyre' },
      service: 'REPAIR',
      durationMinutes: 20,
    });
    const invalid = await call('PATCH', `/offering/items/${item.id}`, { priceCents: -5, featured: false });
    expect(invalid.statusCode).toBe(400);
    expect((await testDb().offeringItem.findUniqueOrThrow({ where: { id: item.id } })).featured).toBe(true);
  });

  it('deletes, then answers 404', async () => {
    const item = await newItem(categoryId);
    expect((await call('DELETE', `/offering/items/${item.id}`)).json()).toEqual({ id: item.id });
    expect(await testDb().offeringItem.count({ where: { id: item.id } })).toBe(0);
    expect((await call('DELETE', `/offering/items/${item.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/offering/items/${item.id}`, { visible: true })).statusCode).toBe(404);
  });
});

describe('the price range follows the visible items', () => {
  it('add, change price, hide, move, delete', async () => {
    const { id } = await newCategory();
    const other = await newCategory();
    expect(await range(id)).toEqual({ minPriceCents: null, maxPriceCents: null, priceCurrency: null });

    const cheap = await newItem(id, { priceCents: 3000 });
    const dear = await newItem(id, { priceCents: 9000 });
    expect(await range(id)).toEqual({ minPriceCents: 3000, maxPriceCents: 9000, priceCurrency: 'USD' });

    await call('PATCH', `/offering/items/${dear.id}`, { priceCents: 12000 });
    expect(await range(id)).toEqual({ minPriceCents: 3000, maxPriceCents: 12000, priceCurrency: 'USD' });

    await call('PATCH', `/offering/items/${cheap.id}`, { visible: false });
    expect(await range(id)).toEqual({ minPriceCents: 12000, maxPriceCents: 12000, priceCurrency: 'USD' });
    await call('PATCH', `/offering/items/${cheap.id}`, { visible: true });
    expect(await range(id)).toEqual({ minPriceCents: 3000, maxPriceCents: 12000, priceCurrency: 'USD' });

    const moved = (await call('PATCH', `/offering/items/${dear.id}`, { categoryId: other.id })).json();
    expect(moved.categoryId).toBe(other.id);
    expect(await range(id)).toEqual({ minPriceCents: 3000, maxPriceCents: 3000, priceCurrency: 'USD' });
    expect(await range(other.id)).toEqual({ minPriceCents: 12000, maxPriceCents: 12000, priceCurrency: 'USD' });

    await call('DELETE', `/offering/items/${cheap.id}`);
    expect(await range(id)).toEqual({ minPriceCents: null, maxPriceCents: null, priceCurrency: null });
  });

  it('has no range when the visible items use two currencies', async () => {
    const { id } = await newCategory();
    await newItem(id, { priceCents: 1000, currency: 'USD' });
    const euro = await newItem(id, { priceCents: 2000, currency: 'EUR' });
    expect(await range(id)).toEqual({ minPriceCents: null, maxPriceCents: null, priceCurrency: null });
    await call('PATCH', `/offering/items/${euro.id}`, { currency: 'USD' });
    expect(await range(id)).toEqual({ minPriceCents: 1000, maxPriceCents: 2000, priceCurrency: 'USD' });
  });

  it('stays right under concurrent price changes in one category', async () => {
    const { id } = await newCategory();
    const items = await Promise.all(Array.from({ length: 8 }, (_, index) => newItem(id, { priceCents: 1000 + index })));
    const prices = items.map((_, index) => 5000 + ((index * 7919) % 4000));
    const answers = await Promise.all(
      items.map((item, index) => call('PATCH', `/offering/items/${item.id}`, { priceCents: prices[index] })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await range(id)).toEqual({ minPriceCents: Math.min(...prices), maxPriceCents: Math.max(...prices), priceCurrency: 'USD' });
  });
});

describe('the public catalogue shows visible entries only', () => {
  it('hidden items and hidden categories never reach it; a change shows at the next read', async () => {
    const shown = await newCategory({ title: { en: `Shown ${uniqueSuffix()}` } });
    const hiddenCategory = await newCategory({ visible: false });
    const plain = await newItem(shown.id, { title: { en: 'Plain wash' }, priceCents: 2000 });
    const star = await newItem(shown.id, { title: { en: 'Star wash' }, priceCents: 3000, featured: true });
    const secret = await newItem(shown.id, { title: { en: 'Secret' }, visible: false });
    await newItem(hiddenCategory.id, { title: { en: 'Inside hidden' } });

    let catalogue = await publicCatalogue();
    expect(catalogue.some((entry) => entry.id === hiddenCategory.id)).toBe(false);
    const mine = catalogue.find((entry) => entry.id === shown.id)!;
    expect(mine.items.map((item: Json) => item.id)).toEqual([star.id, plain.id]);
    expect(mine.items[0]).not.toHaveProperty('visible');
    expect(mine).toMatchObject({ minPriceCents: 2000, maxPriceCents: 3000, priceCurrency: 'USD' });
    expect(JSON.stringify(catalogue)).not.toContain(secret.id);

    await call('PATCH', `/offering/items/${secret.id}`, { visible: true });
    await call('PATCH', `/offering/items/${star.id}`, { visible: false });
    await call('PATCH', `/offering/categories/${hiddenCategory.id}`, { visible: true });
    catalogue = await publicCatalogue();
    expect(catalogue.find((entry) => entry.id === shown.id)!.items.map((item: Json) => item.id)).toEqual([plain.id, secret.id]);
    expect(catalogue.some((entry) => entry.id === hiddenCategory.id)).toBe(true);

    const viaTrpc = await createCaller(createContextInner(testDeps())).offering.catalogue();
    expect(viaTrpc.find((entry) => entry.id === shown.id)!.items.map((item) => item.id)).toEqual([plain.id, secret.id]);
  });
});

describe('deleting a category with items', () => {
  it('is refused without a choice, and nothing changes', async () => {
    const doomed = await newCategory();
    await newItem(doomed.id);
    await newItem(doomed.id);
    const refused = await call('DELETE', `/offering/categories/${doomed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This category still has 2 items. Move them to another category or delete them with the category.');
    expect(await testDb().offeringItem.count({ where: { categoryId: doomed.id } })).toBe(2);
    expect(await testDb().offeringCategory.count({ where: { id: doomed.id } })).toBe(1);
  });

  it('moves the items to the end of another category, whose range follows', async () => {
    const doomed = await newCategory();
    const target = await newCategory();
    const kept = await newItem(target.id, { priceCents: 5000 });
    const a = await newItem(doomed.id, { priceCents: 1000 });
    const b = await newItem(doomed.id, { priceCents: 9000, visible: false });
    const missing = await call('DELETE', `/offering/categories/${doomed.id}?items=move`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.moveToCategoryId).toEqual(['Choose the category that receives the items']);
    expect((await call('DELETE', `/offering/categories/${doomed.id}?items=move&moveToCategoryId=${doomed.id}`)).statusCode).toBe(400);
    expect(
      (await call('DELETE', `/offering/categories/${doomed.id}?items=move&moveToCategoryId=0190a4b4-0000-7000-8000-00000000abcd`))
        .statusCode,
    ).toBe(404);
    expect(await testDb().offeringCategory.count({ where: { id: doomed.id } })).toBe(1);

    const done = await call('DELETE', `/offering/categories/${doomed.id}?items=move&moveToCategoryId=${target.id}`);
    expect(done.json()).toEqual({ id: doomed.id, itemsMoved: 2, itemsDeleted: 0 });
    const after = await category(target.id);
    expect(after.items.map((item: Json) => item.id)).toEqual([kept.id, a.id, b.id]);
    expect(after).toMatchObject({ minPriceCents: 1000, maxPriceCents: 5000 });
    expect(await testDb().offeringCategory.count({ where: { id: doomed.id } })).toBe(0);
  });

  it('deletes the items with it when asked (tRPC)', async () => {
    const doomed = await newCategory();
    const item = await newItem(doomed.id);
    await expect(staff.caller.offering.categories.delete({ id: doomed.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await staff.caller.offering.categories.delete({ id: doomed.id, items: 'delete' })).toEqual({
      id: doomed.id,
      itemsMoved: 0,
      itemsDeleted: 1,
    });
    expect(await testDb().offeringItem.count({ where: { id: item.id } })).toBe(0);
  });

  it('an empty category goes without a choice', async () => {
    const empty = await newCategory();
    expect((await call('DELETE', `/offering/categories/${empty.id}`)).json()).toEqual({ id: empty.id, itemsMoved: 0, itemsDeleted: 0 });
  });
});

describe('reordering', () => {
  it('items: the sent ids take the places they held, in the order sent', async () => {
    const { id } = await newCategory();
    const [a, b, c, d] = [await newItem(id), await newItem(id), await newItem(id), await newItem(id)];
    const all = (await call('PUT', `/offering/categories/${id}/items/order`, { ids: [d!.id, c!.id, b!.id, a!.id] })).json();
    expect(all.items.map((item: Json) => item.id)).toEqual([d!.id, c!.id, b!.id, a!.id]);
    expect(all.items.map((item: Json) => item.sortOrder)).toEqual([0, 1, 2, 3]);
    const some = (await call('PUT', `/offering/categories/${id}/items/order`, { ids: [a!.id, d!.id] })).json();
    expect(some.items.map((item: Json) => item.id)).toEqual([a!.id, c!.id, b!.id, d!.id]);

    const foreign = await newItem((await newCategory()).id);
    const refused = await call('PUT', `/offering/categories/${id}/items/order`, { ids: [foreign.id, a!.id] });
    expect(refused.statusCode).toBe(409);
    expect((await call('PUT', `/offering/categories/${id}/items/order`, { ids: [a!.id, a!.id] })).statusCode).toBe(400);
    expect((await category(id)).items.map((item: Json) => item.id)).toEqual([a!.id, c!.id, b!.id, d!.id]);
  });

  it('categories: moves the sent ones and leaves the others where they are (REST and tRPC)', async () => {
    const x = await newCategory();
    const y = await newCategory();
    const before = ((await call('GET', '/offering/categories')).json() as Json[]).map((entry) => entry.id);
    const after = ((await call('PUT', '/offering/categories/order', { ids: [y.id, x.id] })).json() as Json[]).map((entry) => entry.id);
    const expected = before.map((id) => (id === x.id ? y.id : id === y.id ? x.id : id));
    expect(after).toEqual(expected);
    const public_ = (await publicCatalogue()).map((entry) => entry.id).filter((id) => id === x.id || id === y.id);
    expect(public_).toEqual([y.id, x.id]);

    const back = await staff.caller.offering.categories.reorder({ ids: [x.id, y.id] });
    expect(back.map((entry) => entry.id).filter((id) => id === x.id || id === y.id)).toEqual([x.id, y.id]);
    await expect(staff.caller.offering.categories.reorder({ ids: [x.id, '0190a4b4-0000-7000-8000-00000000abcd'] })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('pictures', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  async function upload(): Promise<string> {
    const boundary = `----garage${uniqueSuffix()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="service.png"\r\nContent-Type: image/png\r\n\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: '/backend/uploads/image?section=offering',
      headers: { ...staff.authHeader, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().url;
  }

  it('an uploaded picture is shown to anyone; a replaced one is removed', async () => {
    const { id } = await newCategory();
    const first = await upload();
    const item = await newItem(id, { imageUrl: first });
    expect(item.imageUrl).toBe(first);
    const anonymous = await app.inject({ method: 'GET', url: first });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.rawPayload.equals(PNG)).toBe(true);

    const second = await upload();
    await call('PATCH', `/offering/items/${item.id}`, { imageUrl: second });
    const stored = (url: string) => testDb().mediaFile.count({ where: { id: url.split('/')[3] } });
    expect(await stored(first)).toBe(0);
    expect((await app.inject({ method: 'GET', url: first, headers: staff.authHeader })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    await call('DELETE', `/offering/items/${item.id}`);
    expect(await stored(second)).toBe(0);
    expect((await app.inject({ method: 'GET', url: second, headers: staff.authHeader })).statusCode).toBe(404);
  });
});

describe('REST and tRPC give the same staff list', () => {
  it('lists every category with every item, hidden ones included', async () => {
    const hidden = await newCategory({ visible: false });
    await newItem(hidden.id, { visible: false });
    const rest = (await call('GET', '/offering/categories')).json() as Json[];
    const trpc = await staff.caller.offering.categories.list();
    const restHidden = rest.find((entry) => entry.id === hidden.id)!;
    expect(restHidden.items).toHaveLength(1);
    expect(trpc.find((entry) => entry.id === hidden.id)).toEqual(restHidden);
  });
});
