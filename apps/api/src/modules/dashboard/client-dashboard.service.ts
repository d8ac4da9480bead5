// The client dashboard (/client/dashboard): the signed-in client's own vehicles with their next oil change,
// visits still open, the balance due and the last visits. Ownership is in every where (the vehicle's
// owner, as in the client area's other reads: my-vehicles.operations.ts), so nothing of another account can
// appear whatever the request says: the only input is the time zone.
import type { Db, Prisma } from '@garage/db';
import {
  CLIENT_DASHBOARD_RECENT_VISITS,
  OIL_CHANGE_DUE,
  OWING_PAYMENT_STATUSES,
  addDays,
  calendarDateIn,
  daysBetween,
  dueDateString,
  isVisitOverdue,
  oilDueInKm,
  type ClientDashboard,
  type ClientDashboardVisit,
  type VisitStatus,
} from '@garage/shared';

/** Visits a client still waits for: the work or the hand-over is not done (picked up and cancelled are closed). */
export const CLIENT_OPEN_VISIT_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'COMPLETED',
  'READY_FOR_PICKUP',
] as const satisfies readonly VisitStatus[];
/** At most this many open visits are listed (a client rarely has more than a few). */
const OPEN_VISITS_MAX = 50;

const visitSelect = {
  id: true,
  vehicleId: true,
  name: true,
  status: true,
  paymentStatus: true,
  visitDate: true,
  dueDate: true,
  completedAt: true,
  totalCostCents: true,
  paidCents: true,
  vehicle: { select: { plateNumber: true } },
} satisfies Prisma.VisitSelect;
type VisitRow = Prisma.VisitGetPayload<{ select: typeof visitSelect }>;

export async function getClientDashboard(db: Db, ownerId: string, timeZone: string, now = new Date()): Promise<ClientDashboard> {
  const mine = { vehicle: { ownerId, deletedAt: null } } satisfies Prisma.VisitWhereInput;
  const today = calendarDateIn(now, timeZone);
  const [vehicles, openVisits, recentVisits, owed] = await Promise.all([
    db.vehicle.findMany({
      where: { ownerId, deletedAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        plateNumber: true,
        brand: true,
        model: true,
        year: true,
        type: true,
        latestKm: true,
        oilChanges: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { nextChangeKm: true, createdAt: true } },
      },
    }),
    db.visit.findMany({
      where: { ...mine, status: { in: [...CLIENT_OPEN_VISIT_STATUSES] } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: OPEN_VISITS_MAX,
      select: visitSelect,
    }),
    db.visit.findMany({
      where: mine,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: CLIENT_DASHBOARD_RECENT_VISITS,
      select: visitSelect,
    }),
    db.visit.aggregate({
      where: { ...mine, paymentStatus: { in: [...OWING_PAYMENT_STATUSES] } },
      _sum: { totalCostCents: true, paidCents: true },
      _count: { _all: true },
    }),
  ]);

  const openByVehicle = new Map<string, number>();
  for (const visit of openVisits) openByVehicle.set(visit.vehicleId, (openByVehicle.get(visit.vehicleId) ?? 0) + 1);
  const view = (visit: VisitRow): ClientDashboardVisit => {
    const dueDate = dueDateString(visit.dueDate);
    return {
      id: visit.id,
      vehicleId: visit.vehicleId,
      plateNumber: visit.vehicle.plateNumber,
      name: visit.name,
      status: visit.status,
      paymentStatus: visit.paymentStatus,
      visitDate: visit.visitDate.toISOString(),
      dueDate,
      completedAt: visit.completedAt?.toISOString() ?? null,
      totalCostCents: visit.totalCostCents,
      paidCents: visit.paidCents,
      balanceCents: visit.totalCostCents - visit.paidCents,
      overdue: isVisitOverdue({ status: visit.status, dueDate }, today),
    };
  };

  return {
    vehicles: vehicles.map(({ oilChanges, ...vehicle }) => {
      const last = oilChanges[0];
      const lastChangeDate = last ? calendarDateIn(last.createdAt, timeZone) : null;
      const nextChangeDate = lastChangeDate ? addDays(lastChangeDate, OIL_CHANGE_DUE.intervalDays) : null;
      const dueInKm = last ? oilDueInKm(vehicle.latestKm, last.nextChangeKm) : null;
      const daysLeft = nextChangeDate ? daysBetween(today, nextChangeDate) : null;
      const state = !last
        ? 'unknown'
        : (dueInKm !== null && dueInKm <= 0) || (daysLeft !== null && daysLeft <= 0)
          ? 'overdue'
          : (dueInKm !== null && dueInKm <= OIL_CHANGE_DUE.soonKm) || (daysLeft !== null && daysLeft <= OIL_CHANGE_DUE.soonDays)
            ? 'soon'
            : 'ok';
      return {
        ...vehicle,
        openVisits: openByVehicle.get(vehicle.id) ?? 0,
        oil: { state, lastChangeDate, nextChangeKm: last?.nextChangeKm ?? null, dueInKm, nextChangeDate },
      };
    }),
    openVisits: openVisits.map(view),
    recentVisits: recentVisits.map(view),
    balanceDueCents: (owed._sum.totalCostCents ?? 0) - (owed._sum.paidCents ?? 0),
    visitsWithBalance: owed._count._all,
  };
}
