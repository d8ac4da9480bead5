// The fiscal journal (docs/invoicing.md "Payments that cannot be rewritten"): every issued invoice, credit
// note, payment, refund and closing appended in order and chained by hash. Each entry's hash is the SHA-256
// of its canonical serialization (sorted-key JSON of its content and the previous entry's hash), so changing,
// removing or inserting a row breaks the chain from that row on; verifyFiscalJournal finds the first break.
//
// Appending happens in the caller's transaction, under the FiscalJournalHead row lock: the document and its
// entry are written together or not at all, and concurrent appends take sequences one after another.
import { createHash } from 'node:crypto';
import type { Db } from './client.ts';
import type { FiscalEntryKind, Prisma } from './generated/prisma/client.ts';
import type { InvoiceSnapshot } from './invoices.ts';

type Tx = Prisma.TransactionClient;

/** The chain's start: the "previous hash" of entry 1. */
export const GENESIS_HASH = '0'.repeat(64);

export interface FiscalEntryInput {
  kind: FiscalEntryKind;
  documentId: string;
  documentNumber: string | null;
  occurredAt: Date;
  /** Signed, tax included, in the currency's minor unit: credit notes and refunds are negative. */
  amountCents: number;
  taxCents: number;
  currency: string;
  /** Plain JSON (Dates become ISO strings): what was recorded. The hash covers it. */
  payload: unknown;
}

export interface AppendedFiscalEntry {
  sequence: number;
  hash: string;
  previousHash: string;
}

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(JSON.parse(JSON.stringify(value ?? null))));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** The hash of one entry: what verification recomputes from the stored row. */
export function fiscalEntryHash(
  entry: Omit<FiscalEntryInput, 'occurredAt'> & { sequence: number; occurredAt: Date; previousHash: string },
): string {
  const canonical = canonicalJson({
    sequence: entry.sequence,
    kind: entry.kind,
    documentId: entry.documentId,
    documentNumber: entry.documentNumber,
    occurredAt: entry.occurredAt.toISOString(),
    amountCents: entry.amountCents,
    taxCents: entry.taxCents,
    currency: entry.currency,
    payload: entry.payload,
    previousHash: entry.previousHash,
  });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * Locks the journal's head (creating it when missing, e.g. an old backup restored) and returns it: taken by
 * every append, and first by closings so no entry lands in the period while its totals are read.
 */
export async function lockHead(tx: Tx): Promise<{ lastSequence: number; lastHash: string }> {
  // ON CONFLICT DO NOTHING: a head already there is left alone; then FOR UPDATE serializes appenders.
  await tx.$executeRaw`INSERT INTO "FiscalJournalHead" ("id", "lastSequence", "lastHash") VALUES (1, 0, ${GENESIS_HASH})
    ON CONFLICT ("id") DO NOTHING`;
  const rows = await tx.$queryRaw<{ lastSequence: number; lastHash: string }[]>`
    SELECT "lastSequence", "lastHash" FROM "FiscalJournalHead" WHERE "id" = 1 FOR UPDATE`;
  return rows[0]!;
}

/** Appends one entry in the caller's transaction (the document and its entry commit together). */
export async function appendFiscalEntry(tx: Tx, input: FiscalEntryInput): Promise<AppendedFiscalEntry> {
  const head = await lockHead(tx);
  const sequence = head.lastSequence + 1;
  // Stored as canonical JSON's parse: what is hashed is exactly what is stored.
  const payload = JSON.parse(canonicalJson(input.payload)) as Prisma.InputJsonValue;
  // Milliseconds are what the column keeps: hash the value as it will be read back.
  const occurredAt = new Date(Math.floor(input.occurredAt.getTime()));
  const hash = fiscalEntryHash({ ...input, payload, occurredAt, sequence, previousHash: head.lastHash });
  await tx.fiscalJournalEntry.create({
    data: {
      sequence,
      kind: input.kind,
      documentId: input.documentId,
      documentNumber: input.documentNumber,
      occurredAt,
      amountCents: input.amountCents,
      taxCents: input.taxCents,
      currency: input.currency,
      payload,
      previousHash: head.lastHash,
      hash,
    },
  });
  await tx.fiscalJournalHead.update({ where: { id: 1 }, data: { lastSequence: sequence, lastHash: hash } });
  return { sequence, hash, previousHash: head.lastHash };
}

// ─── What documents record ─────────────────────────────────────────────────────────────────────────────
// An invoice's or credit note's entry is appended by invoices.ts (storeDocument) when it is issued; its
// payload is FiscalDocumentPayload. The catch-up below writes the same shape for documents issued earlier.

/** One rate's share of a document (amounts signed as the document's: negative on credit notes). */
export interface FiscalTaxShare {
  basisPoints: number;
  category: string;
  net: number;
  tax: number;
  gross: number;
}

/** The payload of INVOICE and CREDIT_NOTE entries: what the books need, not the whole snapshot. */
export interface FiscalDocumentPayload {
  number: string;
  issuedAt: string;
  customerId: string;
  /** Credit notes: the number of the invoice credited. */
  credits: string | null;
  taxes: FiscalTaxShare[];
  netTotal: number;
  taxTotal: number;
  grossTotal: number;
  /** Set on entries appended after the fact for documents issued before the journal existed. */
  catchUp?: true;
}

type InvoiceRow = {
  id: string;
  number: string;
  kind: 'INVOICE' | 'CREDIT_NOTE';
  customerId: string;
  netCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  issuedAt: Date;
  snapshot: unknown;
};

/** The entry of a document issued before the journal existed; a v1 invoice (before taxes) is all net. */
function catchUpInvoiceEntry(invoice: InvoiceRow): FiscalEntryInput {
  const snapshot = invoice.snapshot as InvoiceSnapshot;
  const v2 = snapshot?.version === 2 ? snapshot : null;
  const payload: FiscalDocumentPayload = {
    number: invoice.number,
    issuedAt: invoice.issuedAt.toISOString(),
    customerId: invoice.customerId,
    credits: v2?.credits?.number ?? null,
    taxes: v2
      ? v2.taxes.map((rate) => ({
          basisPoints: rate.basisPoints,
          category: rate.category,
          net: rate.net,
          tax: rate.tax,
          gross: rate.gross,
        }))
      : [],
    netTotal: v2 ? v2.netTotal : invoice.totalCents,
    taxTotal: v2 ? v2.taxTotal : 0,
    grossTotal: invoice.totalCents,
    catchUp: true,
  };
  return {
    kind: invoice.kind,
    documentId: invoice.id,
    documentNumber: invoice.number,
    occurredAt: invoice.issuedAt,
    amountCents: invoice.totalCents,
    taxCents: payload.taxTotal,
    currency: invoice.currency,
    payload,
  };
}

type PaymentForJournal = {
  id: string;
  visitId: string;
  amountCents: number;
  method: string;
  status: string;
  refundOfId: string | null;
  createdAt: Date;
};

/**
 * Records a successful payment (PAYMENT) or a refund (REFUND, negative) in the transaction that records it.
 * Payload: FiscalPaymentPayload.
 */
export function journalPayment(tx: Tx, payment: PaymentForJournal, currency: string): Promise<AppendedFiscalEntry> {
  return appendFiscalEntry(tx, paymentEntry(payment, currency, false));
}

export interface FiscalPaymentPayload {
  visitId: string;
  method: string;
  /** Refunds: the payment the money was returned from. */
  refundOfId: string | null;
  catchUp?: true;
}

function paymentEntry(payment: PaymentForJournal, currency: string, catchUp: boolean): FiscalEntryInput {
  const refund = payment.status === 'REFUNDED';
  return {
    kind: refund ? 'REFUND' : 'PAYMENT',
    documentId: payment.id,
    documentNumber: null,
    occurredAt: payment.createdAt,
    amountCents: refund ? -payment.amountCents : payment.amountCents,
    taxCents: 0,
    currency,
    payload: {
      visitId: payment.visitId,
      method: payment.method,
      refundOfId: payment.refundOfId,
      ...(catchUp ? { catchUp: true } : {}),
    } satisfies FiscalPaymentPayload,
  };
}

/**
 * Records payments and refunds written in bulk (the data import) in the transaction that wrote them, in date
 * order; those not SUCCESS or REFUNDED, or already journaled, are skipped.
 */
export async function journalPayments(tx: Tx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.payment.findMany({
    where: { id: { in: ids }, status: { in: ['SUCCESS', 'REFUNDED'] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const journaled = new Set(
    (await tx.fiscalJournalEntry.findMany({ where: { documentId: { in: rows.map((row) => row.id) } }, select: { documentId: true } })).map(
      (entry) => entry.documentId,
    ),
  );
  const currency = await shopCurrency(tx);
  let appended = 0;
  for (const row of rows) {
    if (journaled.has(row.id)) continue;
    await journalPayment(tx, row, currency);
    appended += 1;
  }
  return appended;
}

/** The shop's currency (the journal records it on every entry). */
export async function shopCurrency(db: Pick<Tx, 'merchant'>): Promise<string> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { currency: true } });
  return merchant?.currency ?? 'USD';
}

// ─── Verification ──────────────────────────────────────────────────────────────────────────────────────

export type FiscalProblem =
  /** The entry's content does not give its hash (it was changed). */
  | 'hash'
  /** A sequence is missing (a row was deleted) or out of place. */
  | 'gap'
  /** The entry does not point at the previous entry's hash (a row was inserted or replaced). */
  | 'previousHash'
  /** The head does not name the last entry (the end of the journal was cut or extended). */
  | 'head'
  /** An issued invoice or a successful payment or refund has no entry (inserted behind the software). */
  | 'missingEntry'
  /** An entry's document is gone or no longer says what was recorded (deleted or changed). */
  | 'documentChanged';

export interface FiscalVerification {
  ok: boolean;
  entries: number;
  /** The last sequence checked good (the whole journal when ok). */
  checkedUpTo: number;
  headHash: string;
  firstProblem?: { sequence: number | null; problem: FiscalProblem; documentId?: string };
}

const VERIFY_BATCH = 2_000;

type StoredEntry = {
  sequence: number;
  kind: FiscalEntryKind;
  documentId: string;
  documentNumber: string | null;
  occurredAt: Date;
  amountCents: number;
  taxCents: number;
  currency: string;
  payload: unknown;
  previousHash: string;
  hash: string;
};

/**
 * Recomputes every hash in sequence order, a batch at a time (memory stays bounded), checks the head, then
 * that every issued document has its entry and every entry's document still says what was recorded.
 */
export async function verifyFiscalJournal(db: Db): Promise<FiscalVerification> {
  const head = (await db.fiscalJournalHead.findUnique({ where: { id: 1 } })) ?? { lastSequence: 0, lastHash: GENESIS_HASH };
  let expected = 1;
  let previousHash = GENESIS_HASH;
  let entries = 0;
  const fail = (sequence: number | null, problem: FiscalProblem, documentId?: string): FiscalVerification => ({
    ok: false,
    entries,
    checkedUpTo: expected - 1,
    headHash: head.lastHash,
    firstProblem: { sequence, problem, ...(documentId ? { documentId } : {}) },
  });
  let after = 0;
  for (;;) {
    // Keyset pagination on the primary key: a batch is one index range scan.
    const batch = (await db.fiscalJournalEntry.findMany({
      where: { sequence: { gt: after } },
      orderBy: { sequence: 'asc' },
      take: VERIFY_BATCH,
    })) as StoredEntry[];
    for (const entry of batch) {
      if (entry.sequence !== expected) return fail(expected, 'gap');
      if (entry.previousHash !== previousHash) return fail(entry.sequence, 'previousHash');
      if (fiscalEntryHash(entry) !== entry.hash) return fail(entry.sequence, 'hash');
      previousHash = entry.hash;
      expected += 1;
      entries += 1;
    }
    if (batch.length < VERIFY_BATCH) break;
    after = batch[batch.length - 1]!.sequence;
  }
  if (head.lastSequence !== entries || head.lastHash !== previousHash) return fail(head.lastSequence, 'head');

  // Documents without their entry (a row inserted behind the software, or dropped from the journal).
  const missing = await db.$queryRaw<{ id: string }[]>`
    SELECT d."id"::text AS id FROM (
      SELECT i."id", i."issuedAt" AS at FROM "Invoice" i
      WHERE NOT EXISTS (SELECT 1 FROM "FiscalJournalEntry" e WHERE e."documentId" = i."id" AND e."kind" IN ('INVOICE', 'CREDIT_NOTE'))
      UNION ALL
      SELECT p."id", p."createdAt" AS at FROM "Payment" p
      WHERE p."status" IN ('SUCCESS', 'REFUNDED')
        AND NOT EXISTS (SELECT 1 FROM "FiscalJournalEntry" e WHERE e."documentId" = p."id" AND e."kind" IN ('PAYMENT', 'REFUND'))
    ) d ORDER BY d.at LIMIT 1`;
  if (missing[0]) return fail(null, 'missingEntry', missing[0].id);

  // Entries whose document is gone or changed: deleted, amount rewritten, payment status changed.
  const changed = await db.$queryRaw<{ sequence: number; documentId: string }[]>`
    SELECT e."sequence", e."documentId"::text AS "documentId" FROM "FiscalJournalEntry" e
    LEFT JOIN "Invoice" i ON e."kind" IN ('INVOICE', 'CREDIT_NOTE') AND i."id" = e."documentId"
    LEFT JOIN "Payment" p ON e."kind" IN ('PAYMENT', 'REFUND') AND p."id" = e."documentId"
    WHERE (e."kind" IN ('INVOICE', 'CREDIT_NOTE') AND (i."id" IS NULL OR i."totalCents" <> e."amountCents" OR i."kind"::text <> e."kind"::text))
       OR (e."kind" = 'PAYMENT' AND (p."id" IS NULL OR p."status" <> 'SUCCESS' OR p."amountCents" <> e."amountCents"))
       OR (e."kind" = 'REFUND' AND (p."id" IS NULL OR p."status" <> 'REFUNDED' OR -p."amountCents" <> e."amountCents"))
    ORDER BY e."sequence" LIMIT 1`;
  if (changed[0]) return fail(changed[0].sequence, 'documentChanged', changed[0].documentId);

  return { ok: true, entries, checkedUpTo: entries, headHash: head.lastHash };
}

// ─── Catching up ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Appends, in date order, the invoices, credit notes, payments and refunds issued before the journal
 * existed (an installation upgraded to #27, the demo seed's payments). Only documents dated before the journal's
 * first live entry was written are taken: once documents are journaled as they are issued, a document without
 * its entry was put there behind the software's back and stays for verification to report. Idempotent; when nothing is
 * missing it costs two index-only anti-joins. Returns how many entries it appended.
 */
export async function catchUpFiscalJournal(db: Db): Promise<number> {
  return db.$transaction(
    async (tx) => {
      // The head lock first: no live append interleaves with the catch-up.
      await lockHead(tx);
      // When the journal began recording documents as they were issued (the wall clock of its first live
      // entry, not the document's date: the demo seed issues invoices dated in the past).
      const firstLive = await tx.$queryRaw<{ at: Date | null }[]>`
        SELECT min("createdAt") AS at FROM "FiscalJournalEntry"
        WHERE "kind" <> 'CLOSING' AND ("payload"->>'catchUp') IS NULL`;
      const cutoff = firstLive[0]?.at ?? new Date(8.64e15);
      const missing = await tx.$queryRaw<{ id: string; type: 'invoice' | 'payment'; at: Date }[]>`
        SELECT d.* FROM (
          SELECT i."id"::text AS id, 'invoice' AS type, i."issuedAt" AS at FROM "Invoice" i
          WHERE i."issuedAt" <= ${cutoff}
            AND NOT EXISTS (SELECT 1 FROM "FiscalJournalEntry" e WHERE e."documentId" = i."id" AND e."kind" IN ('INVOICE', 'CREDIT_NOTE'))
          UNION ALL
          SELECT p."id"::text AS id, 'payment' AS type, p."createdAt" AS at FROM "Payment" p
          WHERE p."status" IN ('SUCCESS', 'REFUNDED') AND p."createdAt" <= ${cutoff}
            AND NOT EXISTS (SELECT 1 FROM "FiscalJournalEntry" e WHERE e."documentId" = p."id" AND e."kind" IN ('PAYMENT', 'REFUND'))
        ) d ORDER BY d.at, d.id`;
      if (missing.length === 0) return 0;
      const currency = await shopCurrency(tx);
      for (const doc of missing) {
        if (doc.type === 'invoice') {
          const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: doc.id } });
          await appendFiscalEntry(tx, catchUpInvoiceEntry(invoice));
        } else {
          const payment = await tx.payment.findUniqueOrThrow({ where: { id: doc.id } });
          await appendFiscalEntry(tx, paymentEntry(payment, currency, true));
        }
      }
      return missing.length;
    },
    // A large backlog (an old installation) is one transaction: give it time.
    { timeout: 300_000 },
  );
}
