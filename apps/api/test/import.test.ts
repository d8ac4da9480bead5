// Customer import through the REST API on the real database: mapping, validation, all-or-nothing vs valid
// rows, duplicates, LubeLogger and Shopmonkey files, XLSX, a large streamed file, templates and access.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePlate, type ImportJob } from '@garage/shared';
import type { App } from '../src/app.ts';
import {
  createMatchableAccount,
  csv,
  importFile,
  multipartFile,
  settle,
  step,
  uniquePhone,
  uniquePlate,
  uploadImport,
} from './data-transfer-fixtures.ts';
import { newBarcode } from './parts-fixtures.ts';
import { writeBatch, type WriterState } from '../src/modules/data-transfer/import-writer.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDeps, testDb, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const HEADER = [
  'First name',
  'Last name',
  'Email',
  'Country code',
  'Phone',
  'Plate',
  'Brand',
  'Model',
  'Year',
  'Odometer',
  'Visit date',
  'Visit name',
  'Visit total',
  'Oil name',
  'Oil km',
];

describe('customer import', () => {
  let app: App;
  let employee: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [employee, client] = await Promise.all([createTestUser('EMPLOYEE'), createTestUser('CLIENT')]);
  });
  afterAll(() => app.close());

  it('maps the headers, previews the first rows and imports customers, vehicles, a visit and an oil change', async () => {
    const s = uniqueSuffix();
    const [plateA, plateB, phone] = [uniquePlate(), uniquePlate(), uniquePhone()];
    const file = csv([
      HEADER,
      [
        'Amina',
        `Haddad${s}`,
        `amina.${s}@import.test`,
        '+212',
        phone,
        plateA,
        'Toyota',
        'Corolla',
        2018,
        84000,
        '2026-03-14',
        'Oil and filter',
        '85.50',
        'Castrol Edge',
        84000,
      ],
      ['Amina', `Haddad${s}`, `amina.${s}@import.test`, '+212', phone, plateB, 'Dacia', 'Duster', 2021, '', '', '', '', '', ''],
      ['Louis', `Martin${s}`, `louis.${s}@import.test`, '', `+33 6 ${phone.slice(1, 9)}`, '', '', '', '', '', '', '', '', '', ''],
    ]);
    const uploaded = await uploadImport(app, employee.authHeader, 'customers.csv', file);
    expect(uploaded.statusCode).toBe(201);
    const job = uploaded.json() as ImportJob;
    expect(job).toMatchObject({ format: 'csv', phase: 'uploaded', headers: HEADER, preset: 'custom' });
    expect(job.previewRows).toHaveLength(3);
    expect(job.suggestedMapping).toMatchObject({
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      phoneNumber: 'Phone',
      plateNumber: 'Plate',
      brand: 'Brand',
      year: 'Year',
      odometer: 'Odometer',
      visitDate: 'Visit date',
      visitTotal: 'Visit total',
      oilName: 'Oil name',
      oilKm: 'Oil km',
    });

    expect((await step(app, employee.authHeader, job.id, 'validate', { mapping: job.suggestedMapping })).statusCode).toBe(202);
    const validated = await settle(app, employee.authHeader, job.id);
    expect(validated).toMatchObject({ phase: 'validated', totalRows: 3, validRows: 3, invalidRows: 0, errors: [] });

    expect((await step(app, employee.authHeader, job.id, 'run', { mapping: job.suggestedMapping })).statusCode).toBe(202);
    const done = await settle(app, employee.authHeader, job.id);
    expect(done.phase).toBe('done');
    expect(done.summary).toEqual({
      customers: { created: 2, updated: 0, skipped: 0 },
      vehicles: { created: 2, updated: 0, skipped: 0 },
      visits: { created: 1, updated: 0, skipped: 0 },
      oilChanges: { created: 1, updated: 0, skipped: 0 },
      failedRows: 0,
    });

    const amina = await testDb().user.findUniqueOrThrow({
      where: { email: `amina.${s}@import.test` },
      include: { vehicles: { orderBy: { plateNumber: 'asc' } }, visits: { include: { tasks: true, payments: true } } },
    });
    expect(amina).toMatchObject({ firstName: 'Amina', role: 'CLIENT', countryCode: '+212', phoneNumber: phone });
    expect(amina.vehicles.map((v) => v.plateNormalized).sort()).toEqual([plateA, plateB].map(normalizePlate).sort());
    const corolla = amina.vehicles.find((v) => v.plateNormalized === normalizePlate(plateA))!;
    expect(corolla).toMatchObject({ brand: 'Toyota', year: 2018, latestKm: 84000, color: 'Unknown', type: 'CAR' });
    expect(amina.visits).toHaveLength(1);
    expect(amina.visits[0]).toMatchObject({
      name: 'Oil and filter',
      totalCostCents: 8550,
      paidCents: 8550,
      status: 'PICKED_UP',
      paymentStatus: 'PAID',
    });
    expect(amina.visits[0]!.visitDate.toISOString()).toBe('2026-03-14T00:00:00.000Z');
    expect(amina.visits[0]!.tasks.map((t) => [t.status, t.soldForCents])).toEqual([['COMPLETED', 8550]]);
    const oil = await testDb().oilChange.findFirstOrThrow({ where: { vehicleId: corolla.id } });
    expect(oil).toMatchObject({ oilName: 'Castrol Edge', currentKm: 84000, nextChangeKm: 94000, recordedById: employee.user.id });
    // "+33 6 ..." in the phone column: the country code is read from the number.
    const louis = await testDb().user.findUniqueOrThrow({ where: { email: `louis.${s}@import.test` } });
    expect(louis).toMatchObject({ countryCode: '+33', phoneNumber: `6${phone.slice(1, 9)}` });
  });

  it('reports every invalid row with its number and field; all-or-nothing imports nothing, "valid rows" imports the rest', async () => {
    const s = uniqueSuffix();
    const file = csv([
      HEADER,
      ['Valid', `One${s}`, `valid.${s}@import.test`, '+1', uniquePhone(), uniquePlate(), 'Ford', 'Focus', 2015, '', '', '', '', '', ''],
      ['', `NoFirst${s}`, `bad.email.${s}`, '+1', uniquePhone(), '', '', '', '', '', '', '', '', '', ''],
      ['Bad', `Year${s}`, `bad.year.${s}@import.test`, '+1', uniquePhone(), uniquePlate(), 'Fiat', 'Panda', 1850, '', '', '', '', '', ''],
      [
        'Bad',
        `Visit${s}`,
        `bad.visit.${s}@import.test`,
        '+1',
        uniquePhone(),
        uniquePlate(),
        'Fiat',
        '500',
        2020,
        'lots',
        'not a date',
        'x',
        '-3',
        '',
        '',
      ],
    ]);
    const uploaded = (await uploadImport(app, employee.authHeader, 'invalid.csv', file)).json() as ImportJob;
    const options = { mapping: uploaded.suggestedMapping, mode: 'allOrNothing' as const };
    await step(app, employee.authHeader, uploaded.id, 'validate', options);
    const validated = await settle(app, employee.authHeader, uploaded.id);
    expect(validated).toMatchObject({ totalRows: 4, validRows: 1, invalidRows: 3 });
    const errors = validated.errors.map((e) => `${e.row}:${e.field}:${e.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        '3:firstName:required|fieldName=firstName',
        '3:email:email|fieldName=email',
        '4:year:minValue|fieldName=year&minValue=1900',
        '5:odometer:number|fieldName=odometer',
        '5:visitDate:format|fieldName=visitDate',
        '5:visitName:minLength|fieldName=name&minLength=3',
        '5:visitTotal:minValue|fieldName=visitTotal&minValue=0',
      ]),
    );
    expect(validated.errors.find((e) => e.row === 3 && e.field === 'firstName')).toMatchObject({
      column: 'First name',
      text: 'First name is required',
    });

    const refused = await step(app, employee.authHeader, uploaded.id, 'run', options);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Nothing was imported/);
    expect(await testDb().user.count({ where: { lastName: { endsWith: s } } })).toBe(0);

    await step(app, employee.authHeader, uploaded.id, 'run', { ...options, mode: 'validOnly' });
    const done = await settle(app, employee.authHeader, uploaded.id);
    expect(done.phase).toBe('done');
    expect(done.summary).toMatchObject({ customers: { created: 1 }, vehicles: { created: 1 }, failedRows: 3 });
    expect(await testDb().user.findMany({ where: { lastName: { endsWith: s } }, select: { lastName: true } })).toEqual([
      { lastName: `One${s}` },
    ]);
  });

  it('an all-or-nothing run on a file never validated checks it first and, with an invalid row, writes nothing', async () => {
    const s = uniqueSuffix();
    // Row 3 names a plate nobody has, with no vehicle details: it cannot become a vehicle.
    const file = csv([
      HEADER,
      ['New', `Person${s}`, `new.${s}@import.test`, '+1', uniquePhone(), uniquePlate(), 'Kia', 'Rio', 2019, '', '', '', '', '', ''],
      [
        'Ref',
        `Only${s}`,
        `ref.${s}@import.test`,
        '+1',
        uniquePhone(),
        uniquePlate(),
        '',
        '',
        '',
        '',
        '2026-01-02',
        'Brakes',
        '120',
        '',
        '',
      ],
    ]);
    const job = await importFile(app, employee.authHeader, 'refused.csv', file);
    expect(job).toMatchObject({ phase: 'failed', validRows: 1, invalidRows: 1, summary: null });
    expect(job.failure).toBe('import.invalidRowsRefused');
    expect(job.errors.map((e) => `${e.row}:${e.field}:${e.text}`)).toEqual(['3:brand:Brand is required']);
    expect(await testDb().user.count({ where: { lastName: { in: [`Person${s}`, `Only${s}`] } } })).toBe(0);
  });

  it('finds duplicates by email, phone and plate: skip keeps the existing rows, update changes them', async () => {
    const s = uniqueSuffix();
    const [phone, plate] = [uniquePhone(), uniquePlate()];
    const existing = await testDb().user.create({
      data: {
        firstName: 'Old',
        lastName: `Name${s}`,
        username: `dup_${s}`,
        email: `dup.${s}@import.test`,
        countryCode: '+1',
        phoneNumber: phone,
        role: 'CLIENT',
      },
    });
    await testDb().vehicle.create({
      data: {
        ownerId: existing.id,
        type: 'CAR',
        plateNumber: plate,
        plateNormalized: normalizePlate(plate),
        color: 'Red',
        brand: 'Old',
        model: 'Car',
        year: 2001,
        engineType: 'Petrol',
      },
    });
    const byPhone = csv([HEADER, ['New', `Name${s}`, '', '+1', phone, plate, 'Honda', 'Civic', 2020, '', '', '', '', '', '']]);
    const byEmail = csv([
      HEADER,
      ['Newer', `Name${s}`, `dup.${s}@import.test`, '+1', uniquePhone(), plate, 'Honda', 'Jazz', 2022, '', '', '', '', '', ''],
    ]);

    const uploaded = (await uploadImport(app, employee.authHeader, 'dup.csv', byPhone)).json() as ImportJob;
    await step(app, employee.authHeader, uploaded.id, 'validate', { mapping: uploaded.suggestedMapping });
    expect((await settle(app, employee.authHeader, uploaded.id)).duplicates).toEqual({ customers: 1, vehicles: 1 });
    await step(app, employee.authHeader, uploaded.id, 'run', { mapping: uploaded.suggestedMapping, duplicates: 'skip' });
    const skipped = await settle(app, employee.authHeader, uploaded.id);
    expect(skipped.summary).toMatchObject({ customers: { created: 0, skipped: 1 }, vehicles: { created: 0, skipped: 1 } });
    expect(await testDb().user.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({ firstName: 'Old' });

    const updated = await importFile(app, employee.authHeader, 'dup2.csv', byEmail, { duplicates: 'update' });
    expect(updated.summary).toMatchObject({ customers: { created: 0, updated: 1 }, vehicles: { created: 0, updated: 1 } });
    const after = await testDb().user.findUniqueOrThrow({ where: { id: existing.id }, include: { vehicles: true } });
    expect(after).toMatchObject({ firstName: 'Newer', email: `dup.${s}@import.test` });
    expect(after.vehicles[0]).toMatchObject({ brand: 'Honda', model: 'Jazz', year: 2022 });
  });

  it('reads a LubeLogger service-record export for one vehicle without any mapping work', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const owner = await testDb().user.create({
      data: { firstName: 'Lube', lastName: `Logger${s}`, username: `lube_${s}`, role: 'CLIENT' },
    });
    const vehicle = await testDb().vehicle.create({
      data: {
        ownerId: owner.id,
        type: 'CAR',
        plateNumber: plate,
        plateNormalized: normalizePlate(plate),
        color: 'Red',
        brand: 'Mazda',
        model: '3',
        year: 2016,
        engineType: 'Petrol',
      },
    });
    const file = csv([
      ['Date', 'Odometer', 'Description', 'Notes', 'Cost', 'Tags'],
      ['2025-01-10', '61000', 'Oil change', 'Synthetic 5W-30', '79.99', 'oil'],
      ['2025-06-02', '68500', 'Front brake pads', '', '240.00', 'brakes'],
    ]);
    const uploaded = (await uploadImport(app, employee.authHeader, 'ServiceRecord.csv', file)).json() as ImportJob;
    expect(uploaded.preset).toBe('lubelogger');
    expect(uploaded.suggestedMapping).toEqual({
      odometer: 'Odometer',
      visitDate: 'Date',
      visitName: 'Description',
      visitTotal: 'Cost',
      visitNotes: 'Notes',
    });
    await step(app, employee.authHeader, uploaded.id, 'run', { mapping: uploaded.suggestedMapping, vehiclePlate: plate.toLowerCase() });
    const done = await settle(app, employee.authHeader, uploaded.id);
    expect(done.summary).toMatchObject({ visits: { created: 2 }, customers: { created: 0 }, vehicles: { created: 0 }, failedRows: 0 });
    const visits = await testDb().visit.findMany({ where: { vehicleId: vehicle.id }, orderBy: { visitDate: 'asc' } });
    expect(visits.map((v) => [v.name, v.totalCostCents, v.notes, v.customerId])).toEqual([
      ['Oil change', 7999, 'Synthetic 5W-30', owner.id],
      ['Front brake pads', 24000, null, owner.id],
    ]);
    expect((await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).latestKm).toBe(68500);

    // Importing the same file again adds nothing (same vehicle, day and description).
    const again = await importFile(app, employee.authHeader, 'ServiceRecord.csv', file, { vehiclePlate: plate });
    expect(again.summary).toMatchObject({ visits: { created: 0, skipped: 2 } });
  });

  it('reads a LubeLogger export as LubeLogger writes it by default (en-US short dates, currency-formatted costs)', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const owner = await testDb().user.create({ data: { firstName: 'Lube', lastName: `Us${s}`, username: `lubeus_${s}`, role: 'CLIENT' } });
    await testDb().vehicle.create({
      data: {
        ownerId: owner.id,
        type: 'CAR',
        plateNumber: plate,
        plateNormalized: normalizePlate(plate),
        color: 'Blue',
        brand: 'Ford',
        model: 'Focus',
        year: 2015,
        engineType: 'Petrol',
      },
    });
    // ExportFromVehicleToCsv: Date = ToShortDateString() (M/d/yyyy in en-US), Cost = ToString("C").
    const file = csv([
      ['Date', 'Odometer', 'Description', 'Notes', 'Cost', 'Tags'],
      ['1/10/2025', '61000', 'Oil change', '', '$79.99', 'oil'],
      ['6/25/2025', '68500', 'Front brake pads', '', '$1,240.00', 'brakes'],
    ]);
    const uploaded = (await uploadImport(app, employee.authHeader, 'ServiceRecord.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ preset: 'lubelogger', suggestedDateOrder: 'monthFirst' });
    const done = await importFile(app, employee.authHeader, 'ServiceRecord.csv', file, { vehiclePlate: plate });
    expect(done.summary).toMatchObject({ visits: { created: 2 }, failedRows: 0 });
    const visits = await testDb().visit.findMany({ where: { customerId: owner.id }, orderBy: { visitDate: 'asc' } });
    expect(visits.map((v) => [v.visitDate.toISOString().slice(0, 10), v.totalCostCents])).toEqual([
      ['2025-01-10', 7999],
      ['2025-06-25', 124000],
    ]);

    // Read day first, "6/25/2025" is no date: the row says so instead of landing on another day.
    const dayFirst = (await uploadImport(app, employee.authHeader, 'ServiceRecord.csv', file)).json() as ImportJob;
    await step(app, employee.authHeader, dayFirst.id, 'validate', {
      mapping: dayFirst.suggestedMapping,
      vehiclePlate: plate,
      dateOrder: 'dayFirst',
    });
    const checked = await settle(app, employee.authHeader, dayFirst.id);
    expect(checked.errors).toEqual([expect.objectContaining({ row: 3, field: 'visitDate', column: 'Date' })]);
  });

  it("suggests the shop's own country code and date order, and reads plates written with dashes", async () => {
    const s = uniqueSuffix();
    const french = await createTestUser('EMPLOYEE');
    await testDb().user.update({ where: { id: french.user.id }, data: { countryCode: '+33', phoneNumber: uniquePhone() } });
    // A French mobile as people write it at home: 06 then eight digits.
    const phone = uniquePhone().slice(1, 9);
    const plate = `FR-${s.slice(-3).toUpperCase()}-ZZ`;
    const file = csv([
      ['Prénom', 'Nom', 'Téléphone', 'Immatriculation', 'Marque', 'Modèle', 'Année', 'Kilométrage', 'Date', 'Total'],
      ['Claire', `Dubois${s}`, `06 ${phone}`, plate, 'Renault', 'Clio', '2017', '84000', '02/11/2024', '89,90'],
      ['Claire', `Dubois${s}`, `06 ${phone}`, plate, 'Renault', 'Clio', '2017', '90000', '25/03/2025', '120,00'],
    ]);
    const uploaded = (await uploadImport(app, french.authHeader, 'clients.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ suggestedCountryCode: '+33', suggestedDateOrder: 'dayFirst' });
    expect(uploaded.suggestedMapping).toMatchObject({ odometer: 'Kilométrage', plateNumber: 'Immatriculation' });
    const done = await importFile(app, french.authHeader, 'clients.csv', file, { defaultCountryCode: uploaded.suggestedCountryCode });
    expect(done.summary).toMatchObject({ customers: { created: 1 }, vehicles: { created: 1 }, visits: { created: 2 }, failedRows: 0 });
    const claire = await testDb().user.findFirstOrThrow({
      where: { lastName: `Dubois${s}` },
      include: { vehicles: true, visits: { orderBy: { visitDate: 'asc' } } },
    });
    expect(claire).toMatchObject({ countryCode: '+33', phoneNumber: `6${phone}` });
    expect(claire.vehicles[0]).toMatchObject({
      plateNumber: plate.replace(/-/g, ' '),
      plateNormalized: normalizePlate(plate),
      latestKm: 90000,
    });
    expect(claire.visits.map((v) => v.visitDate.toISOString().slice(0, 10))).toEqual(['2024-11-02', '2025-03-25']);
  });

  it('reads a Shopmonkey customer/vehicle export without any mapping work (mileage in miles)', async () => {
    const s = uniqueSuffix();
    const [plate, phone] = [uniquePlate(), uniquePhone()];
    const file = csv([
      [
        'First Name',
        'Last Name',
        'Email',
        'Phone',
        'Company',
        'Year',
        'Make',
        'Model',
        'Submodel',
        'Engine',
        'Color',
        'License Plate',
        'License Plate State',
        'VIN',
        'Mileage',
        'Unit',
      ],
      [
        'Dana',
        `Smith${s}`,
        `dana.${s}@import.test`,
        `(415) ${phone.slice(0, 3)}-${phone.slice(3, 7)}`,
        '',
        '2019',
        'Subaru',
        'Outback',
        'Premium',
        '2.5L H4',
        'Green',
        plate,
        'CA',
        '4S4BSANC1K3200000',
        '10,000',
        '',
      ],
    ]);
    const uploaded = (await uploadImport(app, employee.authHeader, 'shopmonkey-customers.csv', file)).json() as ImportJob;
    expect(uploaded).toMatchObject({ preset: 'shopmonkey', suggestedDistanceUnit: 'MI' });
    expect(uploaded.suggestedMapping).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phoneNumber: 'Phone',
      year: 'Year',
      brand: 'Make',
      model: 'Model',
      engineType: 'Engine',
      color: 'Color',
      plateNumber: 'License Plate',
      odometer: 'Mileage',
    });
    const done = await importFile(app, employee.authHeader, 'shopmonkey-customers.csv', file, { defaultCountryCode: '+1' });
    expect(done.summary).toMatchObject({ customers: { created: 1 }, vehicles: { created: 1 }, failedRows: 0 });
    const dana = await testDb().user.findUniqueOrThrow({ where: { email: `dana.${s}@import.test` }, include: { vehicles: true } });
    expect(dana).toMatchObject({ countryCode: '+1', phoneNumber: `415${phone.slice(0, 7)}` });
    expect(dana.vehicles[0]).toMatchObject({ brand: 'Subaru', model: 'Outback', engineType: '2.5L H4', color: 'Green', latestKm: 16093 });
  });

  it('imports an XLSX workbook (first sheet), dates and numbers typed as such', async () => {
    const s = uniqueSuffix();
    const plate = uniquePlate();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['Full name', 'Email', 'Phone', 'Plate', 'Make', 'Model', 'Year', 'Visit date', 'Total']);
    sheet.addRow([
      `Sara Xl${s}`,
      `sara.${s}@import.test`,
      `+961 ${uniquePhone().slice(0, 8)}`,
      plate,
      'BMW',
      'X1',
      2020,
      new Date(Date.UTC(2025, 10, 3)),
      149.9,
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const done = await importFile(app, employee.authHeader, 'clients.xlsx', bytes);
    expect(done).toMatchObject({ format: 'xlsx', phase: 'done' });
    expect(done.summary).toMatchObject({ customers: { created: 1 }, vehicles: { created: 1 }, visits: { created: 1 } });
    const sara = await testDb().user.findUniqueOrThrow({ where: { email: `sara.${s}@import.test` }, include: { visits: true } });
    expect(sara).toMatchObject({ firstName: 'Sara', lastName: `Xl${s}`, countryCode: '+961' });
    expect(sara.visits[0]).toMatchObject({ totalCostCents: 14990 });
    expect(sara.visits[0]!.visitDate.toISOString()).toBe('2025-11-03T00:00:00.000Z');
  });

  it('streams a large file in batches: 3,000 customers with 6,000 vehicles', async () => {
    const s = uniqueSuffix();
    const rows: (string | number)[][] = [['First name', 'Last name', 'Email', 'Phone', 'Plate', 'Make', 'Model', 'Year']];
    for (let i = 0; i < 3000; i++) {
      const phone = `7${s.replace(/\D/g, '').padEnd(4, '1').slice(0, 4)}${String(i).padStart(5, '0')}`;
      for (const v of [0, 1])
        rows.push([
          'Bulk',
          `C${i}x${s}`,
          `bulk.${i}.${s}@import.test`,
          `+44 ${phone}`,
          `B${s}${i}V${v}`,
          'Skoda',
          'Octavia',
          2010 + (i % 15),
        ]);
    }
    const done = await importFile(app, employee.authHeader, 'big.csv', csv(rows), { mode: 'allOrNothing' });
    expect(done).toMatchObject({ phase: 'done', totalRows: 6000, processedRows: 6000 });
    expect(done.summary).toMatchObject({ customers: { created: 3000 }, vehicles: { created: 6000 }, failedRows: 0 });
    expect(await testDb().vehicle.count({ where: { plateNormalized: { startsWith: normalizePlate(`B${s}`) } } })).toBe(6000);
  });

  it('serves CSV and XLSX templates that import as they are', async () => {
    const csvTemplate = await app.inject({ method: 'GET', url: '/backend/data-transfer/template.csv', headers: employee.authHeader });
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.headers['content-disposition']).toBe('attachment; filename="customers-import-template.csv"');
    const uploaded = (await uploadImport(app, employee.authHeader, 'template.csv', csvTemplate.body)).json() as ImportJob;
    expect(uploaded.preset).toBe('template');
    expect(Object.keys(uploaded.suggestedMapping)).toHaveLength(32);
    await step(app, employee.authHeader, uploaded.id, 'validate', { mapping: uploaded.suggestedMapping });
    expect(await settle(app, employee.authHeader, uploaded.id)).toMatchObject({ validRows: 3, invalidRows: 0 });

    const xlsx = await app.inject({ method: 'GET', url: '/backend/data-transfer/template.xlsx', headers: employee.authHeader });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const fromXlsx = (await uploadImport(app, employee.authHeader, 'template.xlsx', xlsx.rawPayload)).json() as ImportJob;
    expect(fromXlsx).toMatchObject({ format: 'xlsx', preset: 'template' });
  });

  it('refuses files it cannot read, and unknown or foreign imports look missing', async () => {
    const binary = await uploadImport(app, employee.authHeader, 'photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/CSV, an XLSX/);
    const empty = await uploadImport(app, employee.authHeader, 'empty.csv', '');
    expect(empty.statusCode).toBe(400);

    const mine = (await uploadImport(app, employee.authHeader, 'mine.csv', csv([HEADER]))).json() as ImportJob;
    const other = await createTestUser('EMPLOYEE');
    const foreign = await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${mine.id}`, headers: other.authHeader });
    const missing = await app.inject({
      method: 'GET',
      url: `/backend/data-transfer/imports/${crypto.randomUUID()}`,
      headers: other.authHeader,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(missing.json().message);
    const unmapped = await step(app, employee.authHeader, mine.id, 'validate', { mapping: {} });
    expect(unmapped.statusCode).toBe(400);
  });

  it("runs the same steps over tRPC, and the import status stays the uploader's own", async () => {
    const s = uniqueSuffix();
    const uploaded = (
      await uploadImport(
        app,
        employee.authHeader,
        'trpc.csv',
        csv([HEADER, ['Tee', `Rpc${s}`, `trpc.${s}@import.test`, '+1', uniquePhone(), '', '', '', '', '', '', '', '', '', '']]),
      )
    ).json() as ImportJob;
    const caller = createCaller(createContextInner(testDeps(), { userId: employee.user.id, roles: ['EMPLOYEE'] }));
    const started = await caller.dataTransfer.runImport({ id: uploaded.id, options: { mapping: uploaded.suggestedMapping } });
    expect(['validating', 'importing']).toContain(started.phase);
    let job = await caller.dataTransfer.importStatus({ id: uploaded.id });
    while (['validating', 'importing'].includes(job.phase)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = await caller.dataTransfer.importStatus({ id: uploaded.id });
    }
    expect(job.summary?.customers.created).toBe(1);
    const clientCaller = createCaller(createContextInner(testDeps(), { userId: client.user.id, roles: ['CLIENT'] }));
    await expect(clientCaller.dataTransfer.importStatus({ id: uploaded.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await caller.dataTransfer.discardImport({ id: uploaded.id });
    await expect(caller.dataTransfer.importStatus({ id: uploaded.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is for staff: a client gets 403 and nobody signed in 401', async () => {
    const file = csv([HEADER]);
    expect((await uploadImport(app, client.authHeader, 'x.csv', file)).statusCode).toBe(403);
    expect((await uploadImport(app, {}, 'x.csv', file)).statusCode).toBe(401);
    const id = crypto.randomUUID();
    expect((await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${id}`, headers: client.authHeader })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/backend/data-transfer/template.csv', headers: client.authHeader })).statusCode).toBe(
      403,
    );
  });
});

// An employee once took over the admin account through an import: a row with the admin's phone and a new
// email, "update duplicates", and the admin's email became the employee's (a password reset then gave an
// admin session). An import creates and changes CLIENT accounts only (users.access.ts), whoever runs it.
describe('an import never matches or changes a staff account', () => {
  const STAFF_HEADER = ['First name', 'Last name', 'Email', 'Country code', 'Phone', 'Language', 'Plate', 'Brand', 'Model', 'Year'];
  let app: App;
  let employee: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [employee, admin] = await Promise.all([createTestUser('EMPLOYEE'), createTestUser('ADMIN')]);
  });
  afterAll(() => app.close());

  const accountOf = (id: string) =>
    testDb().user.findUniqueOrThrow({
      where: { id },
      select: {
        email: true,
        firstName: true,
        lastName: true,
        preferredLanguage: true,
        countryCode: true,
        phoneNumber: true,
        role: true,
        updatedAt: true,
      },
    });

  it("refuses a row with the admin's phone and a new email (employee, update duplicates): row error, admin unchanged", async () => {
    const target = await createMatchableAccount('ADMIN');
    const before = await accountOf(target.id);
    const plate = uniquePlate();
    const file = csv([
      STAFF_HEADER,
      ['Evil', 'Takeover', `thief.${uniqueSuffix()}@import.test`, '+1', target.phoneNumber!, 'fr', plate, 'Honda', 'Civic', 2020],
    ]);

    // All or nothing: the row is invalid, nothing is imported.
    const refused = await importFile(app, employee.authHeader, 'takeover.csv', file, { duplicates: 'update' });
    expect(refused.phase).toBe('failed');
    expect(refused.errors).toEqual([expect.objectContaining({ row: 2, field: 'phoneNumber', message: 'import.staffAccount' })]);
    expect(await accountOf(target.id)).toEqual(before);

    // Valid rows only: still refused, and the row's vehicle is not created either.
    const job = await importFile(app, employee.authHeader, 'takeover.csv', file, { duplicates: 'update', mode: 'validOnly' });
    expect(job.phase).toBe('done');
    expect(job.errors.map((e) => `${e.row}:${e.field}:${e.message}`)).toEqual(['2:phoneNumber:import.staffAccount']);
    expect(job.summary).toMatchObject({ customers: { created: 0, updated: 0, skipped: 0 }, vehicles: { created: 0 }, failedRows: 1 });
    expect(job.duplicates.customers).toBe(0);
    expect(await accountOf(target.id)).toEqual(before);
    expect(await testDb().vehicle.count({ where: { plateNormalized: normalizePlate(plate) } })).toBe(0);
  });

  it("never writes on another customer's vehicle: a row naming customer A with B's plate is a row error, B's vehicle untouched", async () => {
    const [owner, other] = await Promise.all([createMatchableAccount('CLIENT'), createMatchableAccount('CLIENT')]);
    const plate = uniquePlate();
    const vehicle = await testDb().vehicle.create({
      data: {
        ownerId: owner.id,
        type: 'CAR',
        plateNumber: plate,
        plateNormalized: normalizePlate(plate),
        color: 'Blue',
        brand: 'Peugeot',
        model: '208',
        year: 2019,
        engineType: 'Petrol',
        status: 'ACTIVE',
        latestKm: 1000,
      },
    });
    const file = csv([
      HEADER,
      // Customer "other" (matched by email) on the owner's plate, with a visit, an oil change and a reading.
      [
        other.firstName,
        other.lastName,
        other.email!,
        '+1',
        other.phoneNumber!,
        plate,
        'Fiat',
        'Panda',
        2001,
        250000,
        '2026-02-01',
        'Brakes',
        '120.00',
        'Total Quartz',
        250000,
      ],
      // The owner's own row on the same plate still goes in.
      [
        owner.firstName,
        owner.lastName,
        owner.email!,
        '+1',
        owner.phoneNumber!,
        plate,
        'Peugeot',
        '208',
        2019,
        1500,
        '2026-02-02',
        'Service',
        '90.00',
        '',
        '',
      ],
    ]);
    const job = await importFile(app, employee.authHeader, 'plates.csv', file, { duplicates: 'update', mode: 'validOnly' });
    expect(job.phase).toBe('done');
    expect(job.errors.map((e) => `${e.row}:${e.field}:${e.message}`)).toEqual(['2:plateNumber:import.vehicleOfAnotherCustomer']);
    const after = await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } });
    expect(after).toMatchObject({ ownerId: owner.id, brand: 'Peugeot', model: '208', year: 2019, latestKm: 1500 });
    expect(await testDb().visit.count({ where: { customerId: other.id } })).toBe(0);
    expect((await testDb().visit.findMany({ where: { vehicleId: vehicle.id } })).map((v) => [v.customerId, v.name])).toEqual([
      [owner.id, 'Service'],
    ]);
    expect(await testDb().oilChange.count({ where: { vehicleId: vehicle.id } })).toBe(0);
  });

  it('refuses a row matching the admin by email (new phone, new name, new language): row error, admin unchanged', async () => {
    const target = await createMatchableAccount('ADMIN');
    const before = await accountOf(target.id);
    const file = csv([STAFF_HEADER, ['Evil', 'Takeover', target.email!, '+1', uniquePhone(), 'ar', uniquePlate(), 'Honda', 'Civic', 2020]]);
    const job = await importFile(app, employee.authHeader, 'by-email.csv', file, { duplicates: 'update', mode: 'validOnly' });
    expect(job.errors.map((e) => `${e.row}:${e.field}:${e.message}`)).toEqual(['2:email:import.staffAccount']);
    expect(job.summary).toMatchObject({ customers: { created: 0, updated: 0 }, failedRows: 1 });
    expect(await accountOf(target.id)).toEqual(before);
    // "Skip duplicates" must not link the row to the staff account either (its vehicles would be the admin's).
    const skipped = await importFile(app, employee.authHeader, 'by-email.csv', file, { duplicates: 'skip', mode: 'validOnly' });
    expect(skipped.errors.map((e) => e.message)).toEqual(['import.staffAccount']);
    expect(await testDb().vehicle.count({ where: { ownerId: target.id } })).toBe(0);
  });

  it('refuses staff rows when an admin imports too, while a client row of the same file still updates', async () => {
    const [colleague, manager, customer] = await Promise.all([
      createMatchableAccount('EMPLOYEE'),
      createMatchableAccount('MANAGER'),
      createMatchableAccount('CLIENT'),
    ]);
    const [colleagueBefore, managerBefore] = await Promise.all([accountOf(colleague.id), accountOf(manager.id)]);
    const file = csv([
      STAFF_HEADER,
      [
        'Renamed',
        'Colleague',
        `new.${uniqueSuffix()}@import.test`,
        '+1',
        colleague.phoneNumber!,
        'fr',
        uniquePlate(),
        'Honda',
        'Civic',
        2020,
      ],
      ['Renamed', 'Manager', manager.email!, '+1', uniquePhone(), 'fr', uniquePlate(), 'Honda', 'Civic', 2020],
      [
        'Updated',
        'Customer',
        `client.${uniqueSuffix()}@import.test`,
        '+1',
        customer.phoneNumber!,
        'fr',
        uniquePlate(),
        'Honda',
        'Civic',
        2020,
      ],
    ]);
    const job = await importFile(app, admin.authHeader, 'admin.csv', file, { duplicates: 'update', mode: 'validOnly' });
    expect(job.errors.map((e) => `${e.row}:${e.field}:${e.message}`)).toEqual([
      '2:phoneNumber:import.staffAccount',
      '3:email:import.staffAccount',
    ]);
    expect(job.summary).toMatchObject({ customers: { created: 0, updated: 1 }, vehicles: { created: 1 }, failedRows: 2 });
    expect(await accountOf(colleague.id)).toEqual(colleagueBefore);
    expect(await accountOf(manager.id)).toEqual(managerBefore);
    expect(await accountOf(customer.id)).toMatchObject({
      firstName: 'Updated',
      lastName: 'Customer',
      preferredLanguage: 'fr',
      role: 'CLIENT',
      email: expect.stringMatching(/^client\./),
    });
  });

  it('the writer itself refuses a staff match that validation did not see (rows of that customer write nothing)', async () => {
    const target = await createMatchableAccount('ADMIN');
    const before = await accountOf(target.id);
    const plate = uniquePlate();
    const customer = {
      firstName: 'Evil',
      lastName: 'Takeover',
      email: `thief.${uniqueSuffix()}@import.test`,
      countryCode: '+1',
      phoneNumber: target.phoneNumber,
      preferredLanguage: 'fr' as const,
      billing: null,
    };
    const vehicle = {
      plateNumber: plate,
      plateKey: normalizePlate(plate),
      reference: false,
      type: 'CAR' as const,
      color: 'Red',
      brand: 'Honda',
      model: 'Civic',
      year: 2020,
      engineType: 'Petrol',
      status: 'ACTIVE' as const,
      odometerKm: null,
      vin: null,
      trim: null,
      plateRegion: null,
      firstRegistrationDate: null,
      distanceUnit: 'KM' as const,
      unitFromRow: false,
    };
    const units = [
      {
        unit: { row: 2, record: { customer, vehicle, visit: null, oilChange: null }, problems: [], warnings: [] },
        customerKey: 'row:2',
        ownerKey: null,
      },
      {
        unit: { row: 3, record: { customer, vehicle: null, visit: null, oilChange: null }, problems: [], warnings: [] },
        customerKey: 'row:2',
        ownerKey: null,
      },
    ];
    const state: WriterState = { customers: new Map(), vehicles: new Map(), usernames: new Set() };
    const result = await testDb().$transaction((tx) => writeBatch(tx, state, { units, duplicates: 'update', actorId: employee.user.id }));
    expect(result.refused).toEqual([
      { row: 2, field: 'phoneNumber', message: 'import.staffAccount' },
      { row: 3, field: 'phoneNumber', message: 'import.staffAccount' },
    ]);
    expect(result.failedRows).toBe(2);
    expect(result.customers.size).toBe(0);
    expect(await accountOf(target.id)).toEqual(before);
    expect(await testDb().vehicle.count({ where: { plateNormalized: normalizePlate(plate) } })).toBe(0);
  });
});

// Parts catalogue and suppliers (issue #26): one request each, checked then imported; an opening stock is a
// COUNTED movement through the stock core. The shared database: unique part numbers and supplier names.
describe('parts and suppliers import', () => {
  let app: App;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [admin, employee] = await Promise.all([createTestUser('ADMIN'), createTestUser('EMPLOYEE')]);
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    kind: 'parts' | 'suppliers',
    mode: 'check' | 'import',
    filename: string,
    bytes: Buffer | string,
    auth = admin.authHeader,
  ) => {
    const body = multipartFile(filename, bytes);
    return app.inject({
      method: 'POST',
      url: `/backend/data-transfer/catalogue-imports/${kind}?mode=${mode}`,
      headers: { ...body.headers, ...auth },
      payload: body.payload,
    });
  };

  it('checks a parts CSV without writing, then imports the valid rows: created, updated, opening stock, errors by column', async () => {
    const suffix = uniqueSuffix();
    const supplierName = `Import Supplier ${suffix}`;
    // An existing part: its number updates it (name, price), its stock is counted to 7.
    const existing = await testDb().part.create({ data: { partNumber: `IMP-OLD-${suffix}`, name: 'Old name', costCents: 100 } });
    const file = csv([
      ['Part number', 'Name', 'Brand', 'Unit', 'Cost', 'Price', 'Reorder point', 'Supplier', 'On hand', 'Bin'],
      [`IMP-A-${suffix}`, 'Brake pads', 'Bosch', 'Piece', '12.50', '25', '2', supplierName, '4', 'A1'],
      [`IMP-B-${suffix}`, 'Engine oil', '', 'litre', '8,40', '', '', supplierName, '20.5', ''],
      [`IMP-OLD-${suffix}`, 'New name', '', '', '', '3.00', '', '', '7', ''],
      ['', 'No number', '', '', '1', '', '', '', '', ''],
      [`IMP-C-${suffix}`, 'Bad cost', '', '', 'abc', '', '', '', '', ''],
      [`IMP-D-${suffix}`, 'Half a piece', '', 'piece', '1', '', '', '', '2.5', ''],
      [`IMP-E-${suffix}`, 'Bad unit', '', 'barrel', '1', '', '', '', '', ''],
    ]);

    const checked = await send('parts', 'check', 'parts.csv', file);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ kind: 'parts', mode: 'check', rows: 7, validRows: 3, invalidRows: 4, created: 0, updated: 0 });
    expect(await testDb().part.count({ where: { partNumber: { contains: suffix } } })).toBe(1);
    const errors = checked
      .json()
      .errors.map((error: { row: number; field: string; column: string | null }) => [error.row, error.field, error.column]);
    expect(errors).toEqual([
      [5, 'partNumber', 'Part number'],
      [6, 'cost', 'Cost'],
      [7, 'onHand', 'On hand'],
      [8, 'unit', 'Unit'],
    ]);
    expect(checked.json().errors[1].text).toBe('Cost must be a valid number');

    const imported = await send('parts', 'import', 'parts.csv', file);
    expect(imported.json()).toMatchObject({ validRows: 3, invalidRows: 4, created: 2, updated: 1, stockMovements: 3, suppliersCreated: 1 });
    const parts = await testDb().part.findMany({
      where: { partNumber: { contains: suffix } },
      include: { supplier: true, movements: true },
      orderBy: { partNumber: 'asc' },
    });
    const a = parts.find((part) => part.partNumber === `IMP-A-${suffix}`)!;
    expect(a).toMatchObject({
      name: 'Brake pads',
      brand: 'Bosch',
      unit: 'PIECE',
      costCents: 1_250,
      priceCents: 2_500,
      reorderPointMilli: 2_000,
      onHandMilli: 4_000,
      binLocation: 'A1',
    });
    expect(a.supplier?.name).toBe(supplierName);
    expect(a.movements.map((m) => [m.kind, m.quantityMilli, m.onHandAfterMilli, m.reason, m.userId])).toEqual([
      ['COUNTED', 4_000, 4_000, 'opening stock', admin.user.id],
    ]);
    const b = parts.find((part) => part.partNumber === `IMP-B-${suffix}`)!;
    expect(b).toMatchObject({ unit: 'LITRE', costCents: 840, priceCents: null, onHandMilli: 20_500, supplierId: a.supplierId });
    const old = parts.find((part) => part.id === existing.id)!;
    expect(old).toMatchObject({ name: 'New name', costCents: 100, priceCents: 300, onHandMilli: 7_000 });
    expect(parts.map((part) => part.partNumber).sort()).toEqual([`IMP-A-${suffix}`, `IMP-B-${suffix}`, `IMP-OLD-${suffix}`]);

    // Again: the same numbers update, the stock already counted moves no more.
    const again = await send('parts', 'import', 'parts.csv', file);
    expect(again.json()).toMatchObject({ created: 0, updated: 3, stockMovements: 0, suppliersCreated: 0 });
  });

  it('refuses a barcode another part (or an earlier row) has, naming the column', async () => {
    const suffix = uniqueSuffix();
    const taken = newBarcode();
    const fresh = newBarcode();
    await testDb().part.create({ data: { partNumber: `IMB-OWNER-${suffix}`, name: 'Owner', barcode: taken } });
    const file = csv([
      ['Part number', 'Name', 'EAN'],
      [`IMB-1-${suffix}`, 'Takes a used barcode', taken],
      [`IMB-2-${suffix}`, 'First with a new one', fresh],
      [`IMB-3-${suffix}`, 'Second with it', fresh],
      [`IMB-OWNER-${suffix}`, 'Owner renamed', taken],
    ]);
    const response = await send('parts', 'import', 'parts.csv', file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ validRows: 2, invalidRows: 2, created: 1, updated: 1 });
    expect(response.json().errors).toMatchObject([
      { row: 2, field: 'barcode', column: 'EAN', message: 'inventory.barcodeTaken', text: 'Another part already has this barcode' },
      { row: 4, field: 'barcode', column: 'EAN', message: 'inventory.barcodeTaken' },
    ]);
    expect(await testDb().part.findUnique({ where: { barcode: fresh } })).toMatchObject({ partNumber: `IMB-2-${suffix}` });
  });

  it('imports parts from an XLSX workbook', async () => {
    const suffix = uniqueSuffix();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Parts');
    sheet.addRow(['partNumber', 'name', 'unit', 'cost', 'onHand', 'reorderQuantity']);
    sheet.addRow([`IMX-${suffix}`, 'Spark plug', 'PIECE', 3.2, 10, 5]);
    sheet.addRow([`IMX-2-${suffix}`, '', 'PIECE', 1, '', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await send('parts', 'import', 'parts.xlsx', bytes);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rows: 2, validRows: 1, invalidRows: 1, created: 1, stockMovements: 1 });
    expect(response.json().errors).toMatchObject([{ row: 3, field: 'name', column: 'name' }]);
    const part = await testDb().part.findUniqueOrThrow({ where: { partNumber: `IMX-${suffix}` } });
    expect(part).toMatchObject({ name: 'Spark plug', costCents: 320, onHandMilli: 10_000, reorderQuantityMilli: 5_000 });
    expect(await testDb().stockMovement.count({ where: { partId: part.id, kind: 'COUNTED' } })).toBe(1);
  });

  it('imports suppliers by name: new ones created, a known name updated, bad rows reported', async () => {
    const suffix = uniqueSuffix();
    await testDb().supplier.create({ data: { name: `Known ${suffix}`, phone: '111' } });
    const file = csv([
      ['Name', 'Contact', 'Email', 'Phone', 'Lead time days'],
      [`New ${suffix}`, 'Ann', `ann.${suffix}@supplier.test`, '0102', '3'],
      [`KNOWN ${suffix}`, '', '', '999', ''],
      [`Bad ${suffix}`, '', 'not-an-email', '', ''],
    ]);
    const response = await send('suppliers', 'import', 'suppliers.csv', file);
    expect(response.json()).toMatchObject({ rows: 3, validRows: 2, invalidRows: 1, created: 1, updated: 1 });
    expect(response.json().errors).toMatchObject([{ row: 4, field: 'email', column: 'Email' }]);
    const suppliers = await testDb().supplier.findMany({ where: { name: { contains: suffix } }, orderBy: { name: 'asc' } });
    expect(suppliers.map((s) => [s.name, s.contactName, s.phone, s.leadTimeDays])).toEqual([
      [`KNOWN ${suffix}`, null, '999', null],
      [`New ${suffix}`, 'Ann', '0102', 3],
    ]);
  });

  it('is for admins: other staff are refused and nothing is written', async () => {
    const suffix = uniqueSuffix();
    const file = csv([
      ['Part number', 'Name'],
      [`IMP-X-${suffix}`, 'Refused'],
    ]);
    expect((await send('parts', 'import', 'parts.csv', file, employee.authHeader)).statusCode).toBe(403);
    expect(await testDb().part.count({ where: { partNumber: `IMP-X-${suffix}` } })).toBe(0);
    const notATable = await send('parts', 'check', 'parts.bin', Buffer.from([0, 1, 2, 3, 255]));
    expect(notATable.statusCode).toBeGreaterThanOrEqual(400);
    expect(notATable.statusCode).toBeLessThan(500);
  });
});
