// The main panel's statements. Each reads the current and the previous period in one pass over one index
// range, [previous from, to) without the gap between the two periods, and labels rows with `cur`. Days are
// the caller's calendar days: the service sends each period's day starts (computed in its time zone, DST
// included) and width_bucket() finds a row's day by binary search, which costs less than converting every
// timestamp with AT TIME ZONE. Tasks, payments and completed visits are read from covering indexes alone
// (migration dashboard_covering_indexes). Values are always parameters; the statements are not prepared, so
// each call is planned with its own dates (a generic plan cannot tell a day from a year). See
// docs/features.md "Dashboards".
//
// Parameters of the period statements: $1 from, $2 to, $3 previous from, $4 previous to (UTC text; stored
// timestamps are UTC), $5 the current period's day starts, $6 the previous period's (timestamp[]).
import { COMPLETED_VISIT_STATUSES, OPEN_VISIT_STATUSES, OWING_PAYMENT_STATUSES } from '@garage/shared';

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;
const inPeriods = (column: string) =>
  `${column} >= $3::timestamp AND ${column} < $2::timestamp AND NOT (${column} >= $4::timestamp AND ${column} < $1::timestamp)`;
const isCurrent = (column: string) => `${column} >= $1::timestamp`;
/** 1 for the first day of its period, 2 for the second... */
const dayOf = (column: string) =>
  `width_bucket(${column}, CASE WHEN ${column} >= $1::timestamp THEN $5::timestamp[] ELSE $6::timestamp[] END)`;

/**
 * Visits opened in either period. Rows: per period and day, the count and what is still owed on them
 * (day > 0); per period, the distinct vehicles (day = 0).
 */
export const OPENED_SQL = `
WITH v AS MATERIALIZED (
  SELECT ${isCurrent('"createdAt"')} AS cur, ${dayOf('"createdAt"')} AS day, "vehicleId", "paymentStatus", "totalCostCents" - "paidCents" AS owed
  FROM "Visit"
  WHERE ${inPeriods('"createdAt"')}
)
SELECT cur, day, count(*)::int AS n, coalesce(sum(owed) FILTER (WHERE "paymentStatus" IN ${list(OWING_PAYMENT_STATUSES)}), 0)::float8 AS cents
FROM v GROUP BY cur, day
UNION ALL
SELECT cur, 0, count(*)::int, 0 FROM (SELECT DISTINCT cur, "vehicleId" FROM v) vehicles GROUP BY cur`;

export interface OpenedRow {
  cur: boolean;
  day: number;
  n: number;
  cents: number;
}

/** Tasks added in either period, by status and service, with the sold-for amount of the live ones. */
export const TASKS_SQL = `
SELECT ${isCurrent('"createdAt"')} AS cur, status::text AS status, service::text AS service, count(*)::int AS n,
       coalesce(sum("soldForCents") FILTER (WHERE status <> 'CANCELLED'), 0)::float8 AS cents
FROM "Task"
WHERE ${inPeriods('"createdAt"')}
GROUP BY 1, 2, 3`;

export interface TaskRow {
  cur: boolean;
  status: string;
  service: string;
  n: number;
  cents: number;
}

/** Visits whose work was completed in either period and that are still completed or handed over. */
export const COMPLETED_SQL = `
SELECT ${isCurrent('"completedAt"')} AS cur, ${dayOf('"completedAt"')} AS day, count(*)::int AS n
FROM "Visit"
WHERE ${inPeriods('"completedAt"')} AND status IN ${list(COMPLETED_VISIT_STATUSES)}
GROUP BY 1, 2`;

export interface CompletedRow {
  cur: boolean;
  day: number;
  n: number;
}

/** Successful payments and refunds by period, day, method and status (failed and deleted ones count for nothing). */
export const PAYMENTS_SQL = `
SELECT ${isCurrent('"createdAt"')} AS cur, ${dayOf('"createdAt"')} AS day, method::text AS method, status::text AS status,
       sum("amountCents")::float8 AS cents, count(*)::int AS n
FROM "Payment"
WHERE ${inPeriods('"createdAt"')} AND status IN ('SUCCESS', 'REFUNDED')
GROUP BY 1, 2, 3, 4`;

export interface PaymentRow {
  cur: boolean;
  day: number;
  method: string;
  status: 'SUCCESS' | 'REFUNDED';
  cents: number;
  n: number;
}

/**
 * New clients and ratings per period, and the figures of right now. $1-$4 as above; $5 is today's calendar
 * day in the caller's zone (due dates are stored as that day's UTC midnight, so "before today" compares with it).
 */
export const SCALARS_SQL = `
SELECT
  (SELECT count(*) FILTER (WHERE "createdAt" >= $1::timestamp) FROM "User"
     WHERE role = 'CLIENT' AND "deletedAt" IS NULL AND ${inPeriods('"createdAt"')})::int AS "newCustomers",
  (SELECT count(*) FILTER (WHERE "createdAt" < $1::timestamp) FROM "User"
     WHERE role = 'CLIENT' AND "deletedAt" IS NULL AND ${inPeriods('"createdAt"')})::int AS "newCustomersBefore",
  r."ratings", r."ratingsBefore", r."stars", r."starsBefore",
  o."openVisits", o."overdueVisits", o."readyForPickup",
  d."outstandingCents", d."outstandingVisits"
FROM
  (SELECT count(*) FILTER (WHERE "createdAt" >= $1::timestamp)::int AS "ratings",
          count(*) FILTER (WHERE "createdAt" < $1::timestamp)::int AS "ratingsBefore",
          avg(stars) FILTER (WHERE "createdAt" >= $1::timestamp)::float8 AS "stars",
          avg(stars) FILTER (WHERE "createdAt" < $1::timestamp)::float8 AS "starsBefore"
   FROM "Rating" WHERE ${inPeriods('"createdAt"')}) r,
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
 * Live vehicles whose last oil change is due soon by km ($2 km margin) or by date: the next change falls
 * $3 days after the last one, and it is due soon when that day is at most $4 days after today, i.e. when the
 * last change happened before $1 (the start, in the caller's zone, of the first day whose change is not yet
 * due; computed by the service so no row needs a time-zone conversion).
 * $5 is the zone (for the listed rows' days), $6 how many to list. Always one row at least: the totals,
 * with the most urgent vehicles (nulls when none is due); owners are read for the listed vehicles only.
 */
export const OIL_DUE_SQL = `
WITH last AS (
  SELECT DISTINCT ON (o."vehicleId") o."vehicleId", o."nextChangeKm", o."createdAt"
  FROM "OilChange" o
  ORDER BY o."vehicleId", o."createdAt" DESC, o.id DESC
), due AS MATERIALIZED (
  SELECT ve.id AS "vehicleId", ve."ownerId", ve."plateNumber", ve.brand, ve.model, ve."latestKm", last."nextChangeKm", last."createdAt",
         coalesce(ve."latestKm" >= last."nextChangeKm" - $2::int, false) AS "dueByKm",
         last."createdAt" < $1::timestamp AS "dueByDate"
  FROM last JOIN "Vehicle" ve ON ve.id = last."vehicleId" AND ve."deletedAt" IS NULL
  WHERE coalesce(ve."latestKm" >= last."nextChangeKm" - $2::int, false) OR last."createdAt" < $1::timestamp
), totals AS (
  SELECT count(*)::int AS total, (count(*) FILTER (WHERE "dueByKm"))::int AS "byKm", (count(*) FILTER (WHERE "dueByDate"))::int AS "byDate"
  FROM due
), top AS (
  -- Most urgent first: the smaller share of the warning margin left, by km or by date (negative = overdue).
  SELECT *, least(CASE WHEN "latestKm" IS NULL THEN NULL ELSE ("nextChangeKm" - "latestKm")::float8 / $2::int END,
                  (extract(epoch FROM ("createdAt" - $1::timestamp)) / 86400 + $4::int + 1) / $4::int) AS urgency
  FROM due
  ORDER BY urgency, "vehicleId"
  LIMIT $6::int
)
SELECT top."vehicleId", top."ownerId", u."firstName" || ' ' || u."lastName" AS "ownerName", top."plateNumber", top.brand, top.model,
       top."latestKm", top."nextChangeKm", ((top."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE $5)::date::text AS "lastChangeDate",
       (((top."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE $5)::date + $3::int)::text AS "nextChangeDate",
       top."dueByKm", top."dueByDate", totals.total, totals."byKm", totals."byDate"
FROM totals LEFT JOIN top ON true LEFT JOIN "User" u ON u.id = top."ownerId"
ORDER BY top.urgency, top."vehicleId"`;

/** With no vehicle due, one row of totals whose vehicle columns are null. */
export interface OilDueRow {
  vehicleId: string | null;
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
