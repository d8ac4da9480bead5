// Where each report's rows come from. The six shop reports are one SQL statement each (their rows, in
// order) plus the aggregates of their totals over the same statement; the four web-analytics reports reuse
// the analytics module's rollup queries (a few hundred rows at most).
//
// Parameters of every shop statement: $1 first instant, $2 end instant (exclusive; both UTC text, null when
// the period is open on that side), $3 the shop's time zone, $4 customer id, $5 vehicle id (null = any);
// the slow movers also get $6, their number of days. PostgreSQL refuses a parameter a statement never
// mentions, so the parts statements name those they do not filter on (`unused`).
// Stored timestamps are UTC without zone; days are shown in the shop's zone.
import type { Db } from '@garage/db';
import { ANALYTICS_LIMITS, type ReportKind, type ReportRow } from '@garage/shared';
import { distribution, pageViewsOverTime, popularPages } from '../analytics/analytics.service.ts';

export interface SqlSource {
  kind: 'sql';
  /** SELECT of the rows (column names are the definition's keys), and their order. */
  select: string;
  order: string;
  /** Aggregates over the rows (`r`), named after the definition's totals. */
  totals: string;
}
export interface AnalyticsSource {
  kind: 'analytics';
  /** Every row and the totals, from the rollups (small: one row per day, device, browser or page). */
  read: (db: Db, range: { startDate: string; endDate: string }) => Promise<{ rows: ReportRow[]; totals: Record<string, number> }>;
}
export type ReportSource = SqlSource | AnalyticsSource;

const inPeriod = (column: string) =>
  `($1::timestamp IS NULL OR ${column} >= $1::timestamp) AND ($2::timestamp IS NULL OR ${column} < $2::timestamp)`;
const ofCustomer = (column: string) => `($4::uuid IS NULL OR ${column} = $4::uuid)`;
const ofVehicle = (column: string) => `($5::uuid IS NULL OR ${column} = $5::uuid)`;
/** The vehicle filter where rows are not tied to one vehicle: the person owns it (true without the filter). */
const ownsVehicle = (ownerId: string) =>
  `($5::uuid IS NULL OR EXISTS (SELECT 1 FROM "Vehicle" x WHERE x.id = $5::uuid AND x."ownerId" = ${ownerId}))`;
const day = (column: string) => `to_char((${column} AT TIME ZONE 'UTC') AT TIME ZONE $3, 'YYYY-MM-DD')`;
const fullName = (alias: string) => `concat_ws(' ', ${alias}."firstName", ${alias}."lastName")`;
/** Successful payments count, refunds count negatively (visit-rules.ts paidCents). */
const netAmount = (alias: string) =>
  `CASE WHEN ${alias}.status = 'SUCCESS' THEN ${alias}."amountCents" WHEN ${alias}.status = 'REFUNDED' THEN -${alias}."amountCents" ELSE 0 END`;

const sql = (select: string, order: string, totals: string): SqlSource => ({ kind: 'sql', select, order, totals });

/** Always true: the parameters a parts statement takes no filter from (they are null, reportContext drops them). */
const unused = (...numbers: number[]) =>
  `(${numbers.map((n) => `($${n}::${n <= 2 ? 'timestamp' : n === 3 ? 'text' : 'uuid'} IS NULL OR true)`).join(' AND ')})`;
/** A quantity in thousandths as a number of units (2500 -> 2.5). */
const units = (milli: string) => `(${milli})::float8 / 1000`;
/** Quantity (thousandths) x unit price in cents, rounded half up as inventory-rules.ts lineTotalCents does. */
const amount = (milli: string, cents: string) => `floor(((${milli})::numeric * (${cents}) + 500) / 1000)`;
/** A margin in percent with two decimals (inventory-rules.ts marginBasisPoints / 100); null without sales. */
const marginPercent = (sales: string, cost: string) =>
  `CASE WHEN (${sales}) <> 0 THEN round(((${sales}) - (${cost}))::numeric * 10000 / (${sales})) / 100 END::float8`;
/** Approved among decided in percent with two decimals; null when nothing was decided (the totals show 0). */
const share = (approved: string, declined: string) =>
  `CASE WHEN coalesce(${approved}, 0) + coalesce(${declined}, 0) > 0 THEN round((${approved})::numeric * 10000 / ((${approved}) + (${declined}))) / 100 END::float8`;
/** The last instant considered by the "as of" parts reports: the period's end, or now. */
const periodEnd = `coalesce($2::timestamp, (now() AT TIME ZONE 'UTC'))`;

export const REPORT_SOURCES: Record<ReportKind, ReportSource> = {
  // One vehicle's whole history, oldest first: each visit followed by its tasks, oil changes and payments at
  // their dates. Payments and refunds name their method in `description` (a code turned into words).
  'car-files': sql(
    `SELECT ${day('e.at')} AS date, e.entry, e.description, e.status, e.km, e.amount
       FROM (
         SELECT v."visitDate" AS at, v.id AS grp, 0 AS ord, v.id, 'VISIT' AS entry, v.name AS description, v.status::text AS status, NULL::int AS km, v."totalCostCents" AS amount
           FROM "Visit" v WHERE v."vehicleId" = $5::uuid
         UNION ALL
         SELECT v."visitDate", v.id, 1, t.id, 'TASK', t.title, t.status::text, NULL, t."soldForCents"
           FROM "Task" t JOIN "Visit" v ON v.id = t."visitId" WHERE v."vehicleId" = $5::uuid
         UNION ALL
         SELECT o."createdAt", o.id, 0, o.id, 'OIL_CHANGE', o."oilName" || ' · ' || o."oilType", NULL, o."currentKm", NULL
           FROM "OilChange" o WHERE o."vehicleId" = $5::uuid
         UNION ALL
         SELECT p."createdAt", p.id, 0, p.id, CASE WHEN p.status = 'REFUNDED' THEN 'REFUND' ELSE 'PAYMENT' END, p.method::text, p.status::text, NULL,
                CASE WHEN p.status = 'REFUNDED' THEN -p."amountCents" ELSE p."amountCents" END
           FROM "Payment" p JOIN "Visit" v ON v.id = p."visitId" WHERE v."vehicleId" = $5::uuid
       ) e
      WHERE ${inPeriod('e.at')} AND ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM "Vehicle" x WHERE x.id = $5::uuid AND x."ownerId" = $4::uuid))`,
    `e.at, e.grp, e.ord, e.id`,
    `count(*) FILTER (WHERE entry = 'VISIT')::int AS visits,
     count(*) FILTER (WHERE entry = 'TASK')::int AS tasks,
     count(*) FILTER (WHERE entry = 'OIL_CHANGE')::int AS "oilChanges",
     coalesce(sum(amount) FILTER (WHERE entry = 'VISIT'), 0)::float8 AS billed,
     coalesce(sum(amount) FILTER (WHERE entry IN ('PAYMENT', 'REFUND') AND status IN ('SUCCESS', 'REFUNDED')), 0)::float8 AS paid`,
  ),
  // Live clients by name; visits and billed amounts of visits in the period, payments received in the
  // period (net of refunds), and what each still owes today on all their visits.
  clients: sql(
    `SELECT ${fullName('u')} AS name, nullif(concat_ws(' ', u."countryCode", u."phoneNumber"), '') AS phone, u.email,
            ${day('u."createdAt"')} AS joined,
            (SELECT count(*)::int FROM "Vehicle" ve WHERE ve."ownerId" = u.id AND ve."deletedAt" IS NULL) AS vehicles,
            s.visits, s.billed, p.paid, b.balance
       FROM "User" u
       LEFT JOIN LATERAL (SELECT count(*)::int AS visits, coalesce(sum(v."totalCostCents"), 0)::int AS billed
                            FROM "Visit" v WHERE v."customerId" = u.id AND ${inPeriod('v."visitDate"')}) s ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(${netAmount('p')}), 0)::int AS paid
                            FROM "Payment" p JOIN "Visit" v ON v.id = p."visitId"
                           WHERE v."customerId" = u.id AND p.status IN ('SUCCESS', 'REFUNDED') AND ${inPeriod('p."createdAt"')}) p ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(v."totalCostCents" - v."paidCents"), 0)::int AS balance
                            FROM "Visit" v WHERE v."customerId" = u.id AND v."paymentStatus" IN ('UNPAID', 'PARTIALLY_PAID')) b ON true
      WHERE u.role = 'CLIENT' AND u."deletedAt" IS NULL AND ${ofCustomer('u.id')} AND ${ownsVehicle('u.id')}`,
    `u."lastName", u."firstName", u.id`,
    `count(*)::int AS clients, coalesce(sum(visits), 0)::int AS visits, coalesce(sum(billed), 0)::float8 AS billed,
     coalesce(sum(paid), 0)::float8 AS paid, coalesce(sum(balance), 0)::float8 AS balance`,
  ),
  // Live vehicles by plate; visits and billed amounts of visits in the period, last visit ever. Sorted by the plate
  // as typed (case aside), not by plateNormalized: that key spells Latin letters in Arabic (plates.ts).
  vehicles: sql(
    `SELECT ve."plateNumber" AS plate, ve.type::text AS type, ve.brand, ve.model, ve.year, ${fullName('u')} AS owner, ve."latestKm",
            s.visits, s.billed, ${day('s.last')} AS "lastVisit"
       FROM "Vehicle" ve JOIN "User" u ON u.id = ve."ownerId"
       LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE ${inPeriod('v."visitDate"')})::int AS visits,
                                 coalesce(sum(v."totalCostCents") FILTER (WHERE ${inPeriod('v."visitDate"')}), 0)::int AS billed,
                                 max(v."visitDate") AS last
                            FROM "Visit" v WHERE v."vehicleId" = ve.id) s ON true
      WHERE ve."deletedAt" IS NULL AND ${ofCustomer('ve."ownerId"')} AND ${ofVehicle('ve.id')}`,
    `upper(ve."plateNumber"), ve.id`,
    `count(*)::int AS vehicles, coalesce(sum(visits), 0)::int AS visits, coalesce(sum(billed), 0)::float8 AS billed`,
  ),
  // Visits of the period by visit date with their tasks and money: billed (sold-for prices of the work not
  // cancelled), paid (successful payments minus refunds) and what is still due.
  repair: sql(
    `SELECT ${day('v."visitDate"')} AS date, v.name AS visit, ${fullName('u')} AS customer, ve."plateNumber" AS plate, v.status::text AS status,
            t.tasks, t."tasksDone", v."totalCostCents" AS billed, v."paidCents" AS paid, v."totalCostCents" - v."paidCents" AS balance
       FROM "Visit" v JOIN "User" u ON u.id = v."customerId" JOIN "Vehicle" ve ON ve.id = v."vehicleId"
       LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE k.status <> 'CANCELLED')::int AS tasks, count(*) FILTER (WHERE k.status = 'COMPLETED')::int AS "tasksDone"
                            FROM "Task" k WHERE k."visitId" = v.id) t ON true
      WHERE ${inPeriod('v."visitDate"')} AND ${ofCustomer('v."customerId"')} AND ${ofVehicle('v."vehicleId"')}`,
    `v."visitDate", v.id`,
    `count(*)::int AS visits, coalesce(sum(tasks), 0)::int AS tasks, coalesce(sum(billed), 0)::float8 AS billed,
     coalesce(sum(paid), 0)::float8 AS paid, coalesce(sum(balance), 0)::float8 AS balance`,
  ),
  // Tasks of the period's visits, in visit order.
  task: sql(
    `SELECT ${day('v."visitDate"')} AS date, v.name AS visit, ve."plateNumber" AS plate, t.title, t.service::text AS service, t.status::text AS status,
            t.priority::text AS priority, t."costCents" AS cost, t."soldForCents" AS "soldFor", ${day('t."completedOn"')} AS "completedOn"
       FROM "Task" t JOIN "Visit" v ON v.id = t."visitId" JOIN "Vehicle" ve ON ve.id = v."vehicleId"
      WHERE ${inPeriod('v."visitDate"')} AND ${ofCustomer('v."customerId"')} AND ${ofVehicle('v."vehicleId"')}`,
    `v."visitDate", v.id, t."createdAt", t.id`,
    `count(*)::int AS tasks, count(*) FILTER (WHERE status = 'COMPLETED')::int AS completed,
     coalesce(sum(cost) FILTER (WHERE status <> 'CANCELLED'), 0)::float8 AS cost,
     coalesce(sum("soldFor") FILTER (WHERE status <> 'CANCELLED'), 0)::float8 AS "soldFor"`,
  ),
  'oil-changes': sql(
    `SELECT ${day('o."createdAt"')} AS date, ve."plateNumber" AS plate, ${fullName('u')} AS customer, o."oilName", o."oilType", o."currentKm", o."nextChangeKm",
            CASE WHEN o."filterChanged" THEN 'YES' ELSE 'NO' END AS "filterChanged"
       FROM "OilChange" o JOIN "Vehicle" ve ON ve.id = o."vehicleId" JOIN "User" u ON u.id = ve."ownerId"
      WHERE ${inPeriod('o."createdAt"')} AND ${ofCustomer('ve."ownerId"')} AND ${ofVehicle('o."vehicleId"')}`,
    `o."createdAt", o.id`,
    `count(*)::int AS "oilChanges", count(*) FILTER (WHERE "filterChanged" = 'YES')::int AS "filtersChanged"`,
  ),
  // Inspections (issue #29) completed in the period and still completed or sent, per technician, with their
  // flagged items, the tasks proposed from them, the customer's decisions and the approved value: the figures
  // of inspections/inspection-figures.ts (the dashboard's) as a download. The technician column is an enum
  // so the unassigned row says UNASSIGNED in the asked language; a name always holds a space, so it never
  // matches a code and stays as written.
  inspections: sql(
    `SELECT CASE WHEN d."assignedToId" IS NULL THEN 'UNASSIGNED' ELSE u."firstName" || ' ' || u."lastName" END AS technician,
            d.completed, coalesce(f.flagged, 0) AS flagged, coalesce(f.proposed, 0) AS proposed, coalesce(f.approved, 0) AS approved,
            coalesce(f.declined, 0) AS declined, ${share('f.approved', 'f.declined')} AS "approvalShare",
            coalesce(f."approvedValue", 0)::float8 AS "approvedValue"
       FROM (SELECT n."assignedToId", count(*)::int AS completed FROM "Inspection" n
              WHERE n.status IN ('COMPLETED', 'SENT') AND ${inPeriod('n."completedAt"')} GROUP BY 1) d
       LEFT JOIN (SELECT n."assignedToId", count(*) FILTER (WHERE i.condition IN ('SOON', 'URGENT'))::int AS flagged, count(t.id)::int AS proposed,
                         count(*) FILTER (WHERE t.approval = 'APPROVED')::int AS approved, count(*) FILTER (WHERE t.approval = 'DECLINED')::int AS declined,
                         sum(t."soldForCents") FILTER (WHERE t.approval = 'APPROVED' AND t.status <> 'CANCELLED') AS "approvedValue"
                    FROM "Inspection" n JOIN "InspectionItem" i ON i."inspectionId" = n.id LEFT JOIN "Task" t ON t.id = i."taskId"
                   WHERE n.status IN ('COMPLETED', 'SENT') AND ${inPeriod('n."completedAt"')} GROUP BY 1) f
              ON f."assignedToId" IS NOT DISTINCT FROM d."assignedToId"
       LEFT JOIN "User" u ON u.id = d."assignedToId"
      WHERE ${unused(3, 4, 5)}`,
    `d.completed DESC, u."lastName" NULLS LAST, u."firstName", d."assignedToId"`,
    `coalesce(sum(completed), 0)::int AS completed, coalesce(sum(flagged), 0)::int AS flagged, coalesce(sum(proposed), 0)::int AS proposed,
     coalesce(sum(approved), 0)::int AS approved, coalesce(sum(declined), 0)::int AS declined,
     ${share('sum(approved)', 'sum(declined)')} AS "approvalShare", coalesce(sum("approvedValue"), 0)::float8 AS "approvedValue"`,
  ),
  // Parts of the lines used by tasks completed in the period (a line is USED once its task is completed):
  // sales are the lines' totals; the cost of goods is what their USED movement took out (quantity x the
  // average cost then), the latest one when a reopened task was completed again. Labour lines of the same
  // tasks are in the totals (hours, sales).
  'parts-sales': sql(
    `SELECT p."partNumber", p.name, s.quantity, s.sales, s.cost, s.sales - s.cost AS profit, ${marginPercent('s.sales', 's.cost')} AS margin
       FROM (SELECT l."partId", ${units('sum(l."quantityMilli")')} AS quantity, sum(l."totalCents")::float8 AS sales,
                    coalesce(sum(u.cost), 0)::float8 AS cost
               FROM "TaskLine" l JOIN "Task" t ON t.id = l."taskId"
               LEFT JOIN LATERAL (SELECT ${amount('-m."quantityMilli"', 'm."unitCostCents"')} AS cost FROM "StockMovement" m
                                   WHERE m."taskLineId" = l.id AND m.kind = 'USED' ORDER BY m."createdAt" DESC, m.id DESC LIMIT 1) u ON true
              WHERE l.kind = 'PART' AND l.stock = 'USED' AND l."partId" IS NOT NULL AND ${inPeriod('t."completedOn"')}
              GROUP BY l."partId") s
       JOIN "Part" p ON p.id = s."partId"
      WHERE ${unused(3, 4, 5)}`,
    `s.sales DESC, p."partNumber"`,
    `count(*)::int AS parts, coalesce(sum(sales), 0)::float8 AS sales, coalesce(sum(cost), 0)::float8 AS cost,
     coalesce(sum(profit), 0)::float8 AS profit, coalesce(${marginPercent('sum(sales)', 'sum(cost)')}, 0)::float8 AS margin,
     (SELECT ${units('coalesce(sum(l."quantityMilli"), 0)')} FROM "TaskLine" l JOIN "Task" t ON t.id = l."taskId"
       WHERE l.kind = 'LABOUR' AND t.status = 'COMPLETED' AND ${inPeriod('t."completedOn"')}) AS "labourHours",
     (SELECT coalesce(sum(l."totalCents"), 0)::float8 FROM "TaskLine" l JOIN "Task" t ON t.id = l."taskId"
       WHERE l.kind = 'LABOUR' AND t.status = 'COMPLETED' AND ${inPeriod('t."completedOn"')}) AS "labourSales"`,
  ),
  // Stock on hand now at its average cost (archived parts too while they hold stock).
  'inventory-valuation': sql(
    `SELECT p."partNumber", p.name, p.category, p.unit::text AS unit, ${units('p."onHandMilli"')} AS "onHand", p."costCents" AS cost,
            ${amount('p."onHandMilli"', 'p."costCents"')}::float8 AS value
       FROM "Part" p
      WHERE p."onHandMilli" <> 0 AND ${unused(1, 2, 3, 4, 5)}`,
    `p."partNumber"`,
    `count(*)::int AS parts, coalesce(sum(value), 0)::float8 AS value`,
  ),
  // Parts holding stock that no task used in the period: from its start, or when it is open, in the $6 days
  // before its end (its end, or now). The stock and its value are today's.
  'slow-movers': sql(
    `SELECT p."partNumber", p.name, ${day('u.last')} AS "lastUsed", p.unit::text AS unit, ${units('p."onHandMilli"')} AS "onHand",
            p."costCents" AS cost, ${amount('p."onHandMilli"', 'p."costCents"')}::float8 AS value
       FROM "Part" p
       LEFT JOIN LATERAL (SELECT max(m."createdAt") AS last FROM "StockMovement" m
                           WHERE m."partId" = p.id AND m.kind = 'USED' AND m."createdAt" < ${periodEnd}) u ON true
      WHERE p."onHandMilli" > 0 AND ${unused(4, 5)}
        AND (u.last IS NULL OR u.last < coalesce($1::timestamp, ${periodEnd} - make_interval(days => $6::int)))`,
    `u.last NULLS FIRST, p."partNumber"`,
    `count(*)::int AS parts, coalesce(sum(value), 0)::float8 AS value`,
  ),
  // Every movement of the period, oldest first, with what caused it: a task's visit or a purchase order.
  'stock-movements': sql(
    `SELECT to_char((m."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI') AS date, p."partNumber", p.name,
            m.kind::text AS kind, ${units('m."quantityMilli"')} AS quantity, m."unitCostCents" AS "unitCost",
            ${units('m."onHandAfterMilli"')} AS "onHandAfter", m.reason,
            coalesce(o.number, v.name || ' · ' || t.title) AS reference, ${fullName('u')} AS "user",
            ${amount('m."quantityMilli"', 'm."unitCostCents"')}::float8 AS value
       FROM "StockMovement" m JOIN "Part" p ON p.id = m."partId"
       LEFT JOIN "PurchaseOrder" o ON o.id = m."purchaseOrderId"
       LEFT JOIN "TaskLine" l ON l.id = m."taskLineId" LEFT JOIN "Task" t ON t.id = l."taskId" LEFT JOIN "Visit" v ON v.id = t."visitId"
       LEFT JOIN "User" u ON u.id = m."userId"
      WHERE ${inPeriod('m."createdAt"')} AND ${unused(4, 5)}`,
    `m."createdAt", m.id`,
    `count(*)::int AS movements, coalesce(sum(value) FILTER (WHERE value > 0), 0)::float8 AS "valueIn",
     coalesce(-sum(value) FILTER (WHERE value < 0), 0)::float8 AS "valueOut"`,
  ),
  // Per supplier: orders sent in the period and their value, what was received in the period on any of its
  // orders (RECEIVED movements of an order, at the price paid), and what its open orders still wait for today.
  'purchases-by-supplier': sql(
    `SELECT s.name AS supplier, sent.orders, sent.ordered, got.received, open.outstanding
       FROM "Supplier" s
       LEFT JOIN LATERAL (SELECT count(DISTINCT o.id)::int AS orders, coalesce(sum(${amount('pl."quantityMilli"', 'pl."unitCostCents"')}), 0)::float8 AS ordered
                            FROM "PurchaseOrder" o LEFT JOIN "PurchaseOrderLine" pl ON pl."purchaseOrderId" = o.id
                           WHERE o."supplierId" = s.id AND o."sentAt" IS NOT NULL AND ${inPeriod('o."sentAt"')}) sent ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(${amount('m."quantityMilli"', 'm."unitCostCents"')}), 0)::float8 AS received
                            FROM "StockMovement" m JOIN "PurchaseOrder" o ON o.id = m."purchaseOrderId"
                           WHERE o."supplierId" = s.id AND m.kind = 'RECEIVED' AND ${inPeriod('m."createdAt"')}) got ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(${amount('greatest(pl."quantityMilli" - pl."receivedMilli", 0)', 'pl."unitCostCents"')}), 0)::float8 AS outstanding
                            FROM "PurchaseOrder" o JOIN "PurchaseOrderLine" pl ON pl."purchaseOrderId" = o.id
                           WHERE o."supplierId" = s.id AND o.status IN ('SENT', 'PARTLY_RECEIVED')) open ON true
      WHERE (sent.orders > 0 OR got.received <> 0 OR open.outstanding <> 0) AND ${unused(3, 4, 5)}`,
    `s.name, s.id`,
    `coalesce(sum(orders), 0)::int AS orders, coalesce(sum(ordered), 0)::float8 AS ordered,
     coalesce(sum(received), 0)::float8 AS received, coalesce(sum(outstanding), 0)::float8 AS outstanding`,
  ),
  // Accounting (issue #27), from issued documents: credit notes carry negative amounts, so sums deduct them.
  // Revenue without tax per day of issue (Invoice.netCents: a version 1 invoice, before taxes, is all net).
  'revenue-net': sql(
    `SELECT ${day('i."issuedAt"')} AS date, count(*) FILTER (WHERE i.kind = 'INVOICE')::int AS invoices,
            count(*) FILTER (WHERE i.kind = 'CREDIT_NOTE')::int AS "creditNotes",
            sum(i."netCents")::float8 AS net, sum(i."taxCents")::float8 AS tax, sum(i."totalCents")::float8 AS gross
       FROM "Invoice" i
      WHERE ${inPeriod('i."issuedAt"')} AND ${unused(4, 5)}
      GROUP BY 1`,
    `1`,
    `coalesce(sum(invoices), 0)::int AS invoices, coalesce(sum(net), 0)::float8 AS net, coalesce(sum(tax), 0)::float8 AS tax,
     coalesce(sum(gross), 0)::float8 AS gross`,
  ),
  // Tax collected per rate and category, from the snapshots' tax lines (tax-rules.ts computed them at issue);
  // version 1 invoices had no tax: their net shows at 0 %, category O (outside the scope of tax).
  'tax-collected': sql(
    `SELECT t.bp::float8 / 100 AS rate, t.category, sum(t.net)::float8 AS net, sum(t.tax)::float8 AS tax
       FROM (SELECT (x->>'basisPoints')::int AS bp, coalesce(x->>'category', '') AS category, (x->>'net')::bigint AS net, (x->>'tax')::bigint AS tax
               FROM "Invoice" i, jsonb_array_elements(i.snapshot->'taxes') x
              WHERE i.snapshot->>'version' = '2' AND ${inPeriod('i."issuedAt"')}
             UNION ALL
             SELECT 0, 'O', i."netCents", i."taxCents" FROM "Invoice" i
              WHERE coalesce(i.snapshot->>'version', '1') <> '2' AND ${inPeriod('i."issuedAt"')}) t
      WHERE ${unused(3, 4, 5)}
      GROUP BY t.bp, t.category`,
    `t.bp DESC, t.category`,
    `coalesce(sum(net), 0)::float8 AS net, coalesce(sum(tax), 0)::float8 AS tax`,
  ),
  'page-views': {
    kind: 'analytics',
    read: async (db, range) => {
      const found = await pageViewsOverTime(db, { ...range, area: 'public' });
      return { rows: found.points.map((point) => ({ ...point })), totals: { views: found.totalViews, visits: found.totalVisits } };
    },
  },
  'device-distribution': {
    kind: 'analytics',
    read: async (db, range) => {
      const found = await distribution(db, 'device', { ...range, area: 'public' });
      return { rows: found.items.map((item) => ({ ...item })), totals: { views: found.total } };
    },
  },
  'browser-distribution': {
    kind: 'analytics',
    read: async (db, range) => {
      const found = await distribution(db, 'browser', { ...range, area: 'public' });
      return { rows: found.items.map((item) => ({ ...item })), totals: { views: found.total } };
    },
  },
  'popular-pages': {
    kind: 'analytics',
    read: async (db, range) => {
      const found = await popularPages(db, { ...range, area: 'public' }, ANALYTICS_LIMITS.popularPagesMax);
      return { rows: found.items.map((item) => ({ ...item })), totals: { views: found.total } };
    },
  },
};
