// Imports of files from other locales and with the vehicle identity fields (issue #28), each a fixture of
// test/fixtures/imports/ written byte for byte as its software writes it (make-fixtures.mjs), read back from
// the database field by field: French and Tunisian LubeLogger exports, a Windows-1252 Excel CSV, Excel's
// UTF-16 "Unicode text", a German odometer, a long note, a Shopmonkey export with VIN, trim, plate state,
// company and a unit per row, dates that read two ways (the wizard must ask) and an unreadable encoding.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db } from '@garage/db';
import { createIsolatedDatabase, type IsolatedDatabase } from '@garage/db/testing/test-database';
import { expectedCheckDigit, normalizePlate, type ImportJob } from '@garage/shared';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { importFile, settle, step, uniquePlate, uploadImport } from './data-transfer-fixtures.ts';
import { buildTestApp, createTestUser, TEST_JWT_SECRET, testDb, uniqueSuffix } from './helpers.ts';

const digits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

/** A North American VIN with a right check digit and a serial of this run. */
function northAmericanVin(prefix8: string, yearPlant: string) {
  const draft = `${prefix8}0${yearPlant}${digits(6)}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

/**
 * A fixture with its @@TOKENS@@ replaced in the file's own encoding (the bytes around them stay as written):
 * `encoding` is iconv-lite's name ('utf16le' for Excel's Unicode text, else ASCII-compatible bytes).
 */
function fixture(name: string, tokens: Record<string, string>, encoding: 'ascii' | 'utf16le' = 'ascii'): Buffer {
  let bytes = readFileSync(new URL(`./fixtures/imports/${name}`, import.meta.url));
  for (const [token, value] of Object.entries(tokens)) {
    const from = iconv.encode(`@@${token}@@`, encoding === 'ascii' ? 'latin1' : encoding);
    const to = iconv.encode(value, encoding === 'ascii' ? 'latin1' : encoding);
    const parts: Buffer[] = [];
    let at = 0;
    for (let found = bytes.indexOf(from, at); found >= 0; found = bytes.indexOf(from, at)) {
      parts.push(bytes.subarray(at, found), to);
      at = found + from.length;
    }
    parts.push(bytes.subarray(at));
    bytes = Buffer.concat(parts);
  }
  return bytes;
}

async function ownedVehicle(db: Db, plate: string, data: { brand: string; model: string } = { brand: 'Peugeot', model: '308' }) {
  const s = uniqueSuffix();
  const owner = await db.user.create({ data: { firstName: 'Owner', lastName: `Of${s}`, username: `owner_${s}`, role: 'CLIENT' } });
  return db.vehicle.create({
    data: {
      ownerId: owner.id,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: normalizePlate(plate),
      color: 'Grey',
      year: 2018,
      engineType: 'Diesel',
      ...data,
    },
  });
}

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

describe('imports that keep what the file holds (shared database)', () => {
  let app: App;
  let employee: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  it('fr-FR LubeLogger export: every day ≤ 12, read day first from its "1 234,50 €" amounts; kilometres, odometers per visit', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const vehicle = await ownedVehicle(testDb(), plate);
    const file = fixture('lubelogger-fr-FR.csv', { S: s });
    const uploaded = (await uploadImport(app, employee.authHeader, 'ServiceRecord.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({
      preset: 'lubelogger',
      encoding: 'UTF-8 (BOM)',
      suggestedNumberLocale: 'decimalComma',
      suggestedDateOrder: 'dayFirst',
      dateExamples: ['03/04/2025', '11/02/2025'],
      // A European LubeLogger counts in kilometres; the US default would suggest miles.
      suggestedDistanceUnit: 'KM',
    });
    const done = await importFile(app, employee.authHeader, 'ServiceRecord.csv', file, { vehiclePlate: plate });
    expect(done).toMatchObject({ phase: 'done', warnings: [], options: { dateOrder: 'dayFirst', numberLocale: 'decimalComma' } });
    expect(done.summary).toMatchObject({ visits: { created: 3 }, failedRows: 0 });
    const visits = await testDb().visit.findMany({ where: { vehicleId: vehicle.id }, orderBy: { visitDate: 'asc' } });
    expect(visits.map((v) => [day(v.visitDate), v.name, v.totalCostCents, v.paidCents, v.notes, v.odometerInKm, v.odometerOutKm])).toEqual([
      ['2025-01-05', `Contrôle ${s}`, 0, 0, 'Freins ; plaquettes à 40 %', 80_150, null],
      ['2025-02-11', `Pneus avant ${s}`, 38_900, 38_900, null, 82_000, null],
      ['2025-04-03', `Vidange ${s}`, 123_450, 123_450, 'Huile 5W-30, filtre à huile', 84_500, null],
    ]);
    const after = await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } });
    expect(after).toMatchObject({ latestKm: 84_500, distanceUnit: 'KM' });
    expect(after.lastKmUpdate?.toISOString()).toBe('2025-04-03T00:00:00.000Z');

    // Imported again: nothing new (same vehicle, day and description).
    const again = await importFile(app, employee.authHeader, 'ServiceRecord.csv', file, { vehiclePlate: plate });
    expect(again.summary).toMatchObject({ visits: { created: 0, skipped: 3 }, failedRows: 0 });
  });

  it('a Windows-1252 Excel CSV: read as Windows-1252, Hélène and Prénom intact, first registration and spaced odometers kept', async () => {
    const s = uniqueSuffix();
    const [plate1, plate2] = [uniquePlate(), uniquePlate()];
    const [phone1, phone2] = [digits(8), digits(8)];
    const file = fixture('excel-windows-1252.csv', { S: s, PLATE1: plate1, PLATE2: plate2, PHONE1: phone1, PHONE2: phone2 });
    expect(file.includes(Buffer.from([0x48, 0xe9, 0x6c, 0xe8, 0x6e, 0x65]))).toBe(true); // "Hélène" in Windows-1252
    const uploaded = (await uploadImport(app, employee.authHeader, 'clients.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ encoding: 'Windows-1252', suggestedNumberLocale: 'decimalComma', suggestedDateOrder: 'dayFirst' });
    expect(uploaded.headers.slice(0, 3)).toEqual(['Prénom', 'Nom', 'Téléphone']);
    expect(uploaded.suggestedMapping).toMatchObject({
      firstName: 'Prénom',
      phoneNumber: 'Téléphone',
      model: 'Modèle',
      firstRegistrationDate: 'Mise en circulation',
      odometer: 'Kilométrage',
      visitNotes: 'Remarques',
    });
    const done = await importFile(app, employee.authHeader, 'clients.csv', file, { defaultCountryCode: '+33' });
    expect(done.summary).toMatchObject({ customers: { created: 2 }, vehicles: { created: 2 }, visits: { created: 1 }, failedRows: 0 });
    const helene = await testDb().user.findFirstOrThrow({
      where: { lastName: `Lefèvre${s}` },
      include: { vehicles: true, visits: true },
    });
    expect(helene).toMatchObject({ firstName: 'Hélène', countryCode: '+33', phoneNumber: `6${phone1}`, billing: null });
    expect(helene.vehicles[0]).toMatchObject({
      plateNormalized: normalizePlate(plate1),
      brand: 'Renault',
      model: 'Mégane',
      latestKm: 61_230,
    });
    expect(day(helene.vehicles[0]!.firstRegistrationDate)).toBe('2019-05-15');
    expect(helene.visits[0]).toMatchObject({ totalCostCents: 14_990, notes: 'Révision n° 3, pièces à 80 €', odometerInKm: 61_230 });
    expect(day(helene.visits[0]!.visitDate)).toBe('2025-03-22');
    const jerome = await testDb().user.findFirstOrThrow({ where: { lastName: `Dupré${s}` }, include: { vehicles: true } });
    expect(jerome.firstName).toBe('Jérôme');
    expect(jerome.vehicles[0]).toMatchObject({ brand: 'Citroën', model: 'C4 Picasso', latestKm: 118_004, firstRegistrationDate: null });
    expect(JSON.stringify([helene, jerome])).not.toContain('\uFFFD');
  });

  it("Excel's Unicode text (UTF-16 LE with BOM, tab-separated): Arabic and accented names intact", async () => {
    const s = uniqueSuffix();
    const [plate1, plate2] = [uniquePlate(), uniquePlate()];
    const tokens = { S: s, PLATE1: plate1, PLATE2: plate2, PHONE1: `6${digits(8)}`, PHONE2: `6${digits(8)}` };
    const file = fixture('excel-unicode-text.txt', tokens, 'utf16le');
    expect([file[0], file[1]]).toEqual([0xff, 0xfe]);
    const done = await importFile(app, employee.authHeader, 'clients.txt', file, { defaultCountryCode: '+212' });
    expect(done).toMatchObject({ encoding: 'UTF-16LE', phase: 'done' });
    expect(done.summary).toMatchObject({ customers: { created: 2 }, vehicles: { created: 2 }, failedRows: 0 });
    const amina = await testDb().user.findFirstOrThrow({ where: { lastName: `حداد${s}` }, include: { vehicles: true } });
    expect(amina).toMatchObject({ firstName: 'أمينة', countryCode: '+212', phoneNumber: tokens.PHONE1 });
    expect(amina.vehicles[0]).toMatchObject({ brand: 'Toyota', model: 'Corolla', year: 2018 });
    expect(await testDb().user.findFirstOrThrow({ where: { lastName: `Noël${s}` } })).toMatchObject({ firstName: 'Zoé' });
  });

  it('an Arabic Windows CSV (Windows-1256): read as Windows-1256, Arabic headers and names intact', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const phone = `6${digits(8)}`;
    const file = fixture('excel-windows-1256.csv', { S: s, PLATE1: plate, PHONE1: phone });
    expect(file.includes(Buffer.from([0xc7, 0xe1]))).toBe(true); // "ال" in Windows-1256
    const uploaded = (await uploadImport(app, employee.authHeader, 'clients.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ encoding: 'Windows-1256' });
    expect(uploaded.headers.slice(0, 4)).toEqual(['الاسم', 'اللقب', 'الهاتف', 'اللوحة']);
    const mapping = {
      firstName: 'الاسم',
      lastName: 'اللقب',
      phoneNumber: 'الهاتف',
      plateNumber: 'اللوحة',
      brand: 'Marque',
      model: 'Modèle',
      year: 'Année',
    };
    const done = await importFile(app, employee.authHeader, 'clients.csv', file, { mapping, defaultCountryCode: '+212' });
    expect(done.summary).toMatchObject({ customers: { created: 1 }, vehicles: { created: 1 }, failedRows: 0 });
    const youssef = await testDb().user.findFirstOrThrow({ where: { lastName: `العلوي${s}` }, include: { vehicles: true } });
    expect(youssef).toMatchObject({ firstName: 'يوسف', countryCode: '+212', phoneNumber: phone });
    expect(youssef.vehicles[0]).toMatchObject({ brand: 'Kia', model: 'Picanto', year: 2017 });
  });

  it('a German odometer: "152.004" is 152,004 km (dotted dates, decimal comma)', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const vehicle = await ownedVehicle(testDb(), plate, { brand: 'Volkswagen', model: 'Golf' });
    const file = fixture('lubelogger-de-DE.csv', { S: s });
    const done = await importFile(app, employee.authHeader, 'ServiceRecord.csv', file, { vehiclePlate: plate });
    expect(done).toMatchObject({ encoding: 'UTF-8', suggestedNumberLocale: 'decimalComma', suggestedDateOrder: 'dayFirst' });
    expect(done.summary).toMatchObject({ visits: { created: 2 }, failedRows: 0 });
    const visits = await testDb().visit.findMany({ where: { vehicleId: vehicle.id }, orderBy: { visitDate: 'asc' } });
    expect(visits.map((v) => [day(v.visitDate), v.name, v.totalCostCents, v.notes, v.odometerInKm])).toEqual([
      ['2025-03-14', `Ölwechsel ${s}`, 8_990, 'Motoröl 5W-30', 152_004],
      ['2025-09-02', `Bremsen ${s}`, 124_000, null, 158_120],
    ]);
    expect((await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).latestKm).toBe(158_120);
  });

  it('a note over 2,000 characters: the record is kept, the note cut at 2,000, a warning names row, column and length', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const vehicle = await ownedVehicle(testDb(), plate);
    const file = fixture('lubelogger-long-note.csv', { S: s });
    const note = /"([^"]+)"/.exec(file.toString('utf8'))![1]!;
    expect(note.length).toBe(2345);
    const uploaded = (await uploadImport(app, employee.authHeader, 'ServiceRecord.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ preset: 'lubelogger', suggestedDistanceUnit: 'MI', suggestedNumberLocale: 'decimalPoint' });
    await step(app, employee.authHeader, uploaded.id, 'validate', {
      mapping: uploaded.suggestedMapping,
      vehiclePlate: plate,
      distanceUnit: 'MI',
    });
    const validated = await settle(app, employee.authHeader, uploaded.id);
    expect(validated).toMatchObject({ validRows: 1, invalidRows: 0, errors: [] });
    const warning = {
      row: 2,
      field: 'visitNotes',
      column: 'Notes',
      message: 'import.textCut|length=2345&maxLength=2000',
      text: 'This text had 2345 characters: only the first 2000 were imported',
    };
    expect(validated.warnings).toEqual([warning]);
    await step(app, employee.authHeader, uploaded.id, 'run', {
      mapping: uploaded.suggestedMapping,
      vehiclePlate: plate,
      distanceUnit: 'MI',
    });
    const done = await settle(app, employee.authHeader, uploaded.id);
    expect(done).toMatchObject({ phase: 'done', warnings: [warning] });
    expect(done.summary).toMatchObject({ visits: { created: 1 }, failedRows: 0 });
    const visit = await testDb().visit.findFirstOrThrow({ where: { vehicleId: vehicle.id } });
    expect(visit).toMatchObject({
      name: `Révision complète ${s}`,
      totalCostCents: 24_000,
      notes: note.slice(0, 2000),
      odometerInKm: 110_240,
    });
  });

  it('a Shopmonkey export: VIN, trim, plate state, company and a unit per row kept; a mistyped VIN left out with a warning', async () => {
    const s = uniqueSuffix();
    const [plate1, plate2, plate3] = [uniquePlate(), uniquePlate(), uniquePlate()];
    const [vin1, vin2] = [northAmericanVin('4S4BSANC', 'K3'), northAmericanVin('2T3W1RFV', 'MC')];
    const tokens = {
      S: s,
      PLATE1: plate1,
      PLATE2: plate2,
      PLATE3: plate3,
      VIN1: vin1.toLowerCase(),
      VIN2: `${vin2.slice(0, 8)}-${vin2.slice(8)}`,
      PHONE1: `${digits(3)}-${digits(4)}`,
      PHONE2: `${digits(3)}-${digits(4)}`,
      PHONE3: `${digits(3)}-${digits(4)}`,
    };
    const file = fixture('shopmonkey-vehicles.csv', tokens);
    const uploaded = (await uploadImport(app, employee.authHeader, 'customers.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ preset: 'shopmonkey', suggestedDistanceUnit: 'MI', suggestedNumberLocale: 'decimalPoint' });
    expect(uploaded.suggestedMapping).toMatchObject({
      company: 'Company',
      vin: 'VIN',
      trim: 'Submodel',
      plateRegion: 'License Plate State',
      odometer: 'Mileage',
      odometerUnit: 'Unit',
    });
    const done = await importFile(app, employee.authHeader, 'customers.csv', file, { defaultCountryCode: '+1' });
    expect(done.summary).toMatchObject({ customers: { created: 3 }, vehicles: { created: 3 }, failedRows: 0 });
    expect(done.warnings).toEqual([
      expect.objectContaining({ row: 4, field: 'vin', column: 'VIN', message: 'import.vinInvalid|vin=1FADP3FOO' }),
    ]);
    const read = (email: string) => testDb().user.findUniqueOrThrow({ where: { email }, include: { vehicles: true } });
    const dana = await read(`dana.${s}@import.test`);
    expect(dana.billing).toMatchObject({ companyName: 'Acme Fleet Services', address: { line1: null } });
    expect(dana.vehicles[0]).toMatchObject({
      plateNormalized: normalizePlate(plate1),
      vin: vin1,
      brand: 'Subaru',
      model: 'Outback',
      trim: 'Premium',
      plateRegion: 'CA',
      engineType: '2.5L H4',
      distanceUnit: 'MI',
      latestKm: 16_093,
    });
    const luc = await read(`luc.${s}@import.test`);
    expect(luc.billing).toBeNull();
    expect(luc.vehicles[0]).toMatchObject({ vin: vin2, trim: 'XLE', plateRegion: 'QC', distanceUnit: 'KM', latestKm: 32_500 });
    const ana = await read(`ana.${s}@import.test`);
    expect(ana.vehicles[0]).toMatchObject({ vin: null, trim: 'SE', plateRegion: 'FL', distanceUnit: 'MI', latestKm: 141_815 });

    // Imported again: every customer and vehicle found by email and plate, nothing duplicated; the VINs stay theirs.
    const again = await importFile(app, employee.authHeader, 'customers.csv', file, { defaultCountryCode: '+1' });
    expect(again.summary).toMatchObject({ customers: { skipped: 3, created: 0 }, vehicles: { skipped: 3, created: 0 }, failedRows: 0 });

    // Another file giving Dana's VIN to a new plate: that vehicle comes in without it, with a warning.
    const other = uniquePlate();
    const stolen = fixture('shopmonkey-vehicles.csv', { ...tokens, S: uniqueSuffix(), PLATE1: other });
    const third = await importFile(app, employee.authHeader, 'customers.csv', stolen, { defaultCountryCode: '+1', mode: 'validOnly' });
    expect(third.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 2, field: 'vin', column: 'VIN', message: 'import.vinTaken' })]),
    );
    const newcomer = await testDb().vehicle.findUniqueOrThrow({ where: { plateNormalized: normalizePlate(other) } });
    expect(newcomer).toMatchObject({ vin: null, trim: 'Premium' });
    expect((await testDb().vehicle.findUniqueOrThrow({ where: { vin: vin1 } })).id).toBe(dana.vehicles[0]!.id);
  });

  it('dates that read two ways: the upload says so with examples, validation and import are refused until the order is chosen', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const file = fixture('ambiguous-dates.csv', { S: s, PLATE1: plate, PHONE1: `6${digits(8)}` });
    const uploaded = (await uploadImport(app, employee.authHeader, 'visits.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ suggestedDateOrder: null, dateExamples: ['03/04/2025', '05/06/2025'] });
    const options = { mapping: uploaded.suggestedMapping };
    for (const action of ['validate', 'run'] as const) {
      const refused = await step(app, employee.authHeader, uploaded.id, action, options);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ messageCode: 'import.dateOrderNeeded' });
    }
    expect(await testDb().user.count({ where: { lastName: `Benali${s}` } })).toBe(0);
    // Dropping the date column removes the question.
    const { visitDate: _dropped, visitName: _name, visitTotal: _total, ...withoutVisits } = uploaded.suggestedMapping;
    expect((await step(app, employee.authHeader, uploaded.id, 'validate', { mapping: withoutVisits })).statusCode).toBe(202);
    await settle(app, employee.authHeader, uploaded.id);

    expect((await step(app, employee.authHeader, uploaded.id, 'run', { ...options, dateOrder: 'monthFirst' })).statusCode).toBe(202);
    const done = await settle(app, employee.authHeader, uploaded.id);
    expect(done).toMatchObject({ phase: 'done', options: { dateOrder: 'monthFirst' } });
    const omar = await testDb().user.findFirstOrThrow({
      where: { lastName: `Benali${s}` },
      include: { visits: { orderBy: { visitDate: 'asc' } } },
    });
    expect(omar.visits.map((v) => [day(v.visitDate), v.name, v.totalCostCents])).toEqual([
      ['2025-03-04', 'Vidange', 12_000],
      ['2025-05-06', 'Freins', 30_000],
    ]);
  });

  it('re-import finds a vehicle by its plate across scripts: "12345|A|6" and "12345-a-6" are the car saved as "12345 أ 6"', async () => {
    const s = uniqueSuffix();
    const serial = digits(5);
    const arabic = `${serial} أ 6`;
    const vehicle = await ownedVehicle(testDb(), arabic, { brand: 'Dacia', model: 'Logan' });
    const owner = await testDb().user.findUniqueOrThrow({ where: { id: vehicle.ownerId } });
    const records = ['Date,Odometer,Description,Notes,Cost,Tags', `2025-05-02,91000,Vidange ${s},,"45,00 €",`].join('\n');
    const done = await importFile(app, employee.authHeader, 'ServiceRecord.csv', records, { vehiclePlate: `${serial}-a-6` });
    expect(done.summary).toMatchObject({ visits: { created: 1 }, vehicles: { created: 0 }, failedRows: 0 });
    expect(await testDb().visit.findFirstOrThrow({ where: { vehicleId: vehicle.id } })).toMatchObject({
      name: `Vidange ${s}`,
      totalCostCents: 4_500,
    });
    // A customer list naming the plate in Latin letters with bars: the vehicle is found, nothing duplicated.
    const list = [
      'First name,Last name,Phone,Plate,Make,Model,Year',
      `${owner.firstName},${owner.lastName},6${digits(8)},${serial}|A|6,Dacia,Logan,2018`,
    ].join('\n');
    const again = await importFile(app, employee.authHeader, 'customers.csv', list, { mode: 'validOnly' });
    expect(again.summary?.vehicles).toMatchObject({ created: 0 });
    expect(await testDb().vehicle.count({ where: { plateNormalized: normalizePlate(arabic) } })).toBe(1);
  });

  it('an import uploaded before this upgrade (its stored view without the new fields) still answers its polls', async () => {
    const uploaded = (await uploadImport(app, employee.authHeader, 'old.csv', 'First name,Last name\nOld,Shape\n')).json() as ImportJob;
    const {
      encoding: _encoding,
      dateExamples: _dates,
      suggestedNumberLocale: _locale,
      numberExamples: _numbers,
      warnings: _warnings,
      ...before
    } = uploaded;
    const oldView = { ...before, suggestedDistanceUnit: 'km', suggestedDateOrder: 'dayFirst' };
    await testDb().importJob.update({ where: { id: uploaded.id }, data: { view: oldView } });
    const poll = await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${uploaded.id}`, headers: employee.authHeader });
    expect(poll.statusCode).toBe(200);
    expect(poll.json()).toMatchObject({
      encoding: null,
      suggestedDistanceUnit: 'KM',
      warnings: [],
      dateExamples: [],
      suggestedNumberLocale: 'decimalPoint',
    });
  });

  it('refuses a file whose encoding it cannot recognise, in the three languages, and stores nothing', async () => {
    for (const bytes of [
      fixture('shift-jis.csv', {}),
      // Windows-1252 has no character at 0x81 or 0x8D: no code page reads these bytes as text.
      Buffer.from([...Buffer.from('First name,Last name\nJos'), 0x81, 0x8d, ...Buffer.from(',Smith\n')]),
    ]) {
      const response = await uploadImport(app, employee.authHeader, 'clients.csv', bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        messageCode: 'import.encodingUnknown',
        message: 'This file is not UTF-8 and its encoding could not be recognised: save it as "CSV UTF-8" and import it again',
      });
    }
    // A UTF-8 file already holding replacement characters (a garbled earlier conversion) is refused too.
    const garbled = await uploadImport(app, employee.authHeader, 'clients.csv', 'First name,Last name\nH\uFFFDl\uFFFDne,Martin\n');
    expect(garbled.json()).toMatchObject({ messageCode: 'import.encodingUnknown' });
  });
});

// A Tunisian shop: dinars have three decimals (millimes). The merchant's currency is the whole shop's setting:
// this describe has a database of its own.
describe('imports in a TND shop (3 decimals, its own database)', () => {
  let iso: IsolatedDatabase;
  let db: Db;
  let app: App;
  let headers: { authorization: string };

  beforeAll(async () => {
    iso = await createIsolatedDatabase(inject('databaseUrl'));
    db = createDb(iso.url, { poolSize: 4 });
    app = await buildTestApp({ db });
    await ensureMerchant(db);
    await db.merchant.updateMany({ data: { displayName: 'Garage Tunis', currency: 'TND', timezone: 'Africa/Tunis' } });
    const staff = await db.user.create({ data: { firstName: 'Sami', lastName: 'Tunis', username: 'sami_tnd', role: 'EMPLOYEE' } });
    headers = { authorization: `Bearer ${signAccessToken({ userId: staff.id, roles: ['EMPLOYEE'] }, TEST_JWT_SECRET)}` };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.$disconnect();
    await iso?.drop();
  });

  it('fr-TN LubeLogger export: "85,500 DT" is 85.500 dinars and "1 234,500 DT" 1,234.500, not refused or 1000 times too high', async () => {
    const plate = '123 TU 4567';
    const vehicle = await ownedVehicle(db, plate, { brand: 'Renault', model: 'Symbol' });
    const s = uniqueSuffix();
    const file = fixture('lubelogger-fr-TN.csv', { S: s });
    const uploaded = (await uploadImport(app, headers, 'ServiceRecord.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ suggestedNumberLocale: 'decimalComma', suggestedDateOrder: 'dayFirst', suggestedDistanceUnit: 'KM' });
    const done = await importFile(app, headers, 'ServiceRecord.csv', file, { vehiclePlate: plate });
    expect(done.summary).toMatchObject({ visits: { created: 2 }, failedRows: 0 });
    const visits = await db.visit.findMany({ where: { vehicleId: vehicle.id }, orderBy: { visitDate: 'asc' } });
    expect(visits.map((v) => [day(v.visitDate), v.name, v.totalCostCents, v.paidCents, v.notes, v.odometerInKm])).toEqual([
      ['2025-01-14', `Vidange ${s}`, 85_500, 85_500, null, 120_400],
      ['2025-03-02', `Embrayage ${s}`, 1_234_500, 1_234_500, 'Kit complet', 123_900],
    ]);

    // The same amounts alone ("85,500 DT", nothing else): they read two ways in dinars, the wizard asks.
    const alone = Buffer.from('Date,Odometer,Description,Notes,Cost,Tags\n2025-01-14,1000,Vidange,,"85,500 DT",\n');
    const ambiguous = (await uploadImport(app, headers, 'ServiceRecord.csv', alone)).json() as ImportJob;
    expect(ambiguous).toMatchObject({ suggestedNumberLocale: null, numberExamples: ['85,500 DT'] });
    const refused = await step(app, headers, ambiguous.id, 'run', { mapping: ambiguous.suggestedMapping, vehiclePlate: plate });
    expect(refused.json()).toMatchObject({ messageCode: 'import.numberLocaleNeeded' });
  });
});
