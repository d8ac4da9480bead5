// One visit with its customer, vehicle and tasks (GET /visits/:id, visits.get, and the answer of every visit
// write), read in one raw statement: through Prisma it was five statements (the visit, its customer, its
// vehicle, its tasks, their deciders; now also their lines), and Prisma's query building and result mapping were most of the
// route's CPU (bench/mixed-statements.ts: app CPU per request 1.8 -> 0.6 ms, PostgreSQL 0.35 -> 0.15 ms).
// test/visits.test.ts "reading a visit" checks every field against the stored rows.
import type { Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import {
  VISIT_HANDOVER_TRANSITIONS,
  allowedTaskTransitions,
  isVisitOverdue,
  kmToUnit,
  pendingProposalCents,
  taskGrossCents,
  visitTaxes,
  type AmountDueSettings,
  type AmountDueTask,
  type DistanceUnit,
  type TaxCountryProfile,
  type TaskLineView,
  type TaskView,
  type VisitDetail,
  type VisitPaymentStatus,
  type VisitStatus,
} from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import { isoInstant } from './visit-views.ts';

/** A `timestamp` column (UTC) as epoch milliseconds; null stays null. */
const epochMs = (column: string) => `(date_part('epoch', ${column}) * 1000)::int8`;

/** A task line as a JSON array (same reason), read with its task through the (taskId, position) index. */
const LINE_ARRAY = `json_build_array(l.id, l.position, l.kind, l.description, l."partId", l."partNumber", p.unit, l."labourRateId",
  l."quantityMilli", l."unitCostCents", l."unitPriceCents", l."totalCents", l.stock, l."taxRateId", r."basisPoints")`;
type LineArray = [
  id: string,
  position: number,
  kind: TaskLineView['kind'],
  description: string,
  partId: string | null,
  partNumber: string | null,
  unit: TaskLineView['unit'],
  labourRateId: string | null,
  quantityMilli: number,
  unitCostCents: number,
  unitPriceCents: number,
  totalCents: number,
  stock: TaskLineView['stock'],
  taxRateId: string | null,
  taxBasisPoints: number | null,
];

function lineViewOf(line: LineArray, seesCosts: boolean): TaskLineView {
  const [
    id,
    position,
    kind,
    description,
    partId,
    partNumber,
    unit,
    labourRateId,
    quantityMilli,
    unitCostCents,
    unitPriceCents,
    totalCents,
    stock,
    taxRateId,
    taxBasisPoints,
  ] = line;
  return {
    id,
    position,
    kind,
    description,
    partId,
    partNumber,
    unit,
    labourRateId,
    quantity: quantityMilli / 1000,
    // Costs are admins' only (the issue's access rule).
    unitCostCents: seesCosts ? unitCostCents : null,
    unitPriceCents,
    totalCents,
    taxRateId,
    taxBasisPoints,
    stock,
  };
}

/**
 * A task as a JSON array, in this order (json_build_array keeps it; an object would repeat every key name
 * in every row). Instants are epoch milliseconds (JSON numbers), the decider's columns null when none.
 */
const TASK_ARRAY = `json_build_array(t.id, t."visitId", t.title, t.description, t.service, t.status, t.priority, t."costCents",
  t."soldForCents", ${epochMs('t."dueDate"')}, ${epochMs('t."completedOn"')}, t."remindInMonths", t."remindInKm",
  ${epochMs('t."createdAt"')}, ${epochMs('t."updatedAt"')}, t.approval, ${epochMs('t."proposedAt"')},
  ${epochMs('t."approvalDecidedAt"')}, t."approvalChannel", t."approvalComment", ${epochMs('t."approvalSeenAt"')},
  d.id, d."firstName", d."lastName",
  (SELECT coalesce(json_agg(${LINE_ARRAY} ORDER BY l.position, l.id), '[]'::json)
     FROM "TaskLine" l LEFT JOIN "Part" p ON p.id = l."partId" LEFT JOIN "TaxRate" r ON r.id = l."taxRateId" WHERE l."taskId" = t.id))`;
type TaskArray = [
  id: string,
  visitId: string,
  title: string,
  description: string | null,
  service: TaskView['service'],
  status: TaskView['status'],
  priority: TaskView['priority'],
  costCents: number,
  soldForCents: number,
  dueDate: number | null,
  completedOn: number | null,
  remindInMonths: number | null,
  remindInKm: number | null,
  createdAt: number,
  updatedAt: number,
  approval: NonNullable<TaskView['approval']>['state'] | null,
  proposedAt: number | null,
  approvalDecidedAt: number | null,
  approvalChannel: NonNullable<TaskView['approval']>['channel'],
  approvalComment: string | null,
  approvalSeenAt: number | null,
  deciderId: string | null,
  deciderFirstName: string | null,
  deciderLastName: string | null,
  lines: LineArray[],
];

// The visit's columns as the list reads them (visits.list.ts), its customer and vehicle as arrays, whether
// any payment names it (the same count Prisma made: any status), and its tasks in creation order.
const VISIT_DETAIL_SQL = `SELECT v.id, v.name, ${epochMs('v."visitDate"')} AS "visitDate", ${epochMs('v."dueDate"')} AS "dueDate", v.notes,
  v."totalCostCents", v."paidCents", v.status::text AS status, v."paymentStatus"::text AS "paymentStatus",
  ${epochMs('v."completedAt"')} AS "completedAt", v.version, v."odometerInKm", v."odometerOutKm", ${epochMs('v."createdAt"')} AS "createdAt", ${epochMs('v."updatedAt"')} AS "updatedAt",
  (SELECT ARRAY[cu.id::text, cu."firstName", cu."lastName", cu.email, cu."countryCode", cu."phoneNumber"] FROM "User" cu WHERE cu.id = v."customerId") AS customer,
  (SELECT ARRAY[ve.id::text, ve."plateNumber", ve.brand, ve.model, ve."distanceUnit"::text]
     FROM "Vehicle" ve WHERE ve.id = v."vehicleId") AS vehicle,
  EXISTS (SELECT 1 FROM "Payment" p WHERE p."visitId" = v.id) AS "hasPayments",
  (SELECT coalesce(json_agg(${TASK_ARRAY} ORDER BY t."createdAt", t.id), '[]'::json)
     FROM "Task" t LEFT JOIN "User" d ON d.id = t."approvalDecidedById" WHERE t."visitId" = v.id) AS tasks,
  (SELECT ARRAY[m."taxProfile"::text, m."pricesIncludeTax"::text] FROM "Merchant" m ORDER BY m."createdAt" LIMIT 1) AS "taxSettings"
FROM "Visit" v WHERE v.id = $1::uuid`;

interface VisitDetailRow {
  id: string;
  name: string;
  /** Epoch milliseconds in text (int8). */
  visitDate: string;
  dueDate: string;
  notes: string | null;
  totalCostCents: number;
  paidCents: number;
  status: VisitStatus;
  paymentStatus: VisitPaymentStatus;
  completedAt: string | null;
  version: number;
  odometerInKm: number | null;
  odometerOutKm: number | null;
  createdAt: string;
  updatedAt: string;
  /** [id, firstName, lastName, email, countryCode, phoneNumber] */
  customer: [string, string, string, string | null, string | null, string | null];
  /** [id, plateNumber, brand, model, distanceUnit] */
  vehicle: [string, string, string, string, DistanceUnit];
  hasPayments: boolean;
  tasks: TaskArray[];
  /** [profile, pricesIncludeTax as 'true'/'false']; null before the shop exists. */
  taxSettings: [TaxCountryProfile, string] | null;
}

const instantOrNull = (epochMs: number | string | null) => (epochMs === null ? null : isoInstant(epochMs));

function taskViewOf(task: TaskArray, seesCosts: boolean, settings: AmountDueSettings): TaskView {
  const [
    id,
    visitId,
    title,
    description,
    service,
    status,
    priority,
    costCents,
    soldForCents,
    dueDate,
    completedOn,
    remindInMonths,
    remindInKm,
  ] = task;
  const [
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    createdAt,
    updatedAt,
    approval,
    proposedAt,
    decidedAt,
    channel,
    comment,
    seenAt,
    deciderId,
    deciderFirstName,
    deciderLastName,
    lines,
  ] = task;
  return {
    id,
    visitId,
    title,
    description,
    service,
    status,
    priority,
    costCents: seesCosts ? costCents : null,
    soldForCents,
    grossCents: taskGrossCents(amountDueTaskOf(task), settings),
    // The due day is stored as UTC midnight (dueDateValue): its date part.
    dueDate: dueDate === null ? null : isoInstant(dueDate).slice(0, 10),
    completedOn: instantOrNull(completedOn),
    remindInMonths,
    remindInKm,
    nextStatuses: [...allowedTaskTransitions({ status, approval })],
    approval: approval
      ? {
          state: approval,
          proposedAt: instantOrNull(proposedAt),
          decidedAt: instantOrNull(decidedAt),
          decidedBy: deciderId === null ? null : { id: deciderId, firstName: deciderFirstName!, lastName: deciderLastName! },
          channel,
          comment,
          seenAt: instantOrNull(seenAt),
        }
      : null,
    lines: lines.map((line) => lineViewOf(line, seesCosts)),
    createdAt: isoInstant(createdAt),
    updatedAt: isoInstant(updatedAt),
  };
}

/**
 * The visit as staff see it; `today` (the caller's calendar day) decides whether it is overdue, `seesCosts`
 * (admins) whether the lines' unit costs are shown.
 */
export async function readVisitDetail(db: Db, id: string, today: string, seesCosts = false): Promise<VisitDetail> {
  const [row] = await queryRows<VisitDetailRow>(db, { text: VISIT_DETAIL_SQL, values: [id] }, { prepare: true });
  if (!row) throw notFound('visit');
  const dueDate = isoInstant(row.dueDate).slice(0, 10);
  const [customerId, firstName, lastName, email, countryCode, phoneNumber] = row.customer;
  const [vehicleId, plateNumber, brand, model, distanceUnit] = row.vehicle;
  const settings = taxSettingsOf(row);
  const amountDueTasks = row.tasks.map(amountDueTaskOf);
  const taxes = visitTaxes(amountDueTasks, settings);
  return {
    id: row.id,
    name: row.name,
    visitDate: isoInstant(row.visitDate),
    dueDate,
    customer: { id: customerId, firstName, lastName, email, countryCode, phoneNumber },
    vehicle: { id: vehicleId, plateNumber, brand, model },
    totalCostCents: row.totalCostCents,
    paidCents: row.paidCents,
    balanceCents: row.totalCostCents - row.paidCents,
    status: row.status,
    paymentStatus: row.paymentStatus,
    overdue: isVisitOverdue({ status: row.status, dueDate }, today),
    taskCount: row.tasks.length,
    version: row.version,
    createdAt: isoInstant(row.createdAt),
    updatedAt: isoInstant(row.updatedAt),
    notes: row.notes,
    completedAt: instantOrNull(row.completedAt),
    tasks: row.tasks.map((task) => taskViewOf(task, seesCosts, settings)),
    nextStatuses: [...(VISIT_HANDOVER_TRANSITIONS[row.status] ?? [])],
    hasPayments: row.hasPayments,
    pendingProposalCents: pendingProposalCents(amountDueTasks, settings),
    // The taxes block from the lines already read (their rates' basis points) and the shop's settings.
    taxes: { pricesIncludeTax: settings.pricesIncludeTax, net: taxes.net, tax: taxes.tax, gross: taxes.gross, rates: taxes.rates },
    // Stored in km; shown and typed in the vehicle's unit.
    distanceUnit,
    odometerInKm: row.odometerInKm,
    odometerOutKm: row.odometerOutKm,
    odometerIn: row.odometerInKm === null ? null : kmToUnit(row.odometerInKm, distanceUnit),
    odometerOut: row.odometerOutKm === null ? null : kmToUnit(row.odometerOutKm, distanceUnit),
  };
}

/** The shop's settings read with the visit; before the shop exists, the schema's defaults (tax-settings.ts). */
function taxSettingsOf(row: VisitDetailRow): AmountDueSettings {
  return {
    profile: row.taxSettings?.[0] ?? 'OTHER',
    pricesIncludeTax: row.taxSettings ? row.taxSettings[1] === 'true' : true,
  };
}

/** A task as the amount due reads it: its state, price and lines' totals and rates. */
function amountDueTaskOf(task: TaskArray): AmountDueTask {
  return {
    status: task[5],
    approval: task[15],
    soldForCents: task[8],
    lines: task[24].map((line) => ({ totalCents: line[11], basisPoints: line[14] })),
  };
}
