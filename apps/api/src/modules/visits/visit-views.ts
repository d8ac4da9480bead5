// What leaves the API for visits and tasks: explicit selects and the mappers to the shared view schemas.
import type { Prisma } from '@garage/db';
import {
  allowedTaskTransitions,
  dueDateString,
  isVisitOverdue,
  taskGrossCents,
  type AmountDueSettings,
  type PartUnit,
  type TaskApprovalView,
  type TaskLineView,
  type TaskView,
  type VisitListItem,
  type VisitPaymentStatus,
  type VisitStatus,
} from '@garage/shared';

export const taskLineSelect = {
  id: true,
  position: true,
  kind: true,
  description: true,
  partId: true,
  partNumber: true,
  labourRateId: true,
  quantityMilli: true,
  unitCostCents: true,
  unitPriceCents: true,
  totalCents: true,
  taxRateId: true,
  stock: true,
  part: { select: { unit: true } },
  taxRate: { select: { basisPoints: true } },
} satisfies Prisma.TaskLineSelect;
type TaskLineRow = Prisma.TaskLineGetPayload<{ select: typeof taskLineSelect }>;

/**
 * A line as the API shows it. `seesCosts`: admins only (ctx.session.role === 'ADMIN'); everyone else gets a
 * null unit cost. `forClient`: the customer's views also leave out the stock state (the shop's internals).
 */
export function toTaskLineView(line: TaskLineRow, seesCosts: boolean, forClient = false): TaskLineView {
  return {
    id: line.id,
    position: line.position,
    kind: line.kind,
    description: line.description,
    partId: line.partId,
    partNumber: line.partNumber,
    unit: (line.part?.unit as PartUnit | undefined) ?? null,
    labourRateId: line.labourRateId,
    quantity: line.quantityMilli / 1000,
    unitCostCents: seesCosts && !forClient ? line.unitCostCents : null,
    unitPriceCents: line.unitPriceCents,
    totalCents: line.totalCents,
    taxRateId: line.taxRateId,
    taxBasisPoints: line.taxRate?.basisPoints ?? null,
    stock: forClient ? null : line.stock,
  };
}

export const taskSelect = {
  id: true,
  visitId: true,
  title: true,
  description: true,
  service: true,
  status: true,
  priority: true,
  costCents: true,
  soldForCents: true,
  dueDate: true,
  completedOn: true,
  remindInMonths: true,
  remindInKm: true,
  createdAt: true,
  updatedAt: true,
  approval: true,
  proposedAt: true,
  approvalDecidedAt: true,
  approvalChannel: true,
  approvalComment: true,
  approvalSeenAt: true,
  approvalDecidedBy: { select: { id: true, firstName: true, lastName: true } },
  lines: { select: taskLineSelect, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.TaskSelect;
export type TaskRow = Prisma.TaskGetPayload<{ select: typeof taskSelect }>;

type ApprovalColumns = Pick<
  TaskRow,
  'approval' | 'proposedAt' | 'approvalDecidedAt' | 'approvalChannel' | 'approvalComment' | 'approvalSeenAt' | 'approvalDecidedBy'
>;

export function toApprovalView(row: ApprovalColumns): TaskApprovalView | null {
  if (!row.approval) return null;
  return {
    state: row.approval,
    proposedAt: row.proposedAt?.toISOString() ?? null,
    decidedAt: row.approvalDecidedAt?.toISOString() ?? null,
    decidedBy: row.approvalDecidedBy,
    channel: row.approvalChannel,
    comment: row.approvalComment,
    seenAt: row.approvalSeenAt?.toISOString() ?? null,
  };
}

/** `settings`: the shop's tax settings (readShopTaxSettings), for the task's grossCents. */
export function toTaskView(row: TaskRow, seesCosts: boolean, settings: AmountDueSettings): TaskView {
  const { approval, proposedAt, approvalDecidedAt, approvalChannel, approvalComment, approvalSeenAt, approvalDecidedBy, lines, ...task } =
    row;
  return {
    ...task,
    costCents: seesCosts ? task.costCents : null,
    grossCents: taskGrossCents(amountDueLinesOf(row), settings),
    lines: lines.map((line) => toTaskLineView(line, seesCosts)),
    dueDate: row.dueDate ? dueDateString(row.dueDate) : null,
    completedOn: row.completedOn?.toISOString() ?? null,
    nextStatuses: [...allowedTaskTransitions(row)],
    approval: toApprovalView({
      approval,
      proposedAt,
      approvalDecidedAt,
      approvalChannel,
      approvalComment,
      approvalSeenAt,
      approvalDecidedBy,
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A task's price and its lines' totals and rates, as taskGrossCents and visitTaxes read them. */
export function amountDueLinesOf(row: { soldForCents: number; lines: readonly Pick<TaskLineRow, 'totalCents' | 'taxRate'>[] }) {
  return {
    soldForCents: row.soldForCents,
    lines: row.lines.map((line) => ({ totalCents: line.totalCents, basisPoints: line.taxRate?.basisPoints ?? null })),
  };
}

/** Milliseconds since 1970 as node-postgres hands over an int8: text. */
type EpochMs = string;

/** One row of the list query (raw SQL, see visits.list.ts): instants and the due day (UTC midnight) as epoch milliseconds, in text. */
export interface VisitListRow {
  id: string;
  name: string;
  visitDate: EpochMs;
  dueDate: EpochMs;
  totalCostCents: number;
  paidCents: number;
  status: VisitStatus;
  paymentStatus: VisitPaymentStatus;
  version: number;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  customerId: string;
  vehicleId: string;
  /** [firstName, lastName] */
  customer: [string, string];
  /** [plateNumber, brand, model] */
  vehicle: [string, string, string];
  taskCount: number;
}

const DAY_MS = 86_400_000;
const calendarDays = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * The instant as Date#toISOString writes it. A list page formats 40 of them; toISOString costs ~0.5 µs each
 * (a call into the runtime), this ~0.14: the day is formatted once per calendar day, the time of day by
 * arithmetic. test/visits-list.test.ts compares it with toISOString.
 */
export function isoInstant(epochMs: EpochMs | number): string {
  const ms = Number(epochMs);
  const day = Math.floor(ms / DAY_MS);
  let date = calendarDays.get(day);
  if (date === undefined) {
    if (calendarDays.size >= 10_000) calendarDays.clear();
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    calendarDays.set(day, date);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${date}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
}

export function toVisitListItem(row: VisitListRow, today: string): VisitListItem {
  const dueDate = isoInstant(row.dueDate).slice(0, 10);
  const [firstName, lastName] = row.customer;
  const [plateNumber, brand, model] = row.vehicle;
  return {
    id: row.id,
    name: row.name,
    visitDate: isoInstant(row.visitDate),
    dueDate,
    customer: { id: row.customerId, firstName, lastName },
    vehicle: { id: row.vehicleId, plateNumber, brand, model },
    totalCostCents: row.totalCostCents,
    paidCents: row.paidCents,
    balanceCents: row.totalCostCents - row.paidCents,
    status: row.status,
    paymentStatus: row.paymentStatus,
    overdue: isVisitOverdue({ status: row.status, dueDate }, today),
    taskCount: row.taskCount,
    version: row.version,
    createdAt: isoInstant(row.createdAt),
    updatedAt: isoInstant(row.updatedAt),
  };
}
