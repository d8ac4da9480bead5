// Oil changes of a vehicle: the history and recording a new one. Recording also moves the vehicle's
// latest km and last km update, in the same transaction; the odometer never goes backwards.
import type { Db, Prisma } from '@garage/db';
import { fillTemplate, OIL_MESSAGES, oilDueInKm, type OilChangeInputParsed, type OilChangeView, type OilHistory, type OilSummary } from '@garage/shared';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Session } from '../auth/session.ts';

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
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

/** `ownerId` scopes the read to one owner (the client area): another owner's vehicle looks like not found. */
export async function listOilChanges(db: Db, vehicleId: string, scope: { ownerId?: string } = {}): Promise<OilHistory> {
  const vehicle = await findVehicle(db, vehicleId, scope);
  const rows = await db.oilChange.findMany({
    where: { vehicleId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: oilChangeSelect,
  });
  const items: OilChangeView[] = rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
  const nextChangeKm = items[0]?.nextChangeKm ?? null;
  return {
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
  const moved = await tx.vehicle.updateMany({
    where: { id: vehicleId, deletedAt: null, OR: [{ latestKm: null }, { latestKm: { lte: km } }] },
    data: { latestKm: km, lastKmUpdate: new Date() },
  });
  if (moved.count > 0) return;
  const current = await tx.vehicle.findFirst({ where: { id: vehicleId, deletedAt: null }, select: { latestKm: true } });
  if (!current) throw notFound('Vehicle');
  throw fieldError(field, fillTemplate(OIL_MESSAGES.kmBelowLatest, { latestKm: current.latestKm ?? 0 }));
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
