// Invoices: staff issue one for a visit; staff and the visit's customer download it as PDF.
//
// Numbering: INV-<year>-<6 digits>, the year of issue in the shop's time zone and that year's counter
// (InvoiceCounter row). The issuing transaction increments the counter with one INSERT … ON CONFLICT DO
// UPDATE … RETURNING, which locks the year's row until commit: concurrent issues take numbers one after
// another, a number is never given twice (also unique in the table), and an issue that rolls back gives its
// number back with the lock, so the numbers of issued invoices have no gaps.
//
// Immutability: an invoice is a snapshot (invoice-snapshot.ts) written once; a database trigger refuses
// changes. Issuing again for the same visit after it changed creates a new invoice that replaces the
// previous one (replacesId, "Correction of INV-…"); issuing again with nothing changed is refused (409).
import { isDeepStrictEqual } from 'node:util';
import type { Db, FileStorage, Prisma } from '@garage/db';
import { calendarDateIn } from '@garage/shared';
import { formatInvoiceNumber, INVOICE_MESSAGES, type InvoiceSummary } from '@garage/shared/schemas/invoices';
import { conflict, notFound } from '../../lib/errors.ts';
import { loadLogo, loadShopIdentity } from '../../lib/pdf/shop.ts';
import { pdfLanguage, type PdfLanguage } from '../../lib/pdf/format.ts';
import { lockVisit, type Tx } from '../visits/visit-state.ts';
import { myVisitWhere } from '../my-visits/my-visits.service.ts';
import { readInvoiceContent, type InvoiceContent, type InvoiceSnapshot } from './invoice-snapshot.ts';
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

/** The next number of `year`, taken under the counter row's lock (held until the transaction ends). */
async function takeInvoiceSequence(tx: Tx, year: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO "InvoiceCounter" ("year", "lastNumber") VALUES (${year}, 1)
    ON CONFLICT ("year") DO UPDATE SET "lastNumber" = "InvoiceCounter"."lastNumber" + 1
    RETURNING "lastNumber"`;
  return row!.lastNumber;
}

export async function issueInvoice(db: Db, visitId: string, issuedById: string): Promise<InvoiceSummary> {
  return db.$transaction(
    async (tx) => {
      // The visit's lock: task and payment changes wait for the snapshot, and two issues for one visit take
      // turns, so each correction names the invoice issued just before it.
      await lockVisit(tx, visitId);
      const shop = await loadShopIdentity(tx);
      const { customerId, ...content } = await readInvoiceContent(tx, visitId, shop);
      if (content.lines.length === 0) throw conflict(INVOICE_MESSAGES.noWork);
      const previous = await tx.invoice.findFirst({
        where: { visitId, replacedBy: null },
        orderBy: [{ year: 'desc' }, { sequence: 'desc' }],
        select: { id: true, number: true, issuedAt: true, snapshot: true },
      });
      if (previous && isDeepStrictEqual(contentOf(previous.snapshot as unknown as InvoiceSnapshot), content)) {
        throw conflict(INVOICE_MESSAGES.unchanged);
      }
      const issuedAt = new Date();
      const year = Number(calendarDateIn(issuedAt, shop.timezone).slice(0, 4));
      const sequence = await takeInvoiceSequence(tx, year);
      const number = formatInvoiceNumber(year, sequence);
      const snapshot: InvoiceSnapshot = {
        version: 1,
        number,
        issuedAt: issuedAt.toISOString(),
        replaces: previous ? { id: previous.id, number: previous.number, issuedAt: previous.issuedAt.toISOString() } : null,
        ...content,
      };
      const created = await tx.invoice.create({
        data: {
          number,
          year,
          sequence,
          visitId,
          customerId,
          replacesId: previous?.id ?? null,
          snapshot: snapshot as unknown as Prisma.InputJsonValue,
          totalCents: content.totalCents,
          paidCents: content.paidCents,
          balanceCents: content.balanceCents,
          currency: content.currency,
          issuedById,
          issuedAt,
        },
        select: summarySelect,
      });
      return toSummary(created);
    },
    // Issues queue on the counter row; give a busy moment room before giving up.
    { maxWait: 10_000, timeout: 20_000 },
  );
}

/** The snapshot minus what only the issue adds (number, date, predecessor): what "nothing changed" compares. */
function contentOf(snapshot: InvoiceSnapshot): InvoiceContent {
  const { version: _version, number: _number, issuedAt: _issuedAt, replaces: _replaces, ...content } = snapshot;
  return content;
}

/** A visit's invoices, newest first (staff). 404 when the visit does not exist. */
export async function listVisitInvoices(db: Db, visitId: string): Promise<{ items: InvoiceSummary[] }> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('Visit');
  return { items: await listInvoices(db, { visitId }) };
}

/** The caller's invoices of one of their visits; another customer's visit is "Visit not found". */
export async function listMyVisitInvoices(db: Db, userId: string, visitId: string): Promise<{ items: InvoiceSummary[] }> {
  const visit = await db.visit.findFirst({ where: { id: visitId, ...myVisitWhere(userId) }, select: { id: true } });
  if (!visit) throw notFound('Visit');
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
  if (!invoice) throw notFound('Invoice');
  const snapshot = invoice.snapshot as unknown as InvoiceSnapshot;
  const logo = await loadLogo(deps, snapshot.shop.logoUrl);
  return { fileName: invoiceFileName(snapshot), bytes: renderInvoicePdf(snapshot, lang, logo) };
}

/** The PDF's language: ?lang when given, else the caller's preferred language. */
export async function pdfLanguageFor(db: Db, userId: string, requested: PdfLanguage | undefined): Promise<PdfLanguage> {
  if (requested) return requested;
  const user = await db.user.findUnique({ where: { id: userId }, select: { preferredLanguage: true } });
  return pdfLanguage(user?.preferredLanguage);
}
