// The parts catalogue: search and list (the hot read of the parts screens and of the task line picker), the
// one-part reads (by id, by scanned barcode) and the admin changes. Stock on hand is never written here: it
// follows movements (stock.service.ts, parts-stock.service.ts).
//
// The list reads through node-postgres (no Prisma runtime on the hot path). Without a search: one statement,
// the page (its reserved and on-order figures summed for the page's rows only, correlated on the page's ids
// after LIMIT, through the TaskLine(partId, stock) and PurchaseOrderLine(partId) indexes), the capped count
// and the markup bands. A search goes through the part search index (part-search.ts), or the trigram indexes
// when no word has 3 characters.
import { Prisma, type Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import {
  UNIT_DECIMALS,
  hasAtMostDecimals,
  toMilli,
  type listPartsSchema,
  type PartPage,
  type PartUnit,
  type PartView,
} from '@garage/shared';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { assertRateUsable } from '../tax/tax-resolution.ts';
import { uniqueViolationFields, violates } from '../../lib/unique-violation.ts';
import { containsPattern, readWithTrigramPlans, textSearchWords } from '../users/users.search.ts';
import type { Tx } from '../visits/visit-state.ts';
import { listMarkupBands, MARKUP_BANDS_JSON, sortMarkupBands, type MarkupBandRow } from './markup.service.ts';
import { searchByTerms } from './part-search.ts';
import { ON_ORDER_MILLI, PART_VIEW_COLUMNS, RESERVED_MILLI, toPartView, type PartRow } from './part-views.ts';

type ListPartsQuery = z.output<typeof listPartsSchema>;

/** Matches counted at most: above, the list says "more than" (`totalCapped`). */
export const PART_COUNT_CAP = 1000;

export interface PartWrite {
  partNumber?: string;
  name?: string;
  brand?: string | null;
  category?: string | null;
  barcode?: string | null;
  unit?: PartUnit;
  costCents?: number;
  priceCents?: number | null;
  binLocation?: string | null;
  reorderPoint?: number | null;
  reorderQuantity?: number | null;
  supplierId?: string | null;
  notes?: string | null;
  taxRateId?: string | null;
}

/** Fixed SQL per sort option (never input); `id` makes every order total, so pages never overlap. */
const ORDER_BY: Record<ListPartsQuery['sort'], Prisma.Sql> = {
  name: Prisma.sql`p.name ASC, p.id ASC`,
  partNumber: Prisma.sql`p."partNumber" ASC, p.id ASC`,
  onHand: Prisma.sql`p."onHandMilli" ASC, p.id ASC`,
  updated: Prisma.sql`p."updatedAt" DESC, p.id DESC`,
};

/** What the page's choice and order read of each matching part (never the wide texts: notes). */
const SORT_COLUMNS = Prisma.sql`p.id, p.name, p."partNumber", p.barcode, p."onHandMilli", p."updatedAt"`;

/** One word of a search: part of the number, the name or the brand, or the whole barcode. */
function partWordMatch(word: string): Prisma.Sql {
  const pattern = containsPattern(word);
  const alternatives = [
    Prisma.sql`p."partNumber" ILIKE ${pattern}`,
    Prisma.sql`p.name ILIKE ${pattern}`,
    Prisma.sql`p.brand ILIKE ${pattern}`,
  ];
  // A barcode is looked up whole (the unique index), as a scanner or a typist gives it.
  if (/^\d{8,14}$/.test(word)) alternatives.push(Prisma.sql`p.barcode = ${word}`);
  return Prisma.sql`(${Prisma.join(alternatives, ' OR ')})`;
}

/** A search's order: the exact part (the whole search is its barcode or part number) first, then the chosen order. */
function searchOrder(query: ListPartsQuery): Prisma.Sql {
  const search = query.search?.trim() ?? '';
  return Prisma.sql`CASE WHEN p.barcode = ${search} OR p."partNumber" = ${search} OR p."partNumber" = upper(${search}) THEN 0 ELSE 1 END, ${ORDER_BY[query.sort]}`;
}

export async function listParts(db: Db, query: ListPartsQuery, seesCosts: boolean): Promise<PartPage> {
  const words = textSearchWords(query.search);
  // Conditions beyond the archived state (the search index carries that one).
  const narrowing = [
    ...(query.category ? [Prisma.sql`p.category = ${query.category}`] : []),
    ...(query.supplierId ? [Prisma.sql`p."supplierId" = ${query.supplierId}::uuid`] : []),
    ...(query.lowStock
      ? [
          Prisma.sql`p."reorderPointMilli" IS NOT NULL
            AND p."onHandMilli" - ${RESERVED_MILLI} + ${ON_ORDER_MILLI} <= p."reorderPointMilli"`,
        ]
      : []),
  ];
  const filters = Prisma.join([query.includeArchived ? Prisma.sql`TRUE` : Prisma.sql`p."archivedAt" IS NULL`, ...narrowing], ' AND ');
  const where = Prisma.join([filters, ...words.map(partWordMatch)], ' AND ');
  const offset = (query.page - 1) * query.pageSize;
  const page =
    words.length === 0
      ? await browsePage(db, where, query, offset)
      : ((await searchByTerms(db, {
          words,
          query,
          filters,
          filtered: narrowing.length > 0,
          offset,
          wordMatch: partWordMatch,
          orderBy: searchOrder(query),
        })) ?? (await searchPage(db, where, words, query, offset)));
  const bands = sortMarkupBands(page.bands);
  return {
    items: page.rows.map((row) => toPartView(row, bands, seesCosts)),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(page.total / query.pageSize)),
    totalCapped: page.capped,
  };
}

interface PageRead {
  rows: PartRow[];
  total: number;
  capped: boolean;
  bands: MarkupBandRow[];
}

/** The markup bands, read on the list's own connection (a handful of rows): no second round trip. */
const BANDS_SQL = Prisma.sql`SELECT "upToCostCents", "markupBasisPoints" FROM "PartMarkupBand"`;

/**
 * No search: the page walks the Part(name, id) index (or the chosen order's) and stops after pageSize rows;
 * the count stops at PART_COUNT_CAP (a catalogue of 50,000 parts is not counted to show "more than 1,000").
 * Count, bands and page in one statement (one round trip, one snapshot): a row per part of the page, or one
 * row of nulls for an empty page, each carrying the count and the bands.
 */
async function browsePage(db: Db, where: Prisma.Sql, query: ListPartsQuery, offset: number): Promise<PageRead> {
  const orderBy = ORDER_BY[query.sort];
  const rows = await queryRows<PartRow & { matchCount: number; bands: MarkupBandRow[] }>(
    db,
    Prisma.sql`
      SELECT head."matchCount", head.bands, parts.*
      FROM (
        SELECT (SELECT count(*) FROM (SELECT 1 FROM "Part" AS p WHERE ${where} LIMIT ${PART_COUNT_CAP + 1}) AS m)::int AS "matchCount",
          ${MARKUP_BANDS_JSON} AS bands
      ) AS head
      LEFT JOIN LATERAL (
        SELECT ${PART_VIEW_COLUMNS}, row_number() OVER (ORDER BY ${orderBy}) AS position
        FROM (SELECT p.id FROM "Part" AS p WHERE ${where} ORDER BY ${orderBy} LIMIT ${query.pageSize} OFFSET ${offset}) AS page
        JOIN "Part" AS p USING (id)
        LEFT JOIN "Supplier" AS s ON s.id = p."supplierId"
      ) AS parts ON TRUE
      ORDER BY parts.position`,
    { prepare: true },
  );
  const matches = rows[0]?.matchCount ?? 0;
  return {
    rows: rows.filter((row) => row.id !== null),
    total: Math.min(matches, PART_COUNT_CAP),
    capped: matches > PART_COUNT_CAP,
    bands: rows[0]?.bands ?? [],
  };
}

/**
 * A search: the matches are collected once (the trigram indexes find them, OFFSET-free MATERIALIZED CTE), then
 * counted and the page's top rows sorted from that one collection: the exact part (a scanned barcode, a
 * typed part number) first, then the chosen order. The view's columns (and its correlated reserved/on-order
 * sums) are read for the page's rows only. One statement, so the matches are read and rechecked once.
 */
async function searchPage(db: Db, where: Prisma.Sql, words: string[], query: ListPartsQuery, offset: number): Promise<PageRead> {
  const orderBy = searchOrder(query);
  const [rows, bands] = (await readWithTrigramPlans(db, words, [
    Prisma.sql`
      WITH matches AS MATERIALIZED (SELECT ${SORT_COLUMNS} FROM "Part" AS p WHERE ${where})
      SELECT (SELECT count(*) FROM matches)::int AS "matchCount", ${PART_VIEW_COLUMNS}
      FROM (SELECT p.id FROM matches AS p ORDER BY ${orderBy} LIMIT ${query.pageSize} OFFSET ${offset}) AS page
      JOIN "Part" AS p USING (id)
      LEFT JOIN "Supplier" AS s ON s.id = p."supplierId"
      ORDER BY ${orderBy}`,
    BANDS_SQL,
  ])) as [(PartRow & { matchCount: number })[], MarkupBandRow[]];
  // A page past the last one has no row to carry the count: count on its own (rare: a stale page number).
  const total =
    rows[0]?.matchCount ??
    (offset === 0
      ? 0
      : ((
          (await readWithTrigramPlans(db, words, [Prisma.sql`SELECT count(*)::int AS total FROM "Part" AS p WHERE ${where}`])) as [
            { total: number }[],
          ]
        )[0][0]?.total ?? 0));
  return { rows, total, capped: false, bands };
}

async function findPart(db: Db, condition: Prisma.Sql, seesCosts: boolean): Promise<PartView | null> {
  const [rows, bands] = await Promise.all([
    queryRows<PartRow>(
      db,
      Prisma.sql`SELECT ${PART_VIEW_COLUMNS} FROM "Part" AS p LEFT JOIN "Supplier" AS s ON s.id = p."supplierId" WHERE ${condition}`,
      { prepare: true },
    ),
    listMarkupBands(db),
  ]);
  return rows[0] ? toPartView(rows[0], bands, seesCosts) : null;
}

export async function getPart(db: Db, id: string, seesCosts: boolean): Promise<PartView> {
  const part = await findPart(db, Prisma.sql`p.id = ${id}::uuid`, seesCosts);
  if (!part) throw notFound('part');
  return part;
}

/** The part a scanner read; archived parts too (the screen says so), 404 for an unknown code. */
export async function getPartByBarcode(db: Db, barcode: string, seesCosts: boolean): Promise<PartView> {
  const part = await findPart(db, Prisma.sql`p.barcode = ${barcode}`, seesCosts);
  if (!part) throw notFound('part');
  return part;
}

/** Distinct categories of the parts in use, for the list's filter. */
export async function listPartCategories(db: Db): Promise<string[]> {
  const rows = await queryRows<{ category: string }>(
    db,
    Prisma.sql`SELECT DISTINCT category FROM "Part" WHERE category IS NOT NULL AND "archivedAt" IS NULL ORDER BY category`,
    { prepare: true },
  );
  return rows.map((row) => row.category);
}

/** A quantity of the part's unit: at most the unit's decimals (no 1.5 pieces), named by its field. */
export function assertUnitQuantity(unit: PartUnit, quantity: number, field: string): void {
  const decimals = UNIT_DECIMALS[unit];
  if (!hasAtMostDecimals(quantity, decimals))
    throw new AppError('VALIDATION', 'inventory.quantityDecimals', { field, params: { decimals } });
}

const milliOrNull = (quantity: number | null | undefined) =>
  quantity === undefined ? undefined : quantity === null ? null : toMilli(quantity);

/** The columns a write sets (undefined keeps the stored value). */
function partData(input: PartWrite) {
  return {
    partNumber: input.partNumber,
    name: input.name,
    brand: input.brand,
    category: input.category,
    barcode: input.barcode,
    unit: input.unit,
    costCents: input.costCents,
    priceCents: input.priceCents,
    binLocation: input.binLocation,
    reorderPointMilli: milliOrNull(input.reorderPoint),
    reorderQuantityMilli: milliOrNull(input.reorderQuantity),
    supplierId: input.supplierId,
    notes: input.notes,
    taxRateId: input.taxRateId,
  };
}

/** 409 with the field that clashed (part number or barcode), for a unique violation; else the error itself. */
function uniqueConflict(error: unknown): unknown {
  const fields = uniqueViolationFields(error);
  if (!fields) return error;
  if (violates(fields, 'barcode')) return new AppError('CONFLICT', 'inventory.barcodeTaken', { field: 'barcode' });
  if (violates(fields, 'partNumber')) return new AppError('CONFLICT', 'inventory.partNumberTaken', { field: 'partNumber' });
  return error;
}

async function assertSupplierExists(tx: Tx, supplierId: string | null | undefined): Promise<void> {
  if (!supplierId) return;
  const supplier = await tx.supplier.findUnique({ where: { id: supplierId }, select: { id: true } });
  if (!supplier) throw new AppError('NOT_FOUND', 'missing.supplier', { field: 'supplierId' });
}

/** The reorder figures must fit the unit the part will have. */
function assertReorderFigures(unit: PartUnit, figures: { reorderPoint?: number | null; reorderQuantity?: number | null }): void {
  if (figures.reorderPoint != null) assertUnitQuantity(unit, figures.reorderPoint, 'reorderPoint');
  if (figures.reorderQuantity != null) assertUnitQuantity(unit, figures.reorderQuantity, 'reorderQuantity');
}

export async function createPart(db: Db, input: PartWrite & { partNumber: string; name: string; unit: PartUnit }): Promise<PartView> {
  assertReorderFigures(input.unit, input);
  try {
    const id = await db.$transaction(async (tx) => {
      await assertSupplierExists(tx, input.supplierId);
      if (input.taxRateId) await assertRateUsable(tx, input.taxRateId, 'taxRateId');
      return (await tx.part.create({ data: { ...partData(input), partNumber: input.partNumber, name: input.name }, select: { id: true } }))
        .id;
    });
    return getPart(db, id, true);
  } catch (error) {
    throw uniqueConflict(error);
  }
}

/**
 * Only the fields sent change. The unit of a part with history (movements, lines, orders, canned jobs) is
 * fixed: their quantities are thousandths of it.
 */
export async function updatePart(db: Db, id: string, input: PartWrite): Promise<PartView> {
  try {
    await db.$transaction(async (tx) => {
      const current = await tx.part.findUnique({
        where: { id },
        select: { unit: true, reorderPointMilli: true, reorderQuantityMilli: true, taxRateId: true },
      });
      if (!current) throw notFound('part');
      // A new rate must be usable; the one it has may stay even once archived.
      if (input.taxRateId && input.taxRateId !== current.taxRateId) await assertRateUsable(tx, input.taxRateId, 'taxRateId');
      const unit = input.unit ?? current.unit;
      if (unit !== current.unit && (await partHistory(tx, id)) > 0)
        throw new AppError('CONFLICT', 'inventory.unitInUse', { field: 'unit' });
      // Stored figures are checked too when the unit changes (a 1.5 reorder point cannot become pieces).
      assertReorderFigures(unit, {
        reorderPoint: input.reorderPoint !== undefined ? input.reorderPoint : fromMilliOrNull(current.reorderPointMilli),
        reorderQuantity: input.reorderQuantity !== undefined ? input.reorderQuantity : fromMilliOrNull(current.reorderQuantityMilli),
      });
      await assertSupplierExists(tx, input.supplierId);
      await tx.part.update({ where: { id }, data: partData(input) });
    });
  } catch (error) {
    throw uniqueConflict(error);
  }
  return getPart(db, id, true);
}

const fromMilliOrNull = (milli: number | null) => (milli === null ? null : milli / 1000);

/** How many rows name the part: movements, task lines, order lines, canned-job lines. */
async function partHistory(tx: Tx, id: string): Promise<number> {
  const [movements, lines, orderLines, offeringLines] = await Promise.all([
    tx.stockMovement.count({ where: { partId: id } }),
    tx.taskLine.count({ where: { partId: id } }),
    tx.purchaseOrderLine.count({ where: { partId: id } }),
    tx.offeringItemLine.count({ where: { partId: id } }),
  ]);
  return movements + lines + orderLines + offeringLines;
}

export async function setPartArchived(db: Db, id: string, archived: boolean): Promise<PartView> {
  // Archiving twice keeps the first date.
  const updated = await db.part.updateMany({
    where: { id, ...(archived ? { archivedAt: null } : {}) },
    data: { archivedAt: archived ? new Date() : null },
  });
  if (updated.count === 0 && !(await db.part.findUnique({ where: { id }, select: { id: true } }))) throw notFound('part');
  return getPart(db, id, true);
}

/** Only a part nothing names may go; one with history is archived instead (409). */
export async function deletePart(db: Db, id: string): Promise<{ id: string }> {
  const inUse = () => new AppError('CONFLICT', 'inventory.partInUse');
  try {
    await db.$transaction(async (tx) => {
      // Locked, so no movement or line is written for it while it goes.
      const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Part" WHERE id = ${id}::uuid FOR UPDATE`;
      if (rows.length === 0) throw notFound('part');
      if ((await partHistory(tx, id)) > 0) throw inUse();
      await tx.part.delete({ where: { id } });
    });
  } catch (error) {
    // A line or order line written meanwhile: the foreign keys (Restrict) refuse the delete.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw inUse();
    throw error;
  }
  return { id };
}
