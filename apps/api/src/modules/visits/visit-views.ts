// What leaves the API for visits and tasks: explicit selects and the mappers to the shared view schemas.
import type { Prisma } from '@garage/db';
import {
  TASK_TRANSITIONS,
  VISIT_HANDOVER_TRANSITIONS,
  dueDateString,
  isVisitOverdue,
  type TaskView,
  type VisitDetail,
  type VisitListItem,
  type VisitPaymentStatus,
  type VisitStatus,
} from '@garage/shared';

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
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.TaskSelect;
export type TaskRow = Prisma.TaskGetPayload<{ select: typeof taskSelect }>;

export function toTaskView(row: TaskRow): TaskView {
  return {
    ...row,
    dueDate: row.dueDate ? dueDateString(row.dueDate) : null,
    completedOn: row.completedOn?.toISOString() ?? null,
    nextStatuses: [...TASK_TRANSITIONS[row.status]],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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

const isoInstant = (ms: EpochMs) => new Date(Number(ms)).toISOString();

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

export const visitDetailSelect = {
  id: true,
  name: true,
  visitDate: true,
  dueDate: true,
  notes: true,
  totalCostCents: true,
  paidCents: true,
  status: true,
  paymentStatus: true,
  completedAt: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  customer: { select: { id: true, firstName: true, lastName: true, email: true, countryCode: true, phoneNumber: true } },
  vehicle: { select: { id: true, plateNumber: true, brand: true, model: true } },
  tasks: { select: taskSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  _count: { select: { payments: true } },
} satisfies Prisma.VisitSelect;
export type VisitDetailRow = Prisma.VisitGetPayload<{ select: typeof visitDetailSelect }>;

export function toVisitDetail(row: VisitDetailRow, today: string): VisitDetail {
  const dueDate = dueDateString(row.dueDate);
  return {
    id: row.id,
    name: row.name,
    visitDate: row.visitDate.toISOString(),
    dueDate,
    notes: row.notes,
    customer: row.customer,
    vehicle: row.vehicle,
    totalCostCents: row.totalCostCents,
    paidCents: row.paidCents,
    balanceCents: row.totalCostCents - row.paidCents,
    status: row.status,
    paymentStatus: row.paymentStatus,
    overdue: isVisitOverdue({ status: row.status, dueDate }, today),
    completedAt: row.completedAt?.toISOString() ?? null,
    taskCount: row.tasks.length,
    tasks: row.tasks.map(toTaskView),
    nextStatuses: [...(VISIT_HANDOVER_TRANSITIONS[row.status] ?? [])],
    hasPayments: row._count.payments > 0,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
