// Oil changes of a vehicle: the history and recording a new one. Recording also moves the vehicle's
// latest km and last km update, in the same transaction; the odometer never goes backwards.
import type { Db, Prisma } from '@garage/db';
import {
  HISTORY_WINDOW,
  type HistoryWindow,
  oilDueInKm,
  type OilChangeInputParsed,
  type OilChangeUpdateInput,
  type OilChangeView,
  type OilHistory,
  type OilSummary,
} from '@garage/shared';
import { fieldError, notFound } from '../../lib/errors.ts';
import { cursorRow, olderThanWhere } from '../../lib/history-window.ts';
import type { Session } from '../../session/session.ts';
import { followCorrectedReading, recordOdometerReading } from './odometer.ts';

const oilChangeSelect = {
  id: true,
  vehicleId: true,
  oilName: true,
  oilType: true,
  currentKm: true,
  nextChangeKm: true,
  filterChanged: true,
  notes: true,
  createdAt: true,
  recordedBy: { select: { id: true, firstName: true, lastName: true } },
} as const;

async function findVehicle(db: Db, vehicleId: string, scope: { ownerId?: string } = {}) {
  const vehicle = await db.vehicle.findFirst({
    where: { id: vehicleId, deletedAt: null, owner: { deletedAt: null }, ...(scope.ownerId ? { ownerId: scope.ownerId } : {}) },
    select: { id: true, latestKm: true, lastKmUpdate: true },
  });
  if (!vehicle) throw notFound('vehicle');
  return vehicle;
}

/**
 * One window of the history, newest first (historyWindowSchema: `limit` rows older than `before`).
 * `ownerId` scopes the read to one owner (the client area): another owner's vehicle looks like not found.
 */
export async function listOilChanges(
  db: Db,
  vehicleId: string,
  scope: { ownerId?: string } = {},
  window: HistoryWindow = { limit: HISTORY_WINDOW.defaultLimit },
): Promise<OilHistory> {
  const vehicle = await findVehicle(db, vehicleId, scope);
  const olderThan = window.before ? await cursorRow(db.oilChange, { id: window.before, vehicleId }) : null;
  const [rows, newest] = await Promise.all([
    db.oilChange.findMany({
      where: { vehicleId, ...olderThanWhere(olderThan) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: window.limit + 1,
      select: oilChangeSelect,
    }),
    // The status always reads the newest change, whichever window is asked.
    db.oilChange.findFirst({ where: { vehicleId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { nextChangeKm: true } }),
  ]);
  const more = rows.length > window.limit;
  const items: OilChangeView[] = rows
    .slice(0, window.limit)
    .map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
  const nextChangeKm = newest?.nextChangeKm ?? null;
  return {
    nextCursor: more ? items.at(-1)!.id : null,
    summary: {
      latestKm: vehicle.latestKm,
      lastKmUpdate: vehicle.lastKmUpdate?.toISOString() ?? null,
      nextChangeKm,
      dueInKm: oilDueInKm(vehicle.latestKm, nextChangeKm),
    },
    items,
  };
}

/**
 * Moves the vehicle's latest km to `km` under the row lock taken by the conditional UPDATE, so two
 * concurrent readings cannot both pass the check with stale values. Rejects a lower reading on `field`.
 */
async function moveOdometer(tx: Prisma.TransactionClient, vehicleId: string, km: number, field: string): Promise<void> {
  if (await recordOdometerReading(tx, vehicleId, km, new Date())) return;
  const current = await tx.vehicle.findFirst({ where: { id: vehicleId, deletedAt: null }, select: { latestKm: true } });
  if (!current) throw notFound('vehicle');
  throw fieldError(field, 'oilChanges.kmBelowLatest', { latestKm: current.latestKm ?? 0 });
}

export async function recordKmReading(db: Db, vehicleId: string, km: number): Promise<OilSummary> {
  await findVehicle(db, vehicleId);
  await db.$transaction((tx) => moveOdometer(tx, vehicleId, km, 'km'));
  return (await listOilChanges(db, vehicleId)).summary;
}

export async function recordOilChange(db: Db, actor: Session, vehicleId: string, input: OilChangeInputParsed): Promise<OilChangeView> {
  await findVehicle(db, vehicleId);
  const row = await db.$transaction(async (tx) => {
    await moveOdometer(tx, vehicleId, input.currentKm, 'currentKm');
    return tx.oilChange.create({
      data: {
        vehicleId,
        oilName: input.oilName,
        oilType: input.oilType,
        currentKm: input.currentKm,
        nextChangeKm: input.nextChangeKm,
        filterChanged: input.filterChanged,
        notes: input.notes || null,
        recordedById: actor.userId,
      },
      select: oilChangeSelect,
    });
  });
  const { createdAt, ...view } = row;
  return { ...view, createdAt: createdAt.toISOString() };
}

// --- Corrections -----------------------------------------------------------------------------------------
// A wrong entry can be corrected or deleted by staff. The vehicle's latest km follows: it is the highest of
// the remaining readings (oil changes and visits), unless a later odometer reading taken without an oil change (which is
// not kept as a row of its own) is what set it. The reminder of the vehicle follows by itself: its due km
// and date are computed from the oil change (reminders.sql.ts), and a deleted latest change takes its
// reminder with it (the previous change's reminder is recreated on the next read).

async function findOilChange(db: Db | Prisma.TransactionClient, id: string) {
  const row = await db.oilChange.findFirst({
    where: { id, vehicle: { deletedAt: null } },
    select: {
      id: true,
      vehicleId: true,
      currentKm: true,
      nextChangeKm: true,
      createdAt: true,
      vehicle: { select: { latestKm: true, lastKmUpdate: true } },
    },
  });
  if (!row) throw notFound('oilChange');
  return row;
}

/**
 * Recomputes the vehicle's latest km after a change to `before` (the record as it was). When the old
 * record held the latest km, the highest remaining reading takes over (none: no reading at all); a reading
 * above every oil change (taken without one) stays.
 */
async function followLatestKm(
  tx: Prisma.TransactionClient,
  vehicleId: string,
  before: { currentKm: number; vehicle: { latestKm: number | null; lastKmUpdate: Date | null } },
) {
  // The remaining readings include the visits' (odometer.ts), not only the oil changes'.
  await followCorrectedReading(tx, vehicleId, before.currentKm, before.vehicle.latestKm);
}

export async function updateOilChange(db: Db, id: string, input: OilChangeUpdateInput): Promise<OilChangeView> {
  const before = await findOilChange(db, id);
  const currentKm = input.currentKm ?? before.currentKm;
  const nextChangeKm = input.nextChangeKm ?? before.nextChangeKm;
  if (nextChangeKm <= currentKm) throw fieldError('nextChangeKm', 'minValue', { fieldName: 'nextChangeKm', minValue: currentKm + 1 });
  const row = await db.$transaction(async (tx) => {
    // Row lock on the vehicle: a concurrent reading or correction waits, so latest km is computed on fresh rows.
    await tx.$executeRaw`SELECT 1 FROM "Vehicle" WHERE id = ${before.vehicleId}::uuid FOR UPDATE`;
    const fresh = await findOilChange(tx, id);
    const updated = await tx.oilChange.update({
      where: { id },
      data: {
        ...(input.oilName !== undefined && { oilName: input.oilName }),
        ...(input.oilType !== undefined && { oilType: input.oilType }),
        ...(input.currentKm !== undefined && { currentKm: input.currentKm }),
        ...(input.nextChangeKm !== undefined && { nextChangeKm: input.nextChangeKm }),
        ...(input.filterChanged !== undefined && { filterChanged: input.filterChanged }),
        ...(input.notes !== undefined && { notes: input.notes || null }),
      },
      select: oilChangeSelect,
    });
    if (input.currentKm !== undefined) await followLatestKm(tx, fresh.vehicleId, fresh);
    return updated;
  });
  const { createdAt, ...view } = row;
  return { ...view, createdAt: createdAt.toISOString() };
}

export async function deleteOilChange(db: Db, id: string): Promise<{ id: string; summary: OilSummary }> {
  const before = await findOilChange(db, id);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Vehicle" WHERE id = ${before.vehicleId}::uuid FOR UPDATE`;
    const fresh = await findOilChange(tx, id);
    await tx.oilChange.delete({ where: { id } });
    await followLatestKm(tx, fresh.vehicleId, fresh);
  });
  return { id, summary: (await listOilChanges(db, before.vehicleId)).summary };
}
