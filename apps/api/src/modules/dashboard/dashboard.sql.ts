// The main panel's statements. Each reads the current and the previous period in one pass over an index
// (the two half-open ranges as an OR, which PostgreSQL answers with a BitmapOr of two index ranges) and
// labels rows with `cur`. Timestamps are stored as UTC in `timestamp` columns; days are the caller's
// calendar days: ("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE $tz. Values are always parameters; the
// statements are not prepared, so every call is planned with its own dates (a generic plan cannot tell a
// one-day range from a one-year one). See ARCHITECTURE.md "Dashboard".
//
// Parameters shared by every statement: $1 from, $2 to, $3 previous from, $4 previous to (UTC text),
// $5 time zone.
import { COMPLETED_VISIT_STATUSES, OPEN_VISIT_STATUSES, OWING_PAYMENT_STATUSES } from '@garage/shared';

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;
const inRanges = (column: string) =>
  `((${column} >= $1::timestamp AND ${column} < $2::timestamp) OR (${column} >= $3::timestamp AND ${column} < $4::timestamp))`;
const localDay = (column: string) => `((${column} AT TIME ZONE 'UTC') AT TIME ZONE $5)::date`;

/**
 * Visits opened in either period, and their tasks. Rows: kind 'visits' (per period: count, distinct
 * vehicles, still owed), 'day' (opened per day, current period), 'tasks' (per period, status and service).
 */
export const OPENED_SQL = `
WITH v AS MATERIALIZED (
  SELECT id, "vehicleId", "paymentStatus", "totalCostCents" - "paidCents" AS owed, "createdAt" >= $1::timestamp AS cur,
         ${localDay('"createdAt"')} AS day
  FROM "Visit"
  WHERE ${inRanges('"createdAt"')}
)
SELECT 'visits' AS kind, cur, NULL AS day, NULL AS status, NULL AS service, count(*)::int AS n, count(DISTINCT "vehicleId")::int AS cars,
       coalesce(sum(owed) FILTER (WHERE "paymentStatus" IN ${list(OWING_PAYMENT_STATUSES)}), 0)::float8 AS cents
FROM v GROUP BY cur
UNION ALL
SELECT 'day', true, day::text, NULL, NULL, count(*)::int, 0, 0 FROM v WHERE cur GROUP BY day
UNION ALL
SELECT 'tasks', v.cur, NULL, t.status::text, t.service::text, count(*)::int, 0,
       coalesce(sum(t."soldForCents") FILTER (WHERE t.status <> 'CANCELLED'), 0)::float8
FROM v JOIN "Task" t ON t."visitId" = v.id
GROUP BY v.cur, t.status, t.service`;

export interface OpenedRow {
  kind: 'visits' | 'day' | 'tasks';
  cur: boolean;
  day: string | null;
  status: string | null;
  service: string | null;
  n: number;
  cars: number;
  cents: number;
}

/** Visits whose work was completed in either period and that are still completed or handed over. */
export const COMPLETED_SQL = `
SELECT "completedAt" >= $1::timestamp AS cur, ${localDay('"completedAt"')}::text AS day, count(*)::int AS n
FROM "Visit"
WHERE ${inRanges('"completedAt"')} AND status IN ${list(COMPLETED_VISIT_STATUSES)}
GROUP BY 1, 2`;

export interface CompletedRow {
  cur: boolean;
  day: string;
  n: number;
}

/** Successful payments and refunds by period, day, method and status (failed and deleted ones count for nothing). */
export const PAYMENTS_SQL = `
SELECT "createdAt" >= $1::timestamp AS cur, ${localDay('"createdAt"')}::text AS day, method::text AS method, status::text AS status,
       sum("amountCents")::float8 AS cents, count(*)::int AS n
FROM "Payment"
WHERE ${inRanges('"createdAt"')} AND status IN ('SUCCESS', 'REFUNDED')
GROUP BY 1, 2, 3, 4`;

export interface PaymentRow {
  cur: boolean;
  day: string;
  method: string;
  status: 'SUCCESS' | 'REFUNDED';
  cents: number;
  n: number;
}

/**
 * New clients and ratings per period, and the figures of right now. $5 (not the time zone here) is today's
 * calendar day in the caller's zone (due dates are stored as that day's UTC midnight, so "before today" compares with it).
 */
export const SCALARS_SQL = `
SELECT
  (SELECT count(*) FILTER (WHERE "createdAt" >= $1::timestamp) FROM "User"
     WHERE role = 'CLIENT' AND "deletedAt" IS NULL AND ${inRanges('"createdAt"')})::int AS "newCustomers",
  (SELECT count(*) FILTER (WHERE "createdAt" < $1::timestamp) FROM "User"
     WHERE role = 'CLIENT' AND "deletedAt" IS NULL AND ${inRanges('"createdAt"')})::int AS "newCustomersBefore",
  r."ratings", r."ratingsBefore", r."stars", r."starsBefore",
  o."openVisits", o."overdueVisits", o."readyForPickup",
  d."outstandingCents", d."outstandingVisits"
FROM
  (SELECT count(*) FILTER (WHERE "createdAt" >= $1::timestamp)::int AS "ratings",
          count(*) FILTER (WHERE "createdAt" < $1::timestamp)::int AS "ratingsBefore",
          avg(stars) FILTER (WHERE "createdAt" >= $1::timestamp)::float8 AS "stars",
          avg(stars) FILTER (WHERE "createdAt" < $1::timestamp)::float8 AS "starsBefore"
   FROM "Rating" WHERE ${inRanges('"createdAt"')}) r,
  (SELECT count(*) FILTER (WHERE status IN ${list(OPEN_VISIT_STATUSES)})::int AS "openVisits",
          count(*) FILTER (WHERE status IN ${list(OPEN_VISIT_STATUSES)} AND "dueDate" < $5::timestamp)::int AS "overdueVisits",
          count(*) FILTER (WHERE status = 'READY_FOR_PICKUP')::int AS "readyForPickup"
   FROM "Visit" WHERE status IN ('PENDING', 'IN_PROGRESS', 'READY_FOR_PICKUP')) o,
  (SELECT coalesce(sum("totalCostCents" - "paidCents"), 0)::float8 AS "outstandingCents", count(*)::int AS "outstandingVisits"
   FROM "Visit" WHERE "paymentStatus" IN ${list(OWING_PAYMENT_STATUSES)}) d`;

export interface ScalarsRow {
  newCustomers: number;
  newCustomersBefore: number;
  ratings: number;
  ratingsBefore: number;
  stars: number | null;
  starsBefore: number | null;
  openVisits: number;
  overdueVisits: number;
  readyForPickup: number;
  outstandingCents: number;
  outstandingVisits: number;
}

/**
 * Live vehicles whose last oil change is due soon by km ($2 km margin) or by date ($3-day interval, $4
 * days ahead). $1 is today in the caller's zone, $5 that zone, $6 how many to list. Every row carries the
 * totals (window counts over all due vehicles) so one statement answers both.
 */
export const OIL_DUE_SQL = `
WITH last AS (
  SELECT DISTINCT ON (o."vehicleId") o."vehicleId", o."nextChangeKm",
         ((o."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE $5)::date AS changed
  FROM "OilChange" o
  ORDER BY o."vehicleId", o."createdAt" DESC, o.id DESC
), due AS (
  SELECT ve.id AS "vehicleId", ve."ownerId", ve."plateNumber", ve.brand, ve.model, ve."latestKm", last."nextChangeKm",
         last.changed, last.changed + $3::int AS "nextDate",
         coalesce(ve."latestKm" >= last."nextChangeKm" - $2::int, false) AS "dueByKm",
         last.changed + $3::int <= $1::date + $4::int AS "dueByDate"
  FROM last JOIN "Vehicle" ve ON ve.id = last."vehicleId" AND ve."deletedAt" IS NULL
), soon AS (
  SELECT *, count(*) OVER ()::int AS total, (count(*) FILTER (WHERE "dueByKm") OVER ())::int AS "byKm",
         (count(*) FILTER (WHERE "dueByDate") OVER ())::int AS "byDate",
         -- Urgency: the smaller share of the warning margin left, by km or by date (negative = overdue).
         least(CASE WHEN "latestKm" IS NULL THEN NULL ELSE ("nextChangeKm" - "latestKm")::float8 / $2::int END,
               ("nextDate" - $1::date)::float8 / $4::int) AS urgency
  FROM due WHERE "dueByKm" OR "dueByDate"
)
SELECT s."vehicleId", s."ownerId", u."firstName" || ' ' || u."lastName" AS "ownerName", s."plateNumber", s.brand, s.model,
       s."latestKm", s."nextChangeKm", s.changed::text AS "lastChangeDate", s."nextDate"::text AS "nextChangeDate",
       s."dueByKm", s."dueByDate", s.total, s."byKm", s."byDate"
FROM soon s JOIN "User" u ON u.id = s."ownerId"
ORDER BY s.urgency ASC, s."vehicleId"
LIMIT $6::int`;

export interface OilDueRow {
  vehicleId: string;
  ownerId: string;
  ownerName: string;
  plateNumber: string;
  brand: string;
  model: string;
  latestKm: number | null;
  nextChangeKm: number;
  lastChangeDate: string;
  nextChangeDate: string;
  dueByKm: boolean;
  dueByDate: boolean;
  total: number;
  byKm: number;
  byDate: number;
}
