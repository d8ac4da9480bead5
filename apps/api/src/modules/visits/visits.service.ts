// Visits: create (with their first tasks), read, edit, hand-over steps and delete. The list lives in
// visits.list.ts; derived columns are written by visit-state.ts only.
import type { Db } from '@garage/db';
import {
  calendarDateIn,
  canHandOver,
  derivePaymentStatus,
  dueDateValue,
  visitAmountDue,
  type CreateVisitParsed,
  type VisitDetail,
  type VisitPatch,
  type VISIT_HANDOVER_STATUSES,
  kmToUnit,
  unitToKm,
  type DistanceUnit,
} from '@garage/shared';
import { AppError, fieldError } from '../../lib/errors.ts';
import { recordOdometerReading } from '../oil-changes/odometer.ts';
import { lockParts, syncTaskStock } from '../stock/stock.service.ts';
import { NO_ACTOR, lockPartsOfNewTasks, prepareTaskLines, taskData, type LineActor } from '../task-lines/task-line-pricing.ts';
import { inVisitTransaction, lockVisit, versionConflict, type Tx } from './visit-state.ts';
import { readVisitDetail } from './visit-detail.ts';
import { rateBasisPoints } from '../tax/amount-due.ts';
import { TaxResolver } from '../tax/tax-resolution.ts';

type HandoverStatus = (typeof VISIT_HANDOVER_STATUSES)[number];

/** `seesCosts`: the lines' unit costs are shown (admins only). */
export async function getVisit(db: Db, id: string, timeZone?: string, now = new Date(), seesCosts = false): Promise<VisitDetail> {
  return readVisitDetail(db, id, calendarDateIn(now, timeZone), seesCosts);
}

/** The customer must exist and the vehicle must be one of theirs (neither soft-deleted); answers the vehicle's unit. */
async function assertCustomerVehicle(db: Db, customerId: string, vehicleId: string): Promise<DistanceUnit> {
  const [customer, vehicle] = await Promise.all([
    db.user.findFirst({ where: { id: customerId, deletedAt: null }, select: { id: true } }),
    db.vehicle.findFirst({ where: { id: vehicleId, deletedAt: null }, select: { ownerId: true, distanceUnit: true } }),
  ]);
  if (!customer) throw fieldError('customerId', 'missing.customer');
  if (!vehicle) throw fieldError('vehicleId', 'missing.vehicle');
  if (vehicle.ownerId !== customerId) throw fieldError('vehicleId', 'visits.vehicleNotOfCustomer');
  return vehicle.distanceUnit;
}

/** A reading typed in the vehicle's unit, stored in km; null stays null, undefined (not sent) stays undefined. */
function storedKm<T extends number | null | undefined>(value: T, unit: DistanceUnit): T extends number ? number : T {
  return (typeof value === 'number' ? unitToKm(value, unit) : value) as T extends number ? number : T;
}

/**
 * A visit's readings are readings of the vehicle: the highest moves its latest km up (never down: a lower
 * reading is kept on the visit, as an odometer replaced or a typo corrected later), dated with the visit.
 */
async function recordVisitReadings(tx: Tx, vehicleId: string, readingsKm: (number | null)[], visitDate: Date) {
  const highest = Math.max(...readingsKm.filter((km): km is number => km !== null));
  if (Number.isFinite(highest)) await recordOdometerReading(tx, vehicleId, highest, visitDate);
}

/** The total is computed here from the tasks' lines (their sold-for prices); the client never sends one. */
export async function createVisit(db: Db, input: CreateVisitParsed, now = new Date(), actor: LineActor = NO_ACTOR): Promise<VisitDetail> {
  const unit = await assertCustomerVehicle(db, input.customerId, input.vehicleId);
  const odometerInKm = storedKm(input.odometerIn ?? null, unit);
  const odometerOutKm = storedKm(input.odometerOut ?? null, unit);
  const visit = await inVisitTransaction(db, async (tx) => {
    // Every part of every task locked first (id order), then each task's lines priced.
    await lockPartsOfNewTasks(tx, input.tasks);
    const tasks = [];
    const taxResolver = new TaxResolver(tx);
    for (const [index, task] of input.tasks.entries()) {
      const { lines, soldForCents, costCents } = await prepareTaskLines(tx, task, actor, `tasks.${index}.`, taxResolver);
      tasks.push({
        ...taskData(task),
        soldForCents,
        costCents,
        status: 'PENDING' as const,
        lines: { create: lines.map((line, position) => ({ ...line, position })) },
      });
    }
    // The amount due (with its tax when prices are typed without tax), as writeDerivedState computes it later.
    const rates = await rateBasisPoints(
      tx,
      tasks.flatMap((task) => task.lines.create.map((line) => line.taxRateId)),
    );
    const total = visitAmountDue(
      tasks.map((task) => ({
        status: task.status,
        approval: null,
        soldForCents: task.soldForCents,
        lines: task.lines.create.map((line) => ({
          totalCents: line.totalCents,
          basisPoints: line.taxRateId ? (rates.get(line.taxRateId) ?? null) : null,
        })),
      })),
      await taxResolver.shopSettings(),
    );
    const created = await tx.visit.create({
      data: {
        name: input.name,
        visitDate: now,
        dueDate: dueDateValue(input.dueDate),
        notes: input.notes,
        customerId: input.customerId,
        vehicleId: input.vehicleId,
        totalCostCents: total,
        paidCents: 0,
        status: 'PENDING',
        paymentStatus: derivePaymentStatus(total, 0),
        odometerInKm,
        odometerOutKm,
      },
      select: { id: true },
    });
    await recordVisitReadings(tx, input.vehicleId, [odometerInKm, odometerOutKm], now);
    // One by one, in the order sent (the visit page lists tasks in creation order), each with its lines.
    for (const task of tasks) {
      const { id } = await tx.task.create({ data: { ...task, visitId: created.id }, select: { id: true } });
      // New ordinary work reserves its parts.
      await syncTaskStock(tx, id, actor.userId);
    }
    return created;
  });
  return getVisit(db, visit.id, input.timeZone, now, actor.seesCosts);
}

/** Changes only the fields sent (an omitted field keeps its value); every edit names the version it read. */
export async function updateVisit(
  db: Db,
  id: string,
  version: number,
  data: VisitPatch,
  now = new Date(),
  seesCosts = false,
): Promise<VisitDetail> {
  await inVisitTransaction(db, async (tx) => {
    const current = await lockVisit(tx, id);
    if (current.version !== version) throw versionConflict();
    const stored = await tx.visit.findUniqueOrThrow({
      where: { id },
      select: {
        dueDate: true,
        visitDate: true,
        vehicleId: true,
        odometerInKm: true,
        odometerOutKm: true,
        vehicle: { select: { distanceUnit: true } },
      },
    });
    const storedDue = stored.dueDate;
    const dueDate = data.dueDate === undefined ? undefined : dueDateValue(data.dueDate);
    // An overdue visit can keep its due date; a new one must be today or later.
    if (dueDate && data.dueDate && dueDate.getTime() !== storedDue.getTime() && data.dueDate < calendarDateIn(now, data.timeZone)) {
      throw fieldError('dueDate', 'futureDate', { fieldName: 'dueDate' });
    }
    // Readings come in the vehicle's unit; the merged visit must read out >= in.
    const odometerInKm = storedKm(data.odometerIn, stored.vehicle.distanceUnit);
    const odometerOutKm = storedKm(data.odometerOut, stored.vehicle.distanceUnit);
    const mergedIn = odometerInKm === undefined ? stored.odometerInKm : odometerInKm;
    const mergedOut = odometerOutKm === undefined ? stored.odometerOutKm : odometerOutKm;
    if (mergedIn !== null && mergedOut !== null && mergedOut < mergedIn) {
      throw fieldError('odometerOut', 'minValue', {
        fieldName: 'odometerOut',
        minValue: data.odometerIn ?? kmToUnit(mergedIn, stored.vehicle.distanceUnit),
      });
    }
    await tx.visit.update({
      where: { id },
      data: { name: data.name, dueDate, notes: data.notes, odometerInKm, odometerOutKm, version: { increment: 1 } },
    });
    await recordVisitReadings(tx, stored.vehicleId, [odometerInKm ?? null, odometerOutKm ?? null], stored.visitDate);
  });
  return getVisit(db, id, data.timeZone, now, seesCosts);
}

/** Hand-over steps (ready for pickup, picked up, back to completed) on a visit whose work is done. */
export async function setVisitStatus(
  db: Db,
  id: string,
  version: number,
  status: HandoverStatus,
  now = new Date(),
  seesCosts = false,
): Promise<VisitDetail> {
  await inVisitTransaction(db, async (tx) => {
    const current = await lockVisit(tx, id);
    if (current.version !== version) throw versionConflict();
    if (!canHandOver(current.status, status)) {
      throw new AppError('BAD_REQUEST', 'visits.badTransition', { params: { from: current.status, to: status } });
    }
    await tx.visit.update({ where: { id }, data: { status, completedAt: current.completedAt ?? now, version: { increment: 1 } } });
  });
  return getVisit(db, id, undefined, now, seesCosts);
}

/** Only a visit without payments or media can go (payments are kept for the audit trail). */
export async function deleteVisit(db: Db, id: string, version?: number, userId: string | null = null): Promise<{ id: string }> {
  return inVisitTransaction(db, async (tx) => {
    const current = await lockVisit(tx, id);
    if (version !== undefined && current.version !== version) throw versionConflict();
    const [payments, media, invoices] = await Promise.all([
      tx.payment.count({ where: { visitId: id } }),
      tx.mediaFile.count({ where: { visitId: id } }),
      tx.invoice.count({ where: { visitId: id } }),
    ]);
    if (payments > 0) throw new AppError('CONFLICT', 'visits.hasPayments');
    // Issued invoices are kept for good (numbering without holes, the customer's copy).
    if (invoices > 0) throw new AppError('CONFLICT', 'visits.hasInvoices');
    if (media > 0) throw new AppError('CONFLICT', 'visits.hasMedia');
    // Parts used go back to stock and reservations are released: all the visit's parts locked first (id order).
    const partLines = await tx.taskLine.findMany({ where: { task: { visitId: id }, partId: { not: null } }, select: { partId: true } });
    await lockParts(
      tx,
      partLines.map((line) => line.partId as string),
    );
    const tasks = await tx.task.findMany({ where: { visitId: id }, select: { id: true } });
    for (const task of tasks) await syncTaskStock(tx, task.id, userId, 'QUOTED');
    await tx.visit.delete({ where: { id } });
    return { id };
  });
}
