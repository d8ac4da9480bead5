// Inspection figures (issue #29): a vehicle's measurements over its visits (tread depth, pad thickness,
// battery voltage...) and the shop's inspection figures for a period, per technician. Each is one SQL
// statement (queryRows); the rest is arranging rows. Measurements are stored in thousandths (valueMilli) and
// answered as plain numbers (fromMilli), like every inspection value.
import type { Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import {
  dashboardRange,
  figuresPeriod,
  fromMilli,
  type InspectionFigures,
  type inspectionFiguresInputSchema,
  type LocalizedText,
  type vehicleMeasurementsSchema,
} from '@garage/shared';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';

type VehicleMeasurements = z.infer<typeof vehicleMeasurementsSchema>;
type Series = VehicleMeasurements['series'][number];
type Unit = Series['unit'];
type Condition = Series['points'][number]['condition'];
type FiguresQuery = z.output<typeof inspectionFiguresInputSchema>;

/** An instant as the API writes dates (ISO 8601, UTC): stored timestamps are UTC without a zone. */
const isoText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every measured value of a live vehicle's completed or sent inspections, by key then date. The vehicle is the
 * outer row: a vehicle without measurements gives one row of nulls, a missing or deleted one no row (a 404).
 * A measurement's date is when its inspection was completed, else the visit's date (a row written before
 * completedAt existed, or by hand).
 */
export const MEASUREMENTS_SQL = `
SELECT m.key, m.label, m.unit::text AS unit, m."amberAtMilli", m."redAtMilli", m."valueMilli", m.condition::text AS condition, ${isoText('m.at')} AS date, m."visitId"
FROM "Vehicle" ve
JOIN "User" o ON o.id = ve."ownerId" AND o."deletedAt" IS NULL
LEFT JOIN LATERAL (
  SELECT i.key, i.label, i.unit, i."amberAtMilli", i."redAtMilli", i."valueMilli", i.condition, coalesce(n."completedAt", v."visitDate") AS at, v.id AS "visitId",
         n.id AS "inspectionId", i.position
  FROM "Visit" v
  JOIN "Inspection" n ON n."visitId" = v.id AND n.status IN ('COMPLETED', 'SENT')
  JOIN "InspectionItem" i ON i."inspectionId" = n.id
  WHERE v."vehicleId" = ve.id AND i.key IS NOT NULL AND i."valueMilli" IS NOT NULL AND i.unit IS NOT NULL
) m ON true
WHERE ve.id = $1::uuid AND ve."deletedAt" IS NULL
ORDER BY m.key, m.at, m."inspectionId", m.position`;

interface MeasurementRow {
  key: string | null;
  label: LocalizedText | null;
  unit: Unit | null;
  amberAtMilli: number | null;
  redAtMilli: number | null;
  valueMilli: number | null;
  condition: Condition;
  date: string | null;
  visitId: string | null;
}

/**
 * The vehicle's measurement series, one per key, points oldest first. The label and unit are the latest
 * point's (a template's wording may change between visits); points in another unit than the latest are left
 * out, since they would sit on the wrong scale of the same chart (a key changing unit is a template mistake).
 */
export async function vehicleMeasurements(db: Db, vehicleId: string): Promise<VehicleMeasurements> {
  const rows = await queryRows<MeasurementRow>(db, { text: MEASUREMENTS_SQL, values: [vehicleId] }, { prepare: true });
  if (rows.length === 0) throw notFound('vehicle');
  const byKey = new Map<string, MeasurementRow[]>();
  for (const row of rows) {
    if (row.key === null) continue;
    const points = byKey.get(row.key) ?? [];
    points.push(row);
    byKey.set(row.key, points);
  }
  const series: Series[] = [];
  for (const [key, points] of byKey) {
    const latest = points[points.length - 1]!;
    series.push({
      key,
      label: latest.label!,
      unit: latest.unit!,
      // The latest thresholds, drawn as the chart's amber and red lines.
      amberAt: latest.amberAtMilli === null ? null : fromMilli(latest.amberAtMilli),
      redAt: latest.redAtMilli === null ? null : fromMilli(latest.redAtMilli),
      points: points
        .filter((point) => point.unit === latest.unit)
        .map((point) => ({ date: point.date!, value: fromMilli(point.valueMilli!), condition: point.condition, visitId: point.visitId! })),
    });
  }
  return { series };
}

/**
 * The period's inspections per technician (one row per assignee, null = unassigned): inspections completed in
 * [$1, $2) and still completed or sent (a reopened one counts again when it is completed again), their
 * flagged items (amber or red), the tasks proposed from them and the customer's decisions on those tasks.
 * The approved value is the sold-for price of the approved tasks not cancelled since, i.e. the work that
 * lands on the visit's bill (visit-rules.ts isBillable). It is Task.soldForCents as the shop types prices:
 * tax included when Merchant.pricesIncludeTax (the default), without tax otherwise, the same basis as the
 * dashboard's task figures (its revenue is payments received, which always include tax).
 */
export const FIGURES_SQL = `
WITH n AS MATERIALIZED (
  SELECT id, "assignedToId" FROM "Inspection"
  WHERE "completedAt" >= $1::timestamp AND "completedAt" < $2::timestamp AND status IN ('COMPLETED', 'SENT')
), items AS (
  SELECT n."assignedToId",
         count(*) FILTER (WHERE i.condition IN ('SOON', 'URGENT'))::int AS flagged,
         count(t.id)::int AS proposed,
         count(*) FILTER (WHERE t.approval = 'APPROVED')::int AS approved,
         count(*) FILTER (WHERE t.approval = 'DECLINED')::int AS declined,
         coalesce(sum(t."soldForCents") FILTER (WHERE t.approval = 'APPROVED' AND t.status <> 'CANCELLED'), 0)::float8 AS "approvedCents"
  FROM n JOIN "InspectionItem" i ON i."inspectionId" = n.id
  LEFT JOIN "Task" t ON t.id = i."taskId"
  GROUP BY n."assignedToId"
), done AS (
  SELECT "assignedToId", count(*)::int AS completed FROM n GROUP BY "assignedToId"
)
SELECT done."assignedToId" AS "userId", u."firstName", u."lastName", done.completed,
       coalesce(items.flagged, 0) AS flagged, coalesce(items.proposed, 0) AS proposed, coalesce(items.approved, 0) AS approved,
       coalesce(items.declined, 0) AS declined, coalesce(items."approvedCents", 0) AS "approvedCents"
FROM done
LEFT JOIN items ON items."assignedToId" IS NOT DISTINCT FROM done."assignedToId"
LEFT JOIN "User" u ON u.id = done."assignedToId"
ORDER BY done.completed DESC, u."lastName", u."firstName", done."assignedToId" NULLS LAST`;

interface FiguresRow {
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  completed: number;
  flagged: number;
  proposed: number;
  approved: number;
  declined: number;
  approvedCents: number;
}

/** UTC text for a `timestamp` column (stored as UTC). */
const utc = (instant: Date) => instant.toISOString().replace('T', ' ').replace('Z', '');

/**
 * The figures of the period the dashboard would measure for the same input (dashboardRange: named periods in
 * the caller's time zone up to now, custom days whole). Technicians with no completed inspection in the period
 * are not listed; the unassigned row's name is empty (the screens write "Unassigned" in their language).
 */
export async function inspectionFigures(db: Db, input: FiguresQuery, now: Date): Promise<InspectionFigures> {
  const range = dashboardRange({ period: figuresPeriod(input), from: input.from, to: input.to, timeZone: input.timeZone }, now);
  const rows = await queryRows<FiguresRow>(db, { text: FIGURES_SQL, values: [utc(range.from), utc(range.to)] }, { prepare: true });
  const sum = (pick: (row: FiguresRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const approvedTasks = sum((row) => row.approved);
  const declinedTasks = sum((row) => row.declined);
  const decided = approvedTasks + declinedTasks;
  return {
    completed: sum((row) => row.completed),
    flaggedItems: sum((row) => row.flagged),
    proposedTasks: sum((row) => row.proposed),
    approvedTasks,
    declinedTasks,
    approvalShare: decided === 0 ? null : approvedTasks / decided,
    approvedCents: sum((row) => row.approvedCents),
    perTechnician: rows.map((row) => ({
      userId: row.userId,
      name: row.userId === null ? '' : [row.firstName, row.lastName].filter(Boolean).join(' '),
      completed: row.completed,
      flaggedItems: row.flagged,
      approvedTasks: row.approved,
      approvedCents: row.approvedCents,
    })),
  };
}
