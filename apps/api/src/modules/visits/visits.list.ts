// The visits list: SPEC §4 filters, date filters and sorts, on indexed Visit columns, in raw SQL because
// the plan matters at 200,000 visits (see ARCHITECTURE.md "Visits"). Filter meanings are documented there
// and in packages/shared (visit-rules.ts, schemas/visits.ts).
import { Prisma, type Db } from '@garage/db';
import {
  COMPLETED_VISIT_STATUSES,
  OPEN_VISIT_STATUSES,
  OWING_PAYMENT_STATUSES,
  SETTLED_PAYMENT_STATUSES,
  calendarDateIn,
  dateFilterRange,
  dueDateValue,
  type ListVisitsParsed,
  type VisitPage,
  type VisitPaymentFilter,
  type VisitFilter,
  type VisitSort,
} from '@garage/shared';
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
  // Newest-first stays walkable: the open, unpaid and recent visits the filters select sit at its start.
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
 * month). The cached total tells how many rows a filter-first plan would sort. See ARCHITECTURE.md "Visits".
 */
export function pagePlan(sort: VisitSort, total: number, createdRange: boolean): 'walk' | 'filterFirst' {
  if (total <= 1_000) return 'filterFirst';
  if (sort === 'dueDate') return createdRange || total <= 10_000 ? 'filterFirst' : 'walk';
  if (sort === 'oldest') return !createdRange && total <= 10_000 ? 'filterFirst' : 'walk';
  return 'walk';
}

export function visitConditions(query: ListVisitsParsed, now: Date): Prisma.Sql[] {
  const today = calendarDateIn(now, query.timeZone);
  const dueBeforeToday = sql`v."dueDate" < ${at(dueDateValue(today))}`;
  const createdWithin = (range: { from: Date; to: Date }) => sql`v."createdAt" >= ${at(range.from)} AND v."createdAt" < ${at(range.to)}`;

  const filters: Record<VisitFilter, () => Prisma.Sql> = {
    pending: () => sql`v.status IN ${inList(OPEN_VISIT_STATUSES)}`,
    completed: () => sql`v.status IN ${inList(COMPLETED_VISIT_STATUSES)}`,
    unpaid: () => sql`v."paymentStatus" IN ${inList(OWING_PAYMENT_STATUSES)}`,
    overdue: () => sql`v.status IN ${inList(OPEN_VISIT_STATUSES)} AND ${dueBeforeToday}`,
    createdToday: () => createdWithin(dateFilterRange('today', now, query.timeZone)),
    readyForPickup: () => sql`v.status = 'READY_FOR_PICKUP'`,
  };
  const paymentFilters: Record<VisitPaymentFilter, () => Prisma.Sql> = {
    paid: () => sql`v."paymentStatus" IN ${inList(SETTLED_PAYMENT_STATUSES)}`,
    pending: () => sql`v."paymentStatus" IN ${inList(OWING_PAYMENT_STATUSES)} AND v."dueDate" >= ${at(dueDateValue(today))}`,
    overdue: () => sql`v."paymentStatus" IN ${inList(OWING_PAYMENT_STATUSES)} AND ${dueBeforeToday}`,
    partiallyPaid: () => sql`v."paymentStatus" = 'PARTIALLY_PAID'`,
  };

  const conditions: Prisma.Sql[] = [];
  if (query.filter) conditions.push(filters[query.filter]());
  if (query.payment) conditions.push(paymentFilters[query.payment]());
  if (query.date) conditions.push(createdWithin(dateFilterRange(query.date, now, query.timeZone)));
  if (query.customerId) conditions.push(sql`v."customerId" = ${query.customerId}::uuid`);
  if (query.vehicleId) conditions.push(sql`v."vehicleId" = ${query.vehicleId}::uuid`);
  return conditions;
}

/** What a list row carries: the visit, its customer's name, its vehicle and how many tasks it has. */
const LIST_COLUMNS = sql`v.id, v.name, v."visitDate", v."dueDate", v."totalCostCents", v."paidCents", v.status::text AS status,
  v."paymentStatus"::text AS "paymentStatus", v.version, v."createdAt", v."updatedAt", v."customerId", v."vehicleId",
  (SELECT ARRAY[cu."firstName", cu."lastName"] FROM "User" cu WHERE cu.id = v."customerId") AS customer,
  (SELECT ARRAY[ve."plateNumber", ve.brand, ve.model] FROM "Vehicle" ve WHERE ve.id = v."vehicleId") AS vehicle,
  (SELECT count(*) FROM "Task" t WHERE t."visitId" = v.id)::int AS "taskCount"`;

/** Past this offset the page's ids are chosen first, so the rows skipped by OFFSET carry no sub-selects. */
const DEEP_OFFSET = 200;

/**
 * The statements of a list request: the total, and the page. The page is one flat statement (cheap to
 * plan: the customer, vehicle and task count are sub-selects that PostgreSQL evaluates only for the rows it
 * returns, even after a sort); deep pages pick their ids first.
 */
export function visitListSql(query: ListVisitsParsed, now: Date) {
  const conditions = visitConditions(query, now);
  const where = conditions.length > 0 ? sql`WHERE ${join(conditions, ' AND ')}` : empty;
  const createdRange = !!query.date || query.filter === 'createdToday';
  const customerJoin = query.sort === 'customerName' ? sql`JOIN "User" c ON c.id = v."customerId"` : empty;
  const offset = (query.page - 1) * query.pageSize;

  const page = (total: number) => {
    const filterFirst = conditions.length > 0 && pagePlan(query.sort, total, createdRange) === 'filterFirst';
    const order = filterFirst ? ORDER_AFTER_FILTER[query.sort] : ORDER[query.sort];
    if (offset <= DEEP_OFFSET) {
      return sql`SELECT ${LIST_COLUMNS} FROM "Visit" v ${customerJoin} ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`;
    }
    return sql`
      WITH page AS (SELECT v.id FROM "Visit" v ${customerJoin} ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset})
      SELECT ${LIST_COLUMNS} FROM page JOIN "Visit" v ON v.id = page.id ${customerJoin} ORDER BY ${ORDER[query.sort]}`;
  };
  const count = sql`SELECT count(*)::int AS n FROM "Visit" v ${where}`;
  return { page, count, countKey: `${where.sql}|${JSON.stringify(where.values)}` };
}

export async function listVisits(db: Db, query: ListVisitsParsed, now = new Date()): Promise<VisitPage> {
  const statements = visitListSql(query, now);
  const total = await cachedVisitCount(statements.countKey, async () => {
    const [row] = await db.$queryRaw<{ n: number }[]>(statements.count);
    return Number(row?.n ?? 0);
  });
  const rows = total === 0 ? [] : await db.$queryRaw<VisitListRow[]>(statements.page(total));
  const today = calendarDateIn(now, query.timeZone);
  return {
    items: rows.map((row) => toVisitListItem(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
