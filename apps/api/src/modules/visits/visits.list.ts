// The visits list: SPEC §4 filters, date filters and sorts, on indexed Visit columns, in raw SQL because
// the plan matters at 200,000 visits (see docs/performance.md "Visits list"). Filter meanings: docs/features.md
// and in packages/shared (visit-rules.ts, schemas/visits.ts).
import { Prisma, type Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import {
  COMPLETED_VISIT_STATUSES,
  OPEN_VISIT_STATUSES,
  OWING_PAYMENT_STATUSES,
  SETTLED_PAYMENT_STATUSES,
  dueDateValue,
  type ListVisitsParsed,
  type VisitPage,
  type VisitPaymentFilter,
  type VisitFilter,
  type VisitSort,
} from '@garage/shared';
import { createdRangeOf, todayIn } from './list-calendar.ts';
import { cachedVisitCount } from './visit-counts.ts';
import { toVisitListItem, type VisitListRow } from './visit-views.ts';

const { sql, join, empty, raw } = Prisma;

/** An SQL list of enum constants (never user input). */
function inList(values: readonly string[]): Prisma.Sql {
  if (!values.every((value) => /^[A-Z_]+$/.test(value))) throw new Error('not an enum constant');
  return raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
}

/** Timestamps are stored as UTC in `timestamp` columns: compare with UTC literals, whatever the session zone. */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamp`;

const ORDER: Record<VisitSort, Prisma.Sql> = {
  newest: raw('v."createdAt" DESC, v.id DESC'),
  oldest: raw('v."createdAt" ASC, v.id ASC'),
  highestCost: raw('v."totalCostCents" DESC, v."createdAt" DESC, v.id DESC'),
  lowestCost: raw('v."totalCostCents" ASC, v."createdAt" DESC, v.id DESC'),
  customerName: raw('c."lastName" ASC, c."firstName" ASC, v."customerId" ASC, v."createdAt" DESC, v.id DESC'),
  dueDate: raw('v."dueDate" ASC, v."createdAt" DESC, v.id DESC'),
};

/**
 * The same orders written so no index can produce them: the planner must then find the matching rows first
 * (through the filter's own index) and sort only those. Used for selective filters, where walking a sort
 * index and skipping non-matching rows can read most of the table when the two are correlated (e.g. visits
 * created this month, ordered by due date, sit at the far end of the due-date index).
 */
const ORDER_AFTER_FILTER: Record<VisitSort, Prisma.Sql> = {
  // Newest-first pages are always walked (pagePlan).
  newest: ORDER.newest,
  oldest: raw(`(v."createdAt" + interval '0 day') ASC, v.id ASC`),
  highestCost: raw('(v."totalCostCents" + 0) DESC, v."createdAt" DESC, v.id DESC'),
  lowestCost: raw('(v."totalCostCents" + 0) ASC, v."createdAt" DESC, v.id DESC'),
  customerName: raw(`(c."lastName" || '') ASC, c."firstName" ASC, v."customerId" ASC, v."createdAt" DESC, v.id DESC`),
  dueDate: raw(`(v."dueDate" + interval '0 day') ASC, v."createdAt" DESC, v.id DESC`),
};

/**
 * How the page is found: walk the sort's index and skip non-matching visits, or take the matching visits
 * first (through the filter's own index) and sort only those. Walking is cheapest while matches are spread
 * along the index; it degenerates when the filter's visits sit at the far end of it, which is the normal
 * case for time-ordered walks (oldest, due date) against recent-heavy filters (open, unpaid, created this
 * month). Newest-first is always walked: those visits sit at its start, and a customer's or vehicle's
 * visits have their own (customerId|vehicleId, createdAt) index to walk. Open visits (pending, overdue) by
 * due date walk the (dueDate, status) index, which skips closed visits without reading them. The cached
 * total tells how many rows a filter-first plan would sort. See ARCHITECTURE.md "Visits".
 */
export function pagePlan(sort: VisitSort, total: number, createdRange: boolean, openVisitsOnly = false): 'walk' | 'filterFirst' {
  if (sort === 'newest') return 'walk';
  if (total <= 1_000) return 'filterFirst';
  if (sort === 'dueDate') return createdRange || (total <= 10_000 && !openVisitsOnly) ? 'filterFirst' : 'walk';
  if (sort === 'oldest') return !createdRange && total <= 10_000 ? 'filterFirst' : 'walk';
  return 'walk';
}

/**
 * The WHERE conditions of a list request. `today` is the calendar day of `now` in the query's time zone
 * (calendarDateIn, through list-calendar.ts). Dates are written in one of two forms:
 * - `indexed` (count, filter-first pages): the planner may use the indexes and their statistics with the
 *   actual values (a filter-first page comparing due dates is therefore not prepared, see visitListSql);
 * - `opaque` (walked pages): the plan is the same whatever the values, so it can be prepared. A due date is
 *   written as an expression no index serves, with a fixed estimate; the walk only checks it row by row.
 *   Left visible, the planner collected "owed, due from today" through the due-date index (about 900
 *   visits scattered over 850 table pages: 2.6 ms) instead of walking the newest visits, where they are
 *   (0.05 ms). A created-at range keeps its index but reads its bounds through a sub-select, which the
 *   planner estimates the same way with or without values: with real values, a custom plan looked cheaper
 *   than the generic one (same shape, different estimate), so PostgreSQL planned every call.
 */
export function visitConditions(query: ListVisitsParsed, now: Date, today: string, values: 'indexed' | 'opaque') {
  let comparesDueDate = false;
  const dueDateVersusToday = (operator: '<' | '>=') => {
    comparesDueDate = true;
    const column = values === 'indexed' ? raw('v."dueDate"') : raw(`(v."dueDate" + interval '0 day')`);
    return sql`${column} ${raw(operator)} ${at(dueDateValue(today))}`;
  };
  const bound = (instant: Date) => (values === 'indexed' ? at(instant) : sql`(SELECT ${at(instant)})`);
  const createdWithin = (range: { from: Date; to: Date }) =>
    sql`v."createdAt" >= ${bound(range.from)} AND v."createdAt" < ${bound(range.to)}`;

  const filters: Record<VisitFilter, () => Prisma.Sql> = {
    pending: () => sql`v.status IN ${inList(OPEN_VISIT_STATUSES)}`,
    completed: () => sql`v.status IN ${inList(COMPLETED_VISIT_STATUSES)}`,
    unpaid: () => sql`v."paymentStatus" IN ${inList(OWING_PAYMENT_STATUSES)}`,
    overdue: () => sql`v.status IN ${inList(OPEN_VISIT_STATUSES)} AND ${dueDateVersusToday('<')}`,
    createdToday: () => createdWithin(createdRangeOf('today', now, query.timeZone)),
    readyForPickup: () => sql`v.status = 'READY_FOR_PICKUP'`,
  };
  const paymentFilters: Record<VisitPaymentFilter, () => Prisma.Sql> = {
    paid: () => sql`v."paymentStatus" IN ${inList(SETTLED_PAYMENT_STATUSES)}`,
    pending: () => sql`v."paymentStatus" IN ${inList(OWING_PAYMENT_STATUSES)} AND ${dueDateVersusToday('>=')}`,
    overdue: () => sql`v."paymentStatus" IN ${inList(OWING_PAYMENT_STATUSES)} AND ${dueDateVersusToday('<')}`,
    partiallyPaid: () => sql`v."paymentStatus" = 'PARTIALLY_PAID'`,
  };

  const conditions: Prisma.Sql[] = [];
  if (query.filter) conditions.push(filters[query.filter]());
  if (query.payment) conditions.push(paymentFilters[query.payment]());
  if (query.date) conditions.push(createdWithin(createdRangeOf(query.date, now, query.timeZone)));
  if (query.customerId) conditions.push(sql`v."customerId" = ${query.customerId}::uuid`);
  if (query.vehicleId) conditions.push(sql`v."vehicleId" = ${query.vehicleId}::uuid`);
  return { where: conditions.length > 0 ? sql`WHERE ${join(conditions, ' AND ')}` : empty, comparesDueDate };
}

/**
 * An instant as milliseconds since 1970 (int8, which node-postgres hands over as text). The columns are
 * timestamp(3), so the value is exact; formatting it in SQL with to_char cost a tenth of the page
 * statement's database time.
 */
const epochMs = (column: string) => raw(`(date_part('epoch', ${column}) * 1000)::int8`);

/** What a list row carries: the visit, its customer's name, its vehicle and how many tasks it has. */
const LIST_COLUMNS = sql`v.id, v.name, ${epochMs('v."visitDate"')} AS "visitDate", ${epochMs('v."dueDate"')} AS "dueDate",
  v."totalCostCents", v."paidCents", v.status::text AS status, v."paymentStatus"::text AS "paymentStatus", v.version,
  ${epochMs('v."createdAt"')} AS "createdAt", ${epochMs('v."updatedAt"')} AS "updatedAt", v."customerId", v."vehicleId",
  (SELECT ARRAY[cu."firstName", cu."lastName"] FROM "User" cu WHERE cu.id = v."customerId") AS customer,
  (SELECT ARRAY[ve."plateNumber", ve.brand, ve.model] FROM "Vehicle" ve WHERE ve.id = v."vehicleId") AS vehicle,
  (SELECT count(*) FROM "Task" t WHERE t."visitId" = v.id)::int AS "taskCount"`;

/** Past this offset the page's ids are chosen first, so the rows skipped by OFFSET carry no sub-selects. */
const DEEP_OFFSET = 200;

/**
 * The statements of a list request: the total, and the page. The page is one flat statement (cheap to
 * plan: the customer, vehicle and task count are sub-selects that PostgreSQL evaluates only for the rows it
 * returns, even after a sort); deep pages pick their ids first.
 *
 * The page is a prepared statement (queryRows), so PostgreSQL can reuse one generic plan, made without the
 * values, instead of planning every call: that is most of a page's database time. It is safe where the
 * plan does not depend on the values: created-at ranges and ids are walked or looked up the same way
 * whatever they are, and walked pages compare due dates in the opaque form. A filter-first page with a
 * due-date condition is planned with its values on every call: a generic plan guesses a third of the table
 * for "due before today", which is nearly all of it (overdue by due date took 28 ms instead of 6).
 */
export function visitListSql(query: ListVisitsParsed, now: Date) {
  const today = todayIn(now, query.timeZone);
  const createdRange = !!query.date || query.filter === 'createdToday';
  const openVisitsOnly = query.filter === 'pending' || query.filter === 'overdue';
  const customerJoin = query.sort === 'customerName' ? sql`JOIN "User" c ON c.id = v."customerId"` : empty;
  const offset = (query.page - 1) * query.pageSize;
  // The page size is written into the text (one of PAGE_SIZE_OPTIONS, checked by the schema) and so is the
  // first page's offset. Later pages read their offset through a sub-select, which keeps one statement
  // for all of them (see queryRows) and one plan: the planner assumes 10% of the rows for an offset it
  // cannot see, with or without values, whereas a plain placeholder made every custom plan look cheaper
  // than the generic one and PostgreSQL planned each call.
  if (!Number.isSafeInteger(query.pageSize) || query.pageSize <= 0) throw new Error('invalid page size');
  const limit = offset === 0 ? raw(`LIMIT ${query.pageSize}`) : sql`LIMIT ${raw(String(query.pageSize))} OFFSET (SELECT ${offset}::int)`;

  const page = (total: number) => {
    const plan = pagePlan(query.sort, total, createdRange, openVisitsOnly);
    const { where, comparesDueDate } = visitConditions(query, now, today, plan === 'walk' ? 'opaque' : 'indexed');
    const order = plan === 'filterFirst' && where !== empty ? ORDER_AFTER_FILTER[query.sort] : ORDER[query.sort];
    const prepare = plan === 'walk' || !comparesDueDate;
    if (offset <= DEEP_OFFSET) {
      return { statement: sql`SELECT ${LIST_COLUMNS} FROM "Visit" v ${customerJoin} ${where} ORDER BY ${order} ${limit}`, prepare };
    }
    const statement = sql`
      WITH page AS (SELECT v.id FROM "Visit" v ${customerJoin} ${where} ORDER BY ${order} ${limit})
      SELECT ${LIST_COLUMNS} FROM page JOIN "Visit" v ON v.id = page.id ${customerJoin} ORDER BY ${ORDER[query.sort]}`;
    return { statement, prepare };
  };
  // The total runs once per filter per few seconds (visit-counts.ts): planned with its values each time.
  const { where } = visitConditions(query, now, today, 'indexed');
  const count = sql`SELECT count(*)::int AS n FROM "Visit" v ${where}`;
  return { page, count, countKey: `${where.sql}|${JSON.stringify(where.values)}`, today };
}

/**
 * Both statements go straight to the pool (queryRows), prepared where that is safe: the list is the busiest
 * read of the staff area, and Prisma's runtime and PostgreSQL's planning were most of its cost (see
 * ARCHITECTURE.md "Visits").
 */
export async function listVisits(db: Db, query: ListVisitsParsed, now = new Date()): Promise<VisitPage> {
  const statements = visitListSql(query, now);
  const total = await cachedVisitCount(statements.countKey, async () => {
    const [row] = await queryRows<{ n: number }>(db, statements.count);
    return Number(row?.n ?? 0);
  });
  let rows: VisitListRow[] = [];
  if (total > 0) {
    const page = statements.page(total);
    rows = await queryRows<VisitListRow>(db, page.statement, { prepare: page.prepare });
  }
  return {
    items: rows.map((row) => toVisitListItem(row, statements.today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
