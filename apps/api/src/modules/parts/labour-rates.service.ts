// Labour rates: the hourly prices labour lines start from. Among the rates in use (not archived) exactly one
// is the default a new labour line takes: the first rate becomes it, making another the default unsets the
// old one in the same transaction, and the default cannot be archived while another rate could take its place.
// Every change locks the rates' rows (in id order) so two admins never leave two defaults or none.
import type { Db } from '@garage/db';
import type { LabourRateView } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Tx } from '../visits/visit-state.ts';

const rateSelect = { id: true, name: true, rateCents: true, isDefault: true, archivedAt: true } as const;
type RateRow = { id: string; name: string; rateCents: number; isDefault: boolean; archivedAt: Date | null };

const toView = (row: RateRow): LabourRateView => ({ ...row, archivedAt: row.archivedAt?.toISOString() ?? null });

/** Serialises changes to the set of rates (whose default is decided across rows). */
async function lockRates(tx: Tx): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "LabourRate" ORDER BY id FOR UPDATE`;
  // Creating the first rate has no row to lock: a transaction-scoped advisory lock covers that case.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('LabourRate.default'))`;
}

export async function listLabourRates(db: Db, includeArchived: boolean): Promise<LabourRateView[]> {
  const rows = await db.labourRate.findMany({
    where: includeArchived ? {} : { archivedAt: null },
    select: rateSelect,
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toView);
}

/** Makes `id` the only default among the rates. */
async function makeDefault(tx: Tx, id: string): Promise<void> {
  await tx.labourRate.updateMany({ where: { isDefault: true, id: { not: id } }, data: { isDefault: false } });
  await tx.labourRate.update({ where: { id }, data: { isDefault: true } });
}

export async function createLabourRate(db: Db, input: { name: string; rateCents: number; isDefault: boolean }): Promise<LabourRateView> {
  const row = await db.$transaction(async (tx) => {
    await lockRates(tx);
    const hasDefault = (await tx.labourRate.count({ where: { isDefault: true, archivedAt: null } })) > 0;
    const created = await tx.labourRate.create({ data: { name: input.name, rateCents: input.rateCents }, select: { id: true } });
    // The first rate in use is the default whatever was asked.
    if (input.isDefault || !hasDefault) await makeDefault(tx, created.id);
    return tx.labourRate.findUniqueOrThrow({ where: { id: created.id }, select: rateSelect });
  });
  return toView(row);
}

export async function updateLabourRate(
  db: Db,
  id: string,
  input: { name?: string; rateCents?: number; isDefault?: boolean },
): Promise<LabourRateView> {
  const row = await db.$transaction(async (tx) => {
    await lockRates(tx);
    const current = await tx.labourRate.findUnique({ where: { id }, select: rateSelect });
    if (!current) throw notFound('labourRate');
    if (input.isDefault === true && current.archivedAt)
      throw new AppError('CONFLICT', 'inventory.labourRateArchived', { field: 'isDefault' });
    if (input.isDefault === false && current.isDefault) {
      // Unsetting the default: another rate in use must take its place (the oldest), else it stays.
      const next = await tx.labourRate.findFirst({
        where: { id: { not: id }, archivedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      if (!next) throw new AppError('CONFLICT', 'inventory.onlyDefaultRate', { field: 'isDefault' });
      await makeDefault(tx, next.id);
    }
    await tx.labourRate.update({ where: { id }, data: { name: input.name, rateCents: input.rateCents } });
    if (input.isDefault === true) await makeDefault(tx, id);
    return tx.labourRate.findUniqueOrThrow({ where: { id }, select: rateSelect });
  });
  return toView(row);
}

/**
 * Archiving the default is refused while other rates are in use (make one of them the default first); the
 * only rate may be archived, leaving no default. Restoring a rate when none is the default makes it the default.
 */
export async function setLabourRateArchived(db: Db, id: string, archived: boolean): Promise<LabourRateView> {
  const row = await db.$transaction(async (tx) => {
    await lockRates(tx);
    const current = await tx.labourRate.findUnique({ where: { id }, select: rateSelect });
    if (!current) throw notFound('labourRate');
    if (archived && !current.archivedAt) {
      if (current.isDefault) {
        const others = await tx.labourRate.count({ where: { id: { not: id }, archivedAt: null } });
        if (others > 0) throw new AppError('CONFLICT', 'inventory.onlyDefaultRate', { field: 'archived' });
      }
      await tx.labourRate.update({ where: { id }, data: { archivedAt: new Date(), isDefault: false } });
    } else if (!archived && current.archivedAt) {
      await tx.labourRate.update({ where: { id }, data: { archivedAt: null } });
      const hasDefault = (await tx.labourRate.count({ where: { isDefault: true, archivedAt: null } })) > 0;
      if (!hasDefault) await makeDefault(tx, id);
    }
    return tx.labourRate.findUniqueOrThrow({ where: { id }, select: rateSelect });
  });
  return toView(row);
}

/**
 * Deletes a rate. Lines and canned-job lines keep their price (their rate becomes null: SetNull). Deleting the
 * default hands the default to the oldest other rate in use.
 */
export async function deleteLabourRate(db: Db, id: string): Promise<{ id: string }> {
  await db.$transaction(async (tx) => {
    await lockRates(tx);
    const current = await tx.labourRate.findUnique({ where: { id }, select: rateSelect });
    if (!current) throw notFound('labourRate');
    await tx.labourRate.delete({ where: { id } });
    if (current.isDefault) {
      const next = await tx.labourRate.findFirst({
        where: { archivedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      if (next) await makeDefault(tx, next.id);
    }
  });
  return { id };
}
