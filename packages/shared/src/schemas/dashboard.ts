// The staff main panel (/admin/dashboard/main-panel) and the client dashboard (/client/dashboard): the
// period a KPI call measures, how it compares with the previous period, and the shapes both screens read.
// The API computes every figure in PostgreSQL (apps/api/src/modules/dashboard).
import { z } from 'zod';
import { PAYMENT_METHODS, TASK_SERVICES, TASK_STATUSES, VISIT_PAYMENT_STATUSES, VISIT_STATUSES } from '../constants.ts';
import { msg } from '../messages.ts';
import { addDays, calendarDateIn, dateFilterRange, isIsoDate, startOfDayIn } from '../visit-rules.ts';
import { timeZoneSchema } from './visits.ts';

export const DASHBOARD_PERIODS = ['today', 'thisWeek', 'thisMonth', 'last30Days', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_LIMITS = {
  /** A custom period spans at most this many days (a year, leap day included). */
  customMaxDays: 366,
  /** Vehicles listed under "oil changes due soon" on the main panel. */
  oilDueListMax: 8,
} as const;

/**
 * When an oil change is "due soon": within `soonKm` of the next change's km, or within `soonDays` of the
 * date the next change falls due, which is `intervalDays` after the last change (the usual six months for
 * cars that drive little). Already overdue counts as due soon.
 */
export const OIL_CHANGE_DUE = { soonKm: 1_000, soonDays: 30, intervalDays: 180 } as const;

const isoDay = (fieldName: string) => z.string().trim().refine(isIsoDate, msg('format', { fieldName }));
const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

export const dashboardKpisInputSchema = z
  .object({
    period: z.preprocess(emptyAsMissing, z.enum(DASHBOARD_PERIODS).default('last30Days')),
    /** First and last day of a custom period (inclusive, "YYYY-MM-DD"); ignored for the named periods. */
    from: z.preprocess(emptyAsMissing, isoDay('from').optional()),
    to: z.preprocess(emptyAsMissing, isoDay('to').optional()),
    timeZone: timeZoneSchema,
  })
  .superRefine((value, context) => {
    if (value.period !== 'custom') return;
    if (!value.from) context.addIssue({ code: 'custom', path: ['from'], message: msg('required', { fieldName: 'from' }) });
    if (!value.to) context.addIssue({ code: 'custom', path: ['to'], message: msg('required', { fieldName: 'to' }) });
    if (!value.from || !value.to || !isIsoDate(value.from) || !isIsoDate(value.to)) return;
    if (value.to < value.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: msg('minValue', { fieldName: 'to', minValue: value.from }) });
    } else if (daysBetween(value.from, value.to) + 1 > DASHBOARD_LIMITS.customMaxDays) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: msg('maxValue', { fieldName: 'to', maxValue: addDays(value.from, DASHBOARD_LIMITS.customMaxDays - 1) }),
      });
    }
  });
export type DashboardKpisInput = z.input<typeof dashboardKpisInputSchema>;
export type DashboardKpisQuery = z.output<typeof dashboardKpisInputSchema>;

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface DashboardSpan {
  /** First and last calendar day (inclusive) in the caller's time zone. */
  firstDay: string;
  lastDay: string;
  /** The instants measured, half-open [from, to). */
  from: Date;
  to: Date;
}
export interface DashboardRange extends DashboardSpan {
  previous: DashboardSpan;
}

/**
 * The period a KPI call measures and the one it is compared with, in the caller's time zone.
 * - today, this week (from Monday), this month and the last 30 days run up to `now`; custom periods cover
 *   their days (up to `now` when they reach today).
 * - The previous period is the same stretch one step earlier: yesterday, the same weekdays of last week, the
 *   same days of last month (fewer when that month is shorter), the 30 days before, or the same number of
 *   days before a custom period. It is measured for as long as the current one has run (today until 10:30 is
 *   compared with yesterday until 10:30), so a period in progress is not compared with a whole one.
 */
export function dashboardRange(query: Pick<DashboardKpisQuery, 'period' | 'from' | 'to' | 'timeZone'>, now: Date): DashboardRange {
  const { timeZone } = query;
  const today = calendarDateIn(now, timeZone);
  let firstDay: string;
  let lastDay = today;
  let previousFirst: string;
  let previousLast: string;
  switch (query.period) {
    case 'today':
      firstDay = today;
      previousFirst = previousLast = addDays(today, -1);
      break;
    case 'thisWeek':
      firstDay = calendarDateIn(dateFilterRange('thisWeek', now, timeZone).from, timeZone);
      previousFirst = addDays(firstDay, -7);
      previousLast = addDays(today, -7);
      break;
    case 'thisMonth': {
      firstDay = `${today.slice(0, 8)}01`;
      previousFirst = `${addDays(firstDay, -1).slice(0, 8)}01`;
      const sameDay = `${previousFirst.slice(0, 8)}${today.slice(8)}`;
      const previousMonthEnd = addDays(firstDay, -1);
      previousLast = isIsoDate(sameDay) && sameDay < previousMonthEnd ? sameDay : previousMonthEnd;
      break;
    }
    case 'last30Days':
      firstDay = addDays(today, -29);
      previousFirst = addDays(firstDay, -30);
      previousLast = addDays(firstDay, -1);
      break;
    case 'custom': {
      firstDay = query.from!;
      lastDay = query.to!;
      const length = daysBetween(firstDay, lastDay) + 1;
      previousFirst = addDays(firstDay, -length);
      previousLast = addDays(firstDay, -1);
      break;
    }
  }
  const from = startOfDayIn(firstDay, timeZone);
  const end = startOfDayIn(addDays(lastDay, 1), timeZone).getTime();
  const to = new Date(Math.max(from.getTime(), Math.min(end, now.getTime())));
  const previousFrom = startOfDayIn(previousFirst, timeZone);
  const previousEnd = startOfDayIn(addDays(previousLast, 1), timeZone).getTime();
  const previousTo = new Date(Math.min(previousEnd, previousFrom.getTime() + (to.getTime() - from.getTime())));
  return { firstDay, lastDay, from, to, previous: { firstDay: previousFirst, lastDay: previousLast, from: previousFrom, to: previousTo } };
}

/** A figure, the same figure over the previous period, and the relative change (null when there is no base). */
export const kpiSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** (value - previous) / previous; null when previous is 0 or either side is unknown. */
  change: z.number().nullable(),
});
export type Kpi = z.infer<typeof kpiSchema>;

export function kpi(value: number | null, previous: number | null): Kpi {
  const change = value === null || previous === null || previous === 0 ? null : (value - previous) / Math.abs(previous);
  return { value, previous, change };
}

const spanSchema = z.object({ firstDay: z.string(), lastDay: z.string(), from: z.string(), to: z.string() });

export const dashboardKpisSchema = z.object({
  period: spanSchema.extend({ period: z.enum(DASHBOARD_PERIODS), timeZone: z.string(), today: z.string(), previous: spanSchema }),
  kpis: z.object({
    /** Distinct vehicles with a visit opened in the period. */
    carCount: kpiSchema,
    visitsOpened: kpiSchema,
    /** Visits whose work was completed in the period (and that are still completed or handed over). */
    visitsCompleted: kpiSchema,
    /** Successful payments minus refunds, by payment date. */
    revenueCents: kpiSchema,
    /** Revenue / completed visits (null without completed visits). */
    averageRepairOrderCents: kpiSchema,
    /** Still owed on the visits opened in the period (unpaid and partially paid). */
    outstandingCents: kpiSchema,
    /** Client accounts created in the period. */
    newCustomers: kpiSchema,
    /** Mean stars of the ratings given in the period (null without ratings). */
    averageRating: kpiSchema,
    ratings: kpiSchema,
  }),
  /** Figures of right now, whatever the period. */
  now: z.object({
    overdueVisits: z.number(),
    /** Everything still owed, all visits. */
    outstandingCents: z.number(),
    outstandingVisits: z.number(),
    openVisits: z.number(),
    readyForPickup: z.number(),
    oilDueSoon: z.object({ total: z.number(), byKm: z.number(), byDate: z.number() }),
  }),
  /** Tasks of the visits opened in the period (and in the previous one). */
  tasksByStatus: z.array(z.object({ status: z.enum(TASK_STATUSES), count: z.number(), previous: z.number() })),
  tasksByService: z.array(z.object({ service: z.enum(TASK_SERVICES), count: z.number(), previous: z.number(), soldForCents: z.number() })),
  /** One entry per day of the period; `previous*` are the matching day of the previous period. */
  days: z.array(
    z.object({
      date: z.string(),
      revenueCents: z.number(),
      previousRevenueCents: z.number().nullable(),
      opened: z.number(),
      completed: z.number(),
    }),
  ),
  /** Net amount (successful payments minus refunds) and successful payment count per method. */
  paymentMethods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amountCents: z.number(), count: z.number() })),
  /** Parts and inventory (issue #26). */
  parts: z.object({
    /**
     * Parts lines used by tasks completed in the period: sales (the lines' totals), cost of goods (what their
     * USED movements took out at the average cost) and the margin in basis points (null without sales).
     * Admins only (costs): null for other staff.
     */
    margin: z.object({ salesCents: z.number(), costCents: z.number(), marginBasisPoints: z.number().nullable() }).nullable(),
    /** Parts (not archived) at or below their reorder point: available + on order <= reorder point. Right now. */
    lowStock: z.number(),
  }),
  /** The vehicles whose oil change is due soonest (overdue first). */
  oilDueSoon: z.array(
    z.object({
      vehicleId: z.string(),
      ownerId: z.string(),
      ownerName: z.string(),
      plateNumber: z.string(),
      brand: z.string(),
      model: z.string(),
      latestKm: z.number().nullable(),
      nextChangeKm: z.number(),
      dueInKm: z.number().nullable(),
      lastChangeDate: z.string(),
      nextChangeDate: z.string(),
      dueByKm: z.boolean(),
      dueByDate: z.boolean(),
    }),
  ),
});
export type DashboardKpis = z.infer<typeof dashboardKpisSchema>;

// ---------------------------------------------------------------------------------------------------------
// Client dashboard

export const clientDashboardInputSchema = z.object({ timeZone: timeZoneSchema });
export const CLIENT_DASHBOARD_RECENT_VISITS = 5;

export const OIL_STATES = ['unknown', 'ok', 'soon', 'overdue'] as const;

const clientVisitSchema = z.object({
  id: z.string(),
  vehicleId: z.string(),
  plateNumber: z.string(),
  name: z.string(),
  status: z.enum(VISIT_STATUSES),
  paymentStatus: z.enum(VISIT_PAYMENT_STATUSES),
  visitDate: z.string(),
  dueDate: z.string(),
  completedAt: z.string().nullable(),
  totalCostCents: z.number(),
  paidCents: z.number(),
  /** Still owed (negative when overpaid). */
  balanceCents: z.number(),
  overdue: z.boolean(),
});
export type ClientDashboardVisit = z.infer<typeof clientVisitSchema>;

export const clientDashboardSchema = z.object({
  vehicles: z.array(
    z.object({
      id: z.string(),
      plateNumber: z.string(),
      brand: z.string(),
      model: z.string(),
      year: z.number(),
      type: z.string(),
      latestKm: z.number().nullable(),
      openVisits: z.number(),
      oil: z.object({
        state: z.enum(OIL_STATES),
        lastChangeDate: z.string().nullable(),
        nextChangeKm: z.number().nullable(),
        /** Km left before the next change; negative when overdue. */
        dueInKm: z.number().nullable(),
        nextChangeDate: z.string().nullable(),
      }),
    }),
  ),
  openVisits: z.array(clientVisitSchema),
  recentVisits: z.array(clientVisitSchema),
  /** Owed on all the client's visits (unpaid and partially paid). */
  balanceDueCents: z.number(),
  visitsWithBalance: z.number(),
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;

/**
 * The period of the inspection figures (issue #29, inspectionFigures.summary): the KPIs' own input, so the main
 * panel asks both with the same one; `from` and `to` without a period mean those days (the reports page sends
 * only them), never a silent "last 30 days". An object schema (not a transform) so REST documents its query
 * fields; the API reads the period through figuresPeriod().
 */
export const inspectionFiguresInputSchema = z
  .object({
    ...dashboardKpisInputSchema.shape,
    period: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(DASHBOARD_PERIODS).optional()),
  })
  .superRefine((value, context) => {
    // The dashboard's own rules (both days of a custom period, in order, at most a year).
    const checked = dashboardKpisInputSchema.safeParse({ ...value, period: figuresPeriod(value) });
    if (!checked.success) {
      for (const issue of checked.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
export function figuresPeriod(input: { period?: DashboardPeriod; from?: string; to?: string }): DashboardPeriod {
  return input.period ?? (input.from || input.to ? 'custom' : 'last30Days');
}
export type InspectionFiguresInput = z.input<typeof inspectionFiguresInputSchema>;
