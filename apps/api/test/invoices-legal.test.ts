// Legal invoices and credit notes (#27), on a database of their own (they change the shop's tax profile,
// rates and legal identity, and read the fiscal journal, which every other test file shares): the version-2
// snapshot's taxes for a French shop with two rates (prices without tax, rounded per rate) and a Saudi shop
// (prices with tax, rounded per line), credit notes (a full one negates its invoice; partial ones never
// credit more than is left), the correction (credit note + new invoice in one transaction), numbering per
// series, the draft preview, the database refusing deletes, the migration of old corrections, the PDF's
// identifiers, tax lines and totals in English and Arabic, and a client's isolation.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db } from '@garage/db';
import { issueInvoiceInTransaction, type InvoiceSnapshotV1, type InvoiceSnapshotV2 } from '@garage/db/invoices';
import { createIsolatedDatabase, type IsolatedDatabase } from '@garage/db/testing/test-database';
import { lineTotalCents, type Role } from '@garage/shared';
import { CREDIT_NOTE_NUMBER_PATTERN, INVOICE_MESSAGES, type InvoiceSummary } from '@garage/shared/schemas/invoices';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { buildTestApp, TEST_JWT_SECRET, uniqueSuffix } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

let iso: IsolatedDatabase;
let db: Db;
let app: App;
let staff: { id: string; headers: { authorization: string } };

async function user(role: Role, firstName: string, billing?: object) {
  const suffix = uniqueSuffix();
  const row = await db.user.create({
    data: {
      firstName,
      lastName: `Test ${suffix}`,
      username: `${firstName.toLowerCase()}_${suffix}`,
      email: `${suffix}@test.garage`,
      role,
      billing,
    },
  });
  return { id: row.id, headers: { authorization: `Bearer ${signAccessToken({ userId: row.id, roles: [role] }, TEST_JWT_SECRET)}` } };
}

interface LineSpec {
  kind: 'PART' | 'LABOUR' | 'FLAT';
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  taxRateId: string | null;
}

/** A visit of `customerId` with one task holding `lines`, and an optional cash payment. */
async function visitWith(customerId: string, lines: LineSpec[], paidCents = 0) {
  const plate = `P${uniqueSuffix()}`.toUpperCase();
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customerId,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: plate,
      color: 'Blue',
      brand: 'Renault',
      model: 'Clio',
      year: 2021,
      engineType: 'Petrol',
    },
  });
  const total = lines.reduce((sum, line) => sum + lineTotalCents(line.quantityMilli, line.unitPriceCents), 0);
  const visit = await db.visit.create({
    data: {
      name: 'Service',
      customerId,
      vehicleId: vehicle.id,
      visitDate: new Date(),
      dueDate: new Date(),
      status: 'IN_PROGRESS',
      totalCostCents: total,
    },
  });
  await addTask(visit.id, 'Service', lines);
  if (paidCents) await db.payment.create({ data: { visitId: visit.id, amountCents: paidCents, method: 'CASH', status: 'SUCCESS' } });
  return visit;
}

async function addTask(visitId: string, title: string, lines: LineSpec[]) {
  const total = lines.reduce((sum, line) => sum + lineTotalCents(line.quantityMilli, line.unitPriceCents), 0);
  await db.task.create({
    data: {
      visitId,
      title,
      service: 'REPAIR',
      status: 'IN_PROGRESS',
      soldForCents: total,
      lines: {
        create: lines.map((line, position) => ({ ...line, position, totalCents: lineTotalCents(line.quantityMilli, line.unitPriceCents) })),
      },
    },
  });
}

const issue = (visitId: string) => app.inject({ method: 'POST', url: `/backend/visits/${visitId}/invoices`, headers: staff.headers });
const credit = (invoiceId: string, body: object) =>
  app.inject({ method: 'POST', url: `/backend/invoices/${invoiceId}/credit-notes`, headers: staff.headers, payload: body });
const snapshotOf = async (id: string) => (await db.invoice.findUniqueOrThrow({ where: { id } })).snapshot as unknown as InvoiceSnapshotV2;
const pdf = async (url: string, headers: object) => {
  const answer = await app.inject({ method: 'GET', url, headers: headers as Record<string, string> });
  return { status: answer.statusCode, bytes: answer.rawPayload, headers: answer.headers };
};

const FR_IDENTITY = {
  legalName: 'Garage Dupont SARL',
  address: { line1: '12 rue de la Paix', postcode: '69002', city: 'Lyon', countryCode: 'FR' },
  identifiers: {
    siren: '732829320',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    rcs: 'RCS Lyon 732 829 320',
    shareCapital: '10 000 €',
    other: [],
  },
  invoiceFooter: 'Pénalités de retard : trois fois le taux d’intérêt légal.',
};
const SA_IDENTITY = {
  legalName: 'مؤسسة الورشة',
  address: { line1: 'King Fahd Road', city: 'Riyadh', countryCode: 'SA' },
  identifiers: { vatNumber: '310122393500003', commercialRegistration: '1010010000', other: [] },
};

let standard: { id: string };
let reduced: { id: string };

beforeAll(async () => {
  iso = await createIsolatedDatabase(inject('databaseUrl'));
  db = createDb(iso.url, { poolSize: 6 });
  app = await buildTestApp({ db });
  await ensureMerchant(db);
  standard = await db.taxRate.create({ data: { name: 'TVA normale', basisPoints: 2000 } });
  reduced = await db.taxRate.create({ data: { name: 'TVA intermédiaire', basisPoints: 1000 } });
  await db.merchant.updateMany({
    data: {
      displayName: 'Garage Dupont',
      currency: 'EUR',
      timezone: 'Europe/Paris',
      taxProfile: 'FR',
      pricesIncludeTax: false,
      legalIdentity: FR_IDENTITY,
    },
  });
  staff = await user('EMPLOYEE', 'Staff');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await iso?.drop();
});

/** 1.5 h of labour at 60.00 and two pads at 35.50 (20 %), a 10.00 fee (10 %): prices without tax. */
const frenchLines = (): LineSpec[] => [
  { kind: 'LABOUR', description: 'Brake labour', quantityMilli: 1500, unitPriceCents: 6000, taxRateId: standard.id },
  { kind: 'PART', description: 'Brake pads', quantityMilli: 2000, unitPriceCents: 3550, taxRateId: standard.id },
  { kind: 'FLAT', description: 'Disposal fee', quantityMilli: 1000, unitPriceCents: 1000, taxRateId: reduced.id },
];

describe('a French shop, prices without tax, two rates (tax rounded per rate)', () => {
  it('issues a version-2 invoice: tax per rate, totals, balance on the total with tax, a journal entry', async () => {
    const customer = await user('CLIENT', 'Claire', {
      companyName: 'Transports Martin SAS',
      address: { line1: '3 quai Perrache', postcode: '69002', city: 'Lyon', countryCode: 'FR' },
      identifiers: { siret: '55210055400013', vatNumber: 'FR11552100554', other: [] },
    });
    const visit = await visitWith(customer.id, frenchLines(), 5_000);
    const answer = await issue(visit.id);
    expect(answer.statusCode, answer.body).toBe(201);
    const invoice = answer.json() as InvoiceSummary;
    // 20 %: 90.00 + 71.00 = 161.00 → 32.20; 10 %: 10.00 → 1.00.
    expect(invoice).toMatchObject({
      kind: 'INVOICE',
      netCents: 17_100,
      taxCents: 3_320,
      totalCents: 20_420,
      paidCents: 5_000,
      balanceCents: 15_420,
    });
    const snapshot = await snapshotOf(invoice.id);
    expect(snapshot).toMatchObject({ version: 2, kind: 'INVOICE', profile: 'FR', rounding: 'PER_RATE', pricesIncludeTax: false });
    expect(snapshot.taxes.map((rate) => [rate.name, rate.basisPoints, rate.net, rate.tax, rate.gross])).toEqual([
      ['TVA normale', 2000, 16_100, 3_220, 19_320],
      ['TVA intermédiaire', 1000, 1_000, 100, 1_100],
    ]);
    expect(snapshot.lines.map((line) => [line.kind, line.unit, line.quantityMilli, line.amount])).toEqual([
      ['LABOUR', 'HOUR', 1500, 9_000],
      ['PART', 'PIECE', 2000, 7_100],
      ['FLAT', 'PIECE', 1000, 1_000],
    ]);
    expect(snapshot.buyer).toMatchObject({ isBusiness: true, legalName: 'Transports Martin SAS' });
    expect(snapshot.seller).toMatchObject({ legalName: 'Garage Dupont SARL', identifiers: { siret: '73282932000074' } });

    const entry = await db.fiscalJournalEntry.findFirstOrThrow({ where: { documentId: invoice.id } });
    expect(entry).toMatchObject({ kind: 'INVOICE', documentNumber: invoice.number, amountCents: 20_420, taxCents: 3_320 });

    // The PDF: identifiers with their labels, a line per rate, totals without and with tax (English).
    const text = pdfText((await pdf(`/backend/invoices/${invoice.id}/pdf?lang=en`, staff.headers)).bytes);
    for (const expected of [
      `Invoice ${invoice.number}`,
      'Garage Dupont SARL',
      'SIRET: 73282932000074',
      'VAT No.: FR44732829320',
      'RCS: RCS Lyon 732 829 320',
      'Transports Martin SAS',
      'VAT No.: FR11552100554',
      'TVA normale · 20 %',
      'TVA intermédiaire · 10 %',
      'Total excl. tax',
      '€171.00',
      '€33.20',
      '€204.20',
      '€154.20',
      'Pénalités de retard',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('credits in part, never more than is left on a line, then the rest; the credit notes add up to the invoice', async () => {
    const customer = await user('CLIENT', 'Paul');
    const visit = await visitWith(customer.id, frenchLines());
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;

    const half = await credit(invoice.id, { reason: 'Labour overcharged', lines: [{ lineIndex: 0, quantityMilli: 500 }] });
    expect(half.statusCode, half.body).toBe(201);
    const first = half.json() as InvoiceSummary;
    expect(first.number).toMatch(CREDIT_NOTE_NUMBER_PATTERN);
    expect(first).toMatchObject({
      kind: 'CREDIT_NOTE',
      credits: { id: invoice.id },
      reason: 'Labour overcharged',
      netCents: -3_000,
      taxCents: -600,
      totalCents: -3_600,
    });

    // 60.00 left on the labour line: 60.01 is refused and nothing is issued.
    const before = await db.invoice.count();
    const tooMuch = await credit(invoice.id, { reason: 'Again', lines: [{ lineIndex: 0, amount: 6_001 }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors['lines.0']).toEqual([INVOICE_MESSAGES.creditExceedsRemaining]);
    expect(await db.invoice.count()).toBe(before);
    expect((await credit(invoice.id, { reason: 'Again', lines: [{ lineIndex: 0, quantityMilli: 1001 }] })).statusCode).toBe(400);
    expect((await credit(invoice.id, { reason: 'Again', lines: [{ lineIndex: 7, amount: 1 }] })).statusCode).toBe(400);
    expect((await credit(invoice.id, { reason: ' ' })).statusCode).toBe(400);

    const exact = await credit(invoice.id, { reason: 'Labour waived', lines: [{ lineIndex: 0, amount: 6_000 }] });
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await credit(invoice.id, { reason: 'Again', lines: [{ lineIndex: 0, amount: 1 }] })).statusCode).toBe(400);

    const listed = (await app.inject({ method: 'GET', url: `/backend/visits/${visit.id}/invoices`, headers: staff.headers })).json()
      .items as InvoiceSummary[];
    const partly = listed.find((item) => item.id === invoice.id)!;
    expect(partly.credited).toBe('PARTIAL');
    expect(partly.lines.map((line) => line.amountLeft)).toEqual([0, 7_100, 1_000]);

    const rest = await credit(invoice.id, { reason: 'Customer returned everything' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await snapshotOf(rest.json().id)).credits).toMatchObject({ number: invoice.number, full: true });
    const nothing = await credit(invoice.id, { reason: 'Once more' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(INVOICE_MESSAGES.nothingToCredit);

    const notes = await db.invoice.findMany({ where: { creditedInvoiceId: invoice.id } });
    expect(notes).toHaveLength(3);
    expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(-invoice.totalCents);
    expect(notes.reduce((sum, note) => sum + note.taxCents, 0)).toBe(-invoice.taxCents);
    expect(notes.reduce((sum, note) => sum + note.netCents, 0)).toBe(-invoice.netCents);
    // A credit note cannot itself be credited.
    expect((await credit(first.id, { reason: 'No' })).json().message).toBe(INVOICE_MESSAGES.notAnInvoice);
  });

  it('makes a full credit note the exact negative of its invoice; the visit can then be invoiced again', async () => {
    const customer = await user('CLIENT', 'Anne');
    const visit = await visitWith(customer.id, frenchLines(), 1_000);
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    const note = (await credit(invoice.id, { reason: 'Wrong customer' })).json() as InvoiceSummary;
    expect([note.netCents, note.taxCents, note.totalCents]).toEqual([-invoice.netCents, -invoice.taxCents, -invoice.totalCents]);
    const [invoiceSnapshot, noteSnapshot] = [await snapshotOf(invoice.id), await snapshotOf(note.id)];
    expect(noteSnapshot.lines.map((line) => [line.quantityMilli, line.amount, line.net, line.tax, line.gross])).toEqual(
      invoiceSnapshot.lines.map((line) => [-line.quantityMilli, -line.amount, -line.net, -line.tax, -line.gross]),
    );
    expect(noteSnapshot.taxes.map((rate) => [rate.net, rate.tax])).toEqual(invoiceSnapshot.taxes.map((rate) => [-rate.net, -rate.tax]));
    expect(noteSnapshot.payments).toEqual([]);
    const entry = await db.fiscalJournalEntry.findFirstOrThrow({ where: { documentId: note.id } });
    expect(entry).toMatchObject({ kind: 'CREDIT_NOTE', amountCents: -invoice.totalCents });

    // Fully credited: issuing again needs no change and replaces the credited invoice.
    const again = await issue(visit.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ totalCents: invoice.totalCents, replaces: { id: invoice.id } });
    expect(await db.invoice.count({ where: { creditedInvoiceId: invoice.id } })).toBe(1);
  });

  it('corrects a changed visit with one credit note and one invoice, in one transaction; refuses when nothing changed', async () => {
    const customer = await user('CLIENT', 'Marc');
    const visit = await visitWith(customer.id, frenchLines());
    const first = (await issue(visit.id)).json() as InvoiceSummary;
    const unchanged = await issue(visit.id);
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json().message).toBe(INVOICE_MESSAGES.unchanged);

    await addTask(visit.id, 'Wipers', [
      { kind: 'PART', description: 'Wiper blade', quantityMilli: 2000, unitPriceCents: 1_250, taxRateId: standard.id },
    ]);

    // Rolled back, a correction leaves nothing: no credit note, no invoice, no number taken.
    const counters = await db.invoiceCounter.findMany({ orderBy: [{ series: 'asc' }, { year: 'asc' }] });
    const count = await db.invoice.count();
    await expect(
      db.$transaction(async (tx) => {
        const outcome = await issueInvoiceInTransaction(tx, { visitId: visit.id, issuedById: staff.id });
        expect(outcome).toMatchObject({ issued: {}, creditNote: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.invoice.count()).toBe(count);
    expect(await db.invoiceCounter.findMany({ orderBy: [{ series: 'asc' }, { year: 'asc' }] })).toEqual(counters);

    const corrected = await issue(visit.id);
    expect(corrected.statusCode, corrected.body).toBe(201);
    const second = corrected.json() as InvoiceSummary;
    expect(second.replaces).toEqual({ id: first.id, number: first.number });
    expect(second.totalCents).toBe(first.totalCents + 3_000);
    const note = await db.invoice.findFirstOrThrow({ where: { creditedInvoiceId: first.id } });
    expect(note).toMatchObject({ kind: 'CREDIT_NOTE', totalCents: -first.totalCents, issuedAt: new Date(second.issuedAt) });
  });

  it('numbers invoices and credit notes in their own series, gapless under concurrent issues', async () => {
    const customer = await user('CLIENT', 'Lina');
    const visits = await Promise.all(Array.from({ length: 8 }, () => visitWith(customer.id, frenchLines())));
    const invoices = (await Promise.all(visits.map((visit) => issue(visit.id)))).map((answer) => answer.json() as InvoiceSummary);
    const notes = (await Promise.all(invoices.map((invoice) => credit(invoice.id, { reason: 'Batch' })))).map(
      (answer) => answer.json() as InvoiceSummary,
    );
    const sequences = (numbers: string[]) => numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    for (const series of [invoices.map((i) => i.number), notes.map((n) => n.number)]) {
      const taken = sequences(series);
      expect(new Set(taken).size).toBe(8);
      expect(taken.at(-1)! - taken[0]!).toBe(7);
    }
    expect(notes.every((note) => CREDIT_NOTE_NUMBER_PATTERN.test(note.number))).toBe(true);
  });

  it('previews the draft without storing or numbering anything', async () => {
    const customer = await user('CLIENT', 'Hugo');
    const visit = await visitWith(customer.id, frenchLines());
    const count = await db.invoice.count();
    const counters = await db.invoiceCounter.findMany();
    const draft = await pdf(`/backend/visits/${visit.id}/invoices/draft.pdf?lang=en`, staff.headers);
    expect(draft.status).toBe(200);
    expect(draft.headers['content-disposition']).toBe('inline; filename="DRAFT.pdf"');
    const text = pdfText(draft.bytes);
    expect(text).toContain('DRAFT — not an invoice');
    expect(text).toContain('€204.20');
    expect(await db.invoice.count()).toBe(count);
    expect(await db.invoiceCounter.findMany()).toEqual(counters);
    expect((await pdf(`/backend/visits/${visit.id}/invoices/draft.pdf`, customer.headers)).status).toBe(403);
  });

  it('is refused by the database: an issued invoice or credit note cannot be deleted', async () => {
    const customer = await user('CLIENT', 'Zoé');
    const visit = await visitWith(customer.id, frenchLines());
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    const note = (await credit(invoice.id, { reason: 'Test' })).json() as InvoiceSummary;
    await expect(db.invoice.delete({ where: { id: note.id } })).rejects.toThrow(/cannot be deleted/);
    await expect(db.invoice.delete({ where: { id: invoice.id } })).rejects.toThrow(/cannot be deleted|foreign key/);
    expect(await db.invoice.count({ where: { id: { in: [invoice.id, note.id] } } })).toBe(2);
  });

  it('shows a client their own credit notes only', async () => {
    const owner = await user('CLIENT', 'Owner');
    const other = await user('CLIENT', 'Other');
    const visit = await visitWith(owner.id, frenchLines());
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    const note = (await credit(invoice.id, { reason: 'Goodwill', lines: [{ lineIndex: 2, amount: 500 }] })).json() as InvoiceSummary;
    const mine = await app.inject({ method: 'GET', url: `/backend/my/visits/${visit.id}/invoices`, headers: owner.headers });
    expect((mine.json().items as InvoiceSummary[]).map((item) => item.number)).toEqual([note.number, invoice.number]);
    expect((await pdf(`/backend/my/invoices/${note.id}/pdf?lang=en`, owner.headers)).status).toBe(200);
    expect((await pdf(`/backend/my/invoices/${note.id}/pdf?lang=en`, other.headers)).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/backend/my/visits/${visit.id}/invoices`, headers: other.headers })).statusCode).toBe(
      404,
    );
    const asClient = await app.inject({
      method: 'POST',
      url: `/backend/invoices/${invoice.id}/credit-notes`,
      headers: owner.headers,
      payload: { reason: 'x' },
    });
    expect(asClient.statusCode).toBe(403);
  });
});

describe('a Saudi shop, prices with tax (tax rounded per line)', () => {
  it('rounds each line’s VAT, titles a private customer’s invoice "simplified tax invoice" in Arabic, prints the QR', async () => {
    const vat = await db.taxRate.create({ data: { name: 'VAT', basisPoints: 1500 } });
    await db.merchant.updateMany({
      data: { currency: 'SAR', timezone: 'Asia/Riyadh', taxProfile: 'SA', pricesIncludeTax: true, legalIdentity: SA_IDENTITY },
    });
    try {
      const customer = await user('CLIENT', 'Faisal');
      const visit = await visitWith(customer.id, [
        { kind: 'PART', description: 'Oil filter', quantityMilli: 3000, unitPriceCents: 1_001, taxRateId: vat.id },
        { kind: 'LABOUR', description: 'Oil change', quantityMilli: 1000, unitPriceCents: 5_001, taxRateId: vat.id },
      ]);
      const invoice = (await issue(visit.id)).json() as InvoiceSummary;
      const snapshot = await snapshotOf(invoice.id);
      expect(snapshot.rounding).toBe('PER_LINE');
      // Per line: 30.03 → net 26.11, tax 3.92; 50.01 → net 43.49, tax 6.52 (per rate it would be 69.60 + 10.44).
      expect(snapshot.lines.map((line) => [line.net, line.tax, line.gross])).toEqual([
        [2_611, 392, 3_003],
        [4_349, 652, 5_001],
      ]);
      expect(invoice).toMatchObject({ netCents: 6_960, taxCents: 1_044, totalCents: 8_004 });

      const text = pdfText((await pdf(`/backend/invoices/${invoice.id}/pdf?lang=ar`, staff.headers)).bytes);
      for (const expected of [
        'فاتورة ضريبية مبسطة',
        invoice.number,
        '310122393500003',
        'الرقم الضريبي',
        '69.60',
        '10.44',
        '80.04',
        '15 %',
      ]) {
        expect(text, expected).toContain(expected);
      }
      const english = pdfText((await pdf(`/backend/invoices/${invoice.id}/pdf?lang=en`, staff.headers)).bytes);
      expect(english).toContain(`Simplified tax invoice ${invoice.number}`);
      expect(english).toContain('Scan to verify (ZATCA)');

      const note = (await credit(invoice.id, { reason: 'Returned' })).json() as InvoiceSummary;
      const noteText = pdfText((await pdf(`/backend/invoices/${note.id}/pdf?lang=en`, staff.headers)).bytes);
      expect(noteText).toContain(`Credit note ${note.number} (credits ${invoice.number})`);
      expect(noteText).toContain('Reason: Returned');
    } finally {
      await db.merchant.updateMany({
        data: { currency: 'EUR', timezone: 'Europe/Paris', taxProfile: 'FR', pricesIncludeTax: false, legalIdentity: FR_IDENTITY },
      });
    }
  });
});

describe('the migration invoices_credit_notes', () => {
  const migration = readFileSync(
    new URL('../../../packages/db/prisma/migrations/20261129094000_invoices_credit_notes/migration.sql', import.meta.url),
    'utf8',
  );
  // Its data step (after the index change), one statement at a time.
  const dataStep = migration
    .slice(migration.indexOf('-- ─── Data step'))
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--[^\n]*\n?/g, '').trim());

  it('gives each correction issued before #27 a full credit note, keeps every number, and runs once', async () => {
    const customer = await user('CLIENT', 'Old');
    const visit = await visitWith(customer.id, frenchLines());
    const shop = (await snapshotOf((await db.invoice.findFirstOrThrow({ where: { kind: 'INVOICE' } })).id)).shop;
    const v1 = (number: string, issuedAt: string, totalCents: number, replaces: InvoiceSnapshotV1['replaces']): InvoiceSnapshotV1 => ({
      version: 1,
      number,
      issuedAt,
      replaces,
      shop,
      customer: { name: 'Old Customer', email: null, phone: null },
      vehicle: { plateNumber: 'OLD 1', brand: 'Renault', model: 'Clio', year: 2021, type: 'CAR' },
      visit: { id: visit.id, name: 'Service', visitDate: issuedAt, completedAt: null },
      lines: [
        {
          title: 'Brakes',
          description: null,
          service: 'REPAIR',
          amountCents: totalCents - 1_000,
          items: [{ description: 'Pads', quantity: 2, unitPriceCents: (totalCents - 1_000) / 2, totalCents: totalCents - 1_000 }],
        },
        { title: 'Wipers', description: null, service: 'MAINTENANCE', amountCents: 1_000 },
      ],
      payments: [],
      totalCents,
      paidCents: 0,
      balanceCents: totalCents,
      currency: 'EUR',
    });
    // The old way, in 2019 (a year no other test numbers in): A, then B replacing A.
    const row = (
      number: string,
      sequence: number,
      issuedAt: string,
      totalCents: number,
      replaces: { id: string; number: string; issuedAt: string } | null,
    ) => ({
      number,
      year: 2019,
      sequence,
      visitId: visit.id,
      customerId: customer.id,
      replacesId: replaces?.id ?? null,
      snapshot: v1(number, issuedAt, totalCents, replaces) as object,
      netCents: totalCents,
      totalCents,
      paidCents: 0,
      balanceCents: totalCents,
      currency: 'EUR',
      issuedAt: new Date(issuedAt),
    });
    const a = await db.invoice.create({ data: row('INV-2019-000001', 1, '2019-05-01T10:00:00.000Z', 21_000, null) });
    const b = await db.invoice.create({
      data: row('INV-2019-000002', 2, '2019-12-31T23:30:00.000Z', 25_000, {
        id: a.id,
        number: a.number,
        issuedAt: '2019-05-01T10:00:00.000Z',
      }),
    });

    for (const statement of dataStep) await db.$executeRawUnsafe(statement);
    // Run again: nothing more (an invoice already credited is skipped).
    for (const statement of dataStep) await db.$executeRawUnsafe(statement);

    const notes = await db.invoice.findMany({ where: { creditedInvoiceId: a.id } });
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    // B was issued on 31 December 2019 at 23:30 UTC: 1 January 2020 in Paris, so the credit note is of 2020.
    expect(note).toMatchObject({
      kind: 'CREDIT_NOTE',
      number: 'CN-2020-000001',
      year: 2020,
      sequence: 1,
      totalCents: -21_000,
      netCents: -21_000,
      issuedAt: b.issuedAt,
    });
    const snapshot = note.snapshot as unknown as InvoiceSnapshotV1;
    expect(snapshot).toMatchObject({
      version: 1,
      kind: 'CREDIT_NOTE',
      number: 'CN-2020-000001',
      issuedAt: '2019-12-31T23:30:00.000Z',
      credits: { id: a.id, number: a.number, full: true },
    });
    expect(snapshot.lines.map((line) => line.amountCents)).toEqual([-20_000, -1_000]);
    expect(snapshot.lines[0]!.items).toEqual([{ description: 'Pads', quantity: -2, unitPriceCents: 10_000, totalCents: -20_000 }]);
    expect(await db.invoiceCounter.findUnique({ where: { series_year: { series: 'CN', year: 2020 } } })).toMatchObject({ lastNumber: 1 });
    // Numbers kept: A and B unchanged.
    expect((await db.invoice.findUniqueOrThrow({ where: { id: b.id } })).replacesId).toBe(a.id);

    // The old renderer prints it, as a credit note; A counts as fully credited.
    const text = pdfText((await pdf(`/backend/invoices/${note.id}/pdf?lang=en`, staff.headers)).bytes);
    expect(text).toContain(`Credit note CN-2020-000001 (credits ${a.number})`);
    expect(text).toContain('-€200.00');
    const list = (await app.inject({ method: 'GET', url: `/backend/visits/${visit.id}/invoices`, headers: staff.headers })).json()
      .items as InvoiceSummary[];
    expect(list.find((item) => item.id === a.id)?.credited).toBe('FULL');

    // B, a version-1 invoice, is corrected the new way: a credit note of its tasks, then a version-2 invoice.
    const corrected = await issue(visit.id);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json()).toMatchObject({ replaces: { id: b.id } });
    const ofB = await db.invoice.findFirstOrThrow({ where: { creditedInvoiceId: b.id } });
    expect(ofB.totalCents).toBe(-25_000);
    expect((ofB.snapshot as unknown as InvoiceSnapshotV2).lines.map((line) => line.amount)).toEqual([-24_000, -1_000]);
  });
});
