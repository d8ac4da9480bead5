// The staff main panel: shop KPIs for a period with the change against the previous period, the chart
// series, the figures of right now and the oil changes due soon. Six statements (and the parts tiles' two) run side by side on the
// shared pool (dashboard.sql.ts); everything else is arranging their rows. Period rules: packages/shared
// schemas/dashboard.ts (dashboardRange).
import type { Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import {
  DASHBOARD_LIMITS,
  OIL_CHANGE_DUE,
  PAYMENT_METHODS,
  TASK_SERVICES,
  TASK_STATUSES,
  addDays,
  daysBetween,
  dashboardRange,
  kpi,
  marginBasisPoints,
  startOfDayIn,
  type DashboardKpis,
  type DashboardKpisQuery,
} from '@garage/shared';
import { fieldError } from '../../lib/errors.ts';
import { ON_ORDER_MILLI, RESERVED_MILLI } from '../parts/part-views.ts';
import { todayIn } from '../visits/list-calendar.ts';
import {
  COMPLETED_SQL,
  OIL_DUE_SQL,
  OPENED_SQL,
  PAYMENTS_SQL,
  SCALARS_SQL,
  TASKS_SQL,
  type CompletedRow,
  type OilDueRow,
  type OpenedRow,
  type PaymentRow,
  type ScalarsRow,
  type TaskRow,
} from './dashboard.sql.ts';

type TaskStatus = (typeof TASK_STATUSES)[number];
type TaskService = (typeof TASK_SERVICES)[number];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Oil changes due soon are the only figure that reads every vehicle's history (a pass over all oil
 * changes, whatever the period), and they move by days and kilometres, not by seconds: the answer is kept
 * for a minute per database, time zone and day, so switching periods does not pay for it again. Every
 * other figure is read fresh on each call.
 */
let oilCacheTtlMs = 60_000;
const oilCache = new WeakMap<Db, Map<string, { expiresAt: number; rows: Promise<OilDueRow[]> }>>();

/** The benchmark measures the uncached cost with oilTtlMs 0. */
export function configureDashboardCache(options: { oilTtlMs: number }): void {
  oilCacheTtlMs = options.oilTtlMs;
}

/**
 * A change made on day D is due on D + intervalDays, "soon" when that is at most soonDays after today, i.e.
 * when D <= today + soonDays - intervalDays: made before the start of the next day, in the caller's zone.
 */
function oilDueBefore(today: string, timeZone: string): string {
  return utc(startOfDayIn(addDays(today, OIL_CHANGE_DUE.soonDays - OIL_CHANGE_DUE.intervalDays + 1), timeZone));
}

function oilDueSoon(db: Db, today: string, timeZone: string): Promise<OilDueRow[]> {
  const load = () =>
    queryRows<OilDueRow>(db, {
      text: OIL_DUE_SQL,
      values: [
        oilDueBefore(today, timeZone),
        OIL_CHANGE_DUE.soonKm,
        OIL_CHANGE_DUE.intervalDays,
        OIL_CHANGE_DUE.soonDays,
        timeZone,
        DASHBOARD_LIMITS.oilDueListMax,
      ],
    });
  if (oilCacheTtlMs <= 0) return load();
  let entries = oilCache.get(db);
  if (!entries) oilCache.set(db, (entries = new Map()));
  const key = `${timeZone}|${today}`;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.rows;
  if (entries.size >= 100) entries.clear();
  const entry = { expiresAt: now + oilCacheTtlMs, rows: load() };
  entries.set(key, entry);
  // A failure is not remembered.
  entry.rows.catch(() => entries.get(key) === entry && entries.delete(key));
  return entry.rows;
}

/** UTC text for a `timestamp` column (stored as UTC). */
const utc = (instant: Date) => instant.toISOString().replace('T', ' ').replace('Z', '');

/**
 * The parts tiles: the period's parts sales and cost of goods (as the parts-sales report: lines USED by tasks
 * completed in the period, cost from their latest USED movement) and today's low-stock count (as the parts
 * list's lowStock filter). Two small statements on indexed columns; the margin only for admins.
 */
async function partsFigures(db: Db, from: string, to: string, seesCosts: boolean): Promise<DashboardKpis['parts']> {
  const [low, margin] = await Promise.all([
    db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Part" AS p
      WHERE p."archivedAt" IS NULL AND p."reorderPointMilli" IS NOT NULL
        AND p."onHandMilli" - ${RESERVED_MILLI} + ${ON_ORDER_MILLI} <= p."reorderPointMilli"`,
    seesCosts
      ? db.$queryRaw<{ sales: number; cost: number }[]>`
          SELECT coalesce(sum(l."totalCents"), 0)::float8 AS sales, coalesce(sum(u.cost), 0)::float8 AS cost
            FROM "Task" t JOIN "TaskLine" l ON l."taskId" = t.id
            LEFT JOIN LATERAL (SELECT floor((-m."quantityMilli"::numeric * m."unitCostCents" + 500) / 1000) AS cost
                                 FROM "StockMovement" m WHERE m."taskLineId" = l.id AND m.kind = 'USED'
                                ORDER BY m."createdAt" DESC, m.id DESC LIMIT 1) u ON true
           WHERE t."completedOn" >= ${from}::timestamp AND t."completedOn" < ${to}::timestamp
             AND l.kind = 'PART' AND l.stock = 'USED'`
      : Promise.resolve(null),
  ]);
  const sums = margin?.[0];
  return {
    margin: sums ? { salesCents: sums.sales, costCents: sums.cost, marginBasisPoints: marginBasisPoints(sums.sales, sums.cost) } : null,
    lowStock: low[0]?.n ?? 0,
  };
}

export async function getDashboardKpis(
  db: Db,
  query: DashboardKpisQuery,
  now = new Date(),
  options: { seesCosts?: boolean } = {},
): Promise<DashboardKpis> {
  const range = dashboardRange(query, now);
  const today = todayIn(now, query.timeZone);
  // One entry per day of the period (up to today for periods that run into the future); the previous
  // period's days line up with them by position.
  const lastDay = range.lastDay < today ? range.lastDay : today < range.firstDay ? range.firstDay : today;
  const dayCount = Math.max(1, daysBetween(range.firstDay, lastDay) + 1);
  const previousDayCount = daysBetween(range.previous.firstDay, range.previous.lastDay) + 1;
  const dayStarts = (firstDay: string, count: number) =>
    Array.from({ length: count }, (_, index) => utc(startOfDayIn(addDays(firstDay, index), query.timeZone)));
  const periods = [utc(range.from), utc(range.to), utc(range.previous.from), utc(range.previous.to)];
  const withDays = [...periods, dayStarts(range.firstDay, dayCount), dayStarts(range.previous.firstDay, previousDayCount)];
  const run = <Row>(text: string, values: unknown[]) => queryRows<Row>(db, { text, values });

  let rows: [OpenedRow[], TaskRow[], CompletedRow[], PaymentRow[], ScalarsRow[], OilDueRow[], DashboardKpis['parts']];
  try {
    rows = await Promise.all([
      run<OpenedRow>(OPENED_SQL, withDays),
      run<TaskRow>(TASKS_SQL, periods),
      run<CompletedRow>(COMPLETED_SQL, withDays),
      run<PaymentRow>(PAYMENTS_SQL, withDays),
      run<ScalarsRow>(SCALARS_SQL, [...periods, today]),
      oilDueSoon(db, today, query.timeZone),
      partsFigures(db, utc(range.from), utc(range.to), options.seesCosts ?? false),
    ]);
  } catch (error) {
    // A zone the JavaScript runtime knows but this PostgreSQL does not (its tz database is older).
    if ((error as { code?: string }).code === '22023' && /time zone/i.test(String((error as Error).message))) {
      throw fieldError('timeZone', 'format', { fieldName: 'timeZone' });
    }
    throw error;
  }
  const [opened, tasks, completed, payments, [scalars], oilDue, parts] = rows;

  const days = Array.from({ length: dayCount }, (_, index) => ({
    date: addDays(range.firstDay, index),
    revenueCents: 0,
    previousRevenueCents: index < previousDayCount ? 0 : (null as number | null),
    opened: 0,
    completed: 0,
  }));
  /** A row's day (width_bucket numbers them from 1). */
  const dayAt = (bucket: number) => days[bucket - 1];

  const visits = { cur: { n: 0, cars: 0, owed: 0 }, prev: { n: 0, cars: 0, owed: 0 } };
  for (const row of opened) {
    const period = visits[row.cur ? 'cur' : 'prev'];
    if (row.day === 0) period.cars = row.n;
    else {
      period.n += row.n;
      period.owed += row.cents;
      if (row.cur) {
        const day = dayAt(row.day);
        if (day) day.opened += row.n;
      }
    }
  }

  const taskStatus = new Map<TaskStatus, { count: number; previous: number }>(TASK_STATUSES.map((s) => [s, { count: 0, previous: 0 }]));
  const taskService = new Map<TaskService, { count: number; previous: number; soldForCents: number }>(
    TASK_SERVICES.map((s) => [s, { count: 0, previous: 0, soldForCents: 0 }]),
  );
  for (const row of tasks) {
    const status = taskStatus.get(row.status as TaskStatus)!;
    const service = taskService.get(row.service as TaskService)!;
    if (row.cur) {
      status.count += row.n;
      service.count += row.n;
      service.soldForCents += row.cents;
    } else {
      status.previous += row.n;
      service.previous += row.n;
    }
  }

  const done = { cur: 0, prev: 0 };
  for (const row of completed) {
    done[row.cur ? 'cur' : 'prev'] += row.n;
    if (row.cur) {
      const day = dayAt(row.day);
      if (day) day.completed += row.n;
    }
  }

  const revenue = { cur: 0, prev: 0 };
  const methods = new Map<PaymentMethod, { amountCents: number; count: number }>(
    PAYMENT_METHODS.map((m) => [m, { amountCents: 0, count: 0 }]),
  );
  for (const row of payments) {
    const signed = row.status === 'REFUNDED' ? -row.cents : row.cents;
    revenue[row.cur ? 'cur' : 'prev'] += signed;
    if (row.cur) {
      const day = dayAt(row.day);
      if (day) day.revenueCents += signed;
      const method = methods.get(row.method as PaymentMethod)!;
      method.amountCents += signed;
      if (row.status === 'SUCCESS') method.count += row.n;
    } else {
      const day = dayAt(row.day);
      if (day && day.previousRevenueCents !== null) day.previousRevenueCents += signed;
    }
  }

  const aro = (cents: number, visitsDone: number) => (visitsDone > 0 ? Math.round(cents / visitsDone) : null);
  const oilTotals = oilDue[0] ?? { total: 0, byKm: 0, byDate: 0 };
  const s = scalars!;

  return {
    period: {
      period: query.period,
      timeZone: query.timeZone,
      today,
      firstDay: range.firstDay,
      lastDay: range.lastDay,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      previous: {
        firstDay: range.previous.firstDay,
        lastDay: range.previous.lastDay,
        from: range.previous.from.toISOString(),
        to: range.previous.to.toISOString(),
      },
    },
    kpis: {
      carCount: kpi(visits.cur.cars, visits.prev.cars),
      visitsOpened: kpi(visits.cur.n, visits.prev.n),
      visitsCompleted: kpi(done.cur, done.prev),
      revenueCents: kpi(revenue.cur, revenue.prev),
      averageRepairOrderCents: kpi(aro(revenue.cur, done.cur), aro(revenue.prev, done.prev)),
      outstandingCents: kpi(visits.cur.owed, visits.prev.owed),
      newCustomers: kpi(s.newCustomers, s.newCustomersBefore),
      averageRating: kpi(round2(s.stars), round2(s.starsBefore)),
      ratings: kpi(s.ratings, s.ratingsBefore),
    },
    now: {
      overdueVisits: s.overdueVisits,
      outstandingCents: s.outstandingCents,
      outstandingVisits: s.outstandingVisits,
      openVisits: s.openVisits,
      readyForPickup: s.readyForPickup,
      oilDueSoon: { total: oilTotals.total, byKm: oilTotals.byKm, byDate: oilTotals.byDate },
    },
    tasksByStatus: [...taskStatus].map(([status, counts]) => ({ status, ...counts })),
    tasksByService: [...taskService].map(([service, counts]) => ({ service, ...counts })),
    days,
    paymentMethods: [...methods].map(([method, totals]) => ({ method, ...totals })),
    parts,
    oilDueSoon: oilDue
      .filter((row): row is OilDueRow & { vehicleId: string } => row.vehicleId !== null)
      .map((row) => ({
        vehicleId: row.vehicleId,
        ownerId: row.ownerId,
        ownerName: row.ownerName,
        plateNumber: row.plateNumber,
        brand: row.brand,
        model: row.model,
        latestKm: row.latestKm,
        nextChangeKm: row.nextChangeKm,
        dueInKm: row.latestKm === null ? null : row.nextChangeKm - row.latestKm,
        lastChangeDate: row.lastChangeDate,
        nextChangeDate: row.nextChangeDate,
        dueByKm: row.dueByKm,
        dueByDate: row.dueByDate,
      })),
  };
}

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
