// Issue #28's demo data, on isolated databases seeded as a first start does (the default shop and the Moroccan
// one): every demo vehicle has a VIN that decodes offline to its own make (and model year where vPIC knows it);
// one Arabic-letter Moroccan plate found by its Latin spelling; the Moroccan shop's plates in the Moroccan
// format; one vehicle in miles; registration dates with inspections due soon; spec cards on most vehicles
// whose references find catalogue parts; and visit odometers that never run backwards against the oil history.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, seedDemoData, type Db } from '@garage/db';
import { DEMO_MOROCCAN_PLATE } from '@garage/db/seed/demo-vehicle-identity';
import { createIsolatedDatabase } from '@garage/db/testing/test-database';
import { normalizePlate, type TaxCountryProfile } from '@garage/shared';
import { decodeVin } from '../src/modules/vehicles/vin-decoder/vin-decoder.ts';
import { suggestPartsForVehicle } from '../src/modules/vehicle-specs/vehicle-specs.service.ts';

/** The decoder's name for each demo brand. */
const MAKE_OF: Record<string, string> = { Mercedes: 'Mercedes-Benz' };

for (const profile of ['OTHER', 'MA'] as const satisfies readonly TaxCountryProfile[]) {
  describe(`demo vehicles' identity (${profile})`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const iso = await createIsolatedDatabase(inject('databaseUrl'));
      drop = iso.drop;
      db = createDb(iso.url, { poolSize: 4 });
      expect(await seedDemoData(db, { profile })).toEqual({ created: true });
    }, 180_000);
    afterAll(async () => {
      await db?.$disconnect();
      await drop?.();
    });

    it('gives every vehicle a unique VIN that decodes to its make and model year (model and engine too for North American ones)', async () => {
      const vehicles = await db.vehicle.findMany({ select: { vin: true, brand: true, model: true, year: true } });
      expect(vehicles.length).toBeGreaterThan(10);
      expect(new Set(vehicles.map((vehicle) => vehicle.vin)).size).toBe(vehicles.length);
      const problems: string[] = [];
      let fullyDecoded = 0;
      for (const vehicle of vehicles) {
        const decoded = await decodeVin(vehicle.vin!);
        const make = MAKE_OF[vehicle.brand] ?? vehicle.brand;
        if (decoded.make !== make) problems.push(`${vehicle.vin} (${vehicle.brand} ${vehicle.model}): make ${decoded.make}`);
        if (decoded.modelYear !== vehicle.year) problems.push(`${vehicle.vin}: year ${decoded.modelYear}, vehicle ${vehicle.year}`);
        if (decoded.checkDigit === 'invalid') problems.push(`${vehicle.vin}: check digit`);
        if (decoded.coverage === 'full') {
          fullyDecoded++;
          if (!decoded.model) problems.push(`${vehicle.vin}: full coverage without a model`);
        }
      }
      expect(problems).toEqual([]);
      // Some decode fully (make, model, engine): "Fill from VIN" has something to fill.
      expect(fullyDecoded).toBeGreaterThan(0);
    }, 120_000);

    it('has the Moroccan Arabic-letter plate, found by its Latin spelling, one vehicle in miles, inspections due soon', async () => {
      const moroccan = await db.vehicle.findFirst({ where: { plateNormalized: normalizePlate('12345 A 6') } });
      expect(moroccan?.plateNumber).toBe(DEMO_MOROCCAN_PLATE);
      expect(await db.vehicle.count({ where: { distanceUnit: 'MI' } })).toBe(1);
      const vehicles = await db.vehicle.findMany({ select: { firstRegistrationDate: true, year: true, plateNumber: true } });
      expect(vehicles.every((vehicle) => vehicle.firstRegistrationDate !== null)).toBe(true);
      // Registered six years before a day in the coming weeks: due now under the FR, MA and GB rules alike.
      const now = Date.now();
      const dueSoon = vehicles.filter((vehicle) => {
        const sixth = new Date(vehicle.firstRegistrationDate!);
        sixth.setUTCFullYear(sixth.getUTCFullYear() + 6);
        return sixth.getTime() > now && sixth.getTime() < now + 60 * 24 * 3600_000;
      });
      expect(dueSoon.length).toBeGreaterThanOrEqual(2);
      if (profile === 'MA') {
        // Moroccan shop: every plate is "digits letter region" with an Arabic letter.
        expect(vehicles.filter((vehicle) => !/^\d{5} \p{Script=Arabic} \d{1,2}$/u.test(vehicle.plateNumber))).toEqual([]);
      }
    });

    it('fills most spec cards, with references the catalogue finds', async () => {
      const vehicles = await db.vehicle.count();
      const cards = await db.vehicleSpec.findMany({ select: { vehicleId: true, oilFilterRef: true, tyreSizeFront: true } });
      expect(cards.length).toBeGreaterThanOrEqual(Math.ceil(vehicles * 0.7));
      expect(cards.length).toBeLessThan(vehicles);
      const withFilter = cards.find((card) => card.oilFilterRef !== null)!;
      const suggestions = await suggestPartsForVehicle(db, withFilter.vehicleId);
      expect(suggestions.map((suggestion) => suggestion.field)).toEqual(
        expect.arrayContaining(['oilGrade', 'oilFilterRef', 'tyreSizeFront']),
      );
      expect(suggestions.find((suggestion) => suggestion.field === 'oilFilterRef')?.part.partNumber).toBe(withFilter.oilFilterRef);
    });

    it('reads an odometer on every visit, never below an earlier oil change or visit, and the latest reading follows', async () => {
      const vehicles = await db.vehicle.findMany({
        select: {
          latestKm: true,
          oilChanges: { select: { currentKm: true, createdAt: true } },
          visits: { select: { odometerInKm: true, odometerOutKm: true, visitDate: true } },
        },
      });
      const problems: string[] = [];
      for (const vehicle of vehicles) {
        const readings = [
          ...vehicle.oilChanges.map((oil) => ({ at: oil.createdAt.getTime(), km: oil.currentKm, what: 'oil change' })),
          ...vehicle.visits.map((visit) => ({ at: visit.visitDate.getTime(), km: visit.odometerInKm, what: 'visit' })),
        ].sort((a, b) => a.at - b.at);
        for (const visit of vehicle.visits) {
          if (visit.odometerInKm === null) problems.push('a visit without odometer');
          if (visit.odometerOutKm !== null && visit.odometerOutKm < visit.odometerInKm!) problems.push('out below in');
        }
        for (let index = 1; index < readings.length; index++) {
          if (readings[index]!.km! < readings[index - 1]!.km!)
            problems.push(`${readings[index]!.what} below the ${readings[index - 1]!.what} before it`);
        }
        const highest = Math.max(...readings.map((reading) => reading.km ?? 0), ...vehicle.visits.map((visit) => visit.odometerOutKm ?? 0));
        if ((vehicle.latestKm ?? 0) < highest) problems.push(`latest ${vehicle.latestKm} below a reading of ${highest}`);
      }
      expect(problems).toEqual([]);
    });
  });
}
