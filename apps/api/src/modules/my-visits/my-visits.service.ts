// The client area's visits and tasks (/client/overview/{vehicleId}/{visitId}[/{taskId}]). One ownership rule
// for every read: the visit is the caller's (customerId) and so is its vehicle (owner, not deleted). A visit,
// task or vehicle that is someone else's answers exactly like a missing one (404, same body). What leaves here
// is built field by field: the shop's internal cost (costCents) is never selected, and the lines' unit costs
// and stock states are left out (toTaskLineView with forClient).
import type { Db, Prisma } from '@garage/db';
import { queryRows } from '@garage/db/client';
import {
  dueDateString,
  isAwaitingApproval,
  isVisitClosed,
  pendingProposalCents,
  taskGrossCents,
  type AmountDueSettings,
  type MyTask,
  type MyTaskDetail,
  type MyVisit,
  type VisitSummary,
} from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import { readVisitTaxes } from '../tax/amount-due.ts';
import { readShopTaxSettings } from '../tax/tax-settings.ts';
import { listCustomerVisits } from '../users/visit-history.service.ts';
import { amountDueLinesOf, taskLineSelect, toTaskLineView } from '../visits/visit-views.ts';

/** The where that makes a visit the caller's. */
export const myVisitWhere = (userId: string, vehicleId?: string): Prisma.VisitWhereInput => ({
  customerId: userId,
  vehicle: { ownerId: userId, deletedAt: null },
  ...(vehicleId ? { vehicleId } : {}),
});

/** Same rule as getVehicle with an owner scope: another owner's vehicle is "Vehicle not found". */
export async function assertMyVehicle(db: Db, vehicleId: string, userId: string): Promise<void> {
  // Raw and prepared: this check runs before every read of a client's vehicle page (bench/mixed-statements.ts).
  const found = await queryRows(
    db,
    {
      text: `SELECT 1 FROM "Vehicle" ve JOIN "User" u ON u.id = ve."ownerId" WHERE ve.id = $1::uuid AND ve."ownerId" = $2::uuid AND ve."deletedAt" IS NULL AND u."deletedAt" IS NULL`,
      values: [vehicleId, userId],
    },
    { prepare: true },
  );
  if (found.length === 0) throw notFound('vehicle');
}

/** A vehicle's visits for its owner; someone else's vehicle is 404 like a missing one (not an empty page). */
export async function listMyVehicleVisits(
  db: Db,
  userId: string,
  vehicleId: string,
  pagination: { page: number; pageSize: number },
): Promise<{ items: VisitSummary[]; total: number; page: number; pageSize: number; pageCount: number }> {
  // Both at once (two connections): the list is restricted to the caller's visits of vehicles they own, so
  // it reveals nothing when the check fails, and the check decides the answer.
  const [, page] = await Promise.all([
    assertMyVehicle(db, vehicleId, userId),
    listCustomerVisits(db, { vehicleId, customerId: userId, ownerId: userId }, pagination),
  ]);
  return page;
}

export const myTaskSelect = {
  id: true,
  visitId: true,
  title: true,
  description: true,
  service: true,
  status: true,
  priority: true,
  soldForCents: true,
  dueDate: true,
  completedOn: true,
  createdAt: true,
  updatedAt: true,
  approval: true,
  proposedAt: true,
  approvalDecidedAt: true,
  approvalChannel: true,
  approvalComment: true,
  approvalDecidedBy: { select: { id: true, firstName: true, lastName: true } },
  lines: { select: taskLineSelect, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.TaskSelect;
type MyTaskRow = Prisma.TaskGetPayload<{ select: typeof myTaskSelect }>;

/** `settings`: the shop's tax settings (readShopTaxSettings), for the task's grossCents. */
export function toMyTask(row: MyTaskRow, visitOpen: boolean, settings: AmountDueSettings): MyTask {
  return {
    id: row.id,
    visitId: row.visitId,
    title: row.title,
    description: row.description,
    service: row.service,
    status: row.status,
    priority: row.priority,
    soldForCents: row.soldForCents,
    grossCents: taskGrossCents(amountDueLinesOf(row), settings),
    dueDate: row.dueDate ? dueDateString(row.dueDate) : null,
    completedOn: row.completedOn?.toISOString() ?? null,
    approval: row.approval
      ? {
          state: row.approval,
          proposedAt: row.proposedAt?.toISOString() ?? null,
          decidedAt: row.approvalDecidedAt?.toISOString() ?? null,
          decidedBy: row.approvalDecidedBy,
          channel: row.approvalChannel,
          comment: row.approvalComment,
        }
      : null,
    awaitingDecision: visitOpen && isAwaitingApproval(row),
    lines: row.lines.map((line) => toTaskLineView(line, false, true)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const myVisitSelect = {
  id: true,
  name: true,
  visitDate: true,
  dueDate: true,
  completedAt: true,
  status: true,
  paymentStatus: true,
  totalCostCents: true,
  paidCents: true,
  createdAt: true,
  updatedAt: true,
  vehicle: { select: { id: true, plateNumber: true, brand: true, model: true } },
  tasks: { select: myTaskSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  payments: {
    where: { status: { not: 'DELETED' } },
    select: { id: true, amountCents: true, method: true, status: true, createdAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
} satisfies Prisma.VisitSelect;

export async function getMyVisit(db: Db, userId: string, id: string, vehicleId?: string): Promise<MyVisit> {
  const [row, settings] = await Promise.all([
    db.visit.findFirst({ where: { id, ...myVisitWhere(userId, vehicleId) }, select: myVisitSelect }),
    readShopTaxSettings(db),
  ]);
  if (!row) throw notFound('visit');
  const open = !isVisitClosed(row.status);
  return {
    id: row.id,
    name: row.name,
    visitDate: row.visitDate.toISOString(),
    dueDate: dueDateString(row.dueDate),
    completedAt: row.completedAt?.toISOString() ?? null,
    status: row.status,
    paymentStatus: row.paymentStatus,
    totalCostCents: row.totalCostCents,
    paidCents: row.paidCents,
    balanceCents: row.totalCostCents - row.paidCents,
    pendingProposalCents: pendingProposalCents(
      row.tasks.map((task) => ({ status: task.status, approval: task.approval, ...amountDueLinesOf(task) })),
      settings,
    ),
    taxes: await readVisitTaxes(db, row.id),
    vehicle: row.vehicle,
    tasks: row.tasks.map((task) => toMyTask(task, open, settings)),
    payments: row.payments.map((payment) => ({ ...payment, createdAt: payment.createdAt.toISOString() })),
    open,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getMyTask(
  db: Db,
  userId: string,
  id: string,
  scope: { visitId?: string; vehicleId?: string } = {},
): Promise<MyTaskDetail> {
  const [row, settings] = await Promise.all([
    db.task.findFirst({
      where: { id, ...(scope.visitId ? { visitId: scope.visitId } : {}), visit: myVisitWhere(userId, scope.vehicleId) },
      select: {
        ...myTaskSelect,
        visit: { select: { id: true, name: true, status: true, vehicleId: true, vehicle: { select: { plateNumber: true } } } },
      },
    }),
    readShopTaxSettings(db),
  ]);
  if (!row) throw notFound('task');
  const { visit, ...task } = row;
  const open = !isVisitClosed(visit.status);
  return {
    ...toMyTask(task, open, settings),
    pricesIncludeTax: settings.pricesIncludeTax,
    visit: {
      id: visit.id,
      name: visit.name,
      status: visit.status,
      vehicleId: visit.vehicleId,
      plateNumber: visit.vehicle.plateNumber,
      open,
    },
  };
}
