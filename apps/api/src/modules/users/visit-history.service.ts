// The visits shown on a customer's page and on a vehicle's page, newest first. A read-only summary: the
// visits feature owns creating and changing visits.
import type { Db, Prisma } from '@garage/db';
import type { VisitSummary } from '@garage/shared';

type Pagination = { page: number; pageSize: number };

/** `ownerId` restricts to vehicles of that owner (the client area). */
export async function listCustomerVisits(
  db: Db,
  filter: { customerId?: string; vehicleId?: string; ownerId?: string },
  { page, pageSize }: Pagination,
) {
  const { ownerId, ...columns } = filter;
  const where: Prisma.VisitWhereInput = { ...columns, ...(ownerId ? { vehicle: { ownerId } } : {}) };
  const [rows, total] = await Promise.all([
    db.visit.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        id: true,
        name: true,
        vehicleId: true,
        visitDate: true,
        dueDate: true,
        status: true,
        paymentStatus: true,
        totalCostCents: true,
        paidCents: true,
        vehicle: { select: { plateNumber: true } },
        _count: { select: { tasks: { where: { approval: 'PENDING', status: { not: 'CANCELLED' } } } } },
      },
    }),
    db.visit.count({ where }),
  ]);
  const items: VisitSummary[] = rows.map(({ vehicle, visitDate, dueDate, _count, ...visit }) => ({
    ...visit,
    awaitingApproval: _count.tasks,
    plateNumber: vehicle.plateNumber,
    visitDate: visitDate.toISOString(),
    dueDate: dueDate.toISOString(),
  }));
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
