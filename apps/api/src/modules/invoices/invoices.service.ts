// Invoices: staff issue one for a visit; staff and the visit's customer download it as PDF.
//
// Issuing itself (numbering under the year's counter row lock, the frozen snapshot, corrections that
// replace the previous invoice) is written once in packages/db/src/invoices.ts, shared with the demo seed.
// Here: the transaction, the visit's lock (task and payment changes wait for the snapshot; two issues for
// one visit take turns, so each correction names the invoice issued just before it), refusals as 409s.
// An issued invoice never changes: a database trigger refuses updates (migration invoice_immutable).
import type { Db, FileStorage, Prisma } from '@garage/db';
import { issueInvoiceInTransaction, type InvoiceSnapshot, type InvoiceSnapshotV1 } from '@garage/db/invoices';
import type { InvoiceSummary } from '@garage/shared/schemas/invoices';
import { conflict, notFound } from '../../lib/errors.ts';
import { loadLogo } from '../../lib/pdf/shop.ts';
import { pdfLanguage, type PdfLanguage } from '../../lib/pdf/format.ts';
import { lockVisit } from '../visits/visit-state.ts';
import { myVisitWhere } from '../my-visits/my-visits.service.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.ts';

const summarySelect = {
  id: true,
  number: true,
  visitId: true,
  issuedAt: true,
  totalCents: true,
  paidCents: true,
  balanceCents: true,
  currency: true,
  replaces: { select: { id: true, number: true } },
  replacedBy: { select: { id: true, number: true } },
} satisfies Prisma.InvoiceSelect;
type SummaryRow = Prisma.InvoiceGetPayload<{ select: typeof summarySelect }>;

const toSummary = (row: SummaryRow): InvoiceSummary => ({ ...row, issuedAt: row.issuedAt.toISOString() });

export async function issueInvoice(db: Db, visitId: string, issuedById: string): Promise<InvoiceSummary> {
  return db.$transaction(
    async (tx) => {
      await lockVisit(tx, visitId);
      const outcome = await issueInvoiceInTransaction(tx, { visitId, issuedById });
      if ('refused' in outcome) {
        if (outcome.refused === 'visitNotFound') throw notFound('visit');
        throw conflict(`invoices.${outcome.refused}`);
      }
      return toSummary(await tx.invoice.findUniqueOrThrow({ where: { id: outcome.issued.id }, select: summarySelect }));
    },
    // Issues queue on the counter row; give a busy moment room before giving up.
    { maxWait: 10_000, timeout: 20_000 },
  );
}

/** A visit's invoices, newest first (staff). 404 when the visit does not exist. */
export async function listVisitInvoices(db: Db, visitId: string): Promise<{ items: InvoiceSummary[] }> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  return { items: await listInvoices(db, { visitId }) };
}

/** The caller's invoices of one of their visits; another customer's visit is "Visit not found". */
export async function listMyVisitInvoices(db: Db, userId: string, visitId: string): Promise<{ items: InvoiceSummary[] }> {
  const visit = await db.visit.findFirst({ where: { id: visitId, ...myVisitWhere(userId) }, select: { id: true } });
  if (!visit) throw notFound('visit');
  return { items: await listInvoices(db, { visitId, customerId: userId }) };
}

function listInvoices(db: Db, where: Prisma.InvoiceWhereInput): Promise<InvoiceSummary[]> {
  return db.invoice
    .findMany({ where, orderBy: [{ year: 'desc' }, { sequence: 'desc' }], select: summarySelect })
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

/** Staff: any invoice's PDF. */
export function getInvoicePdf(deps: InvoicePdfDeps, id: string, lang: PdfLanguage): Promise<InvoicePdf> {
  return invoicePdf(deps, { id }, lang);
}

/** A client: only invoices of their own visits (same rule as the visit pages); others are "Invoice not found". */
export function getMyInvoicePdf(deps: InvoicePdfDeps, userId: string, id: string, lang: PdfLanguage): Promise<InvoicePdf> {
  return invoicePdf(deps, { id, customerId: userId, visit: myVisitWhere(userId) }, lang);
}

async function invoicePdf(deps: InvoicePdfDeps, where: Prisma.InvoiceWhereInput, lang: PdfLanguage): Promise<InvoicePdf> {
  const invoice = await deps.db.invoice.findFirst({ where, select: { snapshot: true } });
  if (!invoice) throw notFound('invoice');
  const snapshot = invoice.snapshot as unknown as InvoiceSnapshot;
  const logo = await loadLogo(deps, snapshot.shop.logoUrl);
  return { fileName: invoiceFileName(snapshot), bytes: await renderInvoicePdf(snapshot as InvoiceSnapshotV1, lang, logo) };
}

/** The PDF's language: ?lang when given, else the caller's preferred language. */
export async function pdfLanguageFor(db: Db, userId: string, requested: PdfLanguage | undefined): Promise<PdfLanguage> {
  if (requested) return requested;
  const user = await db.user.findUnique({ where: { id: userId }, select: { preferredLanguage: true } });
  return pdfLanguage(user?.preferredLanguage);
}
