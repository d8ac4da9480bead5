// Issuing invoices and credit notes inside a transaction: the one definition shared by the API
// (apps/api/src/modules/invoices, which locks the visit first and turns a refusal into a 409) and the demo seed.
//
// Numbering: <series>-<year>-<6 digits>, series INV for invoices and CN for credit notes, the year of issue in
// the shop's time zone and that series' and year's counter (InvoiceCounter row). One INSERT … ON CONFLICT DO
// UPDATE … RETURNING increments the counter and locks the row until the transaction ends: concurrent issues
// take numbers one after another, a number is never given twice (Invoice.number and (kind, year, sequence)
// are unique too), and an issue that rolls back gives its number back with the lock: no gaps.
//
// The snapshot (what was invoiced, frozen) is read by invoice-snapshot.ts. Lifecycle (docs/invoicing.md):
// - a draft is only a preview (draftInvoiceSnapshot): never stored, never numbered;
// - an issued invoice never changes (database triggers) and is corrected only by credit notes
//   (issueCreditNoteInTransaction), full or partial, never crediting more than is left on a line;
// - issuing for a visit whose current invoice differs from the visit now is a correction: a credit note of
//   what is left of the current invoice and the new invoice (replaces = the credited one), in one transaction;
//   refused when nothing changed; after a full credit the visit is simply invoiced again.
// Every document issued is appended to the fiscal journal in the same transaction (fiscal-journal.ts).
import { isDeepStrictEqual } from 'node:util';
import { TAX_ROUNDING_RULE, calendarDateIn, lineTotalCents } from '@garage/shared';
import { formatDocumentNumber, INVOICE_CORRECTION_REASON } from '@garage/shared/schemas/invoices';
import { appendFiscalEntry, type FiscalDocumentPayload } from './fiscal-journal.ts';
import type { Prisma } from './generated/prisma/client.ts';

import {
  NO_TAX,
  firstContact,
  loadShopIdentity,
  loadTaxSetup,
  readInvoiceContentV1,
  readInvoiceContentV2,
  withTaxes,
  type InvoiceContent,
  type InvoiceContentV2,
  type InvoiceLineV2,
  type InvoiceSnapshot,
  type InvoiceSnapshotV1,
  type InvoiceSnapshotV2,
} from './invoice-snapshot.ts';

export * from './invoice-snapshot.ts';

type Tx = Prisma.TransactionClient;

// ─── Numbers and the journal ────────────────────────────────────────────────────────────────────────────

export const DOCUMENT_SERIES = { INVOICE: 'INV', CREDIT_NOTE: 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

/** The next number of the series in `year`, taken under the counter row's lock (held until the transaction ends). */
async function takeSequence(tx: Tx, kind: DocumentKind, year: number): Promise<number> {
  const series = DOCUMENT_SERIES[kind];
  const [row] = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO "InvoiceCounter" ("series", "year", "lastNumber") VALUES (${series}, ${year}, 1)
    ON CONFLICT ("series", "year") DO UPDATE SET "lastNumber" = "InvoiceCounter"."lastNumber" + 1
    RETURNING "lastNumber"`;
  return row!.lastNumber;
}

/** Numbers, stores and journals a document: the one place an Invoice row is created. */
async function storeDocument(
  tx: Tx,
  document: Omit<InvoiceSnapshotV2, 'number'>,
  row: { customerId: string; issuedById: string | null; replacesId: string | null; creditedInvoiceId: string | null },
): Promise<{ id: string; number: string }> {
  const issuedAt = new Date(document.issuedAt);
  const year = Number(calendarDateIn(issuedAt, document.shop.timezone).slice(0, 4));
  const sequence = await takeSequence(tx, document.kind, year);
  const number = formatDocumentNumber(DOCUMENT_SERIES[document.kind], year, sequence);
  const snapshot: InvoiceSnapshotV2 = { ...document, number };
  const created = await tx.invoice.create({
    data: {
      number,
      year,
      sequence,
      kind: document.kind,
      visitId: document.visit.id,
      customerId: row.customerId,
      replacesId: row.replacesId,
      creditedInvoiceId: row.creditedInvoiceId,
      snapshot: snapshot as unknown as Prisma.InputJsonValue,
      netCents: snapshot.netTotal,
      taxCents: snapshot.taxTotal,
      totalCents: snapshot.grossTotal,
      paidCents: snapshot.paid,
      balanceCents: snapshot.balance,
      currency: snapshot.currency,
      issuedById: row.issuedById,
      issuedAt,
    },
    select: { id: true, number: true },
  });
  // The journal records the totals per rate, not the whole snapshot: what the books need, chained by hash.
  await appendFiscalEntry(tx, {
    kind: snapshot.kind,
    documentId: created.id,
    documentNumber: number,
    occurredAt: issuedAt,
    amountCents: snapshot.grossTotal,
    taxCents: snapshot.taxTotal,
    currency: snapshot.currency,
    payload: {
      number,
      issuedAt: snapshot.issuedAt,
      customerId: row.customerId,
      credits: snapshot.credits?.number ?? null,
      taxes: snapshot.taxes.map((rate) => ({
        basisPoints: rate.basisPoints,
        category: rate.category,
        net: rate.net,
        tax: rate.tax,
        gross: rate.gross,
      })),
      netTotal: snapshot.netTotal,
      taxTotal: snapshot.taxTotal,
      grossTotal: snapshot.grossTotal,
    } satisfies FiscalDocumentPayload,
  });
  return created;
}

// ─── What is left to credit ─────────────────────────────────────────────────────────────────────────────

/** A document's lines as version 2 lines: a version-1 invoice's tasks were untaxed flat amounts. */
export function documentLines(snapshot: InvoiceSnapshot): InvoiceLineV2[] {
  if (snapshot.version === 2) return snapshot.lines;
  return snapshot.lines.map((line) => ({
    taskTitle: line.title,
    service: line.service,
    kind: 'FLAT',
    description: line.title,
    partNumber: null,
    quantityMilli: snapshot.kind === 'CREDIT_NOTE' ? -1000 : 1000,
    unit: 'PIECE',
    unitPrice: snapshot.kind === 'CREDIT_NOTE' ? -line.amountCents : line.amountCents,
    amount: line.amountCents,
    net: line.amountCents,
    tax: 0,
    gross: line.amountCents,
    taxRate: NO_TAX,
  }));
}

export interface CreditableLine {
  line: InvoiceLineV2;
  /** What is left to credit, as typed (same sign as the line's amount; 0 = fully credited). */
  amountLeft: number;
  quantityMilliLeft: number;
}

/** Each line of an invoice with what earlier credit notes left of it. */
export async function creditableLines(
  tx: Pick<Tx, 'invoice'>,
  invoice: { id: string; snapshot: InvoiceSnapshot },
): Promise<CreditableLine[]> {
  const credits = await tx.invoice.findMany({ where: { creditedInvoiceId: invoice.id }, select: { snapshot: true } });
  return creditableLinesFrom(
    invoice.snapshot,
    credits.map((credit) => credit.snapshot as unknown as InvoiceSnapshot),
  );
}

/** The same from snapshots at hand (a visit's list holds its invoices and their credit notes). */
export function creditableLinesFrom(invoice: InvoiceSnapshot, creditNotes: InvoiceSnapshot[]): CreditableLine[] {
  const left = documentLines(invoice).map((line) => ({ line, amountLeft: line.amount, quantityMilliLeft: line.quantityMilli }));
  for (const credit of creditNotes) {
    documentLines(credit).forEach((creditLine, position) => {
      // Credit notes made by the migration list the invoice's lines in order.
      const target = left[creditLine.creditedLineIndex ?? position];
      if (!target) return;
      target.amountLeft += creditLine.amount;
      target.quantityMilliLeft += creditLine.quantityMilli;
    });
  }
  return left;
}

export const isFullyCredited = (lines: CreditableLine[]) => lines.every((line) => line.amountLeft === 0);

// ─── Issuing ────────────────────────────────────────────────────────────────────────────────────────────

/** What "nothing changed" compares: the document minus what only the issue adds. */
function comparable(snapshot: InvoiceSnapshotV2 | (InvoiceContentV2 & { customerId?: string })) {
  const {
    version: _version,
    kind: _kind,
    number: _number,
    issuedAt: _issuedAt,
    replaces: _replaces,
    credits: _credits,
    customerId: _customerId,
    ...content
  } = snapshot as Partial<InvoiceSnapshotV2> & { customerId?: string };
  // As stored: JSON has no -0 (a rounded tax of a small negative line) nor undefined fields.
  return JSON.parse(JSON.stringify(content)) as typeof content;
}

function contentOfV1(snapshot: InvoiceSnapshotV1): InvoiceContent {
  const { version: _v, number: _n, issuedAt: _i, replaces: _r, kind: _k, credits: _c, ...content } = snapshot;
  return content;
}

/** The invoice a new issue of the visit would correct: its latest invoice not replaced yet. */
async function currentInvoiceOf(tx: Tx, visitId: string) {
  const current = await tx.invoice.findFirst({
    where: { visitId, kind: 'INVOICE', replacedBy: null },
    orderBy: [{ issuedAt: 'desc' }, { year: 'desc' }, { sequence: 'desc' }],
    select: { id: true, number: true, issuedAt: true, snapshot: true, customerId: true },
  });
  return current ? { ...current, snapshot: current.snapshot as unknown as InvoiceSnapshot } : null;
}

/** The would-be invoice of the visit, never stored nor numbered ("DRAFT"); null when the visit does not exist. */
export async function draftInvoiceSnapshot(tx: Tx, visitId: string, now = new Date()): Promise<InvoiceSnapshotV2 | null> {
  const shop = await loadShopIdentity(tx);
  const read = await readInvoiceContentV2(tx, visitId, shop, await loadTaxSetup(tx));
  if (!read) return null;
  const { customerId: _customerId, ...content } = read;
  return { version: 2, kind: 'INVOICE', number: 'DRAFT', issuedAt: now.toISOString(), replaces: null, credits: null, ...content };
}

export type IssueOutcome =
  | { issued: { id: string; number: string }; creditNote: { id: string; number: string } | null }
  | { refused: 'visitNotFound' | 'noWork' | 'unchanged' };

/**
 * Issues an invoice for the visit in the caller's transaction. When the visit's current invoice still
 * stands (not fully credited) and the visit changed since, this is a correction: a credit note of what is
 * left of that invoice, then the new invoice (replaces = the credited one). Callers that may run
 * concurrently for one visit lock the visit row first (the API does), so each correction credits the
 * invoice issued just before it.
 */
export async function issueInvoiceInTransaction(
  tx: Tx,
  options: { visitId: string; issuedById: string | null; issuedAt?: Date },
): Promise<IssueOutcome> {
  const { visitId, issuedById } = options;
  const issuedAt = options.issuedAt ?? new Date();
  const shop = await loadShopIdentity(tx);
  const read = await readInvoiceContentV2(tx, visitId, shop, await loadTaxSetup(tx));
  if (!read) return { refused: 'visitNotFound' };
  const { customerId, ...content } = read;
  if (content.lines.length === 0) return { refused: 'noWork' };

  const current = await currentInvoiceOf(tx, visitId);
  let creditNote: { id: string; number: string } | null = null;
  if (current) {
    const left = await creditableLines(tx, current);
    if (!isFullyCredited(left)) {
      const unchanged =
        current.snapshot.version === 2
          ? isDeepStrictEqual(comparable(current.snapshot), comparable(content))
          : isDeepStrictEqual(contentOfV1(current.snapshot), await readInvoiceContentV1(tx, visitId, shop));
      if (unchanged) return { refused: 'unchanged' };
      creditNote = await storeCreditNote(tx, current, left, {
        reason: INVOICE_CORRECTION_REASON,
        lines: null,
        issuedById,
        issuedAt,
        customerId: current.customerId,
      });
    }
  }
  const issued = await storeDocument(
    tx,
    {
      version: 2,
      kind: 'INVOICE',
      issuedAt: issuedAt.toISOString(),
      replaces: current ? { id: current.id, number: current.number, issuedAt: current.issuedAt.toISOString() } : null,
      credits: null,
      ...content,
    },
    { customerId, issuedById, replacesId: current?.id ?? null, creditedInvoiceId: null },
  );
  return { issued, creditNote };
}

/** A line of a partial credit: its index on the invoice and a quantity (thousandths) or an amount as typed. */
export interface CreditLineRequest {
  lineIndex: number;
  quantityMilli?: number;
  amount?: number;
}

export type CreditNoteOutcome =
  | { issued: { id: string; number: string } }
  | { refused: 'invoiceNotFound' | 'notAnInvoice' | 'nothingToCredit' }
  | { invalidLine: { position: number; reason: 'lineNotFound' | 'exceedsRemaining' } };

/** Credits an invoice in full (lines absent: everything left) or in part. The caller locks the invoice's visit. */
export async function issueCreditNoteInTransaction(
  tx: Tx,
  options: { invoiceId: string; reason: string; lines?: CreditLineRequest[] | null; issuedById: string | null; issuedAt?: Date },
): Promise<CreditNoteOutcome> {
  const invoice = await tx.invoice.findUnique({
    where: { id: options.invoiceId },
    select: { id: true, number: true, issuedAt: true, snapshot: true, kind: true, customerId: true },
  });
  if (!invoice) return { refused: 'invoiceNotFound' };
  if (invoice.kind !== 'INVOICE') return { refused: 'notAnInvoice' };
  const credited = { ...invoice, snapshot: invoice.snapshot as unknown as InvoiceSnapshot };
  const left = await creditableLines(tx, credited);
  if (isFullyCredited(left)) return { refused: 'nothingToCredit' };
  const lines = options.lines ?? null;
  if (lines) {
    for (const [position, request] of lines.entries()) {
      const target = left[request.lineIndex];
      if (!target) return { invalidLine: { position, reason: 'lineNotFound' } };
      const amount = requestedAmount(target, request);
      if (amount === null || Math.abs(amount) > Math.abs(target.amountLeft))
        return { invalidLine: { position, reason: 'exceedsRemaining' } };
    }
    if (new Set(lines.map((line) => line.lineIndex)).size !== lines.length) {
      return { invalidLine: { position: lines.length - 1, reason: 'exceedsRemaining' } };
    }
  }
  const issued = await storeCreditNote(tx, credited, left, {
    reason: options.reason,
    lines,
    issuedById: options.issuedById,
    issuedAt: options.issuedAt ?? new Date(),
    customerId: invoice.customerId,
  });
  return { issued };
}

/** The amount (same sign as the line) a request credits; null when its quantity is more than is left. */
function requestedAmount(target: CreditableLine, request: CreditLineRequest): number | null {
  const sign = Math.sign(target.line.amount) || 1;
  if (request.quantityMilli !== undefined) {
    if (request.quantityMilli > Math.abs(target.quantityMilliLeft)) return null;
    return sign * Math.abs(lineTotalCents(request.quantityMilli, target.line.unitPrice));
  }
  return sign * (request.amount ?? 0);
}

/** The credit note's lines: negative quantities and amounts, each naming the invoice line it credits. */
function creditLines(left: CreditableLine[], requests: CreditLineRequest[] | null): Omit<InvoiceLineV2, 'net' | 'tax' | 'gross'>[] {
  const wanted = requests ?? left.map((_, lineIndex) => ({ lineIndex }));
  return wanted.flatMap((request: CreditLineRequest) => {
    const target = left[request.lineIndex]!;
    const { net: _net, tax: _tax, gross: _gross, creditedLineIndex: _index, ...line } = target.line;
    const base = { ...line, creditedLineIndex: request.lineIndex };
    if (request.quantityMilli !== undefined) {
      const amount = requestedAmount(target, request)!;
      return [{ ...base, quantityMilli: -request.quantityMilli, amount: -amount }];
    }
    const amount = request.amount !== undefined ? requestedAmount(target, request)! : target.amountLeft;
    if (amount === 0) return [];
    // Untouched line credited whole: the exact negative of the line.
    if (amount === line.amount && target.quantityMilliLeft === line.quantityMilli)
      return [{ ...base, quantityMilli: -line.quantityMilli, amount: -amount }];
    // What is left after earlier partial credits, or an amount: one unit of that amount.
    return [{ ...base, quantityMilli: -1000, unitPrice: amount, amount: -amount }];
  });
}

async function storeCreditNote(
  tx: Tx,
  invoice: { id: string; number: string; issuedAt: Date; snapshot: InvoiceSnapshot },
  left: CreditableLine[],
  options: { reason: string; lines: CreditLineRequest[] | null; issuedById: string | null; issuedAt: Date; customerId: string },
): Promise<{ id: string; number: string }> {
  const source = invoice.snapshot;
  const shop = await loadShopIdentity(tx);
  const setup = source.version === 2 ? null : await loadTaxSetup(tx);
  // A credit note follows the tax rules of what it credits, so a full one is its exact negative.
  const pricesIncludeTax = source.version === 2 ? source.pricesIncludeTax : true;
  const rounding = source.version === 2 ? source.rounding : TAX_ROUNDING_RULE[setup!.profile];
  const taxed = withTaxes(creditLines(left, options.lines), { pricesIncludeTax, rounding });
  const after = left.map((line) => line.amountLeft);
  for (const line of taxed.lines) after[line.creditedLineIndex!]! += line.amount;
  const parties =
    source.version === 2
      ? {
          profile: source.profile,
          shop: source.shop,
          seller: source.seller,
          buyer: source.buyer,
          vehicle: source.vehicle,
          visit: source.visit,
          footer: source.footer,
        }
      : {
          profile: setup!.profile,
          shop: source.shop,
          seller: {
            name: source.shop.name,
            legalName: null,
            address: null,
            identifiers: null,
            email: firstContact(source.shop)?.email ?? null,
            phone: firstContact(source.shop)?.phone ?? null,
          },
          buyer: {
            name: source.customer.name,
            isBusiness: false,
            legalName: null,
            address: null,
            identifiers: null,
            email: source.customer.email,
            phone: source.customer.phone,
          },
          vehicle: source.vehicle,
          visit: source.visit,
          footer: null,
        };
  return storeDocument(
    tx,
    {
      version: 2,
      kind: 'CREDIT_NOTE',
      issuedAt: options.issuedAt.toISOString(),
      pricesIncludeTax,
      rounding,
      currency: source.currency,
      ...parties,
      // The shop's time zone today decides the credit note's year.
      shop: { ...parties.shop, timezone: shop.timezone },
      ...taxed,
      payments: [],
      paid: 0,
      balance: taxed.grossTotal,
      replaces: null,
      credits: {
        id: invoice.id,
        number: invoice.number,
        issuedAt: invoice.issuedAt.toISOString(),
        reason: options.reason,
        full: after.every((amount) => amount === 0),
      },
    },
    { customerId: options.customerId, issuedById: options.issuedById, replacesId: null, creditedInvoiceId: invoice.id },
  );
}
