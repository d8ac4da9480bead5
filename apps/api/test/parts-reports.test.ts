// The five parts reports (issue #26) on a database of their own: valuation, slow movers and movements read
// every part, so the shared test database (other files' parts) would make their figures unknowable. Stock
// moves through the stock core (receipts, a completed task's lines settled to USED); the movements are then
// dated by hand into March 2025. Shop in UTC, euros. Figures worked out by hand below each fixture step.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db, type Prisma } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import { REPORTS, type ReportKind, type ReportRow, type Role } from '@garage/shared';
import type { App } from '../src/app.ts';
import { lockPart, recordMovement, syncTaskStock } from '../src/modules/stock/stock.service.ts';
import { signAccessToken } from '../src/session/session.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, testDb, testDeps, TEST_JWT_SECRET } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

const NAME = `garage_parts_reports_${randomUUID().slice(0, 8)}`;
let db: Db;
let app: App;

function urlFor(name: string): string {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function user(role: Role, data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  const row = await db.user.create({
    data: { firstName: 'Staff', lastName: 'Member', username: `u${randomUUID().slice(0, 8)}`, role, ...data },
  });
  const token = signAccessToken({ userId: row.id, roles: [role] }, TEST_JWT_SECRET);
  return {
    ...row,
    headers: { authorization: `Bearer ${token}` },
    caller: createCaller(createContextInner(testDeps({ db }), { userId: row.id, roles: [role] })),
  };
}

let admin: Awaited<ReturnType<typeof user>>;
let employee: Awaited<ReturnType<typeof user>>;
let client: Awaited<ReturnType<typeof user>>;

const part = (partNumber: string, name: string, unit: Prisma.PartCreateInput['unit'] = 'PIECE') =>
  db.part.create({ data: { partNumber, name, unit, category: 'Workshop' } });

/** A receipt through the stock core, dated `at`. */
async function receive(partId: string, quantity: number, unitCostCents: number, at: string, purchaseOrderId: string | null = null) {
  await db.$transaction(async (tx) => {
    const locked = await lockPart(tx, partId);
    await recordMovement(tx, locked, {
      kind: 'RECEIVED',
      quantityMilli: quantity * 1000,
      unitCostCents,
      purchaseOrderId,
      userId: admin.id,
    });
  });
  await db.stockMovement.updateMany({ where: { partId, createdAt: { gt: new Date('2026-01-01') } }, data: { createdAt: new Date(at) } });
}

type LineSpec = { kind: 'PART' | 'LABOUR'; partId?: string; quantity: number; unitPriceCents: number };

/** A visit with one task completed at `at`, its lines settled by the stock core (USED movements), dated `at`. */
async function completedTask(visitName: string, title: string, at: string, lines: LineSpec[]) {
  const customer = await user('CLIENT', { firstName: 'Carl', lastName: 'Client' });
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: `P-${randomUUID().slice(0, 6)}`,
      plateNormalized: randomUUID().slice(0, 8),
      color: 'Red',
      brand: 'Renault',
      model: 'Clio',
      year: 2019,
      engineType: 'Petrol',
    },
  });
  const when = new Date(at);
  const visit = await db.visit.create({
    data: {
      name: visitName,
      customerId: customer.id,
      vehicleId: vehicle.id,
      visitDate: when,
      dueDate: when,
      status: 'COMPLETED',
      totalCostCents: 0,
      paidCents: 0,
      paymentStatus: 'UNPAID',
    },
  });
  const task = await db.task.create({
    data: { visitId: visit.id, title, service: 'REPAIR', status: 'COMPLETED', soldForCents: 0, completedOn: when },
  });
  for (const [index, line] of lines.entries()) {
    const quantityMilli = Math.round(line.quantity * 1000);
    await db.taskLine.create({
      data: {
        taskId: task.id,
        position: index + 1,
        kind: line.kind,
        description: `${line.kind} ${index + 1}`,
        partId: line.partId ?? null,
        quantityMilli,
        unitPriceCents: line.unitPriceCents,
        totalCents: Math.floor((quantityMilli * line.unitPriceCents + 500) / 1000),
      },
    });
  }
  await db.$transaction((tx) => syncTaskStock(tx, task.id, admin.id));
  const used = await db.stockMovement.findMany({ where: { taskLine: { taskId: task.id } }, orderBy: { id: 'asc' } });
  // One minute apart, so the movements report's order is the lines' order.
  for (const [index, movement] of used.entries())
    await db.stockMovement.update({ where: { id: movement.id }, data: { createdAt: new Date(when.getTime() + index * 60_000) } });
}

beforeAll(async () => {
  await testDb().$executeRawUnsafe(`CREATE DATABASE "${NAME}"`);
  await migrateDatabase(urlFor(NAME));
  db = createDb(urlFor(NAME), { poolSize: 4 });
  app = await buildTestApp({ db });
  await ensureMerchant(db);
  await db.merchant.updateMany({ data: { displayName: 'Garage Atlas', currency: 'EUR', timezone: 'UTC' } });
  admin = await user('ADMIN', { firstName: 'Ada', lastName: 'Admin' });
  employee = await user('EMPLOYEE');
  client = await user('CLIENT');

  const acme = await db.supplier.create({ data: { name: 'Acme Parts' } });
  const bolt = await db.supplier.create({ data: { name: 'Bolt Supply' } });
  await db.supplier.create({ data: { name: 'Idle Supplier' } });
  const brakes = await part('BRK-1', 'Brake pads');
  const oil = await part('OIL-5W30', 'Engine oil', 'LITRE');
  const plugs = await part('SPK-9', 'Spark plug');
  const filter = await part('FLT-2', 'Oil filter');
  await part('ARC-0', 'Old part with no stock');

  // Acme: sent 2 March, 10 brake pads at 20.00, 4 received on 3 March (ordered 200.00, received 80.00,
  // outstanding 6 x 20.00 = 120.00).
  const order = await db.purchaseOrder.create({
    data: {
      number: 'PO-2025-0001',
      supplierId: acme.id,
      status: 'PARTLY_RECEIVED',
      sentAt: new Date('2025-03-02T08:00Z'),
      lines: { create: [{ position: 1, partId: brakes.id, quantityMilli: 10_000, receivedMilli: 4_000, unitCostCents: 2_000 }] },
    },
  });
  // Bolt: sent in February (not counted as sent in March), nothing received: outstanding 5 x 10.00 = 50.00;
  // a draft counts for nothing.
  await db.purchaseOrder.create({
    data: {
      number: 'PO-2025-0002',
      supplierId: bolt.id,
      status: 'SENT',
      sentAt: new Date('2025-02-20T08:00Z'),
      lines: { create: [{ position: 1, partId: plugs.id, quantityMilli: 5_000, receivedMilli: 0, unitCostCents: 1_000 }] },
    },
  });
  await db.purchaseOrder.create({
    data: {
      number: 'PO-2025-0003',
      supplierId: bolt.id,
      lines: { create: [{ position: 1, partId: plugs.id, quantityMilli: 9_000, unitCostCents: 1_000 }] },
    },
  });

  await receive(filter.id, 5, 1_000, '2024-10-01T09:00Z');
  await completedTask('November service', 'Filter', '2024-11-15T10:00Z', [
    { kind: 'PART', partId: filter.id, quantity: 1, unitPriceCents: 2_500 },
  ]);
  await receive(plugs.id, 10, 300, '2025-01-05T09:00Z');
  await receive(brakes.id, 4, 2_000, '2025-03-03T09:00Z', order.id);
  await receive(oil.id, 20, 800, '2025-03-04T09:00Z');
  // March: 2 pads sold 35.00 each (70.00, cost 40.00), 4.5 l of oil at 15.00 (67.50, cost 36.00), 1.5 h labour at 60.00 (90.00).
  await completedTask('Brakes and oil', 'Brakes', '2025-03-10T10:00Z', [
    { kind: 'PART', partId: brakes.id, quantity: 2, unitPriceCents: 3_500 },
    { kind: 'PART', partId: oil.id, quantity: 4.5, unitPriceCents: 1_500 },
    { kind: 'LABOUR', quantity: 1.5, unitPriceCents: 6_000 },
  ]);
  // April: one more pad (outside March).
  await completedTask('April brakes', 'Brakes', '2025-04-02T10:00Z', [
    { kind: 'PART', partId: brakes.id, quantity: 1, unitPriceCents: 3_500 },
  ]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
});

const MARCH = { from: '2025-03-01', to: '2025-03-31' };
const query = (filters: Record<string, string>) => new URLSearchParams(filters).toString();
const download = (kind: ReportKind, format: 'csv' | 'xlsx' | 'pdf' | 'json', filters: Record<string, string>, headers = admin.headers) =>
  app.inject({ method: 'GET', url: `/backend/reports/${kind}?${query({ ...filters, format })}`, headers });
const preview = (kind: ReportKind, filters: Record<string, string | number> = {}) =>
  admin.caller.reports.preview({ report: kind, ...filters });
const totalsOf = (found: { totals: { key: string; value: number }[] }) =>
  Object.fromEntries(found.totals.map((total) => [total.key, total.value]));

const EXPECTED: Partial<Record<ReportKind, { filters: Record<string, string>; rows: ReportRow[]; totals: Record<string, number> }>> = {
  'parts-sales': {
    filters: MARCH,
    rows: [
      { partNumber: 'BRK-1', name: 'Brake pads', quantity: 2, sales: 7_000, cost: 4_000, profit: 3_000, margin: 42.86 },
      { partNumber: 'OIL-5W30', name: 'Engine oil', quantity: 4.5, sales: 6_750, cost: 3_600, profit: 3_150, margin: 46.67 },
    ],
    // 6,150 / 13,750 = 44.727 %.
    totals: { parts: 2, sales: 13_750, cost: 7_600, profit: 6_150, margin: 44.73, labourHours: 1.5, labourSales: 9_000 },
  },
  'inventory-valuation': {
    filters: {},
    rows: [
      { partNumber: 'BRK-1', name: 'Brake pads', category: 'Workshop', unit: 'Piece', onHand: 1, cost: 2_000, value: 2_000 },
      { partNumber: 'FLT-2', name: 'Oil filter', category: 'Workshop', unit: 'Piece', onHand: 4, cost: 1_000, value: 4_000 },
      { partNumber: 'OIL-5W30', name: 'Engine oil', category: 'Workshop', unit: 'Litre', onHand: 15.5, cost: 800, value: 12_400 },
      { partNumber: 'SPK-9', name: 'Spark plug', category: 'Workshop', unit: 'Piece', onHand: 10, cost: 300, value: 3_000 },
    ],
    totals: { parts: 4, value: 21_400 },
  },
  'slow-movers': {
    filters: MARCH,
    rows: [
      { partNumber: 'SPK-9', name: 'Spark plug', lastUsed: null, unit: 'Piece', onHand: 10, cost: 300, value: 3_000 },
      { partNumber: 'FLT-2', name: 'Oil filter', lastUsed: '2024-11-15', unit: 'Piece', onHand: 4, cost: 1_000, value: 4_000 },
    ],
    totals: { parts: 2, value: 7_000 },
  },
  'stock-movements': {
    filters: MARCH,
    rows: [
      {
        date: '2025-03-03T09:00',
        partNumber: 'BRK-1',
        name: 'Brake pads',
        kind: 'Received',
        quantity: 4,
        unitCost: 2_000,
        onHandAfter: 4,
        reason: null,
        reference: 'PO-2025-0001',
        user: 'Ada Admin',
      },
      {
        date: '2025-03-04T09:00',
        partNumber: 'OIL-5W30',
        name: 'Engine oil',
        kind: 'Received',
        quantity: 20,
        unitCost: 800,
        onHandAfter: 20,
        reason: null,
        reference: null,
        user: 'Ada Admin',
      },
      {
        date: '2025-03-10T10:00',
        partNumber: 'BRK-1',
        name: 'Brake pads',
        kind: 'Used',
        quantity: -2,
        unitCost: 2_000,
        onHandAfter: 2,
        reason: null,
        reference: 'Brakes and oil · Brakes',
        user: 'Ada Admin',
      },
      {
        date: '2025-03-10T10:01',
        partNumber: 'OIL-5W30',
        name: 'Engine oil',
        kind: 'Used',
        quantity: -4.5,
        unitCost: 800,
        onHandAfter: 15.5,
        reason: null,
        reference: 'Brakes and oil · Brakes',
        user: 'Ada Admin',
      },
    ],
    totals: { movements: 4, valueIn: 24_000, valueOut: 7_600 },
  },
  'purchases-by-supplier': {
    filters: MARCH,
    rows: [
      { supplier: 'Acme Parts', orders: 1, ordered: 20_000, received: 8_000, outstanding: 12_000 },
      { supplier: 'Bolt Supply', orders: 0, ordered: 0, received: 0, outstanding: 5_000 },
    ],
    totals: { orders: 1, ordered: 20_000, received: 8_000, outstanding: 17_000 },
  },
};
const KINDS = Object.keys(EXPECTED) as ReportKind[];

/** The row's cells in the definition's columns (the preview may carry helper values the files leave out). */
const cellsOf = (kind: ReportKind, row: ReportRow) =>
  Object.fromEntries(REPORTS[kind].columns.map((column) => [column.key, row[column.key]]));

describe('parts reports: rows and totals', () => {
  it.each(KINDS)('%s: the preview gives the fixture rows and totals', async (kind) => {
    const { filters, rows, totals } = EXPECTED[kind]!;
    const found = await preview(kind, filters);
    expect(found.rows.map((row) => cellsOf(kind, row))).toEqual(rows);
    expect(totalsOf(found)).toEqual(totals);
  });

  it('counts only the lines of tasks completed in the period', async () => {
    const april = await preview('parts-sales', { from: '2025-04-01', to: '2025-04-30' });
    expect(april.rows.map((row) => cellsOf('parts-sales', row))).toEqual([
      { partNumber: 'BRK-1', name: 'Brake pads', quantity: 1, sales: 3_500, cost: 2_000, profit: 1_500, margin: 42.86 },
    ]);
    expect(totalsOf(april)).toMatchObject({ labourHours: 0, labourSales: 0 });
    const always = await preview('parts-sales');
    expect(totalsOf(always)).toMatchObject({ parts: 3, sales: 13_750 + 3_500 + 2_500, labourHours: 1.5 });
  });

  it('slow movers: days before the period end when the period has no start', async () => {
    // Up to 31 March, 30 days: nothing used since 2 March: the plugs and the filter.
    const march = await preview('slow-movers', { to: '2025-03-31', days: 30 });
    expect(march.rows.map((row) => row.partNumber)).toEqual(['SPK-9', 'FLT-2']);
    // Up to 30 April, 10 days: the oil (10 March) and the pads (2 April) too, least recently used last.
    const april = await preview('slow-movers', { to: '2025-04-30', days: 10 });
    expect(april.rows.map((row) => [row.partNumber, row.lastUsed])).toEqual([
      ['SPK-9', null],
      ['FLT-2', '2024-11-15'],
      ['OIL-5W30', '2025-03-10'],
      ['BRK-1', '2025-04-02'],
    ]);
    // Today, 90 days by default: every part holding stock.
    expect(totalsOf(await preview('slow-movers'))).toEqual({ parts: 4, value: 21_400 });
    await expect(preview('slow-movers', { days: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers in French and Arabic: headers and words', async () => {
    const french = await preview('stock-movements', { ...MARCH, lang: 'fr' });
    expect(french.columns.map((column) => column.label)).toContain('Mouvement');
    expect(french.rows.map((row) => row.kind)).toEqual(['Reçu', 'Reçu', 'Utilisé', 'Utilisé']);
    const arabic = await preview('inventory-valuation', { lang: 'ar' });
    expect(arabic.title).toBe('تقييم المخزون');
    expect(arabic.rows.map((row) => row.unit)).toContain('لتر');
  });
});

describe('parts reports: files', () => {
  it.each(KINDS)('%s: the CSV parses back to the rows', async (kind) => {
    const { filters, rows } = EXPECTED[kind]!;
    const response = await download(kind, 'csv', filters);
    expect(response.statusCode).toBe(200);
    const [head, ...body] = parse(response.body, { bom: true }) as string[][];
    expect(head).toEqual(REPORTS[kind].columns.map((column) => (column.type === 'money' ? `${column.label.en} (EUR)` : column.label.en)));
    expect(body).toEqual(
      rows.map((row) =>
        REPORTS[kind].columns.map((column) => {
          const value = row[column.key];
          if (value === null || value === undefined) return '';
          return column.type === 'money' ? (Number(value) / 100).toFixed(2) : String(value);
        }),
      ),
    );
  });

  it('the XLSX holds quantities with their decimals, money in euros and the totals', async () => {
    const response = await download('parts-sales', 'xlsx', MARCH);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
      values.push(Array.from({ length: Math.max(row.cellCount, 1) }, (_, index) => row.getCell(index + 1).value ?? null));
    });
    expect(values[1]).toEqual(['BRK-1', 'Brake pads', 2, 70, 40, 30, 42.86]);
    expect(values[2]).toEqual(['OIL-5W30', 'Engine oil', 4.5, 67.5, 36, 31.5, 46.67]);
    const totals = values.slice(5).map((cells) => cells[1]);
    expect(totals).toEqual([2, 137.5, 76, 61.5, 44.73, 1.5, 90]);
  });

  it('the PDF prints the title, rows and totals', async () => {
    const response = await download('inventory-valuation', 'pdf', {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    for (const expected of ['Inventory valuation', 'BRK-1', 'OIL-5W30', 'Engine oil', '15.5', 'Stock value', '214.00'])
      expect(text).toContain(expected);
  });
});

describe('parts reports: access', () => {
  it('are for admins only: staff and clients are refused over REST and tRPC', async () => {
    for (const kind of KINDS) {
      for (const format of ['csv', 'json'] as const) {
        expect((await download(kind, format, {}, employee.headers)).statusCode).toBe(403);
        expect((await download(kind, format, {}, client.headers)).statusCode).toBe(403);
      }
      await expect(employee.caller.reports.preview({ report: kind })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // The shop reports stay open to every staff member.
    expect((await download('repair', 'json', {}, employee.headers)).statusCode).toBe(200);
  });
});
