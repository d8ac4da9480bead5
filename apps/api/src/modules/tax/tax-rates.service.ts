// Tax rates an admin defines. A rate's percentage and category say what lines were taxed at, so they can
// change only while nothing uses the rate (no line, part or catalogue item names it); after that a new rate
// is made and the old one archived (it leaves the pickers, stays on what used it). Names and exemption
// reasons may always change (they are labels; issued invoices keep their own copy in their snapshot).
import type { Db, Prisma } from '@garage/db';
import type { TaxCategory, TaxRateView } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';

type RateRow = {
  id: string;
  name: string;
  basisPoints: number;
  category: string;
  exemptionReason: string | null;
  archivedAt: Date | null;
};

const rateSelect = {
  id: true,
  name: true,
  basisPoints: true,
  category: true,
  exemptionReason: true,
  archivedAt: true,
} as const;

/** The rates among `ids` that a line, part or catalogue item names (EXISTS through TaskLine's taxRateId index). */
async function ratesInUse(db: Db | Prisma.TransactionClient, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT r.id FROM "TaxRate" r
     WHERE r.id = ANY(${[...ids]}::uuid[])
       AND (EXISTS (SELECT 1 FROM "TaskLine" l WHERE l."taxRateId" = r.id)
         OR EXISTS (SELECT 1 FROM "Part" p WHERE p."taxRateId" = r.id)
         OR EXISTS (SELECT 1 FROM "OfferingItem" o WHERE o."taxRateId" = r.id))`;
  return new Set(rows.map((row) => row.id));
}

async function viewOf(db: Db | Prisma.TransactionClient, row: RateRow): Promise<TaxRateView> {
  return toView(row, (await ratesInUse(db, [row.id])).has(row.id));
}

function toView(row: RateRow, inUse: boolean): TaxRateView {
  return {
    id: row.id,
    name: row.name,
    basisPoints: row.basisPoints,
    category: row.category as TaxCategory,
    exemptionReason: row.exemptionReason,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    inUse,
  };
}

/** Highest rate first (the standard rate leads the pickers), then by name. */
export async function listTaxRates(db: Db, includeArchived: boolean): Promise<TaxRateView[]> {
  const rows = await db.taxRate.findMany({
    where: includeArchived ? {} : { archivedAt: null },
    select: rateSelect,
    orderBy: [{ basisPoints: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  });
  const used = await ratesInUse(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toView(row, used.has(row.id)));
}

export interface TaxRateInput {
  name: string;
  basisPoints: number;
  category: TaxCategory;
  exemptionReason: string | null;
}

export async function createTaxRate(db: Db, input: TaxRateInput): Promise<TaxRateView> {
  return toView(await db.taxRate.create({ data: input, select: rateSelect }), false);
}

export async function updateTaxRate(db: Db, id: string, patch: Partial<TaxRateInput>): Promise<TaxRateView> {
  const row = await db.$transaction(async (tx) => {
    // The row lock makes "not in use" hold until the change is written: a line taking this rate meanwhile
    // (its foreign key check takes a share lock on this row) waits for this transaction.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "TaxRate" WHERE id = ${id}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound('taxRate');
    const current = await tx.taxRate.findUniqueOrThrow({ where: { id }, select: rateSelect });
    const changesMeaning =
      (patch.basisPoints !== undefined && patch.basisPoints !== current.basisPoints) ||
      (patch.category !== undefined && patch.category !== current.category);
    if (changesMeaning && (await ratesInUse(tx, [id])).has(id)) {
      const field = patch.basisPoints !== undefined && patch.basisPoints !== current.basisPoints ? 'basisPoints' : 'category';
      throw new AppError('CONFLICT', 'tax.rateInUse', { field });
    }
    const updated = await tx.taxRate.update({
      where: { id },
      data: { name: patch.name, basisPoints: patch.basisPoints, category: patch.category, exemptionReason: patch.exemptionReason },
      select: rateSelect,
    });
    return viewOf(tx, updated);
  });
  return row;
}

/**
 * Archiving leaves what uses the rate as it is (lines, parts, catalogue items keep it); the shop's defaults
 * naming it are cleared, so new lines stop taking it. Restoring puts it back in the pickers.
 */
export async function setTaxRateArchived(db: Db, id: string, archived: boolean): Promise<TaxRateView> {
  const row = await db.$transaction(async (tx) => {
    const current = await tx.taxRate.findUnique({ where: { id }, select: { archivedAt: true } });
    if (!current) throw notFound('taxRate');
    if (archived && !current.archivedAt) {
      await tx.taxRate.update({ where: { id }, data: { archivedAt: new Date() } });
      await tx.merchant.updateMany({ where: { defaultLabourTaxRateId: id }, data: { defaultLabourTaxRateId: null } });
      await tx.merchant.updateMany({ where: { defaultPartTaxRateId: id }, data: { defaultPartTaxRateId: null } });
      await tx.merchant.updateMany({ where: { defaultFlatTaxRateId: id }, data: { defaultFlatTaxRateId: null } });
    } else if (!archived && current.archivedAt) {
      await tx.taxRate.update({ where: { id }, data: { archivedAt: null } });
    }
    return viewOf(tx, await tx.taxRate.findUniqueOrThrow({ where: { id }, select: rateSelect }));
  });
  return row;
}
