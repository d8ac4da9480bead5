// The visits shown on a customer's page and on a vehicle's page, newest first. A read-only summary: the
// visits feature owns creating and changing visits.
import type { Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import type { VisitSummary } from '@garage/shared';
import { isoInstant } from '../visits/visit-views.ts';

type Pagination = { page: number; pageSize: number };

/** Epoch milliseconds of a `timestamp` column (UTC), formatted by isoInstant. */
const epochMs = (column: string) => `(date_part('epoch', ${column}) * 1000)::int8`;

/** Proposed tasks the customer has not decided yet (approval PENDING, not cancelled), as Prisma counted them. */
const AWAITING_APPROVAL = `(SELECT count(*) FROM "Task" t WHERE t."visitId" = v.id AND t.approval = 'PENDING' AND t.status <> 'CANCELLED')::int`;

interface VisitSummaryRow {
  /** Every row carries the total; a page past the end is one row of nulls and the total. */
  total: number;
  id: string | null;
  name: string;
  vehicleId: string;
  plateNumber: string;
  /** Epoch milliseconds in text (int8). */
  visitDate: string;
  dueDate: string;
  status: string;
  paymentStatus: string;
  totalCostCents: number;
  paidCents: number;
  awaitingApproval: number;
  odometerInKm: number | null;
  distanceUnit: 'KM' | 'MI';
}

/**
 * The page and the total in one statement, prepared (one text per combination of filters): through Prisma
 * it was three statements (the page, its vehicles' plates, the count) and most of the request's CPU.
 */
function visitHistorySql(filter: { customerId?: string; vehicleId?: string; ownerId?: string }) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  const placeholder = (value: unknown) => `$${values.push(value)}::uuid`;
  if (filter.customerId) conditions.push(`v."customerId" = ${placeholder(filter.customerId)}`);
  if (filter.vehicleId) conditions.push(`v."vehicleId" = ${placeholder(filter.vehicleId)}`);
  if (filter.ownerId)
    conditions.push(`EXISTS (SELECT 1 FROM "Vehicle" ov WHERE ov.id = v."vehicleId" AND ov."ownerId" = ${placeholder(filter.ownerId)})`);
  if (conditions.length === 0) throw new Error('a visit history needs a customer or a vehicle');
  const where = conditions.join(' AND ');
  return {
    values,
    text: (limit: string, offset: string) => `WITH page AS (
  SELECT v.id, v.name, v."vehicleId", (SELECT ve."plateNumber" FROM "Vehicle" ve WHERE ve.id = v."vehicleId") AS "plateNumber",
    (SELECT ve."distanceUnit"::text FROM "Vehicle" ve WHERE ve.id = v."vehicleId") AS "distanceUnit", v."odometerInKm",
    ${epochMs('v."visitDate"')} AS "visitDate", ${epochMs('v."dueDate"')} AS "dueDate", v.status::text AS status,
    v."paymentStatus"::text AS "paymentStatus", v."totalCostCents", v."paidCents", ${AWAITING_APPROVAL} AS "awaitingApproval",
    v."createdAt" AS "sortCreatedAt"
  FROM "Visit" v WHERE ${where} ORDER BY v."createdAt" DESC, v.id DESC LIMIT ${limit} OFFSET ${offset})
SELECT (SELECT count(*)::int FROM "Visit" v WHERE ${where}) AS total, page.id, page.name, page."vehicleId", page."plateNumber",
  page."visitDate", page."dueDate", page.status, page."paymentStatus", page."totalCostCents", page."paidCents", page."awaitingApproval",
  page."odometerInKm", page."distanceUnit"
FROM (SELECT) AS always LEFT JOIN page ON true ORDER BY page."sortCreatedAt" DESC, page.id DESC`,
  };
}

/** `ownerId` restricts to vehicles of that owner (the client area). */
export async function listCustomerVisits(
  db: Db,
  filter: { customerId?: string; vehicleId?: string; ownerId?: string },
  { page, pageSize }: Pagination,
) {
  const sql = visitHistorySql(filter);
  const values = [...sql.values, pageSize, (page - 1) * pageSize];
  const text = sql.text(`$${values.length - 1}::int`, `$${values.length}::int`);
  const rows = await queryRows<VisitSummaryRow>(db, { text, values }, { prepare: true });
  const total = rows[0]?.total ?? 0;
  const items: VisitSummary[] = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id!,
      name: row.name,
      vehicleId: row.vehicleId,
      plateNumber: row.plateNumber,
      visitDate: isoInstant(row.visitDate),
      dueDate: isoInstant(row.dueDate),
      status: row.status,
      paymentStatus: row.paymentStatus,
      totalCostCents: row.totalCostCents,
      paidCents: row.paidCents,
      awaitingApproval: row.awaitingApproval,
      odometerInKm: row.odometerInKm,
      distanceUnit: row.distanceUnit,
    }));
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
