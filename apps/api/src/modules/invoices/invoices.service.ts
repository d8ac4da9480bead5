// Invoices and credit notes: staff issue them for a visit (an issue after a change is a correction: a
// credit note and the new invoice), credit an invoice in full or in part, preview the draft; staff and the
// visit's customer list and download them as PDF.
//
// Issuing itself (numbering per series under the counter row lock, the frozen snapshot, what is left to
// credit, the fiscal journal entry) is written once in packages/db/src/invoices.ts, shared with the demo
// seed. Here: the transaction, the visit's lock (task and payment changes wait for the snapshot; two issues
// for one visit take turns, so each correction credits the invoice issued just before it), refusals as
// 409s. An issued document never changes nor disappears: database triggers refuse it (migrations
// invoice_immutable, invoices_tax), and no operation deletes one.
import type { Db, FileStorage, Prisma } from '@garage/db';
import {
  creditableLinesFrom,
  draftInvoiceSnapshot,
  isFullyCredited,
  issueCreditNoteInTransaction,
  issueInvoiceInTransaction,
  type InvoiceSnapshot,
} from '@garage/db/invoices';
import type { CreditNoteInput, InvoiceSummary } from '@garage/shared/schemas/invoices';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { loadLogo } from '../../lib/pdf/shop.ts';
import { pdfLanguage, type PdfLanguage } from '../../lib/pdf/format.ts';
import { lockVisit } from '../visits/visit-state.ts';
import { myVisitWhere } from '../my-visits/my-visits.service.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.ts';

const summarySelect = {
  id: true,
  kind: true,
  number: true,
  visitId: true,
  issuedAt: true,
  netCents: true,
  taxCents: true,
  totalCents: true,
  paidCents: true,
  balanceCents: true,
  currency: true,
  snapshot: true,
  creditedInvoiceId: true,
  replaces: { select: { id: true, number: true } },
  replacedBy: { select: { id: true, number: true } },
  creditedInvoice: { select: { id: true, number: true } },
  creditNotes: { select: { id: true, number: true, snapshot: true }, orderBy: [{ year: 'asc' }, { sequence: 'asc' }] },
} satisfies Prisma.InvoiceSelect;
type SummaryRow = Prisma.InvoiceGetPayload<{ select: typeof summarySelect }>;

function toSummary(row: SummaryRow): InvoiceSummary {
  const { snapshot, creditNotes, creditedInvoice, creditedInvoiceId: _credited, ...rest } = row;
  const document = snapshot as unknown as InvoiceSnapshot;
  const isInvoice = row.kind === 'INVOICE';
  const left = isInvoice
    ? creditableLinesFrom(
        document,
        creditNotes.map((note) => note.snapshot as unknown as InvoiceSnapshot),
      )
    : [];
  const anyCredited = left.some((line) => line.amountLeft !== line.line.amount);
  return {
    ...rest,
    issuedAt: row.issuedAt.toISOString(),
    credits: creditedInvoice,
    reason: document.credits?.reason ?? null,
    credited: !isInvoice || !anyCredited ? 'NONE' : isFullyCredited(left) ? 'FULL' : 'PARTIAL',
    creditNotes: creditNotes.map((note) => ({ id: note.id, number: note.number })),
    lines: left.map(({ line, amountLeft, quantityMilliLeft }, lineIndex) => ({
      lineIndex,
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitPrice: line.unitPrice,
      amount: line.amount,
      basisPoints: line.taxRate.basisPoints,
      amountLeft,
      quantityMilliLeft,
    })),
  };
}

const readSummary = async (tx: Prisma.TransactionClient, id: string) =>
  toSummary(await tx.invoice.findUniqueOrThrow({ where: { id }, select: summarySelect }));

// Issues queue on the counter row and the journal's head; give a busy moment room before giving up.
const ISSUE_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

/**
 * Issues the visit's invoice. When its current invoice still stands and the visit changed since, this is
 * the correction: a full credit note of what is left of that invoice and the new invoice, one transaction.
 */
export async function issueInvoice(db: Db, visitId: string, issuedById: string): Promise<InvoiceSummary> {
  return db.$transaction(async (tx) => {
    await lockVisit(tx, visitId);
    const outcome = await issueInvoiceInTransaction(tx, { visitId, issuedById });
    if ('refused' in outcome) {
      if (outcome.refused === 'visitNotFound') throw notFound('visit');
      throw conflict(`invoices.${outcome.refused}`);
    }
    return readSummary(tx, outcome.issued.id);
  }, ISSUE_TRANSACTION);
}

/** A credit note of the invoice: everything left (no lines) or the lines and quantities or amounts given. */
export async function issueCreditNote(db: Db, input: CreditNoteInput, issuedById: string): Promise<InvoiceSummary> {
  const invoice = await db.invoice.findUnique({ where: { id: input.id }, select: { visitId: true } });
  if (!invoice) throw notFound('invoice');
  return db.$transaction(async (tx) => {
    // The visit's lock: a correction and a credit note of the same invoice take turns.
    await lockVisit(tx, invoice.visitId);
    const outcome = await issueCreditNoteInTransaction(tx, {
      invoiceId: input.id,
      reason: input.reason,
      lines: input.lines ?? null,
      issuedById,
    });
    if ('refused' in outcome) {
      if (outcome.refused === 'invoiceNotFound') throw notFound('invoice');
      throw conflict(`invoices.${outcome.refused}`);
    }
    if ('invalidLine' in outcome) {
      const { position, reason } = outcome.invalidLine;
      throw fieldError(`lines.${position}`, reason === 'lineNotFound' ? 'invoices.creditLineNotFound' : 'invoices.creditExceedsRemaining');
    }
    return readSummary(tx, outcome.issued.id);
  }, ISSUE_TRANSACTION);
}

/** A visit's invoices and credit notes, newest first (staff). 404 when the visit does not exist. */
export async function listVisitInvoices(db: Db, visitId: string): Promise<{ items: InvoiceSummary[] }> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  return { items: await listInvoices(db, { visitId }) };
}

/** The caller's invoices and credit notes of one of their visits; another customer's visit is "Visit not found". */
export async function listMyVisitInvoices(db: Db, userId: string, visitId: string): Promise<{ items: InvoiceSummary[] }> {
  const visit = await db.visit.findFirst({ where: { id: visitId, ...myVisitWhere(userId) }, select: { id: true } });
  if (!visit) throw notFound('visit');
  return { items: await listInvoices(db, { visitId, customerId: userId }) };
}

function listInvoices(db: Db, where: Prisma.InvoiceWhereInput): Promise<InvoiceSummary[]> {
  return db.invoice
    .findMany({ where, orderBy: [{ issuedAt: 'desc' }, { kind: 'asc' }, { year: 'desc' }, { sequence: 'desc' }], select: summarySelect })
    .then((rows) => rows.map(toSummary));
}

export interface InvoicePdf {
  fileName: string;
  bytes: Buffer;
}

export interface InvoicePdfDeps {
  db: Db;
  storage: FileStorage;
  webDistDir: string;
}

/** Staff: any invoice's or credit note's PDF. */
export function getInvoicePdf(deps: InvoicePdfDeps, id: string, lang: PdfLanguage): Promise<InvoicePdf> {
  return invoicePdf(deps, { id }, lang);
}

/** A client: only documents of their own visits (same rule as the visit pages); others are "Invoice not found". */
export function getMyInvoicePdf(deps: InvoicePdfDeps, userId: string, id: string, lang: PdfLanguage): Promise<InvoicePdf> {
  return invoicePdf(deps, { id, customerId: userId, visit: myVisitWhere(userId) }, lang);
}

async function invoicePdf(deps: InvoicePdfDeps, where: Prisma.InvoiceWhereInput, lang: PdfLanguage): Promise<InvoicePdf> {
  const invoice = await deps.db.invoice.findFirst({ where, select: { snapshot: true } });
  if (!invoice) throw notFound('invoice');
  const snapshot = invoice.snapshot as unknown as InvoiceSnapshot;
  const logo = await loadLogo(deps, snapshot.shop.logoUrl);
  return { fileName: invoiceFileName(snapshot), bytes: await renderInvoicePdf(snapshot, lang, logo) };
}

/** The would-be invoice of the visit as PDF, marked "DRAFT — not an invoice": nothing stored, no number taken. */
export async function getDraftInvoicePdf(deps: InvoicePdfDeps, visitId: string, lang: PdfLanguage): Promise<InvoicePdf> {
  // Read in one transaction so the lines, taxes and payments are of one moment.
  const snapshot = await deps.db.$transaction((tx) => draftInvoiceSnapshot(tx, visitId));
  if (!snapshot) throw notFound('visit');
  const logo = await loadLogo(deps, snapshot.shop.logoUrl);
  return { fileName: 'DRAFT.pdf', bytes: await renderInvoicePdf(snapshot, lang, logo, { draft: true }) };
}

/** The PDF's language: ?lang when given, else the caller's preferred language. */
export async function pdfLanguageFor(db: Db, userId: string, requested: PdfLanguage | undefined): Promise<PdfLanguage> {
  if (requested) return requested;
  const user = await db.user.findUnique({ where: { id: userId }, select: { preferredLanguage: true } });
  return pdfLanguage(user?.preferredLanguage);
}
