// Appointment requests: the public form (capacity per day, range, honeypot, per-IP limit), the portal's
// booking with the client's own vehicle, and staff decisions (accept and create the visit, propose another
// time, decline) with the customer's email in their language and the state in the portal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, APPOINTMENT_MESSAGES, calendarDateIn } from '@garage/shared';
import type { App } from '../src/app.ts';
import type { MessageSender, OutgoingMessage } from '../src/lib/mailer.ts';
import { signedInCustomer } from './approvals-fixtures.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, testDb, testDeps, uniqueSuffix } from './helpers.ts';
import { signedIn } from './visits-fixtures.ts';

const sent: OutgoingMessage[] = [];
const sender: MessageSender = { name: 'capture', send: async (message) => void sent.push(message) };
let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
let serviceIds: string[];
let timezone: string;

const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const book = (payload: object, remoteAddress = ip()) =>
  app.inject({ method: 'POST', url: '/backend/appointments', payload, remoteAddress });
const availability = async () =>
  (await app.inject({ method: 'GET', url: '/backend/appointments/availability?days=60' })).json() as {
    perDay: number;
    days: { day: string; remaining: number }[];
  };

/** A day with no live request yet (tests may run again on the same database). */
async function emptyDay(offsetFrom = 5) {
  const free = await availability();
  const today = calendarDateIn(new Date(), timezone);
  const found = free.days.find((d) => d.remaining === free.perDay && d.day >= addDays(today, offsetFrom));
  if (!found) throw new Error('no empty day left');
  return found.day;
}

const request = (overrides: object = {}) => ({
  fullName: `Visitor ${uniqueSuffix()}`,
  email: `visitor_${uniqueSuffix()}@booking.test`,
  phone: '+212 600 000 000',
  vehicleDescription: 'Peugeot 208, 2019',
  serviceItemIds: serviceIds,
  dayPart: 'MORNING',
  message: 'The brakes squeak',
  language: 'fr',
  ...overrides,
});

beforeAll(async () => {
  app = await buildTestApp({ senders: { email: sender } });
  // Staff decide through a caller whose app sends email through the capturing sender.
  const employee = await signedIn('EMPLOYEE');
  staff = {
    ...employee,
    caller: createCaller(createContextInner(testDeps({ senders: { email: sender } }), { userId: employee.user.id, roles: ['EMPLOYEE'] })),
  };
  const merchant = await testDb().merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { timezone: true } });
  timezone = merchant?.timezone ?? 'UTC';
  const category = await testDb().offeringCategory.create({ data: { title: { en: 'Brakes', fr: 'Freins', ar: 'فرامل' } } });
  const items = await Promise.all(
    [
      [{ en: 'Brake pads', fr: 'Plaquettes de frein', ar: 'وسادات الفرامل' }, 12_000, 'REPAIR'],
      [{ en: 'Brake check', fr: 'Contrôle des freins', ar: 'فحص الفرامل' }, 3_000, 'INSPECTION'],
    ].map(([title, priceCents, service]) =>
      testDb().offeringItem.create({
        data: {
          categoryId: category.id,
          title: title as object,
          priceCents: priceCents as number,
          currency: 'USD',
          service: service as 'REPAIR',
        },
      }),
    ),
  );
  serviceIds = items.map((item) => item.id);
});
afterAll(() => app.close());

describe('public booking form', () => {
  it('stores a request, takes a place on its day, and refuses a full day (the form then no longer offers it)', async () => {
    const before = await staff.caller.reminders.settings();
    await staff.caller.reminders.updateSettings({ appointmentsPerDay: 2 });
    try {
      const day = await emptyDay();
      const first = await book(request({ day }));
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ status: 'REQUESTED', day });
      const stored = await testDb().appointment.findUniqueOrThrow({ where: { id: first.json().id } });
      expect(stored).toMatchObject({ language: 'fr', dayPart: 'MORNING', serviceItemIds: serviceIds, customerId: null });
      expect((await availability()).days.find((d) => d.day === day)?.remaining).toBe(1);

      expect((await book(request({ day }))).statusCode).toBe(201);
      const full = await book(request({ day }));
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ message: APPOINTMENT_MESSAGES.dayFull, fieldErrors: { day: [APPOINTMENT_MESSAGES.dayFull] } });
      expect((await availability()).days.some((d) => d.day === day)).toBe(false);

      // Declining one gives its place back.
      const list = await staff.caller.appointments.list({ from: day, days: 1 });
      await staff.caller.appointments.decline({ id: list.items[0]!.id, note: null });
      expect((await availability()).days.find((d) => d.day === day)?.remaining).toBe(1);
    } finally {
      await staff.caller.reminders.updateSettings({ appointmentsPerDay: before.appointmentsPerDay });
    }
  });

  it('two visitors racing for the last place: one gets it', async () => {
    const before = await staff.caller.reminders.settings();
    await staff.caller.reminders.updateSettings({ appointmentsPerDay: 1 });
    try {
      const day = await emptyDay();
      const answers = await Promise.all([book(request({ day })), book(request({ day })), book(request({ day }))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    } finally {
      await staff.caller.reminders.updateSettings({ appointmentsPerDay: before.appointmentsPerDay });
    }
  });

  it('refuses a day in the past or too far ahead, and a request with no way to answer', async () => {
    const today = calendarDateIn(new Date(), timezone);
    for (const day of [addDays(today, -1), addDays(today, 61)]) {
      const answer = await book(request({ day }));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fieldErrors.day).toEqual([APPOINTMENT_MESSAGES.dayOutOfRange]);
    }
    const noContact = await book(request({ day: addDays(today, 3), email: '', phone: '' }));
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().fieldErrors.phone).toEqual([APPOINTMENT_MESSAGES.contactRequired]);
  });

  it('a filled honeypot gets a normal answer and nothing is stored', async () => {
    const day = await emptyDay();
    const bot = await book(request({ day, website: 'http://spam.example' }));
    expect(bot.statusCode).toBe(201);
    expect(await testDb().appointment.findUnique({ where: { id: bot.json().id } })).toBeNull();
  });

  it('limits requests per IP address', async () => {
    const address = ip();
    const day = addDays(calendarDateIn(new Date(), timezone), 2);
    const bot = { ...request({ day }), website: 'x' }; // honeypot: counts against the limit, stores nothing
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await book(bot, address)).statusCode);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await book(bot, address);
    expect(refused.json().message).toBe(APPOINTMENT_MESSAGES.tooMany);
  });
});

describe('staff decisions and the portal', () => {
  it('accept with a time and create the visit from the requested services; the visitor is told in French', async () => {
    const owner = await signedInCustomer();
    const day = await emptyDay();
    const receipt = (await book(request({ day, email: `accept_${uniqueSuffix()}@booking.test` }))).json();
    const row = await testDb().appointment.findUniqueOrThrow({ where: { id: receipt.id } });

    const noPlate = staff.caller.appointments.accept({
      id: receipt.id,
      scheduledAt: `${day}T09:30:00.000Z`,
      createVisit: true,
      note: null,
      plateNumber: 'NOPE-000',
    });
    await expect(noPlate).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const accepted = await staff.caller.appointments.accept({
      id: receipt.id,
      scheduledAt: `${day}T09:30:00.000Z`,
      createVisit: true,
      note: 'Bring the spare key',
      plateNumber: owner.vehicle.plateNumber.toLowerCase(),
    });
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      vehicle: { id: owner.vehicle.id },
      customerId: owner.customer.id,
      staffNote: 'Bring the spare key',
    });
    const visit = await testDb().visit.findUniqueOrThrow({ where: { id: accepted.visitId! }, include: { tasks: true } });
    expect(visit).toMatchObject({
      customerId: owner.customer.id,
      vehicleId: owner.vehicle.id,
      notes: 'The brakes squeak',
      totalCostCents: 15_000,
    });
    expect(visit.tasks.map((task) => task.soldForCents).sort((a, b) => a - b)).toEqual([3_000, 12_000]);

    const mail = sent.find((message) => message.to === row.email)!;
    expect(mail.subject).toContain('Votre rendez-vous est confirmé');
    expect(mail.text).toContain('Bring the spare key');
    await expect(staff.caller.appointments.decline({ id: receipt.id, note: null })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a client books from the portal for their own vehicle, sees the proposed time and takes it; another client cannot touch it', async () => {
    const owner = await signedInCustomer();
    await testDb().user.update({
      where: { id: owner.customer.id },
      data: { email: `portal_${uniqueSuffix()}@booking.test`, preferredLanguage: 'ar' },
    });
    const day = await emptyDay();
    const stranger = await signedInCustomer();
    await expect(
      stranger.caller.myAppointments.request({ vehicleId: owner.vehicle.id, day, dayPart: 'ANY', serviceItemIds: [] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const receipt = await owner.caller.myAppointments.request({
      vehicleId: owner.vehicle.id,
      day,
      dayPart: 'AFTERNOON',
      serviceItemIds: [serviceIds[1]!],
      message: null,
    });
    const [mine] = await owner.caller.myAppointments.list({});
    expect(mine).toMatchObject({
      id: receipt.id,
      status: 'REQUESTED',
      vehicle: { id: owner.vehicle.id },
      language: 'ar',
      services: [{ id: serviceIds[1] }],
    });

    const later = addDays(day, 1);
    await staff.caller.appointments.propose({ id: receipt.id, scheduledAt: `${later}T14:00:00.000Z`, note: null });
    const email = await testDb().user.findUniqueOrThrow({ where: { id: owner.customer.id }, select: { email: true } });
    const mail = sent.find((message) => message.to === email.email)!;
    expect(mail.subject).toContain('نقترح موعداً آخر');
    expect(mail.text).toContain('/client/dashboard');

    await expect(stranger.caller.myAppointments.acceptProposal({ id: receipt.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.caller.myAppointments.cancel({ id: receipt.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await owner.caller.myAppointments.acceptProposal({ id: receipt.id })).toMatchObject({ status: 'ACCEPTED', day: later });
    await expect(owner.caller.myAppointments.acceptProposal({ id: receipt.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await owner.caller.myAppointments.cancel({ id: receipt.id })).status).toBe('CANCELLED');
  });

  it('the staff week: items of the week, the waiting list, the calendar hours from the working hours', async () => {
    const day = await emptyDay();
    const receipt = (await book(request({ day }))).json();
    const week = await staff.caller.appointments.list({ from: day, days: 7 });
    expect(week.items.map((item) => item.id)).toContain(receipt.id);
    expect(week.waiting.map((item) => item.id)).toContain(receipt.id);
    expect(
      week.items
        .find((item) => item.id === receipt.id)!
        .services.map((s) => s.title)
        .sort(),
    ).toEqual(['Brake check', 'Brake pads']);
    expect(week.workingHours.startHour).toBeLessThan(week.workingHours.endHour);
    expect((await staff.caller.appointments.badge()).count).toBeGreaterThan(0);
  });
});
