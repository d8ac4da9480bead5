// Appointment requests: booked on the public site (throttled per IP, honeypot) or in the portal, answered by
// staff (accept with a time and optionally create the visit, propose another time, decline), the customer
// told by email in the language they booked in. Capacity: live requests per day (merchant setting
// appointmentsPerDay), checked under a per-day advisory lock so two bookings racing for the last place
// cannot both get it.
import type { Db, Prisma } from '@garage/db';
import {
  addDays,
  APPOINTMENT_LIMITS,
  APPOINTMENT_THROTTLE,
  calendarDateIn,
  createVisitSchema,
  LIVE_APPOINTMENT_STATUSES,
  normalizePlate,
  type AppointmentList,
  type AppointmentView,
  type Availability,
  type DayPart,
  type Language,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { DeliveryLog } from '../../lib/mailer.ts';
import { emailSender } from '../../lib/delivery.ts';
import { reserveAttempt } from '../../http/throttle.ts';
import { createVisit } from '../visits/visits.service.ts';
import { appointmentMessage } from './appointment-texts.ts';

const dayValue = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function shop(db: Db | Prisma.TransactionClient) {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { id: true, displayName: true, timezone: true, defaultLanguage: true, appointmentsPerDay: true },
  });
  if (!merchant) throw notFound('merchant');
  return merchant;
}

async function liveCounts(db: Db | Prisma.TransactionClient, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db.appointment.groupBy({
    by: ['day'],
    where: { day: { gte: dayValue(from), lte: dayValue(to) }, status: { in: [...LIVE_APPOINTMENT_STATUSES] } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [isoDay(row.day), row._count._all]));
}

/** The days from today (shop time) with room left, for the booking forms. */
export async function availability(db: Db, days: number, now = new Date()): Promise<Availability> {
  const merchant = await shop(db);
  const today = calendarDateIn(now, merchant.timezone);
  const last = addDays(today, days - 1);
  const counts = await liveCounts(db, today, last);
  const result: Availability['days'] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const day = addDays(today, offset);
    const remaining = merchant.appointmentsPerDay - (counts.get(day) ?? 0);
    if (remaining > 0) result.push({ day, remaining });
  }
  return { timezone: merchant.timezone, perDay: merchant.appointmentsPerDay, days: result };
}

interface NewRequest {
  fullName: string;
  email: string | null;
  phone: string | null;
  vehicleDescription: string;
  vehicleId?: string | null;
  customerId?: string | null;
  serviceItemIds: string[];
  day: string;
  dayPart: DayPart;
  message: string | null;
  language: Language;
}

/** Stores a request if its day is in range and has room (one place per live request). */
async function insertRequest(db: Db, input: NewRequest, now: Date) {
  const merchant = await shop(db);
  const today = calendarDateIn(now, merchant.timezone);
  if (input.day < today || input.day > addDays(today, APPOINTMENT_LIMITS.daysAhead))
    throw fieldError('day', 'appointments.dayOutOfRange', { days: APPOINTMENT_LIMITS.daysAhead });
  const services = input.serviceItemIds.length
    ? await db.offeringItem.findMany({ where: { id: { in: input.serviceItemIds }, visible: true }, select: { id: true } })
    : [];
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`appointment-day:${input.day}`}, 0))`;
    const taken = (await liveCounts(tx, input.day, input.day)).get(input.day) ?? 0;
    if (taken >= merchant.appointmentsPerDay) throw new AppError('CONFLICT', 'appointments.dayFull', { field: 'day' });
    const row = await tx.appointment.create({
      data: { ...input, serviceItemIds: services.map((item) => item.id), day: dayValue(input.day) },
      select: { id: true, status: true, day: true },
    });
    return { id: row.id, status: row.status, day: isoDay(row.day) };
  });
}

export async function requestAppointment(
  db: Db,
  input: Omit<NewRequest, 'vehicleId' | 'customerId'> & { website?: string },
  sender: { ip: string; userId?: string | null },
  now = new Date(),
) {
  await reserveAttempt(db, [{ bucket: `appointment:ip:${sender.ip}`, ...APPOINTMENT_THROTTLE, messageCode: 'appointments.tooMany' }]);
  // A bot filled the hidden field: the same answer as a person gets, nothing stored.
  if (input.website?.trim()) return { id: crypto.randomUUID(), status: 'REQUESTED' as const, day: input.day };
  const { website: _honeypot, ...request } = input;
  return insertRequest(db, { ...request, customerId: sender.userId ?? null }, now);
}

/** A signed-in client books for one of their own vehicles (another's vehicle looks missing). */
export async function requestMyAppointment(
  db: Db,
  customerId: string,
  input: { vehicleId: string; serviceItemIds: string[]; day: string; dayPart: DayPart; message: string | null },
  ip: string,
  now = new Date(),
) {
  const vehicle = await db.vehicle.findFirst({
    where: { id: input.vehicleId, ownerId: customerId, deletedAt: null },
    select: {
      id: true,
      plateNumber: true,
      brand: true,
      model: true,
      year: true,
      owner: { select: { firstName: true, lastName: true, email: true, countryCode: true, phoneNumber: true, preferredLanguage: true } },
    },
  });
  if (!vehicle) throw notFound('vehicle');
  await reserveAttempt(db, [{ bucket: `appointment:ip:${ip}`, ...APPOINTMENT_THROTTLE, messageCode: 'appointments.tooMany' }]);
  const owner = vehicle.owner;
  return insertRequest(
    db,
    {
      fullName: `${owner.firstName} ${owner.lastName}`,
      email: owner.email,
      phone: owner.phoneNumber ? `${owner.countryCode ?? ''}${owner.phoneNumber}` : null,
      vehicleDescription: `${vehicle.brand} ${vehicle.model} ${vehicle.year} · ${vehicle.plateNumber}`,
      vehicleId: vehicle.id,
      customerId,
      serviceItemIds: input.serviceItemIds,
      day: input.day,
      dayPart: input.dayPart,
      message: input.message,
      language: owner.preferredLanguage,
    },
    now,
  );
}

const appointmentSelect = {
  id: true,
  status: true,
  fullName: true,
  email: true,
  phone: true,
  vehicleDescription: true,
  vehicle: { select: { id: true, plateNumber: true, ownerId: true } },
  customerId: true,
  serviceItemIds: true,
  day: true,
  dayPart: true,
  message: true,
  language: true,
  scheduledAt: true,
  staffNote: true,
  visitId: true,
  createdAt: true,
} satisfies Prisma.AppointmentSelect;
type AppointmentRow = Prisma.AppointmentGetPayload<{ select: typeof appointmentSelect }>;

async function serviceTitles(db: Db, rows: AppointmentRow[], language: string) {
  const ids = [...new Set(rows.flatMap((row) => row.serviceItemIds))];
  if (!ids.length) return new Map<string, { title: string; priceCents: number; service: 'REPAIR' | 'MAINTENANCE' | 'INSPECTION' }>();
  const items = await db.offeringItem.findMany({
    where: { id: { in: ids } },
    select: { id: true, title: true, priceCents: true, service: true },
  });
  return new Map(
    items.map((item) => [item.id, { title: localizedTitle(item.title, language), priceCents: item.priceCents, service: item.service }]),
  );
}

function localizedTitle(title: unknown, language: string): string {
  if (typeof title === 'string') return title;
  const map = (title ?? {}) as Record<string, string | undefined>;
  return map[language] || map.en || Object.values(map).find(Boolean) || '';
}

function toView(row: AppointmentRow, titles: Map<string, { title: string }>): AppointmentView {
  return {
    ...row,
    services: row.serviceItemIds.flatMap((id) => (titles.has(id) ? [{ id, title: titles.get(id)!.title }] : [])),
    day: isoDay(row.day),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Working hours from branding ("Monday to Friday 08:00-18:00 …"): the calendar spans the earliest opening to the latest closing. */
export function calendarHours(text: string | null): { startHour: number; endHour: number } {
  const ranges = [...(text ?? '').matchAll(/(\d{1,2})[:h.](\d{2})\s*[-–à]\s*(\d{1,2})[:h.](\d{2})/g)];
  if (!ranges.length) return { startHour: 8, endHour: 18 };
  const starts = ranges.map((m) => Number(m[1]));
  const ends = ranges.map((m) => Number(m[3]) + (Number(m[4]) > 0 ? 1 : 0));
  return { startHour: Math.max(0, Math.min(...starts)), endHour: Math.min(24, Math.max(...ends)) };
}

export async function listAppointments(db: Db, input: { from: string; days: number }, language = 'en'): Promise<AppointmentList> {
  const merchant = await shop(db);
  const to = addDays(input.from, input.days - 1);
  const [rows, waiting, hours] = await Promise.all([
    db.appointment.findMany({
      where: { day: { gte: dayValue(input.from), lte: dayValue(to) } },
      orderBy: [{ day: 'asc' }, { scheduledAt: 'asc' }, { createdAt: 'asc' }],
      select: appointmentSelect,
    }),
    db.appointment.findMany({
      where: { status: 'REQUESTED' },
      orderBy: [{ day: 'asc' }, { createdAt: 'asc' }],
      take: 100,
      select: appointmentSelect,
    }),
    db.branding.findFirst({
      where: {
        merchantId: merchant.id,
        type: 'WORKING_HOURS',
        status: 'ACTIVE',
        language: { in: [language.slice(0, 2), merchant.defaultLanguage] },
      },
      orderBy: { language: language.slice(0, 2) === 'ar' ? 'asc' : 'desc' },
      select: { fields: true },
    }),
  ]);
  const titles = await serviceTitles(db, [...rows, ...waiting], language);
  const fields = (hours?.fields ?? []) as { key: string; value: unknown }[];
  const workingHours = fields.find?.((field) => field.key === 'workingHours')?.value;
  const text = typeof workingHours === 'string' ? workingHours : null;
  return {
    items: rows.map((row) => toView(row, titles)),
    waiting: waiting.map((row) => toView(row, titles)),
    workingHours: { text, ...calendarHours(text) },
    perDay: merchant.appointmentsPerDay,
    timezone: merchant.timezone,
  };
}

export async function countWaitingAppointments(db: Db) {
  return { count: await db.appointment.count({ where: { status: 'REQUESTED' } }) };
}

export async function listMyAppointments(db: Db, customerId: string, language = 'en'): Promise<AppointmentView[]> {
  const rows = await db.appointment.findMany({
    where: { customerId },
    orderBy: [{ day: 'desc' }, { createdAt: 'desc' }],
    take: 50,
    select: appointmentSelect,
  });
  const titles = await serviceTitles(db, rows, language);
  return rows.map((row) => toView(row, titles));
}

// --- Decisions -------------------------------------------------------------------------------------------

interface DecisionContext {
  actorId: string;
  baseUrl: string;
  log: DeliveryLog;
  now?: Date;
}

async function openAppointment(tx: Prisma.TransactionClient, id: string, allowed: readonly string[] = ['REQUESTED', 'PROPOSED']) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Appointment" WHERE id = ${id}::uuid FOR UPDATE`;
  if (!rows.length) throw notFound('appointment');
  const row = await tx.appointment.findUniqueOrThrow({ where: { id }, select: appointmentSelect });
  if (!allowed.includes(row.status)) throw new AppError('CONFLICT', 'appointments.notOpen');
  return row;
}

/** The email telling the customer the shop's answer (best effort: a failed send is logged, the decision stands). */
async function tellCustomer(deps: AppDeps, row: AppointmentRow, context: DecisionContext) {
  if (!row.email) return false;
  const merchant = await shop(deps.db);
  const texts = appointmentMessage(row.language, {
    firstName: row.fullName.split(' ')[0] ?? row.fullName,
    shopName: merchant.displayName,
    status: row.status,
    scheduledAt: row.scheduledAt,
    day: isoDay(row.day),
    timeZone: merchant.timezone,
    note: row.staffNote,
    portalUrl: row.customerId ? `${context.baseUrl}/client/dashboard` : null,
    bookUrl: `${context.baseUrl}/#book-a-visit`,
  });
  const sender = emailSender(deps);
  try {
    await sender.send({ to: row.email, subject: texts.subject, text: texts.body }, context.log);
    return true;
  } catch (error) {
    context.log.error({ err: error, appointmentId: row.id, sender: sender.name }, 'appointment email failed');
    return false;
  }
}

export async function acceptAppointment(
  deps: AppDeps,
  input: { id: string; scheduledAt: string; note: string | null; createVisit: boolean; plateNumber?: string | null },
  context: DecisionContext,
): Promise<AppointmentView> {
  const { db } = deps;
  const now = context.now ?? new Date();
  const merchant = await shop(db);
  const scheduledAt = new Date(input.scheduledAt);
  const current = await db.appointment.findUnique({ where: { id: input.id }, select: appointmentSelect });
  if (!current) throw notFound('appointment');
  if (current.status !== 'REQUESTED' && current.status !== 'PROPOSED') throw new AppError('CONFLICT', 'appointments.notOpen');

  // The visit is created first (its own transaction, as staff would create it); the appointment is then
  // marked accepted only if it is still open, else the fresh visit is removed again.
  let visit: { id: string; vehicleId: string; customerId: string } | null = null;
  if (input.createVisit) {
    let vehicleId = current.vehicle?.id ?? null;
    if (!vehicleId) {
      // The vehicle's key across scripts (plates.ts): `12345 a 6` finds the car saved as `12345 أ 6`.
      const plate = normalizePlate(input.plateNumber ?? '');
      const found = plate ? await db.vehicle.findFirst({ where: { plateNormalized: plate, deletedAt: null }, select: { id: true } }) : null;
      if (!found) throw fieldError('plateNumber', 'appointments.noVehicle');
      vehicleId = found.id;
    }
    const items = current.serviceItemIds.length
      ? await db.offeringItem.findMany({
          where: { id: { in: current.serviceItemIds } },
          select: { id: true, title: true, priceCents: true, service: true },
        })
      : [];
    if (!items.length) throw fieldError('createVisit', 'appointments.noServices');
    const vehicle = await db.vehicle.findUniqueOrThrow({ where: { id: vehicleId }, select: { id: true, ownerId: true } });
    const language = merchant.defaultLanguage;
    const today = calendarDateIn(now, merchant.timezone);
    const day = calendarDateIn(scheduledAt, merchant.timezone);
    const created = await createVisit(
      db,
      createVisitSchema.parse({
        name: localizedTitle(items[0]!.title, language).slice(0, 200) || 'Appointment',
        customerId: vehicle.ownerId,
        vehicleId: vehicle.id,
        dueDate: day < today ? today : day,
        notes: current.message,
        timeZone: merchant.timezone,
        tasks: items.map((item) => ({
          title: localizedTitle(item.title, language).slice(0, 200) || 'Service',
          service: item.service,
          priority: 'NORMAL',
          costCents: 0,
          soldForCents: Math.max(1, item.priceCents),
        })),
      }),
      now,
    );
    visit = { id: created.id, vehicleId: vehicle.id, customerId: vehicle.ownerId };
  }
  const updated = await db.appointment.updateMany({
    where: { id: input.id, status: { in: ['REQUESTED', 'PROPOSED'] } },
    data: {
      status: 'ACCEPTED',
      scheduledAt,
      day: dayValue(calendarDateIn(scheduledAt, merchant.timezone)),
      staffNote: input.note,
      decidedById: context.actorId,
      decidedAt: now,
      ...(visit ? { visitId: visit.id, vehicleId: visit.vehicleId, customerId: current.customerId ?? visit.customerId } : {}),
    },
  });
  if (updated.count !== 1) {
    if (visit) await db.visit.delete({ where: { id: visit.id } });
    throw new AppError('CONFLICT', 'appointments.notOpen');
  }
  const row = await db.appointment.findUniqueOrThrow({ where: { id: input.id }, select: appointmentSelect });
  await tellCustomer(deps, row, context);
  return toView(row, await serviceTitles(db, [row], merchant.defaultLanguage));
}

export async function proposeAppointment(
  deps: AppDeps,
  input: { id: string; scheduledAt: string; note: string | null },
  context: DecisionContext,
): Promise<AppointmentView> {
  const merchant = await shop(deps.db);
  const scheduledAt = new Date(input.scheduledAt);
  const row = await deps.db.$transaction(async (tx) => {
    await openAppointment(tx, input.id);
    return tx.appointment.update({
      where: { id: input.id },
      data: {
        status: 'PROPOSED',
        scheduledAt,
        day: dayValue(calendarDateIn(scheduledAt, merchant.timezone)),
        staffNote: input.note,
        decidedById: context.actorId,
        decidedAt: context.now ?? new Date(),
      },
      select: appointmentSelect,
    });
  });
  await tellCustomer(deps, row, context);
  return toView(row, await serviceTitles(deps.db, [row], merchant.defaultLanguage));
}

export async function declineAppointment(
  deps: AppDeps,
  input: { id: string; note: string | null },
  context: DecisionContext,
): Promise<AppointmentView> {
  const merchant = await shop(deps.db);
  const row = await deps.db.$transaction(async (tx) => {
    await openAppointment(tx, input.id);
    return tx.appointment.update({
      where: { id: input.id },
      data: { status: 'DECLINED', staffNote: input.note, decidedById: context.actorId, decidedAt: context.now ?? new Date() },
      select: appointmentSelect,
    });
  });
  await tellCustomer(deps, row, context);
  return toView(row, await serviceTitles(deps.db, [row], merchant.defaultLanguage));
}

/** The client takes the time the shop proposed. */
export async function acceptProposal(db: Db, customerId: string, id: string): Promise<AppointmentView> {
  const row = await db.$transaction(async (tx) => {
    const found = await tx.appointment.findFirst({ where: { id, customerId }, select: { id: true } });
    if (!found) throw notFound('appointment');
    const current = await openAppointment(tx, id, ['PROPOSED']).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'CONFLICT' ? new AppError('CONFLICT', 'appointments.noProposal') : error;
    });
    return tx.appointment.update({ where: { id: current.id }, data: { status: 'ACCEPTED' }, select: appointmentSelect });
  });
  return toView(row, await serviceTitles(db, [row], 'en'));
}

/** The client cancels a request that is still live. */
export async function cancelMyAppointment(db: Db, customerId: string, id: string): Promise<AppointmentView> {
  const row = await db.$transaction(async (tx) => {
    const found = await tx.appointment.findFirst({ where: { id, customerId }, select: { id: true } });
    if (!found) throw notFound('appointment');
    await openAppointment(tx, id, LIVE_APPOINTMENT_STATUSES);
    return tx.appointment.update({ where: { id }, data: { status: 'CANCELLED' }, select: appointmentSelect });
  });
  return toView(row, await serviceTitles(db, [row], 'en'));
}
