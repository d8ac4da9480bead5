// The vehicle's odometer: Vehicle.latestKm / lastKmUpdate are the highest reading recorded so far and when.
// The one writer of those columns for everyday work (oil changes, odometer readings, visits' readings in and
// out); imports write them in bulk with the same "only upward" rule (data-transfer/import-writer.ts).
// Every value here is in km (distances are stored in km and converted at the edges: @garage/shared distance.ts).
import type { Prisma } from '@garage/db';

type Tx = Prisma.TransactionClient;

/**
 * Records an odometer reading taken at `at`: the vehicle's latest km moves to `km` when it is higher than (or
 * equal to) the latest known reading, never down (a lower reading is an odometer replaced or a typo, kept on its
 * record but not on the vehicle). The conditional UPDATE takes the row lock, so two concurrent readings cannot
 * both pass the check with stale values. True when the vehicle's latest km moved (or was already this reading).
 */
export async function recordOdometerReading(tx: Tx, vehicleId: string, km: number, at: Date): Promise<boolean> {
  const moved = await tx.vehicle.updateMany({
    where: { id: vehicleId, deletedAt: null, OR: [{ latestKm: null }, { latestKm: { lte: km } }] },
    data: { latestKm: km, lastKmUpdate: at },
  });
  return moved.count > 0;
}

/** The highest reading the vehicle's records hold (oil changes, visits in and out), with its date; null without any. */
export async function highestRecordedReading(tx: Tx, vehicleId: string): Promise<{ km: number; at: Date } | null> {
  const rows = await tx.$queryRaw<{ km: number; at: Date }[]>`
    SELECT km, at FROM (
      SELECT "currentKm" AS km, "createdAt" AS at FROM "OilChange" WHERE "vehicleId" = ${vehicleId}::uuid
      UNION ALL
      SELECT "odometerInKm", "visitDate" FROM "Visit" WHERE "vehicleId" = ${vehicleId}::uuid AND "odometerInKm" IS NOT NULL
      UNION ALL
      SELECT "odometerOutKm", coalesce("completedAt", "visitDate")
      FROM "Visit" WHERE "vehicleId" = ${vehicleId}::uuid AND "odometerOutKm" IS NOT NULL
    ) readings
    ORDER BY km DESC, at DESC
    LIMIT 1`;
  return rows[0] ?? null;
}

/**
 * After a record's reading was corrected or deleted (`beforeKm`, the reading it held): when that reading was the
 * vehicle's latest km, the highest reading still recorded takes over (none: no reading at all); else a higher
 * remaining reading moves the latest km up. A latest km above every record (a reading taken without one) stays.
 * Call it with the vehicle row locked.
 */
export async function followCorrectedReading(tx: Tx, vehicleId: string, beforeKm: number, latestKm: number | null): Promise<void> {
  const top = await highestRecordedReading(tx, vehicleId);
  const oldRecordHeldLatest = latestKm !== null && beforeKm >= latestKm;
  if (oldRecordHeldLatest) {
    await tx.vehicle.update({ where: { id: vehicleId }, data: { latestKm: top?.km ?? null, lastKmUpdate: top?.at ?? null } });
  } else if (top && (latestKm === null || top.km > latestKm)) {
    await tx.vehicle.update({ where: { id: vehicleId }, data: { latestKm: top.km, lastKmUpdate: new Date() } });
  }
}
