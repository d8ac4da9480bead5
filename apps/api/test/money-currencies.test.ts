import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db } from '@garage/db';
import { createIsolatedDatabase, type IsolatedDatabase } from '@garage/db/testing/test-database';
import type { Role } from '@garage/shared';
import type { App } from '../src/app.ts';
import { pdfFormatter } from '../src/lib/pdf/format.ts';
import { signAccessToken } from '../src/session/session.ts';
import { csv, multipartFile } from './data-transfer-fixtures.ts';
import { buildTestApp, TEST_JWT_SECRET } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { unzip } from './zip.ts';

let iso: IsolatedDatabase;
let db: Db;
let app: App;
let admin: { id: string; headers: { authorization: string } };
let paymentId: string;

async function user(role: Role, firstName: string) {
  const row = await db.user.create({ data: { firstName, lastName: 'Kuwait', username: `${firstName.toLowerCase()}_kwd`, role } });
  return { id: row.id, headers: { authorization: `Bearer ${signAccessToken({ userId: row.id, roles: [role] }, TEST_JWT_SECRET)}` } };
}

const rowsOf = (file: Buffer | string): Record<string, string>[] =>
  parse(file.toString().replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true });

beforeAll(async () => {
  iso = await createIsolatedDatabase(inject('databaseUrl'));
  db = createDb(iso.url, { poolSize: 4 });
  app = await buildTestApp({ db });
  await ensureMerchant(db);
  await db.merchant.updateMany({ data: { displayName: 'Garage Kuwait', currency: 'KWD', timezone: 'Asia/Kuwait' } });
  admin = await user('ADMIN', 'Admin');
  const customer = await user('CLIENT', 'Fahad');
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: 'KW 12345',
      plateNormalized: 'KW12345',
      color: 'White',
      brand: 'Toyota',
      model: 'Land Cruiser',
      year: 2022,
      engineType: 'Petrol',
    },
  });
  const at = new Date('2026-03-10T09:00Z');
  const visit = await db.visit.create({
    data: {
      name: 'Brakes',
      customerId: customer.id,
      vehicleId: vehicle.id,
      visitDate: at,
      createdAt: at,
      dueDate: at,
      status: 'COMPLETED',
      totalCostCents: 12_345,
      paidCents: 12_345,
      paymentStatus: 'PAID',
    },
  });
  await db.task.create({
    data: { visitId: visit.id, title: 'Brake pads', service: 'REPAIR', status: 'COMPLETED', costCents: 5_000, soldForCents: 12_345 },
  });
  const payment = await db.payment.create({
    data: { visitId: visit.id, amountCents: 12_345, method: 'CASH', status: 'SUCCESS', createdAt: at },
  });
  paymentId = payment.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await iso?.drop();
});

describe('a KWD shop (3 decimals)', () => {
  it('exports 12345 fils as 12.345 in the CSV files, beside the currency', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/data-transfer/export', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const zip = await unzip(response.rawPayload);
    const [task] = rowsOf(zip.get('tasks.csv')!);
    expect(task).toMatchObject({ title: 'Brake pads', soldFor: '12.345', cost: '5.000', currency: 'KWD' });
    const [visit] = rowsOf(zip.get('visits.csv')!);
    expect(visit).toMatchObject({ totalCost: '12.345', paid: '12.345', currency: 'KWD' });
    const [payment] = rowsOf(zip.get('payments.csv')!);
    expect(payment).toMatchObject({ amount: '12.345', currency: 'KWD' });
  });

  const download = (format: 'csv' | 'xlsx' | 'pdf') =>
    app.inject({
      method: 'GET',
      url: `/backend/reports/repair?format=${format}&from=2026-03-01&to=2026-03-31&lang=en`,
      headers: admin.headers,
    });

  it('writes 12.345 in a report’s CSV and XLSX, with three decimals in the cell format', async () => {
    const csvFile = await download('csv');
    expect(csvFile.statusCode).toBe(200);
    const [row] = rowsOf(csvFile.body);
    expect(row).toMatchObject({ 'Billed (KWD)': '12.345', 'Paid (KWD)': '12.345' });

    const xlsxFile = await download('xlsx');
    expect(xlsxFile.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsxFile.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const billed = sheet.getRow(2).getCell(header.indexOf('Billed (KWD)'));
    expect(billed.value).toBe(12.345);
    expect(billed.numFmt).toBe('#,##0.000');
  });

  it('prints 12.345 in a report’s PDF', async () => {
    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('12.345');
    expect(text).not.toContain('123.45');
  });

  it('reads "12.345" in an imported parts catalogue as 12345 fils', async () => {
    const body = multipartFile(
      'parts.csv',
      csv([
        ['Part number', 'Name', 'Unit', 'Cost', 'Price'],
        ['KW-PADS', 'Brake pads', 'Piece', '7.5', '12.345'],
      ]),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/backend/data-transfer/catalogue-imports/parts?mode=import',
      headers: { ...body.headers, ...admin.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, invalidRows: 0 });
    expect(await db.part.findFirstOrThrow({ where: { partNumber: 'KW-PADS' }, select: { costCents: true, priceCents: true } })).toEqual({
      costCents: 7_500,
      priceCents: 12_345,
    });
  });

  it('names what is left to refund with three decimals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/backend/payments/${paymentId}/refund`,
      headers: admin.headers,
      payload: { amountCents: 12_346 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrorCodes.amountCents[0]).toMatchObject({ code: 'maxValue', params: { maxValue: '12.345' } });
  });
});

describe('PDF amounts in the currency’s decimals', () => {
  it('prints three decimals for KWD, none for JPY and two for EUR, whole or not', () => {
    expect(pdfFormatter('en', 'KWD', 'UTC').money(12_345)).toMatch(/12\.345/);
    expect(pdfFormatter('en', 'KWD', 'UTC').money(12_000)).toMatch(/12\.000/);
    expect(pdfFormatter('en', 'JPY', 'UTC').money(1_500)).toBe('¥1,500');
    expect(pdfFormatter('en', 'EUR', 'UTC').money(1_200)).toBe('€12.00');
    expect(pdfFormatter('fr', 'OMR', 'UTC').money(5)).toMatch(/^0,005/);
  });
});
