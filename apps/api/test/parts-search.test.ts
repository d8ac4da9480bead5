// The part search index (PartSearchTerm, migration part_search_terms; modules/parts/part-search.ts): its rows
// follow every write of a part (create, rename, new number or brand, archive, restore, delete, bulk writes,
// concurrent writes), and searching through it gives exactly the answers of the trigram path it replaced
// (same parts, order, totals and pages) for the edges it handles differently: short, long and barcode-like
// words, several words, accents and case, archived parts, filters, other orders and pages past the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { termSearch } from '../src/modules/parts/part-search.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { createPart, newBarcode, uniqueWord } from './parts-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedIn('ADMIN');
});
afterAll(() => {
  termSearch.enabled = true;
  termSearch.afterProbe = undefined;
  return app.close();
});

/** What the index must hold for a part, computed here independently of the SQL: see the migration. */
function expectedTerms(part: { partNumber: string; name: string; brand: string | null }): string[] {
  const terms = new Set<string>();
  const words = [part.partNumber, part.name, part.brand ?? '']
    .join(' ')
    .toLowerCase()
    .split(/[\t\n\v\f\r ]+/);
  for (const word of words) {
    const chars = [...word];
    for (let start = 0; start + 3 <= chars.length; start++) terms.add(chars.slice(start, start + 16).join(''));
  }
  return [...terms].sort();
}

/** The index rows of a part: its terms (sorted), and the name and archived flag every row must carry. */
async function indexOf(partId: string) {
  const rows = await testDb().$queryRaw<{ term: string; name: string; archived: boolean }[]>`
    SELECT convert_from(term, 'UTF8') AS term, name, archived FROM "PartSearchTerm" WHERE "partId" = ${partId}::uuid`;
  return {
    terms: rows.map((row) => row.term).sort(),
    names: [...new Set(rows.map((row) => row.name))],
    archived: [...new Set(rows.map((row) => row.archived))],
  };
}

/** The index of a part is exactly what its stored row says. */
async function expectIndexFollows(partId: string) {
  const part = await testDb().part.findUniqueOrThrow({ where: { id: partId } });
  const index = await indexOf(partId);
  expect(index.terms).toEqual(expectedTerms(part));
  expect(index.names).toEqual([part.name]);
  expect(index.archived).toEqual([part.archivedAt !== null]);
}

const patch = async (url: string, payload: Record<string, unknown>) => {
  const response = await app.inject({ method: 'PATCH', url, headers: admin.authHeader, payload });
  expect(response.statusCode, response.body).toBe(200);
};

describe('the search index follows the parts', () => {
  it('create, rename, new number, new brand, no brand, archive, restore, delete', async () => {
    const word = uniqueWord();
    const part = await createPart(app, admin.authHeader, { partNumber: `OF-${word}`, name: `Oil filter ${word}`, brand: 'Mann-Filter' });
    await expectIndexFollows(part.id);
    expect((await indexOf(part.id)).terms).toEqual(
      expect.arrayContaining(['oil', 'filter', 'lter', 'mann-filter', `of-${word}`.slice(0, 16)]),
    );

    await patch(`/backend/parts/${part.id}`, { name: `Air filter ${word} Clio` });
    await expectIndexFollows(part.id);
    expect((await indexOf(part.id)).terms).not.toContain('oil');

    await patch(`/backend/parts/${part.id}`, { partNumber: `AF-${word}-2` });
    await expectIndexFollows(part.id);
    expect((await indexOf(part.id)).terms).not.toContain(`of-${word}`.slice(0, 16));

    await patch(`/backend/parts/${part.id}`, { brand: 'Bosch' });
    await expectIndexFollows(part.id);
    await patch(`/backend/parts/${part.id}`, { brand: null });
    await expectIndexFollows(part.id);
    expect((await indexOf(part.id)).terms).not.toContain('bosch');

    // Changes the search does not read leave the index alone (and it stays right).
    await patch(`/backend/parts/${part.id}`, { binLocation: 'B-2', costCents: 990 });
    await expectIndexFollows(part.id);

    await patch(`/backend/parts/${part.id}/archived`, { archived: true });
    await expectIndexFollows(part.id);
    expect((await indexOf(part.id)).archived).toEqual([true]);
    await patch(`/backend/parts/${part.id}/archived`, { archived: false });
    await expectIndexFollows(part.id);

    const deleted = await app.inject({ method: 'DELETE', url: `/backend/parts/${part.id}`, headers: admin.authHeader });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await indexOf(part.id)).terms).toEqual([]);
  });

  it('the search reads the index (a part whose terms are gone is not found through it)', async () => {
    const word = uniqueWord();
    const part = await createPart(app, admin.authHeader, { name: `Glow plug ${word}` });
    const found = async () => {
      const response = await app.inject({ method: 'GET', url: `/backend/parts?search=${word}`, headers: admin.authHeader });
      return response.json().items.map((item: { id: string }) => item.id) as string[];
    };
    expect(await found()).toEqual([part.id]);
    await testDb().$executeRaw`DELETE FROM "PartSearchTerm" WHERE "partId" = ${part.id}::uuid`;
    expect(await found()).toEqual([]);
    termSearch.enabled = false;
    expect(await found().finally(() => (termSearch.enabled = true))).toEqual([part.id]);
    // Any change of its text writes its terms again.
    await patch(`/backend/parts/${part.id}`, { name: `Glow plug ${word} M12` });
    expect(await found()).toEqual([part.id]);
    await expectIndexFollows(part.id);
  });

  it('bulk writes (one statement, many parts) index every part', async () => {
    const word = uniqueWord();
    const numbers = Array.from({ length: 30 }, (_, index) => `BULK-${word}-${index}`);
    await testDb().part.createMany({
      data: numbers.map((partNumber, index) => ({ partNumber, name: `Brake disc ${word} ${index}`, brand: index % 2 ? 'TRW' : null })),
    });
    const parts = await testDb().part.findMany({ where: { partNumber: { in: numbers } } });
    for (const part of parts) expect((await indexOf(part.id)).terms).toEqual(expectedTerms(part));
    await testDb().part.updateMany({ where: { partNumber: { in: numbers } }, data: { name: `Brake drum ${word}` } });
    for (const part of parts) await expectIndexFollows(part.id);
    await testDb().part.deleteMany({ where: { partNumber: { in: numbers } } });
    for (const part of parts) expect((await indexOf(part.id)).terms).toEqual([]);
  });

  it('concurrent writes leave each part indexed as its last write left it', async () => {
    const word = uniqueWord();
    const part = await createPart(app, admin.authHeader, { name: `Shock absorber ${word}` });
    // Twenty renames, number and brand changes and archive flips of one part at once, and parts created and
    // deleted alongside.
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, index) => createPart(app, admin.authHeader, { name: `Spring ${word} ${index}` })),
    );
    await Promise.all([
      ...Array.from({ length: 8 }, (_, index) => patch(`/backend/parts/${part.id}`, { name: `Shock ${index} ${word} ${uniqueSuffix()}` })),
      ...Array.from({ length: 4 }, (_, index) => patch(`/backend/parts/${part.id}`, { partNumber: `SA-${word}-${index}` })),
      ...Array.from({ length: 4 }, (_, index) => patch(`/backend/parts/${part.id}`, { brand: index % 2 ? `Sachs${index}` : null })),
      ...Array.from({ length: 4 }, (_, index) => patch(`/backend/parts/${part.id}/archived`, { archived: index % 2 === 0 })),
      ...Array.from({ length: 6 }, () => createPart(app, admin.authHeader, { name: `Spring ${word} new` })),
      ...others.map((other) => app.inject({ method: 'DELETE', url: `/backend/parts/${other.id}`, headers: admin.authHeader })),
    ]);
    await expectIndexFollows(part.id);
    for (const other of others) expect((await indexOf(other.id)).terms).toEqual([]);
    const created = await testDb().part.findMany({ where: { name: `Spring ${word} new` } });
    expect(created).toHaveLength(6);
    for (const each of created) await expectIndexFollows(each.id);
  });
});

describe('searching through the index answers as the trigram search did', () => {
  type Answer = { status: number; total: number; totalCapped: boolean; pageCount: number; ids: string[] };
  const answer = async (query: string): Promise<Answer> => {
    const response = await app.inject({ method: 'GET', url: `/backend/parts?${query}`, headers: admin.authHeader });
    const body = response.json();
    return {
      status: response.statusCode,
      total: body.total,
      totalCapped: body.totalCapped,
      pageCount: body.pageCount,
      ids: (body.items ?? []).map((item: { id: string }) => item.id),
    };
  };
  /** The same query through both paths: equal answers, and the index's answer for further checks. */
  const both = async (query: string) => {
    termSearch.enabled = false;
    const before = await answer(query).finally(() => {
      termSearch.enabled = true;
    });
    const after = await answer(query);
    expect(after, query).toEqual(before);
    expect(after.status, query).toBe(200);
    return after;
  };
  const q = (search: string, rest = '') => `search=${encodeURIComponent(search)}${rest}`;

  it('words of every length, several words, case and accents, exact parts first, archived parts, filters, orders, pages', async () => {
    const word = uniqueWord();
    const long = `${word}supercalifragilistic`;
    const barcode = newBarcode();
    const parts = [
      await createPart(app, admin.authHeader, {
        partNumber: `OF-${word}-1`,
        name: `Oil filter ${word}`,
        brand: 'Mann-Filter',
        category: 'Filters',
      }),
      await createPart(app, admin.authHeader, { partNumber: `OF-${word}-2`, name: `Oil filter ${word} Clio`, brand: 'Bosch', barcode }),
      await createPart(app, admin.authHeader, {
        partNumber: `BD-${word}-3`,
        name: `Étrier de frein ${word}`,
        brand: 'ATE',
        category: 'Brakes',
      }),
      await createPart(app, admin.authHeader, { partNumber: `LW-${word}-4`, name: `Kit ${long}`, brand: null }),
      await createPart(app, admin.authHeader, { partNumber: `${barcode.slice(0, 9)}-${word}`, name: `Aa numbered ${word}`, brand: 'VW' }),
      await createPart(app, admin.authHeader, { partNumber: `AR-${word}-6`, name: `Oil filter ${word} archived`, brand: 'Bosch' }),
    ];
    await patch(`/backend/parts/${parts[5]!.id}/archived`, { archived: true });
    // Enough parts for pages of 10 (written in one statement: the insert trigger indexes them all).
    await testDb().part.createMany({
      data: Array.from({ length: 8 }, (_, index) => ({ partNumber: `ZZ-${word}-${index}`, name: `Zz filler ${word} ${index % 3}` })),
    });

    // Mid-word, any case: the index finds what ILIKE found.
    expect((await both(q(word))).total).toBe(13);
    expect((await both(q(word.slice(2, 7).toUpperCase()))).ids).toEqual(expect.arrayContaining([parts[0]!.id, parts[1]!.id]));
    expect((await both(q(`${word} ILTER`))).ids).toHaveLength(2);
    // Accents and case (lower() on both sides), a word of 2 characters with one the index serves, none at all.
    expect((await both(q(`ÉTRIER ${word}`))).ids).toEqual([parts[2]!.id]);
    expect((await both(q(`ét ${word}`))).ids).toEqual([parts[2]!.id]);
    await both(q(`vw ${word}`));
    await both(q('zq'));
    // Longer than the 16 characters of a term: the rest is checked on the part.
    expect((await both(q(long.toUpperCase()))).ids).toEqual([parts[3]!.id]);
    expect((await both(q(`${long.slice(0, 18)}x`))).ids).toEqual([]);
    // A barcode whole (never part of one), digits that are part of a number, the exact part number first.
    expect((await both(q(barcode))).ids).toEqual([parts[1]!.id]);
    expect((await both(q(barcode.slice(0, 9)))).ids).toEqual([parts[4]!.id]);
    expect((await both(q(`of-${word}-2`))).ids[0]).toBe(parts[1]!.id);
    expect((await both(q(`${word}`, `&sort=partNumber`))).ids[0]).toBe(parts[4]!.id);
    // Archived parts only when asked; a word that matches nothing.
    expect((await both(q(`${word} archived`))).ids).toEqual([]);
    expect((await both(q(`${word} archived`, '&includeArchived=true'))).ids).toEqual([parts[5]!.id]);
    await both(q(`${word} nosuchthing`));
    // Filters, orders, pages, a page past the end (its total still counted).
    await both(q(`${word} filter`, '&category=Filters'));
    await both(q(`bosch ${word}`, '&sort=updated'));
    await both(q(word, '&sort=onHand&page=2'));
    await both(q(`filler ${word}`, '&sort=updated'));
    await both(q(word, '&lowStock=true'));
    expect(await both(q(word, '&page=2'))).toMatchObject({ total: 13, pageCount: 2 });
    expect((await both(q(word, '&page=2'))).ids).toHaveLength(3);
    expect((await both(q(`${word} zz`, '&page=2'))).ids).toHaveLength(0);
    expect(await both(q(word, '&page=9'))).toMatchObject({ total: 13, ids: [] });
    expect(await both(q(`filler ${word}`, '&page=9'))).toMatchObject({ total: 8, ids: [] });
    // Parts written between the probe and the page: a new term in a word's range, then an exact part number.
    // The page's statement finds the probe's findings stale and runs again: the answer is the trigram path's.
    const stale = uniqueWord();
    await createPart(app, admin.authHeader, { name: `Hose ${stale}` });
    const racer = async (overrides: Record<string, unknown>) => {
      termSearch.afterProbe = async () => {
        termSearch.afterProbe = undefined;
        await createPart(app, admin.authHeader, overrides);
      };
    };
    await racer({ name: `Hose ${stale}xy` });
    const withNewTerm = await answer(q(stale));
    expect(withNewTerm.total).toBe(2);
    expect(await both(q(stale))).toEqual(withNewTerm);
    await racer({ name: `Zz ${stale}`, partNumber: stale.toUpperCase() });
    const withExact = await answer(q(stale));
    expect(withExact.total).toBe(3);
    expect(await both(q(stale))).toEqual(withExact);
    expect(withExact.ids[0]).toBe((await testDb().part.findUniqueOrThrow({ where: { partNumber: stale.toUpperCase() } })).id);
    await racer({ name: `Hose ${stale} two` });
    const multiWord = await answer(q(`hose ${stale}`));
    expect(multiWord.total).toBe(3);
    expect(await both(q(`hose ${stale}`))).toEqual(multiWord);
    // Repeated words, five words (the most a search reads).
    await both(q(`${word} ${word} oil`));
    await both(q(`oil filter ${word} clio bosch`));
  });
});
