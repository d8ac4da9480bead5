// Issue #28's demo data: who each demo vehicle is (a VIN that decodes to its make, a plate in the demo country's
// format, a first registration date, its distance unit), its spec card, and the odometer read on each visit.
// It runs once the vehicles, oil changes and visits exist (seed/demo.ts), and before the invoices freeze the
// plates. Deterministic: no random draw, so demo.ts's own draws and every other demo row stay as they were.
//
// - VINs: a North American VIN (vPIC decodes make, model, year and engine: "Fill from VIN" has something to
//   say) where the model is sold there and the year is one vPIC knows for that pattern; else a European-style
//   VIN of the maker's own WMI (VF1 Renault, VF3 Peugeot, WVW Volkswagen, UU1 Dacia, WF0 Ford Germany, WDB/WDD
//   Mercedes-Benz, JTE Toyota, KMH Hyundai), which decodes to maker, country and year only. Every VIN has a
//   valid ISO 3779 check digit and a letter in position 7, so its year code reads in the right 30-year cycle.
//   (Renault's plant code is not 5: vPIC files VF1 VINs with a 5 there under Eagle, Renault's old US brand.)
//   apps/api/test/vehicle-spec-demo.test.ts decodes them all.
// - Plates: the profile's format (ma: Moroccan "12345 أ 6"; fr: SIV "AB 123 CD"; sa: "1234 ABJ" or its Arabic
//   form; ae: "A 12345" with the emirate); in every profile one Moroccan Arabic-letter plate and one vehicle in
//   miles (a North American import).
// - First registration: in the model year; two vehicles' statutory inspection falls due in the coming weeks
//   under the French, Moroccan and British rules alike (registered six years ago, give or take a few weeks).
// - Spec cards on most vehicles (every fifth left empty, to show "Fill from VIN"); their filter references
//   and oil grades are catalogue parts (seed/inventory.ts), so the part picker has suggestions.
// - Odometer in (and out, for finished visits) on every visit: read off the line through the vehicle's oil
//   change readings and its latest reading, so the history never runs backwards; the latest reading follows.
import { expectedCheckDigit, normalizePlate, type TaxCountryProfile } from '@garage/shared';
import type { Prisma } from '../generated/prisma/client.ts';
import { demoParts } from './inventory.ts';

const DAY = 24 * 60 * 60 * 1000;

// ─── VINs ───────────────────────────────────────────────────────────────────────────────────────────────

/** Position 10: 2001-2009 are digits, 2010 on letters (no I, O, Q, U, Z), a 30-year cycle. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const yearCode = (year: number) => (year >= 2010 ? YEAR_CODES[(year - 2010) % 30]! : String(year - 2000));

interface VinPattern {
  /** Positions 1-8 (WMI and vehicle descriptor). */
  prefix: string;
  /** Position 11. */
  plant: string;
  /** Model years vPIC decodes the pattern for (North American patterns only). */
  years?: readonly number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** North American patterns, checked against the offline vPIC data (years where make and model decode). */
const NORTH_AMERICAN: Record<string, VinPattern> = {
  Corolla: { prefix: '2T1BURHE', plant: 'C', years: range(2008, 2025) },
  RAV4: { prefix: '2T3WFREV', plant: 'W', years: range(2010, 2020) },
  Focus: { prefix: '1FADP3F2', plant: 'L', years: range(2012, 2018) },
  Transit: { prefix: '1FTYR2CM', plant: 'K', years: range(2015, 2025) },
  Ranger: { prefix: '1FTER4FH', plant: 'L', years: range(2019, 2025) },
  Golf: { prefix: '3VW217AU', plant: 'M', years: range(2015, 2020) },
  Passat: { prefix: '1VWBN7A3', plant: 'C', years: range(2012, 2018) },
  Tucson: { prefix: 'KM8J3CA4', plant: 'U', years: range(2010, 2021) },
  Sprinter: { prefix: 'WD3PE8CC', plant: '5', years: range(2010, 2025) },
  'C-Class': { prefix: '55SWF4JB', plant: 'U', years: range(2015, 2025) },
};

/** The maker's own WMI, European style (maker, country and year only). Position 7 is a letter. */
const EUROPEAN: Record<string, VinPattern> = {
  Corolla: { prefix: 'SB1ZB3JE', plant: '0' },
  RAV4: { prefix: 'JTMZB3FV', plant: '0' },
  Hilux: { prefix: 'JTEBB3FJ', plant: '0' },
  Clio: { prefix: 'VF1RJAB0', plant: '6' },
  Megane: { prefix: 'VF1RFBA0', plant: 'F' },
  Kangoo: { prefix: 'VF1KWRB0', plant: 'S' },
  '208': { prefix: 'VF3UPHNS', plant: 'W' },
  '308': { prefix: 'VF3LBHNS', plant: 'S' },
  Partner: { prefix: 'VF3KCBHY', plant: 'J' },
  Focus: { prefix: 'WF0PXXGC', plant: 'G' },
  Transit: { prefix: 'WF0XXXTT', plant: 'G' },
  Ranger: { prefix: 'WF0LMFE4', plant: 'G' },
  Golf: { prefix: 'WVWZZZAU', plant: 'W' },
  Polo: { prefix: 'WVWZZZAW', plant: 'Y' },
  Passat: { prefix: 'WVWZZZCB', plant: 'E' },
  Tucson: { prefix: 'KMHJB81B', plant: 'U' },
  i20: { prefix: 'KMHBTA1G', plant: 'U' },
  Logan: { prefix: 'UU14SDAG', plant: '5' },
  Duster: { prefix: 'UU1HSDAG', plant: '6' },
  Sprinter: { prefix: 'WDB906A3', plant: '1' },
  'C-Class': { prefix: 'WDD205A4', plant: 'F' },
};

/** A 17-character VIN with its check digit in position 9 (valid in North America, harmless elsewhere). */
export function demoVin(pattern: VinPattern, year: number, serial: number): string {
  const raw = `${pattern.prefix}0${yearCode(year)}${pattern.plant}${String(serial).padStart(6, '0')}`;
  return `${raw.slice(0, 8)}${expectedCheckDigit(raw)}${raw.slice(9)}`;
}

/** The VIN of a demo vehicle; electric versions take the maker's European VIN (vPIC would say petrol). */
export function vinForVehicle(vehicle: { model: string; year: number; electric: boolean }, index: number): string {
  const american = NORTH_AMERICAN[vehicle.model];
  const pattern = !vehicle.electric && american?.years?.includes(vehicle.year) ? american : (EUROPEAN[vehicle.model] ?? EUROPEAN.Corolla!);
  // Distinct serials, spread out like real ones.
  return demoVin(pattern, vehicle.year, 100_000 + ((index * 7_919 + 4_271) % 900_000));
}

// ─── Plates ─────────────────────────────────────────────────────────────────────────────────────────────

const MOROCCAN_LETTERS = ['أ', 'ب', 'د', 'ه', 'و', 'ط'];
const SIV_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';
const SAUDI_LATIN = 'ABJDRSXTEGKLZNHUV';
const SAUDI_ARABIC = ['ا', 'ب', 'ح', 'د', 'ر', 'س', 'ص', 'ط', 'ع', 'ق', 'ك', 'ل', 'م', 'ن', 'ه', 'و', 'ى'];
const EMIRATES = ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ajman'];

/** The Arabic-letter Moroccan plate the issue names, on one vehicle in every profile. */
export const DEMO_MOROCCAN_PLATE = '12345 أ 6';

function moroccanPlate(index: number): string {
  return `${10_000 + ((index * 3_571) % 89_999)} ${MOROCCAN_LETTERS[index % MOROCCAN_LETTERS.length]} ${1 + ((index * 7) % 89)}`;
}

/** The plate of the `index`-th demo vehicle in the profile's format; null keeps the generic demo plate. */
function profilePlate(profile: TaxCountryProfile, index: number): { plateNumber: string; plateRegion: string | null } | null {
  const letter = (offset: number) => SIV_LETTERS[(index * 5 + offset) % SIV_LETTERS.length]!;
  const digits = (count: number, seed: number) => String((index * seed + 137) % 10 ** count).padStart(count, '0');
  switch (profile) {
    case 'MA':
      return { plateNumber: moroccanPlate(index), plateRegion: null };
    case 'FR':
      return { plateNumber: `${letter(0)}${letter(7)} ${digits(3, 211)} ${letter(3)}${letter(11)}`, plateRegion: null };
    case 'SA': {
      // Staff type either line of the plate: Latin on even vehicles, Arabic on odd ones.
      const picks = [0, 5, 11].map((offset) => (index * 3 + offset) % SAUDI_LATIN.length);
      const number = digits(4, 389);
      return index % 2 === 0
        ? { plateNumber: `${number} ${picks.map((pick) => SAUDI_LATIN[pick]).join('')}`, plateRegion: null }
        : { plateNumber: `${picks.map((pick) => SAUDI_ARABIC[pick]).join(' ')} ${number}`, plateRegion: null };
    }
    case 'AE':
      return { plateNumber: `${letter(2)} ${digits(5, 7_717)}`, plateRegion: EMIRATES[index % EMIRATES.length]! };
    default:
      return null;
  }
}

// ─── Spec cards ─────────────────────────────────────────────────────────────────────────────────────────

const OIL_CAPACITY_DL: Record<string, number> = {
  Renault: 45,
  Peugeot: 38,
  Volkswagen: 43,
  Toyota: 42,
  Ford: 41,
  Dacia: 48,
  Hyundai: 53,
  Mercedes: 65,
};
const VANS = new Set(['Kangoo', 'Partner', 'Transit', 'Sprinter']);
const PICKUPS = new Set(['Hilux', 'Ranger']);
const SMALL = new Set(['Clio', '208', 'Polo', 'i20', 'Logan']);
const LARGE = new Set(['Passat', 'C-Class']);
const SUV = new Set(['RAV4', 'Tucson', 'Duster']);

function tyreOf(model: string): { size: string; frontKpa: number; rearKpa: number } {
  if (VANS.has(model)) return { size: '215/65 R16C 109T', frontKpa: 350, rearKpa: 380 };
  if (PICKUPS.has(model)) return { size: '265/65 R17 112S', frontKpa: 240, rearKpa: 260 };
  if (SMALL.has(model)) return { size: model === 'Logan' ? '185/65 R15 88H' : '195/65 R15 91V', frontKpa: 230, rearKpa: 210 };
  if (LARGE.has(model)) return { size: '225/45 R17 94W', frontKpa: 250, rearKpa: 240 };
  if (SUV.has(model)) return { size: '215/60 R16 99H', frontKpa: 240, rearKpa: 240 };
  return { size: '205/55 R16 91V', frontKpa: 230, rearKpa: 220 };
}

/**
 * The part number of the first catalogue part of a family that fits the brand (seed/inventory.ts), or null. Some
 * families (fuel filters) say the brand in the name only ("Fuel filter VW 2.0 TDI").
 */
function catalogueRef(family: string, brand: string): string | null {
  const inName = ` ${brand === 'Volkswagen' ? 'VW' : brand} `;
  const part = demoParts().find(
    (candidate) => candidate.family === family && (candidate.fits === brand || `${candidate.name} `.includes(inName)),
  );
  return part?.partNumber ?? null;
}

interface IdentityVehicle {
  id: string;
  brand: string;
  model: string;
  year: number;
  engineType: string;
}

function specCardFor(vehicle: IdentityVehicle, index: number): Prisma.VehicleSpecCreateManyInput {
  const { brand, model, engineType } = vehicle;
  const electric = engineType === 'Electric';
  const diesel = engineType === 'Diesel';
  const sparkIgnition = ['Petrol', 'Hybrid', 'LPG'].includes(engineType);
  const tyre = tyreOf(model);
  const van = VANS.has(model);
  return {
    vehicleId: vehicle.id,
    oilGrade: electric ? null : diesel ? '5W-40' : engineType === 'Hybrid' ? '0W-20' : '5W-30',
    oilCapacityDl: electric ? null : (OIL_CAPACITY_DL[brand] ?? 45) + (van ? 15 : 0),
    oilFilterRef: electric ? null : catalogueRef('oil-filter', brand),
    airFilterRef: electric ? null : catalogueRef('air-filter', brand),
    cabinFilterRef: catalogueRef('cabin-filter', brand),
    fuelFilterRef: diesel ? catalogueRef('fuel-filter', brand) : null,
    tyreSizeFront: tyre.size,
    tyreSizeRear: tyre.size,
    tyrePressureFrontKpa: tyre.frontKpa,
    tyrePressureRearKpa: tyre.rearKpa,
    wiperDriver: van ? '650 mm' : SMALL.has(model) ? '550 mm' : '600 mm',
    wiperPassenger: van ? '550 mm' : SMALL.has(model) ? '400 mm' : '450 mm',
    wiperRear: van || LARGE.has(model) || PICKUPS.has(model) ? null : '300 mm',
    battery: electric ? '12V 44Ah 420A EN (AGM)' : diesel || van ? '12V 74Ah 680A EN' : '12V 60Ah 540A EN',
    sparkPlugs: sparkIgnition ? (index % 2 === 0 ? 'NGK BKR6E' : 'Bosch Double Platinum') : null,
    notes: index % 3 === 0 && !electric ? 'Drain plug: new washer, 25 Nm. Check the under-tray clips.' : null,
  };
}

// ─── Odometer readings ──────────────────────────────────────────────────────────────────────────────────

interface Reading {
  at: number;
  km: number;
}

/**
 * The km at a moment, read off the vehicle's readings (time order, km never decreasing): between two readings
 * on the line joining them; after the last one at the vehicle's usual pace (its two oil changes: 10,000 km in
 * 150 days), before the first one at the same pace backwards.
 */
function kmAt(readings: Reading[], at: number, kmPerDay: number): number {
  const first = readings[0]!;
  const last = readings.at(-1)!;
  if (at <= first.at) return Math.max(0, Math.round(first.km - ((first.at - at) / DAY) * kmPerDay));
  // After the latest reading the car is taken as not driven: the demo's oil story (due soon, overdue) is told by
  // that reading, and a visit must not move it.
  if (at >= last.at) return last.km;
  for (let index = 1; index < readings.length; index++) {
    const before = readings[index - 1]!;
    const after = readings[index]!;
    if (at <= after.at) {
      const share = after.at === before.at ? 1 : (at - before.at) / (after.at - before.at);
      return Math.round(before.km + share * (after.km - before.km));
    }
  }
  return last.km;
}

// ─── The seed ───────────────────────────────────────────────────────────────────────────────────────────

/** Calendar day `years` before `day`, as a DATE column value (UTC midnight). */
const yearsBefore = (day: Date, years: number) => new Date(Date.UTC(day.getUTCFullYear() - years, day.getUTCMonth(), day.getUTCDate()));

export async function seedDemoVehicleIdentity(tx: Prisma.TransactionClient, now: Date, profile: TaxCountryProfile): Promise<void> {
  const vehicles = await tx.vehicle.findMany({
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      brand: true,
      model: true,
      year: true,
      engineType: true,
      latestKm: true,
      lastKmUpdate: true,
      owner: { select: { lastName: true } },
      oilChanges: { select: { currentKm: true, createdAt: true }, orderBy: { createdAt: 'asc' } },
      visits: { select: { id: true, visitDate: true, completedAt: true }, orderBy: { visitDate: 'asc' } },
    },
  });
  // The demo's own vehicles only, in the order demo.ts made them (its ids are seedId('vehicle:...')).
  const vins = vehicles.map((vehicle, index) =>
    vinForVehicle({ model: vehicle.model, year: vehicle.year, electric: vehicle.engineType === 'Electric' }, index),
  );
  // One vehicle in miles: a North American VIN (an import), a customer with an English name if any, else any
  // customer but the demo sign-in accounts (the browser journeys type their readings in km).
  const american = (index: number) => /^[1-5]/.test(vins[index]!);
  const englishOwners = new Set(['Wilson', 'Carter', 'Brooks']);
  const demoAccounts = new Set(['Benali', 'Laurent']);
  const firstAmerican = (fits: (owner: string) => boolean) =>
    vehicles.findIndex((vehicle, index) => american(index) && fits(vehicle.owner.lastName));
  const candidates = [firstAmerican((owner) => englishOwners.has(owner)), firstAmerican((owner) => !demoAccounts.has(owner))];
  const inMiles =
    candidates.find((index) => index >= 0) ??
    Math.max(
      0,
      firstAmerican(() => true),
    );
  // One Moroccan Arabic-letter plate in every profile: a customer with a Moroccan name (not a demo sign-in
  // account, whose plates the browser journeys type), else the third vehicle.
  const moroccanOwners = new Set(['Alaoui', 'Idrissi']);
  const found = vehicles.findIndex((vehicle, index) => index !== inMiles && moroccanOwners.has(vehicle.owner.lastName));
  const moroccan = found >= 0 ? found : Math.min(2, vehicles.length - 1);
  // Two inspections due soon: registered six years before a day 3 and 5 weeks from now.
  const dueSoon = new Map<number, Date>();
  for (const weeks of [3, 5]) {
    const registered = yearsBefore(new Date(now.getTime() + weeks * 7 * DAY), 6);
    const index = vehicles.findIndex(
      (vehicle, candidate) =>
        !dueSoon.has(candidate) && vehicle.year <= registered.getUTCFullYear() && vehicle.year >= registered.getUTCFullYear() - 1,
    );
    if (index >= 0) dueSoon.set(index, registered);
  }

  const cards: Prisma.VehicleSpecCreateManyInput[] = [];
  for (const [index, vehicle] of vehicles.entries()) {
    const plate = index === moroccan ? { plateNumber: DEMO_MOROCCAN_PLATE, plateRegion: null } : profilePlate(profile, index);
    const registration = dueSoon.get(index) ?? new Date(Date.UTC(vehicle.year, (index * 5) % 12, 1 + ((index * 7) % 28)));

    // Readings: the oil changes, then the latest reading; a visit reads the odometer off their line.
    const readings: Reading[] = [
      ...vehicle.oilChanges.map((oil) => ({ at: oil.createdAt.getTime(), km: oil.currentKm })),
      ...(vehicle.latestKm !== null && vehicle.lastKmUpdate ? [{ at: vehicle.lastKmUpdate.getTime(), km: vehicle.latestKm }] : []),
    ].sort((a, b) => a.at - b.at);
    // Never backwards: a reading lower than an earlier one is lifted to it.
    for (let r = 1; r < readings.length; r++) readings[r]!.km = Math.max(readings[r]!.km, readings[r - 1]!.km);
    const kmPerDay = 10_000 / 150;
    let latest = readings.at(-1) ?? null;
    for (const visit of vehicle.visits) {
      const at = visit.visitDate.getTime();
      const odometerInKm = readings.length > 0 ? kmAt(readings, at, kmPerDay) : null;
      // A finished visit ends with a test drive of a few km (never past the latest reading, see kmAt).
      const lastKm = readings.at(-1)?.km ?? 0;
      const odometerOutKm =
        odometerInKm !== null && visit.completedAt ? Math.min(lastKm, odometerInKm + 3 + (((index + at / DAY) % 9) | 0)) : null;
      await tx.visit.update({ where: { id: visit.id }, data: { odometerInKm, odometerOutKm } });
      const read = odometerOutKm ?? odometerInKm;
      const readAt = visit.completedAt?.getTime() ?? at;
      if (read !== null && (!latest || read > latest.km)) latest = { at: Math.min(readAt, now.getTime()), km: read };
    }

    await tx.vehicle.update({
      where: { id: vehicle.id },
      data: {
        vin: vins[index],
        firstRegistrationDate: registration,
        distanceUnit: index === inMiles ? 'MI' : 'KM',
        ...(plate
          ? { plateNumber: plate.plateNumber, plateNormalized: normalizePlate(plate.plateNumber), plateRegion: plate.plateRegion }
          : {}),
        ...(latest ? { latestKm: latest.km, lastKmUpdate: new Date(latest.at) } : {}),
      },
    });
    // Every fifth card left empty: "Fill from VIN" and the empty state have a vehicle to show them.
    if (index % 5 !== 4) cards.push(specCardFor(vehicle, index));
  }
  await tx.vehicleSpec.createMany({ data: cards, skipDuplicates: true });
}
