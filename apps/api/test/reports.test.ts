// The ten staff reports on a database of their own (the shared test database holds rows other files add):
// each report's rows and totals on a hand-built fixture, the CSV and XLSX downloads parsed back to the same
// rows, the PDF's extracted text, and that only staff can read any of them. Shop in Paris, euros; the period
// is March 2025 in Paris time, so a visit at 00:30 on 1 March (23:30 UTC the day before) is inside it and one
// at 00:30 on 1 April is not.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, ensureMerchant, type Db, type Prisma } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import { REPORT_KINDS, REPORT_LIMITS, REPORTS, type ReportKind, type ReportRow, type Role } from '@garage/shared';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, testDb, testDeps, TEST_JWT_SECRET } from './helpers.ts';
import { pdfPageCount, pdfText as extractText } from './pdf-text.ts';

/** A PDF's text with runs of white space as one space (a table cell may wrap its words over lines). */
const pdfText = (pdf: Buffer) => extractText(pdf).replace(/\s+/g, ' ');

const NAME = `garage_reports_${randomUUID().slice(0, 8)}`;
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

let staff: Awaited<ReturnType<typeof user>>;
let alice: Awaited<ReturnType<typeof user>>;
let bob: Awaited<ReturnType<typeof user>>;
const ids: Record<string, string> = {};

type TaskSpec = {
  title: string;
  service: 'REPAIR' | 'MAINTENANCE' | 'INSPECTION';
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';
  cost: number;
  soldFor: number;
};
type PaymentSpec = {
  amount: number;
  method: 'CASH' | 'CREDIT_CARD' | 'BANK_TRANSFER';
  status: 'SUCCESS' | 'FAILED' | 'REFUNDED';
  at: string;
};

async function visit(
  customerId: string,
  vehicleId: string,
  spec: {
    name: string;
    at: string;
    status: Prisma.VisitUncheckedCreateInput['status'];
    total: number;
    paid: number;
    paymentStatus: Prisma.VisitUncheckedCreateInput['paymentStatus'];
    tasks: TaskSpec[];
    payments?: PaymentSpec[];
  },
) {
  const at = new Date(spec.at);
  const row = await db.visit.create({
    data: {
      name: spec.name,
      customerId,
      vehicleId,
      visitDate: at,
      createdAt: at,
      dueDate: at,
      status: spec.status,
      totalCostCents: spec.total,
      paidCents: spec.paid,
      paymentStatus: spec.paymentStatus,
    },
  });
  // One at a time, so ids (UUIDv7) follow the order written here.
  for (const task of spec.tasks) {
    await db.task.create({
      data: {
        visitId: row.id,
        title: task.title,
        service: task.service,
        status: task.status,
        costCents: task.cost,
        soldForCents: task.soldFor,
        createdAt: at,
        completedOn: task.status === 'COMPLETED' ? at : null,
      },
    });
  }
  for (const payment of spec.payments ?? []) {
    await db.payment.create({
      data: {
        visitId: row.id,
        amountCents: payment.amount,
        method: payment.method,
        status: payment.status,
        createdAt: new Date(payment.at),
      },
    });
  }
  return row;
}

beforeAll(async () => {
  await testDb().$executeRawUnsafe(`CREATE DATABASE "${NAME}"`);
  await migrateDatabase(urlFor(NAME));
  db = createDb(urlFor(NAME), { poolSize: 6 });
  app = await buildTestApp({ db });
  await ensureMerchant(db);
  await db.merchant.updateMany({ data: { displayName: 'Garage Atlas', currency: 'EUR', timezone: 'Europe/Paris' } });

  staff = await user('EMPLOYEE');
  alice = await user('CLIENT', {
    firstName: 'Alice',
    lastName: 'Martin',
    email: 'alice@example.test',
    countryCode: '+33',
    phoneNumber: '612345678',
    createdAt: new Date('2024-05-02T10:00Z'),
  });
  bob = await user('CLIENT', { firstName: 'Bob', lastName: 'Zed', createdAt: new Date('2024-06-01T10:00Z') });
  const vehicle = (ownerId: string, plate: string, data: Partial<Prisma.VehicleUncheckedCreateInput>) =>
    db.vehicle.create({
      data: {
        ownerId,
        type: 'CAR',
        plateNumber: plate,
        plateNormalized: plate.replace(/\W/g, ''),
        color: 'Red',
        brand: 'Renault',
        model: 'Clio',
        year: 2019,
        engineType: 'Petrol',
        ...data,
      },
    });
  const a1 = await vehicle(alice.id, 'AA-111', { latestKm: 50_000 });
  const b1 = await vehicle(bob.id, 'BB-222', { type: 'VAN', brand: 'Peugeot', model: 'Partner', year: 2016, latestKm: 80_000 });
  Object.assign(ids, { a1: a1.id, b1: b1.id });

  await visit(alice.id, a1.id, {
    name: 'Brakes and service',
    at: '2025-03-10T09:00Z',
    status: 'COMPLETED',
    total: 40_000,
    paid: 40_000,
    paymentStatus: 'PAID',
    tasks: [
      { title: 'Brake pads', service: 'REPAIR', status: 'COMPLETED', cost: 20_000, soldFor: 30_000 },
      { title: 'Service', service: 'MAINTENANCE', status: 'COMPLETED', cost: 5_000, soldFor: 10_000 },
    ],
    payments: [
      { amount: 40_000, method: 'CREDIT_CARD', status: 'FAILED', at: '2025-03-10T10:00Z' },
      { amount: 40_000, method: 'CASH', status: 'SUCCESS', at: '2025-03-10T11:00Z' },
    ],
  });
  await db.oilChange.create({
    data: {
      vehicleId: a1.id,
      oilName: 'Total Quartz',
      oilType: '5W-30',
      currentKm: 50_000,
      nextChangeKm: 60_000,
      filterChanged: true,
      createdAt: new Date('2025-03-10T09:30Z'),
    },
  });
  await visit(alice.id, a1.id, {
    // A name a spreadsheet would run as a formula.
    name: '=Clutch',
    at: '2025-03-20T09:00Z',
    status: 'IN_PROGRESS',
    total: 20_000,
    paid: 10_000,
    paymentStatus: 'PARTIALLY_PAID',
    tasks: [
      { title: 'Clutch', service: 'REPAIR', status: 'IN_PROGRESS', cost: 12_000, soldFor: 20_000 },
      { title: 'Check', service: 'INSPECTION', status: 'CANCELLED', cost: 2_000, soldFor: 5_000 },
    ],
    payments: [
      { amount: 15_000, method: 'CREDIT_CARD', status: 'SUCCESS', at: '2025-03-20T10:00Z' },
      { amount: 5_000, method: 'CREDIT_CARD', status: 'REFUNDED', at: '2025-03-21T10:00Z' },
    ],
  });
  // 00:30 on 1 April in Paris: outside March.
  await visit(bob.id, b1.id, {
    name: 'Noise',
    at: '2025-03-31T22:30Z',
    status: 'PENDING',
    total: 15_000,
    paid: 0,
    paymentStatus: 'UNPAID',
    tasks: [{ title: 'Find noise', service: 'REPAIR', status: 'PENDING', cost: 0, soldFor: 15_000 }],
  });
  // 00:30 on 1 March in Paris: inside March.
  await visit(bob.id, b1.id, {
    name: 'Yearly service',
    at: '2025-02-28T23:30Z',
    status: 'COMPLETED',
    total: 8_000,
    paid: 8_000,
    paymentStatus: 'PAID',
    tasks: [{ title: 'Service', service: 'MAINTENANCE', status: 'COMPLETED', cost: 3_000, soldFor: 8_000 }],
    payments: [{ amount: 8_000, method: 'BANK_TRANSFER', status: 'SUCCESS', at: '2025-03-01T10:00Z' }],
  });
  await db.oilChange.create({
    data: {
      vehicleId: b1.id,
      oilName: 'Castrol',
      oilType: '10W-40',
      currentKm: 80_000,
      nextChangeKm: 90_000,
      createdAt: new Date('2025-04-05T09:00Z'),
    },
  });
  // Oil changes in 2023: more rows than one cursor batch, and than a PDF prints.
  await db.oilChange.createMany({
    data: Array.from({ length: BULK }, (_, index) => ({
      vehicleId: b1.id,
      oilName: `Bulk ${index}`,
      oilType: '5W-30',
      currentKm: index,
      nextChangeKm: index + 10_000,
      createdAt: new Date(Date.UTC(2023, 0, 1) + index * 3_600_000),
    })),
  });

  // Web analytics rollups (the rollups' zone is UTC in this database).
  const daily = (day: string, dimension: string, value: string, views: number, entries: number) => ({
    area: 'public',
    dimension,
    day: new Date(`${day}T00:00:00Z`),
    value,
    views,
    entries,
  });
  await db.pageViewDaily.createMany({
    data: [
      daily('2025-03-01', 'total', '', 10, 4),
      daily('2025-03-02', 'total', '', 5, 2),
      daily('2025-03-01', 'device', 'desktop', 6, 0),
      daily('2025-03-02', 'device', 'desktop', 3, 0),
      daily('2025-03-01', 'device', 'mobile', 4, 0),
      daily('2025-03-02', 'device', 'mobile', 2, 0),
      daily('2025-03-01', 'browser', 'Chrome', 12, 0),
      daily('2025-03-02', 'browser', 'Firefox', 3, 0),
      daily('2025-03-01', 'page', '/', 8, 5),
      daily('2025-03-02', 'page', '/all-services', 7, 1),
    ],
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
});

const BULK = REPORT_LIMITS.pdfMaxRows + 100;
/**
 * The reports of this file; the admin-only parts reports (issue #26) have theirs in parts-reports.test.ts, the
 * accounting reports (issue #27) in fiscal-journal.test.ts.
 */
type StaffReportKind = Exclude<
  ReportKind,
  'parts-sales' | 'inventory-valuation' | 'slow-movers' | 'stock-movements' | 'purchases-by-supplier' | 'revenue-net' | 'tax-collected'
>;
const STAFF_REPORT_KINDS = REPORT_KINDS.filter((kind): kind is StaffReportKind => !REPORTS[kind].adminOnly);
const MARCH = { from: '2025-03-01', to: '2025-03-31' } as const;

/** Every report's expected rows (English words) and totals on the fixture, worked out by hand. */
function expected(): Record<StaffReportKind, { filters: Record<string, string>; rows: ReportRow[]; totals: Record<string, number> }> {
  return {
    'car-files': {
      filters: { vehicleId: ids.a1! },
      rows: [
        { date: '2025-03-10', entry: 'Visit', description: 'Brakes and service', status: 'Completed', km: null, amount: 40_000 },
        { date: '2025-03-10', entry: 'Task', description: 'Brake pads', status: 'Completed', km: null, amount: 30_000 },
        { date: '2025-03-10', entry: 'Task', description: 'Service', status: 'Completed', km: null, amount: 10_000 },
        { date: '2025-03-10', entry: 'Oil change', description: 'Total Quartz · 5W-30', status: null, km: 50_000, amount: null },
        { date: '2025-03-10', entry: 'Payment', description: 'Credit card', status: 'Failed', km: null, amount: 40_000 },
        { date: '2025-03-10', entry: 'Payment', description: 'Cash', status: 'Successful', km: null, amount: 40_000 },
        { date: '2025-03-20', entry: 'Visit', description: '=Clutch', status: 'In progress', km: null, amount: 20_000 },
        { date: '2025-03-20', entry: 'Task', description: 'Clutch', status: 'In progress', km: null, amount: 20_000 },
        { date: '2025-03-20', entry: 'Task', description: 'Check', status: 'Cancelled', km: null, amount: 5_000 },
        { date: '2025-03-20', entry: 'Payment', description: 'Credit card', status: 'Successful', km: null, amount: 15_000 },
        { date: '2025-03-21', entry: 'Refund', description: 'Credit card', status: 'Refunded', km: null, amount: -5_000 },
      ],
      totals: { visits: 2, tasks: 4, oilChanges: 1, billed: 60_000, paid: 50_000 },
    },
    clients: {
      filters: MARCH,
      rows: [
        {
          name: 'Alice Martin',
          phone: '+33 612345678',
          email: 'alice@example.test',
          joined: '2024-05-02',
          vehicles: 1,
          visits: 2,
          billed: 60_000,
          paid: 50_000,
          balance: 10_000,
        },
        {
          name: 'Bob Zed',
          phone: null,
          email: null,
          joined: '2024-06-01',
          vehicles: 1,
          visits: 1,
          billed: 8_000,
          paid: 8_000,
          balance: 15_000,
        },
      ],
      totals: { clients: 2, visits: 3, billed: 68_000, paid: 58_000, balance: 25_000 },
    },
    vehicles: {
      filters: MARCH,
      rows: [
        {
          plate: 'AA-111',
          type: 'Car',
          brand: 'Renault',
          model: 'Clio',
          year: 2019,
          owner: 'Alice Martin',
          latestKm: 50_000,
          visits: 2,
          billed: 60_000,
          lastVisit: '2025-03-20',
        },
        {
          plate: 'BB-222',
          type: 'Van',
          brand: 'Peugeot',
          model: 'Partner',
          year: 2016,
          owner: 'Bob Zed',
          latestKm: 80_000,
          visits: 1,
          billed: 8_000,
          lastVisit: '2025-04-01',
        },
      ],
      totals: { vehicles: 2, visits: 3, billed: 68_000 },
    },
    repair: {
      filters: MARCH,
      rows: [
        {
          date: '2025-03-01',
          visit: 'Yearly service',
          customer: 'Bob Zed',
          plate: 'BB-222',
          status: 'Completed',
          tasks: 1,
          tasksDone: 1,
          billed: 8_000,
          paid: 8_000,
          balance: 0,
        },
        {
          date: '2025-03-10',
          visit: 'Brakes and service',
          customer: 'Alice Martin',
          plate: 'AA-111',
          status: 'Completed',
          tasks: 2,
          tasksDone: 2,
          billed: 40_000,
          paid: 40_000,
          balance: 0,
        },
        {
          date: '2025-03-20',
          visit: '=Clutch',
          customer: 'Alice Martin',
          plate: 'AA-111',
          status: 'In progress',
          tasks: 1,
          tasksDone: 0,
          billed: 20_000,
          paid: 10_000,
          balance: 10_000,
        },
      ],
      totals: { visits: 3, tasks: 4, billed: 68_000, paid: 58_000, balance: 10_000 },
    },
    task: {
      filters: MARCH,
      rows: [
        {
          date: '2025-03-01',
          visit: 'Yearly service',
          plate: 'BB-222',
          title: 'Service',
          service: 'Maintenance',
          status: 'Completed',
          priority: 'Normal',
          cost: 3_000,
          soldFor: 8_000,
          completedOn: '2025-03-01',
        },
        {
          date: '2025-03-10',
          visit: 'Brakes and service',
          plate: 'AA-111',
          title: 'Brake pads',
          service: 'Repair',
          status: 'Completed',
          priority: 'Normal',
          cost: 20_000,
          soldFor: 30_000,
          completedOn: '2025-03-10',
        },
        {
          date: '2025-03-10',
          visit: 'Brakes and service',
          plate: 'AA-111',
          title: 'Service',
          service: 'Maintenance',
          status: 'Completed',
          priority: 'Normal',
          cost: 5_000,
          soldFor: 10_000,
          completedOn: '2025-03-10',
        },
        {
          date: '2025-03-20',
          visit: '=Clutch',
          plate: 'AA-111',
          title: 'Clutch',
          service: 'Repair',
          status: 'In progress',
          priority: 'Normal',
          cost: 12_000,
          soldFor: 20_000,
          completedOn: null,
        },
        {
          date: '2025-03-20',
          visit: '=Clutch',
          plate: 'AA-111',
          title: 'Check',
          service: 'Inspection',
          status: 'Cancelled',
          priority: 'Normal',
          cost: 2_000,
          soldFor: 5_000,
          completedOn: null,
        },
      ],
      totals: { tasks: 5, completed: 3, cost: 40_000, soldFor: 68_000 },
    },
    'oil-changes': {
      filters: MARCH,
      rows: [
        {
          date: '2025-03-10',
          plate: 'AA-111',
          customer: 'Alice Martin',
          oilName: 'Total Quartz',
          oilType: '5W-30',
          currentKm: 50_000,
          nextChangeKm: 60_000,
          filterChanged: 'Yes',
        },
      ],
      totals: { oilChanges: 1, filtersChanged: 1 },
    },
    // This fixture has no inspection: the downloads hold no row and zero totals. Rows with numbers, per
    // technician: inspection-figures.test.ts.
    inspections: {
      filters: MARCH,
      rows: [],
      totals: { completed: 0, flagged: 0, proposed: 0, approved: 0, declined: 0, approvalShare: 0, approvedValue: 0 },
    },
    'page-views': {
      filters: { from: '2025-03-01', to: '2025-03-03' },
      rows: [
        { start: '2025-03-01', views: 10, visits: 4 },
        { start: '2025-03-02', views: 5, visits: 2 },
        { start: '2025-03-03', views: 0, visits: 0 },
      ],
      totals: { views: 15, visits: 6 },
    },
    'device-distribution': {
      filters: MARCH,
      rows: [
        { name: 'desktop', views: 9, percentage: 60 },
        { name: 'mobile', views: 6, percentage: 40 },
      ],
      totals: { views: 15 },
    },
    'browser-distribution': {
      filters: MARCH,
      rows: [
        { name: 'Chrome', views: 12, percentage: 80 },
        { name: 'Firefox', views: 3, percentage: 20 },
      ],
      totals: { views: 15 },
    },
    'popular-pages': {
      filters: MARCH,
      rows: [
        { path: '/', views: 8, visits: 5, percentage: 53.3 },
        { path: '/all-services', views: 7, visits: 1, percentage: 46.7 },
      ],
      totals: { views: 15 },
    },
  };
}

const query = (filters: Record<string, string>) => new URLSearchParams(filters).toString();

async function download(kind: ReportKind, format: 'csv' | 'xlsx' | 'pdf', filters: Record<string, string>, headers = staff.headers) {
  return app.inject({ method: 'GET', url: `/backend/reports/${kind}?${query({ ...filters, format })}`, headers });
}

/** A row as the CSV writes it: money in euros with two decimals, empty cells for nothing. */
function asCsv(kind: ReportKind, row: ReportRow): string[] {
  return REPORTS[kind].columns.map((column) => {
    const value = row[column.key];
    if (value === null || value === undefined) return '';
    if (column.type === 'money') return (Number(value) / 100).toFixed(2);
    return String(value);
  });
}

/** A row as the XLSX holds it: money as a number of euros, dates as date cells. */
function asXlsx(kind: ReportKind, row: ReportRow): unknown[] {
  return REPORTS[kind].columns.map((column) => {
    const value = row[column.key];
    if (value === null || value === undefined) return null;
    if (column.type === 'money') return Number(value) / 100;
    return value;
  });
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let index = 1; index <= Math.max(row.cellCount, 1); index++) {
      const value = row.getCell(index).value;
      cells.push(value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null));
    }
    rows.push(cells);
  });
  return rows;
}

describe('report rows and totals', () => {
  it.each(STAFF_REPORT_KINDS)('%s: the preview gives the fixture rows and totals', async (kind) => {
    const { filters, rows, totals } = expected()[kind];
    const preview = await staff.caller.reports.preview({ report: kind, ...filters });
    expect(preview.rows).toEqual(rows);
    expect(Object.fromEntries(preview.totals.map((total) => [total.key, total.value]))).toEqual(totals);
    expect(preview.columns.map((column) => column.key)).toEqual(REPORTS[kind].columns.map((column) => column.key));
    expect(preview.truncated).toBe(false);
    expect(preview.currency).toBe('EUR');
  });

  it('filters by customer and vehicle where the report takes them', async () => {
    const repair = await staff.caller.reports.preview({ report: 'repair', ...MARCH, customerId: alice.id });
    expect(repair.rows.map((row) => row.visit)).toEqual(['Brakes and service', '=Clutch']);
    expect(repair.subject).toBe('Alice Martin');
    const tasks = await staff.caller.reports.preview({ report: 'task', ...MARCH, vehicleId: ids.b1! });
    expect(tasks.rows.map((row) => row.title)).toEqual(['Service']);
    const carFile = await staff.caller.reports.preview({ report: 'car-files', vehicleId: ids.a1!, from: '2025-03-15', to: '2025-03-31' });
    expect(carFile.rows.map((row) => row.entry)).toEqual(['Visit', 'Task', 'Task', 'Payment', 'Refund']);
    expect(carFile.subject).toBe('AA-111 · Renault Clio · Alice Martin');
    const vehicles = await staff.caller.reports.preview({ report: 'vehicles', ...MARCH, customerId: bob.id });
    expect(vehicles.rows.map((row) => row.plate)).toEqual(['BB-222']);
    // REST format=json answers the same preview.
    const json = await app.inject({
      method: 'GET',
      url: `/backend/reports/vehicles?${query({ ...MARCH, customerId: bob.id, format: 'json' })}`,
      headers: staff.headers,
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(vehicles);
  });

  it('answers in French and Arabic: headers, totals and words', async () => {
    const fr = await staff.caller.reports.preview({ report: 'repair', ...MARCH, lang: 'fr' });
    expect(fr.title).toBe('Réparations');
    expect(fr.columns[0]!.label).toBe('Date');
    expect(fr.rows[2]!.status).toBe('En cours');
    const ar = await staff.caller.reports.preview({ report: 'repair', ...MARCH, lang: 'ar' });
    expect(ar.columns.map((column) => column.label)).toContain('المفوتر');
    expect(ar.rows[0]!.status).toBe('مكتمل');
    expect(ar.totals.find((total) => total.key === 'billed')!.label).toBe('المفوتر');
  });

  it('refuses bad filters with a 400 naming the field, and an unknown vehicle or customer with a 404', async () => {
    await expect(staff.caller.reports.preview({ report: 'car-files' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const missing = await app.inject({ method: 'GET', url: '/backend/reports/car-files?format=csv', headers: staff.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ vehicleId: ['Vehicle id is required'] });
    const reversed = await app.inject({
      method: 'GET',
      url: `/backend/reports/repair?${query({ from: '2025-03-31', to: '2025-03-01' })}`,
      headers: staff.headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().fieldErrors)).toEqual(['to']);
    const analyticsWithoutPeriod = await app.inject({
      method: 'GET',
      url: '/backend/reports/page-views?format=csv',
      headers: staff.headers,
    });
    expect(analyticsWithoutPeriod.statusCode).toBe(400);
    const unknown = await download('car-files', 'csv', { vehicleId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const unknownCustomer = await download('repair', 'xlsx', { customerId: randomUUID() });
    expect(unknownCustomer.statusCode).toBe(404);
    const unknownReport = await app.inject({ method: 'GET', url: '/backend/reports/salaries?format=csv', headers: staff.headers });
    expect(unknownReport.statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it.each(STAFF_REPORT_KINDS)('%s: the CSV parses back to the same rows under headers in the asked language', async (kind) => {
    const { filters, rows } = expected()[kind];
    const response = await download(kind, 'csv', filters);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${kind}-report.*\\.csv"$`));
    const [head, ...body] = parse(response.body, { bom: true, relax_column_count: false }) as string[][];
    expect(head).toEqual(REPORTS[kind].columns.map((column) => (column.type === 'money' ? `${column.label.en} (EUR)` : column.label.en)));
    // csvCell puts an apostrophe before text a spreadsheet would run as a formula.
    const guarded = rows.map((row) => asCsv(kind, row).map((cell) => (cell.startsWith('=') ? `'${cell}` : cell)));
    expect(body).toEqual(guarded);
  });

  it.each(STAFF_REPORT_KINDS)('%s: the XLSX holds the same rows as numbers and dates, then the totals', async (kind) => {
    const { filters, rows, totals } = expected()[kind];
    const response = await download(kind, 'xlsx', { ...filters, lang: 'ar' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const sheet = await readXlsx(response.rawPayload);
    const columns = REPORTS[kind].columns;
    expect(sheet[0]).toEqual(columns.map((column) => (column.type === 'money' ? `${column.label.ar} (EUR)` : column.label.ar)));
    const arabic = (await staff.caller.reports.preview({ report: kind, ...filters, lang: 'ar' })).rows;
    expect(sheet.slice(1, 1 + rows.length)).toEqual(arabic.map((row) => asXlsx(kind, row)));
    const totalsBlock = sheet.slice(rows.length + 3).map((cells) => cells[1]);
    expect(totalsBlock).toEqual(
      REPORTS[kind].totals.map((total) => (total.type === 'money' ? totals[total.key]! / 100 : totals[total.key])),
    );
  });

  it('streams a report longer than one cursor batch, every row once and in order', async () => {
    const csv = await download('oil-changes', 'csv', { from: '2023-01-01', to: '2023-12-31' });
    const [, ...body] = parse(csv.body, { bom: true }) as string[][];
    expect(body).toHaveLength(BULK);
    expect(body.map((cells) => cells[3])).toEqual(Array.from({ length: BULK }, (_, index) => `Bulk ${index}`));
    const xlsx = await readXlsx((await download('oil-changes', 'xlsx', { from: '2023-01-01', to: '2023-12-31' })).rawPayload);
    expect(xlsx.slice(1, BULK + 1).map((cells) => cells[3])).toEqual(body.map((cells) => cells[3]));
    expect(xlsx.at(-2)![1]).toBe(BULK);
  });
});

describe('an abandoned download', () => {
  it.each(['csv', 'xlsx'] as const)(
    '%s: ends its transaction and gives the connection back',
    async (format) => {
      // 60,000 rows in 2024: several MB, more than the socket buffers hold while nobody reads.
      if ((await db.oilChange.count({ where: { oilName: 'Abandoned' } })) === 0) {
        await db.$executeRawUnsafe(
          `INSERT INTO "OilChange" (id, "vehicleId", "oilName", "oilType", "currentKm", "nextChangeKm", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), $1::uuid, 'Abandoned', '5W-30 long-life synthetic', n, n + 10000, timestamp '2024-01-01' + n * interval '1 minute', now()
           FROM generate_series(1, 60000) AS n`,
          ids.b1,
        );
      }
      const openTransactions = async () =>
        (
          await db.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
          )
        )[0]!.n;
      if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as { port: number };
      const request = http.get({
        host: '127.0.0.1',
        port,
        path: `/backend/reports/oil-changes?format=${format}&from=2024-01-01&to=2024-12-31`,
        headers: staff.headers,
      });
      const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
      expect(response.statusCode).toBe(200);
      response.pause(); // nobody reads: the server waits with its cursor open
      await expect.poll(openTransactions, { timeout: 10_000 }).toBe(1);
      request.destroy();
      await expect.poll(openTransactions, { timeout: 10_000 }).toBe(0);
    },
    60_000,
  );
});

describe('access', () => {
  it('lets no client read any report, over REST or tRPC', async () => {
    const client = await user('CLIENT');
    for (const kind of STAFF_REPORT_KINDS) {
      const { filters } = expected()[kind];
      for (const format of ['csv', 'xlsx', 'pdf', 'json'] as const) {
        const response = await app.inject({
          method: 'GET',
          url: `/backend/reports/${kind}?${query({ ...filters, format })}`,
          headers: client.headers,
        });
        expect(response.statusCode).toBe(403);
      }
      await expect(client.caller.reports.preview({ report: kind, ...filters })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const anonymous = await app.inject({ method: 'GET', url: `/backend/reports/${kind}?${query(filters)}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe('PDF', () => {
  it('prints the repair report in English: shop, title, period, headings, rows and totals', async () => {
    const response = await download('repair', 'pdf', MARCH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="repair-report-2025-03-01-2025-03-31.pdf"');
    if (process.env.REPORTS_PDF_DIR)
      (await import('node:fs')).writeFileSync(`${process.env.REPORTS_PDF_DIR}/repair-en.pdf`, response.rawPayload);
    const text = pdfText(response.rawPayload);
    for (const expectedText of [
      'Garage Atlas',
      'Repair',
      'Period: Mar 1, 2025 – Mar 31, 2025',
      'Billed',
      'Balance due',
      'Yearly service',
      'Brakes and service',
      'In progress',
      '€680.00',
      '€580.00',
      '€100.00',
    ]) {
      expect(text).toContain(expectedText);
    }
  });

  it('prints Arabic and French with their words, numbers in order and the subject of a car file', async () => {
    const arPdf = (await download('repair', 'pdf', { ...MARCH, lang: 'ar' })).rawPayload;
    if (process.env.REPORTS_PDF_DIR) (await import('node:fs')).writeFileSync(`${process.env.REPORTS_PDF_DIR}/repair-ar.pdf`, arPdf);
    const ar = pdfText(arPdf);
    // (pdftotext splits the lam-alef ligature of words like الإصلاحات: they are checked on the rendered page instead.)
    for (const expectedText of ['التاريخ', 'المفوتر', 'الرصيد المستحق', 'قيد التنفيذ', '680.00 €', '01/03/2025', 'AA-111'])
      expect(ar).toContain(expectedText);
    const fr = pdfText((await download('car-files', 'pdf', { vehicleId: ids.a1!, lang: 'fr' })).rawPayload);
    for (const expectedText of [
      'Dossier du véhicule',
      'Toutes les dates',
      'AA-111 · Renault Clio · Alice Martin',
      'Remboursement',
      'Facturé',
      '600,00',
      '500,00',
      '-50,00',
    ]) {
      expect(fr).toContain(expectedText);
    }
  });

  it.each(STAFF_REPORT_KINDS)('%s: renders with its title and totals', async (kind) => {
    const { filters, totals } = expected()[kind];
    const response = await download(kind, 'pdf', filters);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(REPORTS[kind].title.en);
    for (const total of REPORTS[kind].totals) expect(text).toContain(total.label.en);
    const first = REPORTS[kind].totals[0]!;
    expect(text).toContain(first.type === 'money' ? `€${(totals[first.key]! / 100).toFixed(2)}` : totals[first.key]!.toLocaleString('en'));
  });

  it('prints at most pdfMaxRows rows with a note, totals still over every row', async () => {
    const response = await download('oil-changes', 'pdf', { from: '2023-01-01', to: '2023-12-31' });
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Bulk ${REPORT_LIMITS.pdfMaxRows - 1}`);
    expect(text).not.toContain(`Bulk ${REPORT_LIMITS.pdfMaxRows} `);
    expect(text).toContain(`Only the first ${REPORT_LIMITS.pdfMaxRows.toLocaleString('en')} rows are printed`);
    expect(text).toContain(BULK.toLocaleString('en'));
    expect(pdfPageCount(response.rawPayload)).toBeGreaterThan(10);
  }, 120_000);
});
