// Spec cards (issue #28): staff read, fill and clear a vehicle's card on both transports; values come back as
// typed (litres and bar with one decimal, stored as decilitres and kPa); bad values are refused and change
// nothing; a client reads only their own vehicles' cards; the part picker's suggestions find catalogue parts
// by the card's references (oil grade in either spelling, filter references by number, name or barcode, tyre
// sizes without load and speed index), never archived ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { signedInCustomer } from './approvals-fixtures.ts';
import { newBarcode } from './parts-fixtures.ts';
import { createCustomer, signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const put = (vehicleId: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/backend/vehicles/${vehicleId}/spec`, headers: staff.authHeader, payload });
const get = (vehicleId: string) => app.inject({ method: 'GET', url: `/backend/vehicles/${vehicleId}/spec`, headers: staff.authHeader });

const FULL_CARD = {
  oilGrade: '5W-30 ACEA C3',
  oilCapacityLitres: 4.5,
  oilFilterRef: 'W 712/95',
  airFilterRef: 'C 27 009',
  cabinFilterRef: 'CUK 2939',
  fuelFilterRef: 'WK 820/17',
  tyreSizeFront: '205/55 R16 91V',
  tyreSizeRear: '225/45 R17 94W',
  tyrePressureFrontBar: 2.3,
  tyrePressureRearBar: 2.1,
  wiperDriver: '600 mm',
  wiperPassenger: '475 mm',
  wiperRear: '300 mm',
  battery: '12V 70Ah 640A EN',
  sparkPlugs: 'NGK BKR6E',
  notes: 'Drain plug torque 25 Nm',
};

describe('spec card: staff read and write', () => {
  it('a card never saved reads empty; a save stores every field as typed; reading it back gives the same values', async () => {
    const { vehicle } = await createCustomer();
    const empty = (await get(vehicle.id)).json();
    expect(empty.updatedAt).toBeNull();
    expect(Object.entries(empty).filter(([key, value]) => key !== 'vehicleId' && value !== null)).toEqual([]);

    const saved = await put(vehicle.id, FULL_CARD);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...FULL_CARD, vehicleId: vehicle.id });
    expect(saved.json().updatedAt).toEqual(expect.any(String));
    // Integers in the table: 4.5 L is 45 dl, 2.3 bar is 230 kPa.
    const row = await testDb().vehicleSpec.findUniqueOrThrow({ where: { vehicleId: vehicle.id } });
    expect([row.oilCapacityDl, row.tyrePressureFrontKpa, row.tyrePressureRearKpa]).toEqual([45, 230, 210]);
    expect((await get(vehicle.id)).json()).toMatchObject(FULL_CARD);
    // tRPC reads the same card.
    expect(await staff.caller.vehicleSpecs.get({ vehicleId: vehicle.id })).toMatchObject(FULL_CARD);
  });

  it('an update changes only what it carries; null and an empty text clear a field', async () => {
    const { vehicle } = await createCustomer();
    await staff.caller.vehicleSpecs.update({ vehicleId: vehicle.id, data: FULL_CARD });
    const after = await staff.caller.vehicleSpecs.update({
      vehicleId: vehicle.id,
      data: { oilGrade: '0W-20', battery: null, notes: '   ', tyrePressureRearBar: null },
    });
    expect(after).toMatchObject({ ...FULL_CARD, oilGrade: '0W-20', battery: null, notes: null, tyrePressureRearBar: null });
  });

  it('refuses values out of range or too long, names the field, and changes nothing', async () => {
    const { vehicle } = await createCustomer();
    await put(vehicle.id, FULL_CARD);
    const refused = [
      { oilCapacityLitres: 4.55 },
      { oilCapacityLitres: 0 },
      { oilCapacityLitres: 61 },
      { tyrePressureFrontBar: 12 },
      { tyrePressureRearBar: 'high' },
      { notes: 'x'.repeat(2001) },
      { oilFilterRef: 'W'.repeat(51) },
      { tyreSizeFront: '2'.repeat(31) },
    ];
    for (const payload of refused) {
      const response = await put(vehicle.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}).length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expect((await get(vehicle.id)).json()).toMatchObject(FULL_CARD);
    // A tyre size that does not look like one is kept (suggested, not enforced) and a 2,000-character note fits.
    const loose = await put(vehicle.id, { tyreSizeFront: '31x10.50R15', notes: 'n'.repeat(2000) });
    expect(loose.statusCode).toBe(200);
    expect(loose.json().tyreSizeFront).toBe('31x10.50R15');
  });

  it('an unknown or deleted vehicle answers 404 on read and write, and no card is created', async () => {
    const missing = '0190a3c5-0000-7000-8000-00000000dead';
    expect((await get(missing)).statusCode).toBe(404);
    expect((await put(missing, FULL_CARD)).statusCode).toBe(404);
    const { vehicle } = await createCustomer();
    await testDb().vehicle.update({ where: { id: vehicle.id }, data: { deletedAt: new Date() } });
    expect((await put(vehicle.id, FULL_CARD)).statusCode).toBe(404);
    expect(await testDb().vehicleSpec.count({ where: { vehicleId: { in: [missing, vehicle.id] } } })).toBe(0);
  });

  it('erasing a vehicle without history erases its card', async () => {
    const { vehicle } = await createCustomer();
    await put(vehicle.id, FULL_CARD);
    const deleted = await staff.caller.vehicles.delete({ id: vehicle.id });
    expect(deleted.outcome).toBe('deleted');
    expect(await testDb().vehicleSpec.count({ where: { vehicleId: vehicle.id } })).toBe(0);
  });
});

describe('spec card: the client reads their own vehicle only', () => {
  it("reads their own card (REST and tRPC); another customer's vehicle answers 404 like a missing one", async () => {
    const owner = await signedInCustomer();
    const stranger = await signedInCustomer();
    await put(owner.vehicle.id, FULL_CARD);
    const mine = await app.inject({ method: 'GET', url: `/backend/my/vehicles/${owner.vehicle.id}/spec`, headers: owner.authHeader });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject(FULL_CARD);
    expect(await owner.caller.myVehicleSpecs.get({ vehicleId: owner.vehicle.id })).toMatchObject(FULL_CARD);

    const foreign = await app.inject({ method: 'GET', url: `/backend/my/vehicles/${owner.vehicle.id}/spec`, headers: stranger.authHeader });
    const missing = await app.inject({
      method: 'GET',
      url: '/backend/my/vehicles/0190a3c5-0000-7000-8000-00000000beef/spec',
      headers: stranger.authHeader,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    // A client cannot write a card nor use the staff read.
    expect(
      (await app.inject({ method: 'PUT', url: `/backend/vehicles/${owner.vehicle.id}/spec`, headers: owner.authHeader, payload: {} }))
        .statusCode,
    ).toBe(403);
  });
});

describe('vehicleSpecs.suggestedParts', () => {
  it("finds the catalogue parts matching the card's oil grade, filter references and tyre sizes, each once, never archived ones", async () => {
    const suffix = uniqueSuffix().toUpperCase();
    const oilFilterNumber = `OF-${suffix}`;
    const cabinBarcode = newBarcode();
    const db = testDb();
    // Unusual grade and size so other tests' parts do not crowd the short list.
    const oil = await db.part.create({ data: { partNumber: `OIL-${suffix}`, name: `Motor oil 7W35 ${suffix}`, unit: 'LITRE' } });
    const oilFilter = await db.part.create({ data: { partNumber: oilFilterNumber, name: `Oil filter ${suffix}` } });
    const cabin = await db.part.create({ data: { partNumber: `CAB-${suffix}`, name: `Cabin filter ${suffix}`, barcode: cabinBarcode } });
    const tyre = await db.part.create({ data: { partNumber: `TYR-${suffix}`, name: `Tyre 187/59R13 ${suffix}` } });
    const archived = await db.part.create({
      data: { partNumber: `OLD-${suffix}`, name: `Old oil filter ${oilFilterNumber}`, archivedAt: new Date() },
    });
    const unrelated = await db.part.create({ data: { partNumber: `WIP-${suffix}`, name: `Wiper blade ${suffix}` } });

    const { vehicle } = await createCustomer();
    expect(await staff.caller.vehicleSpecs.suggestedParts({ vehicleId: vehicle.id })).toEqual([]);
    await staff.caller.vehicleSpecs.update({
      vehicleId: vehicle.id,
      data: {
        oilGrade: '7W-35 ACEA C2',
        oilFilterRef: oilFilterNumber,
        cabinFilterRef: cabinBarcode,
        tyreSizeFront: '187/59 R13 88T',
        tyreSizeRear: '187/59 R13 88T',
        wiperDriver: `Wiper blade ${suffix}`,
      },
    });
    const response = await app.inject({ method: 'GET', url: `/backend/vehicles/${vehicle.id}/suggested-parts`, headers: staff.authHeader });
    expect(response.statusCode).toBe(200);
    const suggestions = response.json() as { field: string; reference: string; part: { id: string } }[];
    const byPart = new Map(suggestions.map((suggestion) => [suggestion.part.id, suggestion]));
    expect(byPart.get(oil.id)).toMatchObject({ field: 'oilGrade', reference: '7W35' });
    expect(byPart.get(oilFilter.id)).toMatchObject({ field: 'oilFilterRef', reference: oilFilterNumber });
    expect(byPart.get(cabin.id)).toMatchObject({ field: 'cabinFilterRef' });
    expect(byPart.get(tyre.id)).toMatchObject({ field: 'tyreSizeFront', reference: '187/59 R13' });
    expect(byPart.has(archived.id)).toBe(false);
    // Wipers are not a catalogue reference the picker suggests from.
    expect(byPart.has(unrelated.id)).toBe(false);
    // Each part once.
    expect(suggestions.length).toBe(byPart.size);
  });

  it('answers 404 for an unknown vehicle', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/backend/vehicles/0190a3c5-0000-7000-8000-00000000dead/suggested-parts',
      headers: staff.authHeader,
    });
    expect(response.statusCode).toBe(404);
  });
});
