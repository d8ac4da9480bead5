// Issue #27's acceptance, per country: a French, a Moroccan and a Saudi demo shop (seedDemoData with
// DEMO_PROFILE's profile, each on an ISOLATED database: the merchant's settings and the fiscal chain are the
// whole shop's) each issue, through the HTTP API as the demo admin, a correct invoice for a visit with parts,
// labour and a line at a second rate: tax per rate as tax-rules.ts computes it, the seller's and the business
// customer's identifiers, a PDF in each of the shop's languages (pdftotext) with the tax lines and totals;
// then a credit note that negates it, and accounting exports that balance (FEC for France, the journal CSV
// for all). France's PDF carries the Factur-X XML (pdfdetach); the Saudi PDF's QR code (pdftoppm + jsQR)
// decodes to the invoice's seller, VAT number, total and VAT.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, DEMO_ACCOUNTS, seedDemoData, type Db } from '@garage/db';
import type { InvoiceSnapshotV2 } from '@garage/db/invoices';
import { createIsolatedDatabase } from '@garage/db/testing/test-database';
import {
  accountingAccountsSchema,
  calendarDateIn,
  checkLegalIdentifiers,
  computeDocumentTaxes,
  currencyDecimals,
  TAX_PROFILE_DEFAULTS,
  TAX_ROUNDING_RULE,
  visitAmountDue,
  type Language,
  type TaxCountryProfile,
} from '@garage/shared';
import type { App } from '../src/app.ts';
import { decodeZatcaQr } from '../src/modules/invoices/e-invoice/zatca-qr.ts';
import { buildTestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

type CountryCase = {
  profile: Exclude<TaxCountryProfile, 'OTHER' | 'AE'>;
  /** The second rate of the visit's flat line (the first is the shop's default). */
  secondBasisPoints: number;
  /** Seller identifiers the PDF must print (digits as stored). */
  sellerIds: string[];
  /** The business customer's identifiers printed in the buyer block. */
  buyerIds: string[];
};

const CASES: CountryCase[] = [
  { profile: 'FR', secondBasisPoints: 550, sellerIds: ['84215769500011', 'FR39842157695'], buyerIds: ['FR18512348764'] },
  { profile: 'MA', secondBasisPoints: 1000, sellerIds: ['001525478000083', '40123456'], buyerIds: ['002345678000051'] },
  { profile: 'SA', secondBasisPoints: 0, sellerIds: ['310122393500003', '1010123456'], buyerIds: ['300987654300003'] },
];

/** "1234.50" in any of the PDF's number formats: Latin or Arabic-Indic digits, any group and decimal separators. */
function amountPattern(minor: number, currency: string): RegExp {
  const decimals = currencyDecimals(currency);
  const abs = Math.abs(minor);
  const units = String(Math.floor(abs / 10 ** decimals));
  const fraction = decimals ? String(abs % 10 ** decimals).padStart(decimals, '0') : '';
  const integer = [...units].join("[\\s\\u00a0\\u202f,.\\u066c\\u2019']?");
  return new RegExp(`(?<![0-9])${integer}${fraction ? `[.,\\u066b]${fraction}` : ''}(?![0-9])`);
}

/** The PDF's text with Arabic-Indic digits as Latin ones (an Arabic PDF may print either). */
function readableText(pdf: Uint8Array): string {
  return pdfText(pdf).replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
}
const compact = (text: string) => text.replace(/\s+/g, '');

function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.replace(/^\uFEFF/, '');
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Sum of a column of decimal amounts ("12.50", FEC "12,50") in minor units. */
const sumMinor = (values: string[], decimals: number) =>
  values.reduce((sum, value) => sum + Math.round(Number((value || '0').replace(',', '.')) * 10 ** decimals), 0);

function poppler(tool: string, args: string[], input?: Buffer): string {
  const result = spawnSync(tool, args, { input, encoding: 'utf8' });
  if (result.error) throw new Error(`${tool} is missing: install poppler-utils to run the demo profile tests`);
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
}

/** The QR codes drawn on the first page of a PDF, rendered at 200 dpi and read with jsQR. */
async function qrOnFirstPage(pdf: Buffer): Promise<string | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'garage-qr-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    poppler('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-png', file, path.join(dir, 'page')]);
    const page = spawnSync('sh', ['-c', `ls ${dir}/page*.png`], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')[0]!;
    const { data, info } = await sharp(page).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    return code?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(CASES)('the $profile demo profile', ({ profile, secondBasisPoints, sellerIds, buyerIds }) => {
  const defaults = TAX_PROFILE_DEFAULTS[profile];
  let db: Db;
  let app: App;
  let drop: () => Promise<void>;
  let headers: Record<string, string>;
  let invoiceId: string;
  let snapshot: InvoiceSnapshotV2;
  let creditNoteNumber: string;

  beforeAll(async () => {
    const iso = await createIsolatedDatabase(inject('databaseUrl'));
    drop = iso.drop;
    db = createDb(iso.url, { poolSize: 4 });
    expect(await seedDemoData(db, { profile })).toEqual({ created: true });
    app = await buildTestApp({ db });
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'ADMIN')!;
    const login = await app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { identifier: admin.username, password: admin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    headers = { authorization: `Bearer ${login.json().accessToken}` };
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await db?.$disconnect();
    await drop?.();
  });

  it('seeds the shop of the country: currency, taxes, a valid legal identity, a business customer, taxed invoices and a credit note', async () => {
    const merchant = await db.merchant.findFirstOrThrow({
      select: { currency: true, timezone: true, defaultLanguage: true, taxProfile: true, pricesIncludeTax: true, legalIdentity: true },
    });
    expect(merchant).toMatchObject({
      currency: defaults.currency,
      timezone: defaults.timezone,
      defaultLanguage: defaults.defaultLanguage,
      taxProfile: profile,
      pricesIncludeTax: defaults.pricesIncludeTax,
    });
    const identity = merchant.legalIdentity as { identifiers: Record<string, string | null> };
    expect(checkLegalIdentifiers(profile, identity.identifiers)).toEqual([]);
    const business = await db.user.findUniqueOrThrow({ where: { username: 'client2' }, select: { billing: true } });
    expect(checkLegalIdentifiers(profile, (business.billing as { identifiers: Record<string, string | null> }).identifiers)).toEqual([]);
    expect((await db.taxRate.findMany({ orderBy: { basisPoints: 'desc' } })).map((rate) => rate.basisPoints)).toEqual(
      defaults.rates.map((rate) => rate.basisPoints),
    );
    expect(await db.taskLine.count({ where: { taxRateId: null } })).toBe(0);
    // Every demo invoice is a taxed one, and there is a credit note.
    const documents = await db.invoice.findMany({ select: { kind: true, taxCents: true, snapshot: true } });
    expect(documents.filter((document) => document.kind === 'INVOICE').length).toBeGreaterThan(3);
    expect(documents.some((document) => document.kind === 'CREDIT_NOTE')).toBe(true);
    for (const document of documents) {
      expect((document.snapshot as { version: number }).version).toBe(2);
      if (document.kind === 'INVOICE') expect(document.taxCents).toBeGreaterThan(0);
    }
  });

  it("stores every visit's amount due with its tax, and a visit paid in full stays paid in full", async () => {
    const visits = await db.visit.findMany({
      select: {
        totalCostCents: true,
        paidCents: true,
        paymentStatus: true,
        tasks: {
          select: {
            status: true,
            approval: true,
            soldForCents: true,
            lines: { select: { totalCents: true, taxRate: { select: { basisPoints: true } } } },
          },
        },
      },
    });
    const settings = { profile, pricesIncludeTax: defaults.pricesIncludeTax };
    for (const visit of visits) {
      const tasks = visit.tasks.map((task) => ({
        ...task,
        lines: task.lines.map((line) => ({ totalCents: line.totalCents, basisPoints: line.taxRate?.basisPoints ?? null })),
      }));
      expect(visit.totalCostCents).toBe(visitAmountDue(tasks, settings));
    }
    expect(visits.some((visit) => visit.paymentStatus === 'PAID' && visit.paidCents === visit.totalCostCents && visit.paidCents > 0)).toBe(
      true,
    );
  });

  it('shows the demo admin the tax settings of the country (what the settings screen reads)', async () => {
    const settings = await app.inject({ method: 'GET', url: '/backend/tax-settings', headers });
    expect(settings.statusCode, settings.body.slice(0, 300)).toBe(200);
    expect(settings.json()).toMatchObject({ profile, pricesIncludeTax: defaults.pricesIncludeTax });
    expect(JSON.stringify(settings.json().legalIdentity)).toContain(sellerIds[0]!);
  });

  it('issues a correct invoice for a visit with parts, labour and a second rate', async () => {
    const customer = await db.user.findUniqueOrThrow({ where: { username: 'client2' }, select: { id: true } });
    const vehicle = await db.vehicle.findFirstOrThrow({ where: { ownerId: customer.id }, select: { id: true } });
    const part = await db.part.findFirstOrThrow({ where: { archivedAt: null }, orderBy: { partNumber: 'asc' }, select: { id: true } });
    const second = await db.taxRate.findFirstOrThrow({ where: { basisPoints: secondBasisPoints }, select: { id: true } });
    const created = await app.inject({
      method: 'POST',
      url: '/backend/visits',
      headers,
      payload: {
        name: 'Brakes and disposal',
        customerId: customer.id,
        vehicleId: vehicle.id,
        dueDate: calendarDateIn(new Date(), defaults.timezone),
        timeZone: defaults.timezone,
        tasks: [
          {
            title: 'Front brakes',
            service: 'REPAIR',
            lines: [
              { kind: 'PART', partId: part.id, quantity: 2 },
              { kind: 'LABOUR', quantity: 1.5 },
              { kind: 'FLAT', description: 'Used parts disposal', unitPriceCents: 1_250, taxRateId: second.id },
            ],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const issued = await app.inject({ method: 'POST', url: `/backend/visits/${created.json().id}/invoices`, headers });
    expect(issued.statusCode, issued.body).toBe(201);
    const summary = issued.json();
    invoiceId = summary.id;
    const row = await db.invoice.findUniqueOrThrow({
      where: { id: invoiceId },
      select: { snapshot: true, netCents: true, taxCents: true, totalCents: true },
    });
    snapshot = row.snapshot as unknown as InvoiceSnapshotV2;

    // The taxes are tax-rules.ts' on the lines as typed, with the profile's prices mode and rounding rule.
    expect(snapshot).toMatchObject({
      version: 2,
      kind: 'INVOICE',
      profile,
      currency: defaults.currency,
      pricesIncludeTax: defaults.pricesIncludeTax,
    });
    expect(snapshot.lines.map((line) => line.kind).sort()).toEqual(['FLAT', 'LABOUR', 'PART']);
    const expected = computeDocumentTaxes(
      snapshot.lines.map((line) => ({ amount: line.amount, basisPoints: line.taxRate.basisPoints })),
      { pricesIncludeTax: defaults.pricesIncludeTax, rule: TAX_ROUNDING_RULE[profile] },
    );
    const standard = defaults.rates[0]!.basisPoints;
    expect(expected.rates.map((rate) => rate.basisPoints)).toEqual([standard, secondBasisPoints].sort((a, b) => b - a));
    expect(snapshot.taxes.map(({ basisPoints, net, tax, gross }) => ({ basisPoints, net, tax, gross }))).toEqual(expected.rates);
    expect([snapshot.netTotal, snapshot.taxTotal, snapshot.grossTotal]).toEqual([expected.net, expected.tax, expected.gross]);
    expect([row.netCents, row.taxCents, row.totalCents]).toEqual([expected.net, expected.tax, expected.gross]);
    expect(summary).toMatchObject({ netCents: expected.net, taxCents: expected.tax, totalCents: expected.gross });
    // The seller's identity and the business customer's, frozen on the invoice.
    expect(JSON.stringify(snapshot.seller.identifiers)).toContain(sellerIds[0]!);
    expect(snapshot.buyer).toMatchObject({ isBusiness: true });
    expect(JSON.stringify(snapshot.buyer.identifiers)).toContain(buyerIds[0]!);
  });

  it.each(defaults.documentLanguages.map((lang) => [lang]))(
    'prints the invoice in %s: identifiers, tax per rate and totals',
    async (lang: Language) => {
      const pdf = await app.inject({ method: 'GET', url: `/backend/invoices/${invoiceId}/pdf?lang=${lang}`, headers });
      expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = readableText(pdf.rawPayload);
      expect(compact(text)).toContain(snapshot.number);
      for (const id of [...sellerIds, ...buyerIds]) expect(compact(text)).toContain(id);
      for (const rate of snapshot.taxes) {
        expect(text).toMatch(amountPattern(rate.net, snapshot.currency));
        if (rate.tax !== 0) expect(text).toMatch(amountPattern(rate.tax, snapshot.currency));
      }
      for (const total of [snapshot.netTotal, snapshot.taxTotal, snapshot.grossTotal])
        expect(text).toMatch(amountPattern(total, snapshot.currency));
      if (lang === 'ar' && profile === 'SA') expect(text).toContain('فاتورة ضريبية');
    },
  );

  if (profile === 'FR') {
    it('attaches the Factur-X XML to the French PDF', async () => {
      const pdf = await app.inject({ method: 'GET', url: `/backend/invoices/${invoiceId}/pdf?lang=fr`, headers });
      const dir = mkdtempSync(path.join(tmpdir(), 'garage-fx-'));
      try {
        const file = path.join(dir, 'invoice.pdf');
        writeFileSync(file, pdf.rawPayload);
        expect(poppler('pdfdetach', ['-list', file])).toMatch(/factur-x\.xml/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  if (profile === 'SA') {
    it('prints a ZATCA QR code that decodes to the invoice', async () => {
      const pdf = await app.inject({ method: 'GET', url: `/backend/invoices/${invoiceId}/pdf?lang=ar`, headers });
      const qr = await qrOnFirstPage(pdf.rawPayload);
      expect(qr, 'no QR code found on the first page').not.toBeNull();
      const fields = decodeZatcaQr(qr!);
      expect(fields).toMatchObject({ vatNumber: '310122393500003' });
      expect(JSON.stringify(fields)).toContain(snapshot.seller.legalName ?? snapshot.seller.name);
      const major = (minor: number) => (minor / 100).toFixed(2);
      expect(JSON.stringify(fields)).toContain(major(snapshot.grossTotal));
      expect(JSON.stringify(fields)).toContain(major(snapshot.taxTotal));
    });
  }

  it('credits the invoice with a credit note that negates it', async () => {
    const credit = await app.inject({
      method: 'POST',
      url: `/backend/invoices/${invoiceId}/credit-notes`,
      headers,
      payload: { reason: 'Invoiced to the wrong company' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const note = await db.invoice.findUniqueOrThrow({
      where: { id: credit.json().id },
      select: { kind: true, number: true, snapshot: true },
    });
    expect(note.kind).toBe('CREDIT_NOTE');
    const noteSnapshot = note.snapshot as unknown as InvoiceSnapshotV2;
    expect([noteSnapshot.netTotal, noteSnapshot.taxTotal, noteSnapshot.grossTotal]).toEqual([
      -snapshot.netTotal,
      -snapshot.taxTotal,
      -snapshot.grossTotal,
    ]);
    expect(noteSnapshot.taxes.map((rate) => rate.tax)).toEqual(snapshot.taxes.map((rate) => 0 - rate.tax));
    creditNoteNumber = note.number;
    const pdf = await app.inject({
      method: 'GET',
      url: `/backend/invoices/${credit.json().id}/pdf?lang=${defaults.defaultLanguage}`,
      headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = readableText(pdf.rawPayload);
    expect(compact(text)).toContain(note.number);
    expect(compact(text)).toContain(snapshot.number);
  });

  it('exports the books of the period, debits equal to credits', async () => {
    const from = '2000-01-01';
    const to = calendarDateIn(new Date(Date.now() + 24 * 3600_000), defaults.timezone);
    const decimals = currencyDecimals(defaults.currency);
    const csv = await app.inject({ method: 'GET', url: `/backend/accounting/journal.csv?from=${from}&to=${to}`, headers });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    const [header, ...rows] = parseCsv(csv.body).filter((row) => row.length > 1);
    expect(header).toEqual(['date', 'journal', 'piece', 'account', 'label', 'debit', 'credit']);
    const debit = sumMinor(
      rows.map((row) => row[5]!),
      decimals,
    );
    expect(debit).toBeGreaterThan(0);
    expect(debit).toBe(
      sumMinor(
        rows.map((row) => row[6]!),
        decimals,
      ),
    );
    // The invoice and its credit note are in the books, with the tax collected.
    const pieces = new Set(rows.map((row) => row[2]));
    expect(pieces.has(snapshot.number)).toBe(true);
    expect(pieces.has(creditNoteNumber)).toBe(true);
    const taxAccount = accountingAccountsSchema.parse(defaults.accountingAccounts).taxCollected;
    const taxRows = rows.filter((row) => row[2] === snapshot.number && row[3] === taxAccount);
    expect(
      sumMinor(
        taxRows.map((row) => row[6]!),
        decimals,
      ) -
        sumMinor(
          taxRows.map((row) => row[5]!),
          decimals,
        ),
    ).toBe(snapshot.taxTotal);

    // The fiscal journal holds every document and payment above, its hash chain unbroken.
    const verification = await app.inject({ method: 'GET', url: '/backend/fiscal/journal/verification', headers });
    expect(verification.statusCode, verification.body.slice(0, 300)).toBe(200);
    expect(verification.json()).toMatchObject({ ok: true });

    if (profile === 'FR') {
      const fec = await app.inject({ method: 'GET', url: `/backend/accounting/fec?from=${from}&to=${to}`, headers });
      expect(fec.statusCode, fec.body.slice(0, 300)).toBe(200);
      expect(fec.headers['content-disposition']).toContain('842157695FEC');
      const lines = fec.body
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split('\t'));
      expect(lines.every((line) => line.length === 18)).toBe(true);
      const [, ...records] = lines;
      const fecDebit = sumMinor(
        records.map((line) => line[11]!),
        decimals,
      );
      expect(fecDebit).toBeGreaterThan(0);
      expect(fecDebit).toBe(
        sumMinor(
          records.map((line) => line[12]!),
          decimals,
        ),
      );
    }
  });
});

describe('the AE demo profile (seed only)', () => {
  it('seeds an Emirates shop once: AED, VAT 5 % on every line, a valid TRN, taxed invoices', async () => {
    const iso = await createIsolatedDatabase(inject('databaseUrl'));
    const db = createDb(iso.url, { poolSize: 4 });
    try {
      expect(await seedDemoData(db, { profile: 'AE' })).toEqual({ created: true });
      expect(await seedDemoData(db, { profile: 'AE' })).toEqual({ created: false });
      const merchant = await db.merchant.findFirstOrThrow({
        select: { currency: true, taxProfile: true, legalIdentity: true, defaultLabourTaxRate: { select: { basisPoints: true } } },
      });
      expect(merchant).toMatchObject({ currency: 'AED', taxProfile: 'AE', defaultLabourTaxRate: { basisPoints: 500 } });
      expect(checkLegalIdentifiers('AE', (merchant.legalIdentity as { identifiers: Record<string, string | null> }).identifiers)).toEqual(
        [],
      );
      expect(await db.taskLine.count({ where: { taxRateId: null } })).toBe(0);
      const invoices = await db.invoice.findMany({
        where: { kind: 'INVOICE' },
        select: { netCents: true, taxCents: true, totalCents: true },
      });
      expect(invoices.length).toBeGreaterThan(3);
      for (const invoice of invoices) {
        expect(invoice.taxCents).toBeGreaterThan(0);
        expect(invoice.netCents + invoice.taxCents).toBe(invoice.totalCents);
      }
    } finally {
      await db.$disconnect();
      await iso.drop();
    }
  }, 180_000);
});
