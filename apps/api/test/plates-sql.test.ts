// The plate key is written twice: normalizePlate in TypeScript (packages/shared/src/plates.ts) and plate_key() in
// SQL (migration plate_key_across_scripts, which recomputed the existing rows). These tests keep the two equal on
// every character the key changes and on thousands of generated plates, and run the migration's recompute again
// on a database of its own to check how it settles two vehicles that now share a key.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '@garage/db';
import { createIsolatedDatabase } from '@garage/db/testing/test-database';
import { normalizePlate, PLATE_KEY_CHARACTERS } from '@garage/shared';
import { testDb } from './helpers.ts';

const MIGRATION = readFileSync(
  new URL('../../../packages/db/prisma/migrations/20261129130000_plate_key_across_scripts/migration.sql', import.meta.url),
  'utf8',
);

async function sqlKeys(db: Db, plates: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<{ key: string }[]>`
    SELECT plate_key(plate) AS key FROM unnest(${plates}::text[]) WITH ORDINALITY AS given(plate, position) ORDER BY position`;
  return rows.map((row) => row.key);
}

// Every character the key changes, plus characters it must leave alone (other Latin letters, other scripts, symbols,
// a character outside the BMP) and runs of W (the Moroccan WW series stays Latin, a lone W is و).
const ALPHABET = [...PLATE_KEY_CHARACTERS.keys(), ...'0123456789CFIPQcfipqéßЖ#+,ج ش', '🚗', 'WW', 'ww', 'Ww'];

describe('plate_key() in SQL and normalizePlate in TypeScript', () => {
  it('is defined by the migration as an immutable function', () => {
    expect(MIGRATION).toMatch(/CREATE OR REPLACE FUNCTION plate_key\(plate text\) RETURNS text\s+LANGUAGE sql IMMUTABLE/);
  });

  it('agree on every character the key changes, alone and between two letters', async () => {
    const singles = [...PLATE_KEY_CHARACTERS.keys()];
    const inContext = singles.flatMap((character) => [`1${character}2`, `W${character}W`, `a${character}b`]);
    const plates = [...singles, ...inContext];
    expect(await sqlKeys(testDb(), plates)).toEqual(plates.map(normalizePlate));
  });

  it('agree on thousands of generated plates', async () => {
    const plates = fc.sample(
      fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }).map((parts) => parts.join('')),
      { numRuns: 5000, seed: 28 },
    );
    plates.push('12345 أ 6', '12345-أ-6', '12345 a 6', '١٢٣٤٥ أ ٦', '12345|A|6', 'WW 123456', '123 w 45', '1234 ABJ', 'ح ب ا ١٢٣٤', '');
    const expected = plates.map(normalizePlate);
    const actual = await sqlKeys(testDb(), plates);
    const differences = plates.filter((_, index) => actual[index] !== expected[index]);
    expect(differences.map((plate) => ({ plate, sql: actual[plates.indexOf(plate)], ts: normalizePlate(plate) }))).toEqual([]);
  });
});

describe('the migration recomputing the keys of existing vehicles', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const iso = await createIsolatedDatabase(inject('databaseUrl'));
    drop = iso.drop;
    db = createDb(iso.url, { poolSize: 2 });
  }, 120_000);
  afterAll(async () => {
    await db?.$disconnect();
    await drop?.();
  });

  /** The statements between the migration's recompute markers, run again as the migration ran them (one transaction). */
  const recompute = () => {
    // From the line after the begin marker (which carries a note) to the end marker.
    const block = MIGRATION.split('-- recompute:begin')[1]!.split('-- recompute:end')[0]!.replace(/^.*\n/, '');
    const statements = block
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThanOrEqual(3);
    return db.$transaction(statements.map((statement) => db.$executeRawUnsafe(statement)));
  };

  it('keeps the key for the live, older vehicle and gives each later duplicate a numbered key, never failing', async () => {
    const owner = await db.user.create({ data: { firstName: 'Old', lastName: 'Keys', username: 'old_keys', role: 'CLIENT' } });
    const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes));
    // Rows as the previous key (upper-case, spaces removed) left them.
    const rows = [
      { name: 'arabic', plateNumber: '12345 أ 6', plateNormalized: '12345أ6', createdAt: at(1) },
      { name: 'latin', plateNumber: '12345 a 6', plateNormalized: '12345A6', createdAt: at(2) },
      { name: 'latinAgain', plateNumber: '١٢٣٤٥ A ٦', plateNormalized: '١٢٣٤٥A٦', createdAt: at(3) },
      // A deleted vehicle gives way to a live one, although it is older.
      { name: 'deleted', plateNumber: '777 ب 1', plateNormalized: '777ب1', createdAt: at(4), deletedAt: at(30) },
      { name: 'live', plateNumber: '777 b 1', plateNormalized: '777B1', createdAt: at(5) },
      // Two keys trading places: the unique index would refuse the first row updated.
      { name: 'swapA', plateNumber: 'AB 1', plateNormalized: 'اب2', createdAt: at(6) },
      { name: 'swapB', plateNumber: 'اب 2', plateNormalized: 'اب1', createdAt: at(7) },
      // A 20-character key: its duplicate's key is cut to fit '#n' in 20 characters.
      { name: 'long', plateNumber: 'ABDHT1234567890ABDHT', plateNormalized: 'ABDHT1234567890ABDHT', createdAt: at(8) },
      { name: 'longAgain', plateNumber: 'abdht1234567890abdht', plateNormalized: 'abdht1234567890abdht', createdAt: at(9) },
      { name: 'untouched', plateNumber: '4321 Q', plateNormalized: '4321Q', createdAt: at(10) },
    ];
    const ids: Record<string, string> = {};
    for (const { name, ...row } of rows) {
      const created = await db.vehicle.create({
        data: { ...row, ownerId: owner.id, type: 'CAR', color: 'Grey', brand: 'Dacia', model: 'Logan', year: 2015, engineType: 'Diesel' },
      });
      ids[name] = created.id;
    }

    await recompute();

    const keys = Object.fromEntries(
      (await db.vehicle.findMany({ where: { ownerId: owner.id }, select: { id: true, plateNormalized: true, plateNumber: true } })).map(
        (row) => [Object.keys(ids).find((name) => ids[name] === row.id)!, row],
      ),
    );
    expect(keys.arabic!.plateNormalized).toBe('12345ا6');
    expect([keys.latin!.plateNormalized, keys.latinAgain!.plateNormalized].sort()).toEqual(['12345ا6#1', '12345ا6#2'].sort());
    expect(keys.latin!.plateNumber).toBe('12345 a 6'); // the plate as typed is never changed
    expect(keys.live!.plateNormalized).toBe('777ب1');
    expect(keys.deleted!.plateNormalized).toMatch(/^777ب1#\d+$/);
    expect(keys.swapA!.plateNormalized).toBe('اب1');
    expect(keys.swapB!.plateNormalized).toBe('اب2');
    expect(keys.long!.plateNormalized).toBe(normalizePlate('ABDHT1234567890ABDHT'));
    expect(keys.longAgain!.plateNormalized).toMatch(/^ابدهط1234567890ابد#\d$/);
    expect(keys.longAgain!.plateNormalized).toHaveLength(20);
    expect(keys.untouched!.plateNormalized).toBe('4321Q');
    // Every key not suffixed is exactly the TypeScript key.
    for (const row of Object.values(keys))
      if (!row.plateNormalized.includes('#')) expect(row.plateNormalized).toBe(normalizePlate(row.plateNumber));

    // The unique index is back: the same key cannot be written twice.
    const [index] = await db.$queryRaw<
      { indexdef: string }[]
    >`SELECT indexdef FROM pg_indexes WHERE indexname = 'Vehicle_plateNormalized_key'`;
    expect(index?.indexdef).toMatch(/UNIQUE INDEX/);
    await expect(
      db.vehicle.create({
        data: {
          ownerId: owner.id,
          type: 'CAR',
          plateNumber: '12345 ا 6',
          plateNormalized: '12345ا6',
          color: 'Grey',
          brand: 'Dacia',
          model: 'Logan',
          year: 2015,
          engineType: 'Diesel',
        },
      }),
    ).rejects.toThrow();

    // Running it again changes nothing: the numbering is stable.
    const before = await db.vehicle.findMany({
      where: { ownerId: owner.id },
      select: { id: true, plateNormalized: true },
      orderBy: { id: 'asc' },
    });
    await recompute();
    expect(
      await db.vehicle.findMany({ where: { ownerId: owner.id }, select: { id: true, plateNormalized: true }, orderBy: { id: 'asc' } }),
    ).toEqual(before);
  });
});
