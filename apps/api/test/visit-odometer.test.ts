// Mileage on every visit (issue #28): a visit records the odometer when the car comes in and, optionally, when
// it leaves, typed in the vehicle's unit and stored in km. The vehicle's latest km only moves up (a lower
// reading is kept on the visit), and the reminders' "km today" estimate uses the visits' readings.
import { unitToKm } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { reminderMessage } from '../src/modules/reminders/reminder-texts.ts';
import { listReminders } from '../src/modules/reminders/reminders.service.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { createCustomer, inDays, signedIn, task } from './visits-fixtures.ts';

const DAY = 86_400_000;
let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(async () => {
  await app.close();
});

const vehicleKm = (id: string) =>
  testDb().vehicle.findUniqueOrThrow({ where: { id }, select: { latestKm: true, lastKmUpdate: true, distanceUnit: true } });

async function newVisit(customerId: string, vehicleId: string, odometer: { odometerIn?: number | null; odometerOut?: number | null }) {
  return staff.caller.visits.create({ name: 'Service', customerId, vehicleId, dueDate: inDays(2), tasks: [task()], ...odometer });
}

describe('visit odometer readings', () => {
  it('a visit with km moves the vehicle latest km up, dated with the visit; a lower reading does not lower it', async () => {
    const { customer, vehicle } = await createCustomer();
    const first = await newVisit(customer.id, vehicle.id, { odometerIn: 120_500, odometerOut: 120_540 });
    expect(first).toMatchObject({
      distanceUnit: 'KM',
      odometerInKm: 120_500,
      odometerOutKm: 120_540,
      odometerIn: 120_500,
      odometerOut: 120_540,
    });
    const afterFirst = await vehicleKm(vehicle.id);
    expect(afterFirst.latestKm).toBe(120_540);
    expect(afterFirst.lastKmUpdate?.toISOString()).toBe(first.visitDate);

    // An odometer replaced, or a typo: the visit keeps what was typed, the vehicle keeps its highest reading.
    const lower = await newVisit(customer.id, vehicle.id, { odometerIn: 3_000 });
    expect(lower.odometerInKm).toBe(3_000);
    expect(await vehicleKm(vehicle.id)).toEqual(afterFirst);

    // Stored as typed on the visit row.
    const row = await testDb().visit.findUniqueOrThrow({ where: { id: lower.id }, select: { odometerInKm: true, odometerOutKm: true } });
    expect(row).toEqual({ odometerInKm: 3_000, odometerOutKm: null });
  });

  it('a miles vehicle: 10,000 mi typed is stored 16,093 km and shown back as 10,000 mi (create and edit)', async () => {
    const { customer, vehicle } = await createCustomer();
    await testDb().vehicle.update({ where: { id: vehicle.id }, data: { distanceUnit: 'MI' } });
    const visit = await newVisit(customer.id, vehicle.id, { odometerIn: 10_000 });
    expect(visit).toMatchObject({ distanceUnit: 'MI', odometerInKm: 16_093, odometerIn: 10_000, odometerOut: null });
    expect((await vehicleKm(vehicle.id)).latestKm).toBe(16_093);

    const edited = await staff.caller.visits.update({ id: visit.id, version: visit.version, odometerOut: 10_042 });
    expect(edited).toMatchObject({ odometerIn: 10_000, odometerOut: 10_042, odometerOutKm: unitToKm(10_042, 'MI') });
    expect((await vehicleKm(vehicle.id)).latestKm).toBe(unitToKm(10_042, 'MI'));

    const read = await app.inject({ method: 'GET', url: `/backend/visits/${visit.id}`, headers: staff.authHeader });
    expect(read.json()).toMatchObject({ distanceUnit: 'MI', odometerIn: 10_000, odometerOut: 10_042 });

    // The vehicle's history lists each visit with its reading (km) and the vehicle's unit to show it in.
    const history = await app.inject({ method: 'GET', url: `/backend/vehicles/${vehicle.id}/visits`, headers: staff.authHeader });
    expect(history.json().items).toEqual([expect.objectContaining({ id: visit.id, odometerInKm: 16_093, distanceUnit: 'MI' })]);
  });

  it('out below in is refused (create and edit); an edit without readings keeps them; null clears one', async () => {
    const { customer, vehicle } = await createCustomer();
    const refused = await app.inject({
      method: 'POST',
      url: '/backend/visits',
      headers: staff.authHeader,
      payload: {
        name: 'Service',
        customerId: customer.id,
        vehicleId: vehicle.id,
        dueDate: inDays(2),
        tasks: [task()],
        odometerIn: 500,
        odometerOut: 400,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrorCodes?.odometerOut ?? refused.json().fieldErrors?.odometerOut).toBeTruthy();

    const visit = await newVisit(customer.id, vehicle.id, { odometerIn: 500, odometerOut: 510 });
    const badEdit = await app.inject({
      method: 'PUT',
      url: `/backend/visits/${visit.id}`,
      headers: staff.authHeader,
      payload: { version: visit.version, odometerIn: 600 },
    });
    expect(badEdit.statusCode).toBe(400);
    const unchanged = await testDb().visit.findUniqueOrThrow({
      where: { id: visit.id },
      select: { odometerInKm: true, odometerOutKm: true, version: true },
    });
    expect(unchanged).toEqual({ odometerInKm: 500, odometerOutKm: 510, version: visit.version });

    const renamed = await staff.caller.visits.update({ id: visit.id, version: visit.version, name: 'Renamed' });
    expect(renamed).toMatchObject({ odometerIn: 500, odometerOut: 510 });
    const cleared = await staff.caller.visits.update({ id: visit.id, version: renamed.version, odometerOut: null });
    expect(cleared).toMatchObject({ odometerIn: 500, odometerOut: null, odometerOutKm: null });
  });

  it("the reminders' km estimate uses a visit's reading", async () => {
    const { customer, vehicle } = await createCustomer();
    const now = Date.now();
    // An oil change 100 days ago at 10,000 km (next at 20,000), then a visit 10 days ago read 14,000 km:
    // (14,000 − 10,000) / 90 days = 44.4 km a day, so about 14,444 km today.
    await testDb().oilChange.create({
      data: {
        vehicleId: vehicle.id,
        oilName: 'Total',
        oilType: 'Synthetic',
        currentKm: 10_000,
        nextChangeKm: 20_000,
        createdAt: new Date(now - 100 * DAY),
      },
    });
    const visit = await testDb().visit.create({
      data: {
        name: 'Brakes',
        customerId: customer.id,
        vehicleId: vehicle.id,
        visitDate: new Date(now - 10 * DAY),
        dueDate: new Date(now - 9 * DAY),
        odometerInKm: 14_000,
      },
    });
    await testDb().vehicle.update({ where: { id: vehicle.id }, data: { latestKm: 14_000, lastKmUpdate: visit.visitDate } });
    const [reminder] = await listReminders(
      testDb(),
      {
        states: ['SCHEDULED', 'UPCOMING', 'DUE', 'OVERDUE', 'DONE', 'DISMISSED'],
        contact: 'all',
        vehicleId: vehicle.id,
        kind: 'OIL_CHANGE',
        now: new Date(now),
      },
      'http://shop.test',
    );
    expect(reminder!.kmPerDay).toBeCloseTo(44.4, 1);
    expect(reminder!.estimatedKm).toBe(14_444);
    expect(reminder!.vehicle.distanceUnit).toBe('KM');
  });

  it("correcting an oil change that held the latest km falls back to the highest remaining reading, a visit's included", async () => {
    const { customer, vehicle } = await createCustomer();
    await newVisit(customer.id, vehicle.id, { odometerIn: 50_000 });
    const change = await staff.caller.oilChanges.create({
      vehicleId: vehicle.id,
      data: { oilName: 'Total', oilType: 'Synthetic', currentKm: 60_000, nextChangeKm: 70_000 },
    });
    expect((await vehicleKm(vehicle.id)).latestKm).toBe(60_000);
    await staff.caller.oilChanges.delete({ id: change.id });
    expect((await vehicleKm(vehicle.id)).latestKm).toBe(50_000);
  });
});

describe('reminder texts in the vehicle unit', () => {
  const params = {
    firstName: 'Sam',
    shopName: 'Garage',
    kind: 'OIL_CHANGE' as const,
    title: null,
    plateNumber: 'AB12 CDE',
    state: 'DUE' as const,
    dueKm: unitToKm(45_000, 'MI'),
    dueDate: null,
    bookUrl: 'http://shop.test/#book-a-visit',
  };
  it('writes the due distance in miles for a miles vehicle, in km otherwise', () => {
    expect(reminderMessage('en', { ...params, distanceUnit: 'MI' }).body).toContain('(at 45,000 mi)');
    expect(reminderMessage('en', { ...params, dueKm: 45_000, distanceUnit: 'KM' }).short).toContain('(at 45,000 km)');
    expect(reminderMessage('fr', { ...params, dueKm: 45_000, distanceUnit: 'KM' }).body).toMatch(/à 45\s000\skm/u);
    expect(reminderMessage('ar', { ...params, distanceUnit: 'MI' }).body).toContain('45,000 ميل');
  });
});
