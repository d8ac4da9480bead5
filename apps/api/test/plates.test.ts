// Plates across scripts (issue #28): one key for `12345 أ 6`, `12345-أ-6` and `12345 a 6` (packages/shared/src/plates.ts),
// for uniqueness (409 plateTaken), staff search from either script, and booking a visit by plate.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePlate } from '@garage/shared';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb } from './helpers.ts';
import { signedInCustomer } from './approvals-fixtures.ts';
import { signedIn } from './visits-fixtures.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/** Digits no other test uses: plates are unique across the whole test database. */
const uniqueDigits = () => String(randomInt(10_000_000, 99_999_999));
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const arabicIndic = (digits: string) => digits.replace(/\d/g, (digit) => ARABIC_INDIC[Number(digit)]!);

const vehicle = (plateNumber: string) => ({
  type: 'CAR',
  plateNumber,
  color: 'White',
  brand: 'Dacia',
  model: 'Logan',
  year: 2019,
  engineType: 'Diesel',
  status: 'ACTIVE',
});

describe('plates across scripts', () => {
  let app: App;
  let employee: TestUser;
  let owner: TestUser;
  let otherOwner: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [employee, owner, otherOwner] = await Promise.all([createTestUser('EMPLOYEE'), createTestUser('CLIENT'), createTestUser('CLIENT')]);
  });
  afterAll(() => app.close());

  const add = (plateNumber: string, ownerId = owner.user.id) =>
    app.inject({ method: 'POST', url: `/backend/users/${ownerId}/vehicles`, headers: employee.authHeader, payload: vehicle(plateNumber) });
  const searchPlates = async (q: string) => {
    const response = await app.inject({ method: 'GET', url: `/backend/search?q=${encodeURIComponent(q)}`, headers: employee.authHeader });
    expect(response.statusCode, q).toBe(200);
    return (response.json() as { vehicles: { id: string; plateNumber: string }[] }).vehicles.map((found) => found.id);
  };

  it('saves a plate typed with separators with single spaces, under the key across scripts', async () => {
    const digits = uniqueDigits();
    const created = await add(`${digits}-أ-6`);
    expect(created.statusCode).toBe(201);
    expect(created.json().plateNumber).toBe(`${digits} أ 6`);
    const row = await testDb().vehicle.findUniqueOrThrow({ where: { id: created.json().id } });
    expect(row.plateNormalized).toBe(`${digits}ا6`);
  });

  it('refuses the same plate in another script, digits or spelling as plateTaken (409)', async () => {
    const digits = uniqueDigits();
    expect((await add(`${digits} أ 6`)).statusCode).toBe(201);
    for (const spelling of [
      `${digits} a 6`,
      `${digits}|A|6`,
      `${arabicIndic(digits)} أ ${arabicIndic('6')}`,
      `${digits} ا 6`,
      `${digits}.إ.6`,
    ]) {
      const clash = await add(spelling, otherOwner.user.id);
      expect(clash.statusCode, spelling).toBe(409);
      expect(clash.json().fieldErrors, spelling).toEqual({ plateNumber: ['A vehicle with this plate number is already registered'] });
    }
    // Another series letter is another car.
    expect((await add(`${digits} ب 6`, otherOwner.user.id)).statusCode).toBe(201);
  });

  it('refuses the Arabic spelling of a plate saved in Latin letters too (the accepted consequence)', async () => {
    const digits = uniqueDigits();
    expect((await add(`AB ${digits}`)).statusCode).toBe(201);
    expect((await add(`اب ${digits}`, otherOwner.user.id)).statusCode).toBe(409);
  });

  it('finds a Moroccan plate from either script, with either digits, whole or by a fragment', async () => {
    const digits = uniqueDigits();
    const arabicLetter = (await add(`${digits} هـ 6`)).json();
    const latinLetter = (await add(`${uniqueDigits()} d 7`)).json();
    for (const q of [
      `${digits} h 6`,
      `${digits} هـ 6`,
      `${digits}-H-6`,
      `${arabicIndic(digits)} ه ${arabicIndic('6')}`,
      `${digits.slice(2)}h6`,
      digits.slice(1, 6),
    ]) {
      expect(await searchPlates(q), q).toContain(arabicLetter.id);
    }
    const latinDigits = latinLetter.plateNumber.split(' ')[0];
    for (const q of [latinLetter.plateNumber, `${latinDigits} د 7`, `${arabicIndic(latinDigits)} د ٧`, `${latinDigits}-D-7`]) {
      expect(await searchPlates(q), q).toContain(latinLetter.id);
    }
    // The key keeps the letter: another series letter is not this car.
    expect(await searchPlates(`${digits} ب 6`)).not.toContain(arabicLetter.id);
  });

  it('finds a Saudi plate saved from its Latin line by its Arabic line read right to left, and back', async () => {
    const digits = uniqueDigits();
    const latin = (await add(`${digits} ABJ`)).json();
    const arabic = (await add(`ح ب ا ${uniqueDigits()}`)).json();
    expect(latin.plateNumber).toBe(`${digits} ABJ`);
    // Typed as one word, only the mirrored key can match (each word alone would match a fragment of the key).
    for (const q of [`${digits} ABJ`, `ح ب ا ${arabicIndic(digits)}`, `حبا${arabicIndic(digits)}`, `${arabicIndic(digits)} ا ب ح`]) {
      expect(await searchPlates(q), q).toContain(latin.id);
    }
    const arabicDigits = arabic.plateNumber.split(' ').at(-1);
    expect(await searchPlates(`${arabicDigits} ABJ`)).toContain(arabic.id);
    expect(await searchPlates(`${arabicDigits}ABJ`)).toContain(arabic.id);
    expect(await searchPlates(`${arabicDigits} abj`)).toContain(arabic.id);
  });

  it('books the visit of an appointment on the car whatever the script of the plate typed', async () => {
    const staff = await signedIn('EMPLOYEE');
    const customer = await signedInCustomer();
    const digits = uniqueDigits();
    await testDb().vehicle.update({
      where: { id: customer.vehicle.id },
      data: { plateNumber: `${digits} أ 6`, plateNormalized: normalizePlate(`${digits} أ 6`) },
    });
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const service = await testDb().offeringItem.findFirstOrThrow({ select: { id: true } });
    const appointment = await testDb().appointment.create({
      data: {
        fullName: 'Karim Plates',
        email: `plates_${digits}@booking.test`,
        vehicleDescription: 'Dacia Logan',
        day: new Date(`${day}T00:00:00.000Z`),
        dayPart: 'ANY',
        language: 'fr',
        serviceItemIds: [service.id],
      },
    });
    const accepted = await staff.caller.appointments.accept({
      id: appointment.id,
      scheduledAt: `${day}T09:30:00.000Z`,
      createVisit: true,
      note: null,
      plateNumber: `${arabicIndic(digits)} a ${arabicIndic('6')}`,
    });
    expect(accepted.vehicle?.id).toBe(customer.vehicle.id);
    expect((await testDb().visit.findUniqueOrThrow({ where: { id: accepted.visitId! } })).vehicleId).toBe(customer.vehicle.id);
  });
});
