// The admin's export: one streamed ZIP (a CSV per entity, the JSON Lines export, the media files), and the
// round trip: the export's JSON imported into an empty database gives back the same rows.
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, createLocalStorage, Prisma, type Db } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import { normalizePlate } from '@garage/shared';
import type { App } from '../src/app.ts';
import { csvCell, EXPORT_ENTITIES, type ExportEntity } from '../src/modules/data-transfer/export.service.ts';
import { signAccessToken } from '../src/session/session.ts';
import { importFile, uniquePhone, uniquePlate } from './data-transfer-fixtures.ts';
import { buildTestApp, createTestUser, TEST_JWT_SECRET, testDb, uniqueSuffix } from './helpers.ts';
import { unzip } from './zip.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

interface Seeded {
  suffix: string;
  customerIds: string[];
  vehicleIds: string[];
  visitId: string;
  oilChangeId: string;
  mediaKey: string;
}

/** A small shop of unique rows: two customers, two vehicles, a visit with tasks, a payment and a refund, an oil change, a picture. */
async function seedShop(staffId: string): Promise<Seeded> {
  const db = testDb();
  const suffix = uniqueSuffix();
  const customers = await Promise.all(
    ['Nadia', 'Omar'].map((firstName, index) =>
      db.user.create({
        data: {
          firstName,
          lastName: `Export${suffix}`,
          username: `export_${index}_${suffix}`,
          email: `export.${index}.${suffix}@export.test`,
          countryCode: '+212',
          phoneNumber: uniquePhone(),
          role: 'CLIENT',
          preferredLanguage: index ? 'fr' : 'ar',
        },
      }),
    ),
  );
  const vehicles = await Promise.all(
    customers.map((customer, index) => {
      const plate = uniquePlate();
      return db.vehicle.create({
        data: {
          ownerId: customer.id,
          type: index ? 'VAN' : 'CAR',
          plateNumber: plate,
          plateNormalized: normalizePlate(plate),
          color: 'Silver',
          brand: 'Renault',
          model: index ? 'Kangoo' : 'Clio',
          year: 2017 + index,
          engineType: 'Diesel',
          latestKm: 120_000,
        },
      });
    }),
  );
  const oil = await db.oilChange.create({
    data: {
      vehicleId: vehicles[0]!.id,
      oilName: 'Total Quartz',
      oilType: '5W-40',
      currentKm: 120_000,
      nextChangeKm: 130_000,
      filterChanged: true,
      recordedById: staffId,
    },
  });
  const visit = await db.visit.create({
    data: {
      name: `Timing belt ${suffix}`,
      dueDate: new Date('2026-02-01T00:00:00Z'),
      visitDate: new Date('2026-01-28T00:00:00Z'),
      customerId: customers[0]!.id,
      vehicleId: vehicles[0]!.id,
      totalCostCents: 45_050,
      paidCents: 40_000,
      status: 'COMPLETED',
      paymentStatus: 'PARTIALLY_PAID',
      completedAt: new Date('2026-01-30T10:00:00Z'),
      tasks: {
        create: [
          { title: 'Timing belt', service: 'REPAIR', status: 'COMPLETED', costCents: 20_000, soldForCents: 40_050 },
          { title: 'Coolant', service: 'MAINTENANCE', status: 'COMPLETED', soldForCents: 5_000 },
        ],
      },
    },
  });
  const payment = await db.payment.create({ data: { visitId: visit.id, amountCents: 45_000, method: 'CASH', recordedById: staffId } });
  await db.payment.create({
    data: { visitId: visit.id, amountCents: 5_000, method: 'CASH', status: 'REFUNDED', refundOfId: payment.id, recordedById: staffId },
  });
  await db.contactMessage.create({
    data: { fullName: `Mallory ${suffix}`, email: `mallory.${suffix}@export.test`, message: '=HYPERLINK("http://evil.example","click")' },
  });
  const merchant = (await db.merchant.findFirst()) ?? (await db.merchant.create({ data: { name: `shop-${suffix}`, displayName: 'Shop' } }));
  const saved = await exportStorage.save('vehicle', 'png', Readable.from(Buffer.from(`picture ${suffix}`)));
  await db.mediaFile.create({
    data: {
      merchantId: merchant.id,
      name: 'clio.png',
      type: 'IMAGE',
      mimeType: 'image/png',
      sizeBytes: saved.sizeBytes,
      storageKey: saved.key,
      section: 'vehicle',
      ownerId: customers[0]!.id,
      vehicleId: vehicles[0]!.id,
    },
  });
  return {
    suffix,
    customerIds: customers.map((c) => c.id),
    vehicleIds: vehicles.map((v) => v.id),
    visitId: visit.id,
    oilChangeId: oil.id,
    mediaKey: saved.key,
  };
}

// Every table of the data model is in the export or on one of the two lists below, with its reason: a new
// model fails 'every table is exported or listed' until someone decides which it is.

/** The table behind each CSV of the export. */
const EXPORTED_TABLES: Record<string, ExportEntity> = {
  User: 'customers',
  Vehicle: 'vehicles',
  Visit: 'visits',
  Task: 'tasks',
  Payment: 'payments',
  OilChange: 'oil-changes',
  OfferingCategory: 'catalogue-categories',
  OfferingItem: 'catalogue-items',
  ContactMessage: 'messages',
  Rating: 'ratings',
  MediaFile: 'media',
  Supplier: 'suppliers',
  Part: 'parts',
  PartMarkupBand: 'part-markup-bands',
  LabourRate: 'labour-rates',
  TaskLine: 'task-lines',
  StockMovement: 'stock-movements',
  PurchaseOrder: 'purchase-orders',
  PurchaseOrderLine: 'purchase-order-lines',
  OfferingItemLine: 'catalogue-item-lines',
  TaxRate: 'tax-rates',
  InspectionTemplate: 'inspection-templates',
  InspectionTemplateItem: 'inspection-template-items',
  Inspection: 'inspections',
  InspectionItem: 'inspection-items',
};

/** Left out on purpose: secrets, sessions, state that expires, and counters derived from exported rows. */
const NOT_EXPORTED: Record<string, string> = {
  RefreshToken: 'sessions: secrets that expire',
  OneTimeCode: 'sign-in and verification codes: secrets that expire',
  AuthAttempt: 'throttling counters that expire',
  ApprovalLink: 'single-use approval links: secrets that expire',
  MediaUsage: "derived: each user's bytes, kept by a trigger from MediaFile",
  PartSearchTerm: 'derived: the part search index, kept by triggers from Part',
  ImportJob: 'an import in progress, forgotten after 2 hours',
  InvoiceCounter: 'derived: the last number issued each year',
  PurchaseOrderCounter: 'derived: the last purchase order number issued each year',
  AnalyticsSalt: 'the secret that makes visitor ids anonymous',
  AnalyticsState: "the analytics writer's bookkeeping",
  PageViewEvent: "website traffic, not the shop's records",
  PageViewHourly: 'derived: rollups of PageViewEvent',
  PageViewDaily: 'derived: rollups of PageViewEvent',
  FiscalJournalEntry: 'the fiscal journal: in the yearly fiscal archive (GET /backend/fiscal/archive) with its hashes',
  FiscalJournalHead: "derived: the fiscal journal's last sequence and hash",
  FiscalClosing: 'closed periods: in the yearly fiscal archive (GET /backend/fiscal/archive)',
};

/**
 * Shop records the export does not hold yet (issue #25): listed so the gap is written down. Move a table to
 * EXPORTED_TABLES when the export gains its CSV.
 */
const NOT_EXPORTED_YET: Record<string, string> = {
  Invoice: 'issued invoices (their frozen snapshots)',
  Appointment: 'appointment requests',
  ServiceReminder: 'what staff did with reminders (contacted, dismissed); due dates are computed',
  TodoTask: "the staff's to-do list",
  StaticData: 'the vehicle type, colour, brand, engine and oil lists',
  ContactReply: 'replies sent to contact messages',
  Branding: "the public website's texts and theme",
  Merchant: "the shop's name, time zone, language and settings (the currency is in the JSON export's meta line)",
  VehicleSpec: "vehicles' spec cards (oil, filters, tyres, wipers, battery; issue #28)",
};

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'garage-export-test-'));
const exportStorage = createLocalStorage(storageDir);

describe('csvCell', () => {
  it('puts an apostrophe before every formula start, full-width ones included, and leaves numbers alone', () => {
    for (const start of ['=', '@', '\t', '\r', '\uFF1D', '\uFF20', '\uFF0B', '\uFF0D', '+', '-']) {
      const text = `${start}HYPERLINK("http://evil.example")`;
      expect(csvCell(text).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(true);
    }
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvCell('+33 6 12 34 56 78')).toBe('+33 6 12 34 56 78');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('plain = text')).toBe('plain = text');
  });
});

describe('export', () => {
  let app: App;
  let admin: TestUser;
  let employee: TestUser;
  let client: TestUser;
  let shop: Seeded;
  let zip: Map<string, Buffer>;
  let exportedPart: { id: string };

  beforeAll(async () => {
    app = await buildTestApp({ storage: exportStorage });
    [admin, employee, client] = await Promise.all([createTestUser('ADMIN'), createTestUser('EMPLOYEE'), createTestUser('CLIENT')]);
    shop = await seedShop(admin.user.id);
    exportedPart = await testDb().part.create({
      data: { partNumber: `EXP-${shop.suffix}`, name: 'Exported pads', costCents: 1_234, priceCents: 2_500, onHandMilli: 2_500 },
    });
    const response = await app.inject({ method: 'GET', url: '/backend/data-transfer/export', headers: admin.authHeader });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="garage-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    zip = await unzip(response.rawPayload);
  });
  afterAll(async () => {
    await app.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('holds a CSV per entity, the JSON export and the uploaded media', () => {
    for (const name of [
      'customers',
      'vehicles',
      'visits',
      'tasks',
      'payments',
      'oil-changes',
      'catalogue-categories',
      'catalogue-items',
      'messages',
      'ratings',
      'media',
      'suppliers',
      'parts',
      'part-markup-bands',
      'labour-rates',
      'task-lines',
      'stock-movements',
      'purchase-orders',
      'purchase-order-lines',
      'catalogue-item-lines',
      'tax-rates',
    ]) {
      expect(zip.has(`${name}.csv`), name).toBe(true);
    }
    expect(zip.has('garage-export.jsonl')).toBe(true);
    // Headers come from the data model, so a table without rows still says what it would hold.
    expect(zip.get('ratings.csv')!.toString().split('\r\n')[0]).toMatch(/^\uFEFFid,userId,.*stars/);
    expect(zip.get(`media/${shop.mediaKey}`)?.toString()).toBe(`picture ${shop.suffix}`);
  });

  it('exports the parts with their cost and price as decimals and the quantity in thousandths', () => {
    const lines = zip
      .get('parts.csv')!
      .toString()
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['partNumber', 'cost', 'price', 'onHandMilli', 'currency']));
    const row = lines.find((line) => line.startsWith(exportedPart.id))!.split(',');
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('name'), cell('cost'), cell('price'), cell('onHandMilli')]).toEqual(['Exported pads', '12.34', '25.00', '2500']);
  });

  it('writes money as decimals with the currency and dates as ISO instants, without password hashes', () => {
    const visits = zip
      .get('visits.csv')!
      .toString()
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const header = visits[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['totalCost', 'paid', 'currency', 'visitDate']));
    expect(header).not.toContain('totalCostCents');
    const row = visits.find((line) => line.startsWith(shop.visitId))!.split(',');
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('totalCost')).toBe('450.50');
    expect(cell('paid')).toBe('400.00');
    expect(cell('currency')).toMatch(/^[A-Z]{3}$/);
    expect(cell('visitDate')).toBe('2026-01-28T00:00:00.000Z');
    const customers = zip.get('customers.csv')!.toString();
    expect(customers).toContain(`export.0.${shop.suffix}@export.test`);
    expect(customers.split('\r\n')[0]).not.toMatch(/password/i);
    expect(customers).not.toContain(admin.user.email!);
    // What someone typed into a form never runs as a spreadsheet formula.
    const message = zip
      .get('messages.csv')!
      .toString()
      .split('\r\n')
      .find((line) => line.includes(`Mallory ${shop.suffix}`))!;
    expect(message).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('every table is exported or listed with the reason it is not', () => {
    const listed = [...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_EXPORTED), ...Object.keys(NOT_EXPORTED_YET)];
    const models = Object.values(Prisma.ModelName);
    expect(
      models.filter((model) => !listed.includes(model)),
      'tables in none of the lists',
    ).toEqual([]);
    expect(
      listed.filter((table) => !(models as string[]).includes(table)),
      'listed tables the data model does not have',
    ).toEqual([]);
    expect(listed.length, 'a table on two lists').toBe(new Set(listed).size);
    expect(Object.values(EXPORTED_TABLES).sort(), 'an export entity with no table named here').toEqual([...EXPORT_ENTITIES].sort());
    // Each CSV really is its table: its header holds every column (money without the Cents suffix) but secrets.
    const scalarFields = Prisma as unknown as Record<string, Record<string, string>>;
    const secret = (column: string) => column === 'passwordHash' || column === 'setupCodeHash';
    for (const [table, entity] of Object.entries(EXPORTED_TABLES)) {
      const header = zip
        .get(`${entity}.csv`)!
        .toString()
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]!
        .split(',');
      const columns = Object.values(scalarFields[`${table}ScalarFieldEnum`]!).filter((column) => !secret(column));
      expect(header, entity).toEqual(expect.arrayContaining(columns.map((column) => column.replace(/Cents$/, ''))));
    }
  });

  it('is for administrators only', async () => {
    const url = '/backend/data-transfer/export';
    expect((await app.inject({ method: 'GET', url, headers: employee.authHeader })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url, headers: client.authHeader })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('round trip: the JSON export imported into an empty database gives back the same rows', async () => {
    const name = `garage_roundtrip_${shop.suffix.replace(/\W/g, '')}`;
    await testDb().$executeRawUnsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    let empty: Db | undefined;
    let emptyApp: App | undefined;
    try {
      await migrateDatabase(url.toString());
      empty = createDb(url.toString(), { poolSize: 3 });
      emptyApp = await buildTestApp({ db: empty });
      const staff = await empty.user.create({ data: { firstName: 'First', lastName: 'Admin', username: 'first_admin', role: 'ADMIN' } });
      const auth = { authorization: `Bearer ${signAccessToken({ userId: staff.id, roles: ['ADMIN'] }, TEST_JWT_SECRET)}` };
      // Other test files write to the shared database at the same time: keep the valid rows, compare ours.
      const job = await importFile(emptyApp, auth, 'garage-export.jsonl', zip.get('garage-export.jsonl')!, { mode: 'validOnly' });
      expect(job.phase).toBe('done');
      expect(job.preset).toBe('garage-export');

      const pick = async (db: Db) => ({
        customers: await db.user.findMany({
          where: { id: { in: shop.customerIds } },
          orderBy: { id: 'asc' },
          select: {
            id: true,
            firstName: true,
            lastName: true,
            username: true,
            email: true,
            countryCode: true,
            phoneNumber: true,
            preferredLanguage: true,
            role: true,
          },
        }),
        vehicles: await db.vehicle.findMany({
          where: { id: { in: shop.vehicleIds } },
          orderBy: { id: 'asc' },
          select: {
            id: true,
            ownerId: true,
            type: true,
            plateNumber: true,
            plateNormalized: true,
            color: true,
            brand: true,
            model: true,
            year: true,
            engineType: true,
            latestKm: true,
          },
        }),
        oilChanges: await db.oilChange.findMany({
          where: { id: shop.oilChangeId },
          select: {
            id: true,
            vehicleId: true,
            oilName: true,
            oilType: true,
            currentKm: true,
            nextChangeKm: true,
            filterChanged: true,
            createdAt: true,
          },
        }),
        visits: await db.visit.findMany({
          where: { id: shop.visitId },
          select: {
            id: true,
            name: true,
            visitDate: true,
            dueDate: true,
            customerId: true,
            vehicleId: true,
            totalCostCents: true,
            paidCents: true,
            status: true,
            paymentStatus: true,
            completedAt: true,
            createdAt: true,
            tasks: {
              orderBy: { id: 'asc' },
              select: { id: true, title: true, service: true, status: true, costCents: true, soldForCents: true },
            },
            payments: {
              orderBy: { id: 'asc' },
              select: { id: true, amountCents: true, method: true, status: true, refundOfId: true, createdAt: true },
            },
          },
        }),
      });
      const [before, after] = await Promise.all([pick(testDb()), pick(empty)]);
      expect(before.customers).toHaveLength(2);
      expect(before.visits[0]!.tasks).toHaveLength(2);
      expect(after).toEqual(before);
    } finally {
      await emptyApp?.close();
      await empty?.$disconnect();
      await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 180_000);
});
