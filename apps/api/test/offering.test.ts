// The public catalogue read (SPEC §2 home services, /all-services): visible categories with their visible
// items, featured first; hidden ones never leak. REST and tRPC give the same answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, testDb, testDeps, uniqueSuffix } from './helpers.ts';

interface Category {
  id: string;
  title: Record<string, string>;
  items: { id: string; title: Record<string, string>; featured: boolean; priceCents: number; currency: string; durationMinutes: number }[];
}

describe('public offering catalogue', () => {
  let app: App;
  const suffix = uniqueSuffix();
  let visibleId = '';
  let hiddenId = '';

  beforeAll(async () => {
    app = await buildTestApp();
    const db = testDb();
    const visible = await db.offeringCategory.create({
      data: {
        title: { en: `Tyres ${suffix}`, fr: `Pneus ${suffix}`, ar: `إطارات ${suffix}` },
        sortOrder: 999,
        items: {
          create: [
            { title: { en: 'Rotation' }, priceCents: 2500, currency: 'USD', durationMinutes: 30, sortOrder: 0 },
            { title: { en: 'Fitting (featured)' }, priceCents: 4000, currency: 'USD', durationMinutes: 45, sortOrder: 1, featured: true },
            { title: { en: 'Secret item' }, priceCents: 1, currency: 'USD', visible: false },
          ],
        },
      },
    });
    const hidden = await db.offeringCategory.create({ data: { title: { en: `Hidden ${suffix}` }, visible: false } });
    visibleId = visible.id;
    hiddenId = hidden.id;
  });
  afterAll(async () => {
    await testDb().offeringItem.deleteMany({ where: { categoryId: { in: [visibleId, hiddenId] } } });
    await testDb().offeringCategory.deleteMany({ where: { id: { in: [visibleId, hiddenId] } } });
    await app.close();
  });

  it('lists visible categories with visible items only, featured first', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/offering/catalogue' });
    expect(response.statusCode).toBe(200);
    const catalogue = response.json() as Category[];
    expect(catalogue.some((category) => category.id === hiddenId)).toBe(false);
    expect(catalogue.some((category) => category.title.en === 'Fleet contracts')).toBe(false);

    const mine = catalogue.find((category) => category.id === visibleId);
    expect(mine?.title).toEqual({ en: `Tyres ${suffix}`, fr: `Pneus ${suffix}`, ar: `إطارات ${suffix}` });
    expect(mine?.items.map((item) => item.title.en)).toEqual(['Fitting (featured)', 'Rotation']);
    expect(mine?.items[0]).toMatchObject({ priceCents: 4000, currency: 'USD', durationMinutes: 45, featured: true });

    const orders = catalogue.map((category) => (category as unknown as { sortOrder: number }).sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('gives the same catalogue over tRPC', async () => {
    const caller = createCaller(createContextInner(testDeps()));
    const viaTrpc = await caller.offering.catalogue();
    const viaRest = (await app.inject({ method: 'GET', url: '/backend/offering/catalogue' })).json();
    expect(viaTrpc).toEqual(viaRest);
  });
});
