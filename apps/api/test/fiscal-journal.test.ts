// The fiscal journal (packages/db/src/fiscal-journal.ts), its closings and the accounting files. The chain is
// global to a database, so every test here works in an ISOLATED database of its own (createIsolatedDatabase);
// tampering needs the triggers off, as a superuser would do it.
import iconv from 'iconv-lite';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, seedDemoData, type Db } from '@garage/db';
import { appendFiscalEntry, catchUpFiscalJournal, fiscalEntryHash, journalPayments, verifyFiscalJournal } from '@garage/db/fiscal-journal';
import { createIsolatedDatabase } from '@garage/db/testing/test-database';
import { accountingAccountsSchema } from '@garage/shared';
import {
  FEC_COLUMNS,
  invoiceLedgerEntry,
  paymentLedgerEntry,
  type LedgerDocument,
  type LedgerEntry,
} from '../src/modules/accounting/accounting.service.ts';
import { closeFiscalPeriod, closeYesterday } from '../src/modules/accounting/closings.service.ts';
import { recordPayment, refundPayment } from '../src/modules/payments/payments.service.ts';
import { signAccessToken } from '../src/session/session.ts';
import { buildTestApp, TEST_JWT_SECRET, testDb } from './helpers.ts';
import { unzip } from './zip.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** SQL on the test server, through the shared test database's connection (CREATE and DROP DATABASE). */
const onServer = (sql: string) => testDb().$executeRawUnsafe(sql);

let template: Promise<{ name: string; url: URL }> | undefined;

/**
 * A migrated, empty database of this test's own, with the neutral merchant. Migrating takes seconds, so one
 * isolated database is migrated once and each test gets a copy of it (CREATE DATABASE … TEMPLATE).
 */
async function isolated(): Promise<{ db: Db; url: string }> {
  template ??= createIsolatedDatabase(inject('databaseUrl')).then((iso) => {
    cleanups.unshift(iso.drop);
    const url = new URL(iso.url);
    return { name: url.pathname.slice(1), url };
  });
  const base = await template;
  const name = `${base.name}_${randomUUID().slice(0, 8)}`;
  await onServer(`CREATE DATABASE "${name}" TEMPLATE "${base.name}"`);
  const url = new URL(base.url);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { poolSize: 4 });
  cleanups.push(async () => {
    await db.$disconnect();
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  await ensureMerchant(db);
  return { db, url: url.toString() };
}

async function newUser(db: Db, role: 'ADMIN' | 'CLIENT', name = 'Test') {
  const suffix = randomUUID().slice(0, 8);
  return db.user.create({
    data: { firstName: name, lastName: suffix, username: `${role.toLowerCase()}_${suffix}`, role, verified: true, active: true },
  });
}

async function newVisit(db: Db) {
  const customer = await newUser(db, 'CLIENT', 'Camille');
  const plate = `FJ-${randomUUID().slice(0, 6)}`.toUpperCase();
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: plate.replace(/[^A-Z0-9]/g, ''),
      color: 'Blue',
      brand: 'Renault',
      model: 'Clio',
      year: 2020,
      engineType: 'Petrol',
    },
  });
  const visit = await db.visit.create({ data: { name: 'Service', dueDate: new Date(), customerId: customer.id, vehicleId: vehicle.id } });
  return { customer, vehicle, visit };
}

/** Records money through the payments service: each payment and refund is journaled with it. */
async function payments(db: Db, count: number) {
  const admin = await newUser(db, 'ADMIN');
  const actor = { userId: admin.id, roles: ['ADMIN' as const] };
  const { visit, customer } = await newVisit(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await recordPayment(db, actor, visit.id, {
      amountCents: 1_000 + i,
      method: i % 2 ? 'CASH' : 'CREDIT_CARD',
      notes: null,
      status: 'SUCCESS',
    });
    ids.push(result.payment.id);
  }
  return { admin, actor, visit, customer, ids };
}

/** An issued invoice as invoices.ts stores it (row + entry in one transaction), with a version 2 snapshot. */
async function issueInvoice(
  db: Db,
  visit: { id: string; customerId: string },
  options: { issuedAt?: Date; number?: string; kind?: 'INVOICE' | 'CREDIT_NOTE'; sign?: 1 | -1 } = {},
) {
  const sign = options.sign ?? 1;
  const issuedAt = options.issuedAt ?? new Date();
  const number = options.number ?? `INV-T-${randomUUID().slice(0, 8)}`;
  const kind = options.kind ?? 'INVOICE';
  // Parts 100.00 + labour 50.00 at 20 %, a flat 10.00 at 10 %: net 160.00, tax 31.00, gross 191.00.
  const lines = [
    { kind: 'PART', net: 10_000, tax: 2_000, gross: 12_000 },
    { kind: 'LABOUR', net: 5_000, tax: 1_000, gross: 6_000 },
    { kind: 'FLAT', net: 1_000, tax: 100, gross: 1_100 },
  ].map((line) => ({ ...line, net: sign * line.net, tax: sign * line.tax, gross: sign * line.gross }));
  const taxes = [
    {
      id: null,
      name: 'TVA 20 %',
      basisPoints: 2000,
      category: 'S',
      exemptionReason: null,
      net: sign * 15_000,
      tax: sign * 3_000,
      gross: sign * 18_000,
    },
    {
      id: null,
      name: 'TVA 10 %',
      basisPoints: 1000,
      category: 'S',
      exemptionReason: null,
      net: sign * 1_000,
      tax: sign * 100,
      gross: sign * 1_100,
    },
  ];
  const snapshot = {
    version: 2,
    kind,
    number,
    lines,
    taxes,
    netTotal: sign * 16_000,
    taxTotal: sign * 3_100,
    grossTotal: sign * 19_100,
    buyer: { name: 'Camille', legalName: null },
  };
  return db.$transaction(async (tx) => {
    const year = issuedAt.getUTCFullYear();
    const invoice = await tx.invoice.create({
      data: {
        number,
        year,
        sequence: Math.floor(Math.random() * 1e9),
        kind,
        visitId: visit.id,
        customerId: visit.customerId,
        snapshot,
        netCents: snapshot.netTotal,
        taxCents: snapshot.taxTotal,
        totalCents: snapshot.grossTotal,
        paidCents: 0,
        balanceCents: snapshot.grossTotal,
        currency: 'EUR',
        issuedAt,
      },
    });
    await appendFiscalEntry(tx, {
      kind,
      documentId: invoice.id,
      documentNumber: number,
      occurredAt: issuedAt,
      amountCents: snapshot.grossTotal,
      taxCents: snapshot.taxTotal,
      currency: 'EUR',
      payload: {
        number,
        issuedAt: issuedAt.toISOString(),
        customerId: visit.customerId,
        credits: null,
        taxes: taxes.map((rate) => ({
          basisPoints: rate.basisPoints,
          category: rate.category,
          net: rate.net,
          tax: rate.tax,
          gross: rate.gross,
        })),
        netTotal: snapshot.netTotal,
        taxTotal: snapshot.taxTotal,
        grossTotal: snapshot.grossTotal,
      },
    });
    return invoice;
  });
}

/** Runs SQL with the journal's and the invoices' triggers off, as a superuser tampering with the rows would. */
async function tamper(db: Db, ...statements: string[]) {
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
    for (const statement of statements) await tx.$executeRawUnsafe(statement);
  });
}

describe('appending and verifying', () => {
  it('chains every entry to the previous one, gapless, and verifies the chain and the documents', async () => {
    const { db } = await isolated();
    const { actor, visit, ids } = await payments(db, 3);
    await refundPayment(db, actor, ids[0]!, { amountCents: 400, notes: null });
    await issueInvoice(db, visit);
    const entries = await db.fiscalJournalEntry.findMany({ orderBy: { sequence: 'asc' } });
    expect(entries.map((entry) => [entry.sequence, entry.kind])).toEqual([
      [1, 'PAYMENT'],
      [2, 'PAYMENT'],
      [3, 'PAYMENT'],
      [4, 'REFUND'],
      [5, 'INVOICE'],
    ]);
    expect(entries[0]!.previousHash).toBe('0'.repeat(64));
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.previousHash).toBe(entries[i - 1]!.hash);
    expect(entries[3]!.amountCents).toBe(-400);
    for (const entry of entries) expect(fiscalEntryHash(entry)).toBe(entry.hash);
    const head = await db.fiscalJournalHead.findUniqueOrThrow({ where: { id: 1 } });
    expect(head).toMatchObject({ lastSequence: 5, lastHash: entries[4]!.hash });
    expect(await verifyFiscalJournal(db)).toEqual({ ok: true, entries: 5, checkedUpTo: 5, headHash: entries[4]!.hash });
    // A failed attempt moved no money: not journaled.
    await recordPayment(db, actor, visit.id, { amountCents: 999, method: 'CASH', notes: null, status: 'FAILED' });
    expect((await verifyFiscalJournal(db)).entries).toBe(5);
  });

  it('takes sequences one after another under concurrent appends', async () => {
    const { db } = await isolated();
    const { actor, visit } = await payments(db, 0);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        recordPayment(db, actor, visit.id, { amountCents: 100 + i, method: 'CASH', notes: null, status: 'SUCCESS' }),
      ),
    );
    const sequences = (await db.fiscalJournalEntry.findMany({ orderBy: { sequence: 'asc' }, select: { sequence: true } })).map(
      (row) => row.sequence,
    );
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await verifyFiscalJournal(db)).ok).toBe(true);
  });

  it('refuses UPDATE and DELETE on the journal (triggers)', async () => {
    const { db } = await isolated();
    await payments(db, 1);
    await expect(db.$executeRawUnsafe('UPDATE "FiscalJournalEntry" SET "amountCents" = 1 WHERE "sequence" = 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(db.$executeRawUnsafe('DELETE FROM "FiscalJournalEntry" WHERE "sequence" = 1')).rejects.toThrow(/append-only/);
  });
});

describe('tampering is detected', () => {
  it('an entry whose amount was changed: "hash" at that sequence', async () => {
    const { db } = await isolated();
    await payments(db, 5);
    await tamper(db, 'UPDATE "FiscalJournalEntry" SET "amountCents" = 1 WHERE "sequence" = 3');
    expect(await verifyFiscalJournal(db)).toMatchObject({ ok: false, checkedUpTo: 2, firstProblem: { sequence: 3, problem: 'hash' } });
  });

  it('a deleted entry: "gap" where it was', async () => {
    const { db } = await isolated();
    await payments(db, 5);
    await tamper(db, 'DELETE FROM "FiscalJournalEntry" WHERE "sequence" = 2');
    expect(await verifyFiscalJournal(db)).toMatchObject({ ok: false, firstProblem: { sequence: 2, problem: 'gap' } });
  });

  it('a forged entry inserted in the middle and the rest renumbered: the entry after it does not follow', async () => {
    const { db } = await isolated();
    const { visit } = await payments(db, 4);
    const before = await db.fiscalJournalEntry.findUniqueOrThrow({ where: { sequence: 2 } });
    // The forger computes a valid hash for the forged row itself; the renumbered rows keep theirs.
    const forged = {
      sequence: 3,
      kind: 'PAYMENT' as const,
      documentId: randomUUID(),
      documentNumber: null,
      occurredAt: new Date(),
      amountCents: 50_000,
      taxCents: 0,
      currency: 'USD',
      payload: { visitId: visit.id, method: 'CASH', refundOfId: null },
      previousHash: before.hash,
    };
    const hash = fiscalEntryHash(forged);
    await tamper(
      db,
      'UPDATE "FiscalJournalEntry" SET "sequence" = "sequence" + 1000 WHERE "sequence" >= 3',
      'UPDATE "FiscalJournalEntry" SET "sequence" = "sequence" - 999 WHERE "sequence" > 1000',
      `INSERT INTO "FiscalJournalEntry" ("sequence", "kind", "documentId", "documentNumber", "occurredAt", "amountCents", "taxCents", "currency", "payload", "previousHash", "hash")
       VALUES (3, 'PAYMENT', '${forged.documentId}', NULL, '${forged.occurredAt.toISOString()}', 50000, 0, 'USD', '${JSON.stringify(forged.payload)}', '${before.hash}', '${hash}')`,
      'UPDATE "FiscalJournalHead" SET "lastSequence" = "lastSequence" + 1',
    );
    expect(await verifyFiscalJournal(db)).toMatchObject({
      ok: false,
      checkedUpTo: 3,
      firstProblem: { sequence: 4, problem: 'previousHash' },
    });
  });

  it('the end of the journal cut off: "head"', async () => {
    const { db } = await isolated();
    await payments(db, 3);
    await tamper(db, 'DELETE FROM "FiscalJournalEntry" WHERE "sequence" = 3');
    expect(await verifyFiscalJournal(db)).toMatchObject({ ok: false, firstProblem: { problem: 'head' } });
  });

  it("a payment's row deleted from Payment: its entry's document is gone", async () => {
    const { db } = await isolated();
    const { ids } = await payments(db, 3);
    await tamper(db, `DELETE FROM "Payment" WHERE "id" = '${ids[1]}'`);
    expect(await verifyFiscalJournal(db)).toMatchObject({
      ok: false,
      firstProblem: { sequence: 2, problem: 'documentChanged', documentId: ids[1] },
    });
  });

  it("a payment's amount rewritten, or its status: detected", async () => {
    const { db } = await isolated();
    const { ids } = await payments(db, 2);
    await tamper(db, `UPDATE "Payment" SET "amountCents" = 1 WHERE "id" = '${ids[0]}'`);
    expect(await verifyFiscalJournal(db)).toMatchObject({ ok: false, firstProblem: { sequence: 1, problem: 'documentChanged' } });
    await tamper(db, `UPDATE "Payment" SET "amountCents" = 1000, "status" = 'DELETED' WHERE "id" = '${ids[0]}'`);
    expect(await verifyFiscalJournal(db)).toMatchObject({ ok: false, firstProblem: { sequence: 1, problem: 'documentChanged' } });
  });

  it('a payment inserted behind the software, or an invoice deleted: detected, and not caught up', async () => {
    const { db } = await isolated();
    const { visit } = await payments(db, 1);
    const invoice = await issueInvoice(db, visit);
    const sneaked = await db.payment.create({ data: { visitId: visit.id, amountCents: 7_000, method: 'CASH', status: 'SUCCESS' } });
    // Dated after the journal began: the catch-up leaves it for verification to report.
    expect(await catchUpFiscalJournal(db)).toBe(0);
    expect(await verifyFiscalJournal(db)).toMatchObject({
      ok: false,
      firstProblem: { sequence: null, problem: 'missingEntry', documentId: sneaked.id },
    });
    await tamper(db, `DELETE FROM "Payment" WHERE "id" = '${sneaked.id}'`, `DELETE FROM "Invoice" WHERE "id" = '${invoice.id}'`);
    expect(await verifyFiscalJournal(db)).toMatchObject({
      ok: false,
      firstProblem: { sequence: 2, problem: 'documentChanged', documentId: invoice.id },
    });
  });
});

describe('catching up documents from before the journal', () => {
  it('journals earlier invoices and payments once, in date order', async () => {
    const { db } = await isolated();
    const { visit } = await newVisit(db);
    const day = (n: number) => new Date(Date.UTC(2025, 0, n, 10));
    const late = await db.payment.create({
      data: { visitId: visit.id, amountCents: 3_000, method: 'CASH', status: 'SUCCESS', createdAt: day(5) },
    });
    const early = await db.payment.create({
      data: { visitId: visit.id, amountCents: 2_000, method: 'BANK_TRANSFER', status: 'SUCCESS', createdAt: day(2) },
    });
    await db.payment.create({ data: { visitId: visit.id, amountCents: 500, method: 'CASH', status: 'FAILED', createdAt: day(3) } });
    // A version 1 invoice (before taxes): no tax, all net.
    const v1 = await db.invoice.create({
      data: {
        number: 'INV-2025-000001',
        year: 2025,
        sequence: 1,
        visitId: visit.id,
        customerId: visit.customerId,
        snapshot: { version: 1, number: 'INV-2025-000001' },
        netCents: 5_000,
        totalCents: 5_000,
        paidCents: 0,
        balanceCents: 5_000,
        currency: 'USD',
        issuedAt: day(3),
      },
    });
    expect(await catchUpFiscalJournal(db)).toBe(3);
    expect(await catchUpFiscalJournal(db)).toBe(0);
    const entries = await db.fiscalJournalEntry.findMany({ orderBy: { sequence: 'asc' } });
    expect(entries.map((entry) => entry.documentId)).toEqual([early.id, v1.id, late.id]);
    expect(entries[1]).toMatchObject({ kind: 'INVOICE', amountCents: 5_000, taxCents: 0 });
    expect(entries[1]!.payload).toMatchObject({ catchUp: true, netTotal: 5_000, taxes: [] });
    expect(await verifyFiscalJournal(db)).toMatchObject({ ok: true, entries: 3 });
  });
});

describe('bulk writers journal what they write', () => {
  it('the data import: payments and refunds written in bulk are journaled in their transaction, once', async () => {
    const { db } = await isolated();
    const { visit } = await newVisit(db);
    const paid = await db.payment.create({ data: { visitId: visit.id, amountCents: 4_000, method: 'CASH', status: 'SUCCESS' } });
    const refund = await db.payment.create({
      data: {
        visitId: visit.id,
        amountCents: 1_000,
        method: 'CASH',
        status: 'REFUNDED',
        refundOfId: paid.id,
        createdAt: new Date(Date.now() + 1_000),
      },
    });
    const failed = await db.payment.create({ data: { visitId: visit.id, amountCents: 1_000, method: 'CASH', status: 'FAILED' } });
    const ids = [refund.id, failed.id, paid.id];
    expect(await db.$transaction((tx) => journalPayments(tx, ids))).toBe(2);
    expect(await db.$transaction((tx) => journalPayments(tx, ids))).toBe(0);
    const entries = await db.fiscalJournalEntry.findMany({ orderBy: { sequence: 'asc' } });
    expect(entries.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ['PAYMENT', 4_000],
      ['REFUND', -1_000],
    ]);
    expect((await verifyFiscalJournal(db)).ok).toBe(true);
  });

  it('the demo seed leaves a complete, unbroken journal', async () => {
    const { db } = await isolated();
    await seedDemoData(db);
    const result = await verifyFiscalJournal(db);
    expect(result).toMatchObject({ ok: true });
    expect(result.entries).toBeGreaterThan(10);
    expect(await catchUpFiscalJournal(db)).toBe(0);
  });
});

describe('closings', () => {
  it('freezes a day’s totals in the shop’s time zone, refuses it twice, and refuses a day not over', async () => {
    const { db } = await isolated();
    await db.merchant.updateMany({ data: { timezone: 'Europe/Paris', currency: 'EUR' } });
    const { visit } = await payments(db, 0);
    // 2026-03-09 in Paris runs from 2026-03-08T23:00Z to 2026-03-09T23:00Z.
    await issueInvoice(db, visit, { issuedAt: new Date('2026-03-08T23:30:00Z') });
    await issueInvoice(db, visit, { issuedAt: new Date('2026-03-09T12:00:00Z') });
    await issueInvoice(db, visit, { issuedAt: new Date('2026-03-09T13:00:00Z'), kind: 'CREDIT_NOTE', sign: -1 });
    await issueInvoice(db, visit, { issuedAt: new Date('2026-03-09T23:30:00Z') }); // the 10th in Paris
    await issueInvoice(db, visit, { issuedAt: new Date('2026-03-08T12:00:00Z') }); // the 8th

    const closing = await closeFiscalPeriod(db, 'DAY', '2026-03-09');
    expect(closing.totals).toMatchObject({
      currency: 'EUR',
      entries: 3,
      byKind: { INVOICE: { count: 2, amountCents: 38_200, taxCents: 6_200 }, CREDIT_NOTE: { count: 1, amountCents: -19_100 } },
      grandTotalCents: 19_100,
      netTotalCents: 16_000,
      receivedCents: 0,
      // The 8th and the 9th: everything before the period's end.
      perpetualTotalCents: 38_200,
    });
    expect(closing.totals.taxByRate).toEqual([
      { basisPoints: 2000, category: 'S', netCents: 15_000, taxCents: 3_000 },
      { basisPoints: 1000, category: 'S', netCents: 1_000, taxCents: 100 },
    ]);
    const entry = await db.fiscalJournalEntry.findUniqueOrThrow({ where: { sequence: closing.entrySequence } });
    expect(entry).toMatchObject({ kind: 'CLOSING', documentId: closing.id, amountCents: 19_100 });

    await expect(closeFiscalPeriod(db, 'DAY', '2026-03-09')).rejects.toMatchObject({ messageCode: 'fiscal.alreadyClosed' });
    await expect(closeFiscalPeriod(db, 'DAY', '2026-03-10', new Date('2026-03-10T22:30:00Z'))).rejects.toMatchObject({
      messageCode: 'fiscal.periodOpen',
    });
    expect((await verifyFiscalJournal(db)).ok).toBe(true);
  });

  it('closes a month after closing its open days, and the daily job closes yesterday once', async () => {
    const { db } = await isolated();
    const { visit } = await payments(db, 0);
    await issueInvoice(db, visit, { issuedAt: new Date('2025-02-10T10:00:00Z') });
    await closeFiscalPeriod(db, 'DAY', '2025-02-03');
    const month = await closeFiscalPeriod(db, 'MONTH', '2025-02');
    expect(month.totals).toMatchObject({ entries: 1, grandTotalCents: 19_100 });
    const days = await db.fiscalClosing.findMany({ where: { period: 'DAY', periodKey: { startsWith: '2025-02-' } } });
    expect(days).toHaveLength(28);
    await expect(closeFiscalPeriod(db, 'MONTH', '2025-02')).rejects.toMatchObject({ messageCode: 'fiscal.alreadyClosed' });

    const now = new Date('2025-03-02T08:00:00Z');
    expect(await closeYesterday(db, now)).toBe('2025-03-01');
    expect(await closeYesterday(db, now)).toBeNull();
    expect((await verifyFiscalJournal(db)).ok).toBe(true);
  });
});

// ─── Accounting files ──────────────────────────────────────────────────────────────────────────────────

const ACCOUNTS = accountingAccountsSchema.parse({});
const sums = (entry: LedgerEntry): [number, number] =>
  entry.lines.reduce<[number, number]>(([debit, credit], line) => [debit + line.debit, credit + line.credit], [0, 0]);

describe('ledger entries balance', () => {
  it('every invoice, credit note, payment and refund: debits equal credits (property)', () => {
    const amount = fc.integer({ min: -5_000_000, max: 5_000_000 });
    fc.assert(
      fc.property(
        fc.record({ PART: amount, LABOUR: amount, FLAT: amount }),
        fc.array(fc.record({ basisPoints: fc.integer({ min: 0, max: 3000 }), tax: amount }), { maxLength: 4 }),
        fc.integer({ min: -500, max: 500 }),
        (netByKind, taxes, rounding) => {
          const net = netByKind.PART + netByKind.LABOUR + netByKind.FLAT + rounding;
          const gross = net + taxes.reduce((sum, rate) => sum + rate.tax, 0);
          const document: LedgerDocument = {
            number: 'INV-1',
            kind: gross < 0 ? 'CREDIT_NOTE' : 'INVOICE',
            date: '2026-01-01',
            customerId: 'c',
            customerName: 'C',
            currency: 'EUR',
            gross,
            net,
            netByKind,
            taxes,
          };
          const [debit, credit] = sums(invoiceLedgerEntry(document, ACCOUNTS));
          expect(debit).toBe(credit);
          for (const line of invoiceLedgerEntry(document, ACCOUNTS).lines) expect(line.debit >= 0 && line.credit >= 0).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.boolean(),
        fc.constantFrom('CASH', 'CREDIT_CARD', 'BANK_TRANSFER' as const),
        (value, refund, method) => {
          const entry = paymentLedgerEntry(
            { id: randomUUID(), refund, method, date: '2026-01-01', customerId: 'c', customerName: 'C', currency: 'EUR', amount: value },
            ACCOUNTS,
          );
          const [debit, credit] = sums(entry);
          expect(debit).toBe(credit);
          expect(entry.lines[0]!.account).toBe(method === 'CASH' ? ACCOUNTS.cash : ACCOUNTS.bank);
          // A refund is money out: the bank or cash is credited.
          expect(entry.lines[0]!.credit > 0).toBe(refund);
        },
      ),
    );
  });

  it('an invoice: customer debited gross, sales by kind and tax per rate credited; a credit note the reverse', () => {
    const document: LedgerDocument = {
      number: 'INV-2026-000001',
      kind: 'INVOICE',
      date: '2026-01-01',
      customerId: 'cust',
      customerName: 'Camille',
      currency: 'EUR',
      gross: 19_100,
      net: 16_000,
      netByKind: { PART: 10_000, LABOUR: 5_000, FLAT: 1_000 },
      taxes: [
        { basisPoints: 2000, tax: 3_000 },
        { basisPoints: 1000, tax: 100 },
      ],
    };
    const lines = invoiceLedgerEntry(document, { ...ACCOUNTS, taxCollectedByRate: { '1000': '445712' } }).lines;
    expect(lines.map((line) => [line.account, line.debit, line.credit])).toEqual([
      ['411000', 19_100, 0],
      ['707000', 0, 10_000],
      ['706000', 0, 5_000],
      ['708000', 0, 1_000],
      ['445710', 0, 3_000],
      ['445712', 0, 100],
    ]);
    const negate = (value: number) => -value;
    const credit = invoiceLedgerEntry(
      {
        ...document,
        kind: 'CREDIT_NOTE',
        gross: -19_100,
        net: -16_000,
        netByKind: { PART: -10_000, LABOUR: -5_000, FLAT: -1_000 },
        taxes: document.taxes.map((rate) => ({ ...rate, tax: negate(rate.tax) })),
      },
      ACCOUNTS,
    ).lines;
    expect(credit[0]).toMatchObject({ account: '411000', debit: 0, credit: 19_100 });
    expect(credit[1]).toMatchObject({ account: '707000', debit: 10_000, credit: 0 });
  });
});

describe('the files (admin)', () => {
  it('FEC: 18 tab-separated columns, the header, balanced entries, named <SIREN>FEC<date>.txt; the journal CSV balances too', async () => {
    const { db } = await isolated();
    await db.merchant.updateMany({
      data: {
        timezone: 'Europe/Paris',
        currency: 'EUR',
        legalIdentity: { legalName: 'Garage SAS', address: {}, identifiers: { siren: '732 829 320' }, invoiceFooter: null },
      },
    });
    const { admin, actor, visit, customer, ids } = await payments(db, 2);
    // A name with French accents, a Latin-9-only letter (Œ), one Latin-9 lacks (ř) and Arabic.
    await db.user.update({ where: { id: customer.id }, data: { firstName: 'Hélène Œuvre-Dvořák', lastName: 'عمر' } });
    await refundPayment(db, actor, ids[0]!, { amountCents: 300, notes: null });
    await issueInvoice(db, visit);
    await issueInvoice(db, visit, { kind: 'CREDIT_NOTE', sign: -1 });
    const app = await buildTestApp({ db });
    cleanups.push(() => app.close());
    const headers = { authorization: `Bearer ${signAccessToken({ userId: admin.id, roles: ['ADMIN'] }, TEST_JWT_SECRET)}` };
    const today = new Date().toISOString().slice(0, 10);
    const from = '2026-01-01' < today ? '2026-01-01' : today;
    const to = '2100-01-01' > today ? new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10) : today;

    const fec = await app.inject({ method: 'GET', url: `/backend/accounting/fec?from=${from}&to=${to}`, headers });
    expect(fec.statusCode).toBe(200);
    expect(fec.headers['content-disposition']).toBe(`attachment; filename="732829320FEC${to.replace(/-/g, '')}.txt"`);
    // ISO 8859-15 bytes: é = E9, Œ = BC; ř folds to r; Arabic becomes "?" (never UTF-8 sequences).
    expect(fec.headers['content-type']).toBe('text/plain; charset=iso-8859-15');
    const bytes = fec.rawPayload;
    expect(bytes.includes(Buffer.from([0x48, 0xe9, 0x6c, 0xe8, 0x6e, 0x65, 0x20, 0xbc]))).toBe(true);
    const fecText = iconv.decode(bytes, 'iso-8859-15');
    expect(fecText).toContain('Hélène Œuvre-Dvorák ???');
    expect(bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);
    expect(fecText.endsWith('\r\n')).toBe(true);
    const records = fecText
      .slice(0, -2)
      .split('\r\n')
      .map((record) => record.split('\t'));
    expect(records[0]).toEqual([...FEC_COLUMNS]);
    for (const record of records) expect(record).toHaveLength(18);
    const body = records.slice(1);
    // 2 invoices (6 lines each) + 3 receipts (2 lines each).
    expect(body).toHaveLength(18);
    const amount = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    const byEntry = new Map<string, number>();
    for (const record of body) {
      expect(record[3]).toMatch(/^\d{8}$/);
      expect(record[11]).toMatch(/^\d+,\d{2}$/);
      byEntry.set(record[2]!, (byEntry.get(record[2]!) ?? 0) + amount(record[11]!) - amount(record[12]!));
    }
    expect(byEntry.size).toBe(5);
    for (const balance of byEntry.values()) expect(balance).toBe(0);
    const customerDebit = body.filter((record) => record[4] === '411000').reduce((sum, record) => sum + amount(record[11]!), 0);
    expect(customerDebit).toBe(19_100 + 300);

    const csv = await app.inject({ method: 'GET', url: `/backend/accounting/journal.csv?from=${from}&to=${to}`, headers });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('date,journal,piece,account,label,debit,credit');
    let debit = 0;
    let credit = 0;
    for (const row of rows.slice(1)) {
      const cells = row.split(',');
      debit += Math.round(Number(cells.at(-2)) * 100);
      credit += Math.round(Number(cells.at(-1)) * 100);
    }
    expect(rows).toHaveLength(19);
    expect(debit).toBe(credit);

    // Without a SIREN there is no FEC name: refused, with a message to act on.
    await db.merchant.updateMany({ data: { legalIdentity: { legalName: null, address: {}, identifiers: {}, invoiceFooter: null } } });
    const refused = await app.inject({ method: 'GET', url: `/backend/accounting/fec?from=${from}&to=${to}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageCode: 'fiscal.missingIdentity' });
  });

  it("the year's archive: journal, closings and invoices with a manifest of hashes", async () => {
    const { db } = await isolated();
    const { admin, visit } = await payments(db, 2);
    await issueInvoice(db, visit);
    const app = await buildTestApp({ db });
    cleanups.push(() => app.close());
    const headers = { authorization: `Bearer ${signAccessToken({ userId: admin.id, roles: ['ADMIN'] }, TEST_JWT_SECRET)}` };
    const year = new Date().getUTCFullYear();
    const response = await app.inject({ method: 'GET', url: `/backend/fiscal/archive?year=${year}`, headers });
    expect(response.statusCode).toBe(200);
    const files = await unzip(response.rawPayload);
    expect([...files.keys()]).toEqual(['journal.jsonl', 'closings.jsonl', 'invoices.jsonl', 'manifest.json']);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    const journal = files
      .get('journal.jsonl')!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(journal).toHaveLength(3);
    expect(manifest.journal).toMatchObject({ firstSequence: 1, lastSequence: 3, previousHash: '0'.repeat(64), lastHash: journal[2].hash });
    const { createHash } = await import('node:crypto');
    for (const name of ['journal.jsonl', 'closings.jsonl', 'invoices.jsonl']) {
      const listed = manifest.files.find((file: { name: string }) => file.name === name);
      expect(listed.sha256).toBe(createHash('sha256').update(files.get(name)!).digest('hex'));
    }
    // The chain re-verifies from the archive alone.
    let previous = manifest.journal.previousHash;
    for (const entry of journal) {
      expect(entry.previousHash).toBe(previous);
      expect(fiscalEntryHash({ ...entry, occurredAt: new Date(entry.occurredAt) })).toBe(entry.hash);
      previous = entry.hash;
    }
    expect(JSON.parse(files.get('invoices.jsonl')!.toString('utf8').trim()).snapshot.version).toBe(2);
  });
});

describe('accounting reports (admin)', () => {
  it('revenue without tax per day and tax collected per rate, credit notes deducted; refused to employees', async () => {
    const { db } = await isolated();
    await db.merchant.updateMany({ data: { timezone: 'UTC', currency: 'EUR' } });
    const { admin, visit } = await payments(db, 0);
    await issueInvoice(db, visit, { issuedAt: new Date('2026-02-03T10:00:00Z') });
    await issueInvoice(db, visit, { issuedAt: new Date('2026-02-03T11:00:00Z') });
    await issueInvoice(db, visit, { issuedAt: new Date('2026-02-05T11:00:00Z'), kind: 'CREDIT_NOTE', sign: -1 });
    await issueInvoice(db, visit, { issuedAt: new Date('2026-03-01T11:00:00Z') }); // outside the period
    const employee = await newUser(db, 'ADMIN');
    await db.user.update({ where: { id: employee.id }, data: { role: 'EMPLOYEE' } });
    const app = await buildTestApp({ db });
    cleanups.push(() => app.close());
    const as = (id: string, role: 'ADMIN' | 'EMPLOYEE') => ({
      authorization: `Bearer ${signAccessToken({ userId: id, roles: [role] }, TEST_JWT_SECRET)}`,
    });
    const period = 'from=2026-02-01&to=2026-02-28';

    const revenue = await app.inject({
      method: 'GET',
      url: `/backend/reports/revenue-net?format=json&${period}`,
      headers: as(admin.id, 'ADMIN'),
    });
    expect(revenue.statusCode).toBe(200);
    expect(revenue.json().rows).toEqual([
      { date: '2026-02-03', invoices: 2, creditNotes: 0, net: 32_000, tax: 6_200, gross: 38_200 },
      { date: '2026-02-05', invoices: 0, creditNotes: 1, net: -16_000, tax: -3_100, gross: -19_100 },
    ]);
    expect(revenue.json().totals.find((total: { key: string }) => total.key === 'net').value).toBe(16_000);

    const taxes = await app.inject({
      method: 'GET',
      url: `/backend/reports/tax-collected?format=json&${period}`,
      headers: as(admin.id, 'ADMIN'),
    });
    expect(taxes.json().rows).toEqual([
      { rate: 20, category: 'S', net: 15_000, tax: 3_000 },
      { rate: 10, category: 'S', net: 1_000, tax: 100 },
    ]);
    const csv = await app.inject({
      method: 'GET',
      url: `/backend/reports/tax-collected?format=csv&${period}`,
      headers: as(admin.id, 'ADMIN'),
    });
    expect(csv.statusCode).toBe(200);

    const refused = await app.inject({
      method: 'GET',
      url: `/backend/reports/revenue-net?format=json&${period}`,
      headers: as(employee.id, 'EMPLOYEE'),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('pnpm verify-journal', () => {
  const cli = path.resolve(import.meta.dirname, '../src/cli/verify-journal.ts');
  const run = (url: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' },
      encoding: 'utf8',
      cwd: path.resolve(import.meta.dirname, '..'),
    });

  it('exits 0 on an unbroken chain and 1 naming the first broken sequence', async () => {
    const { db, url } = await isolated();
    await payments(db, 3);
    const good = run(url);
    const head = await db.fiscalJournalHead.findUniqueOrThrow({ where: { id: 1 } });
    expect(good.stdout).toContain(`Journal verified: 3 entries, chain unbroken, head ${head.lastHash}`);
    expect(good.status).toBe(0);
    await tamper(db, 'UPDATE "FiscalJournalEntry" SET "taxCents" = 5 WHERE "sequence" = 2');
    const bad = run(url);
    expect(bad.stderr).toContain('Journal BROKEN at sequence 2');
    expect(bad.status).toBe(1);
  });
});
