// Issuing an invoice inside a transaction: the one definition shared by the API (apps/api/src/modules/
// invoices, which locks the visit first and turns a refusal into a 409) and the demo seed.
//
// Numbering: INV-<year>-<6 digits>, the year of issue in the shop's time zone and that year's counter
// (InvoiceCounter row). One INSERT … ON CONFLICT DO UPDATE … RETURNING increments the counter and locks the
// year's row until the transaction ends: concurrent issues take numbers one after another, a number is never
// given twice (Invoice.number and (year, sequence) are unique too), and an issue that rolls back gives its
// number back with the lock, so issued numbers have no gaps.
//
// The snapshot: what was invoiced, frozen (shop, customer, vehicle, committed work at sold-for prices —
// never the internal cost —, payments, totals). Issuing again is refused when nothing changed since the
// visit's current invoice; otherwise the new invoice replaces it (replacesId).
import { isDeepStrictEqual } from 'node:util';
import {
  LANGUAGES,
  calendarDateIn,
  isCommittedWork,
  mergeBranding,
  paidCents,
  parseThemeColors,
  visitTotalCents,
  type BrandingEntry,
  type Language,
  type PaymentRecordStatus,
} from '@garage/shared';
import { formatInvoiceNumber } from '@garage/shared/schemas/invoices';
import type { Prisma } from './generated/prisma/client.ts';

type Tx = Prisma.TransactionClient;

const DEFAULT_BRAND_COLOR = '#1d4ed8';

export interface ShopContact {
  address: string | null;
  phone: string | null;
  email: string | null;
}

/** Who issues documents: the merchant and its ACTIVE branding. */
export interface ShopIdentity {
  name: string;
  currency: string;
  timezone: string;
  /** "#rrggbb": the 600 shade of the brand colours, else the palette's dark colour. */
  color: string;
  /** The header logo's address as the branding stores it (/brand/…, /backend/media/<id>/file), or null. */
  logoUrl: string | null;
  /** Contact lines as written for each language (the branding's CONTACT entry). */
  contact: Record<Language, ShopContact>;
}

export async function loadShopIdentity(db: Pick<Tx, 'merchant' | 'branding'>): Promise<ShopIdentity> {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { id: true, displayName: true, currency: true, timezone: true },
  });
  const entries = merchant
    ? ((await db.branding.findMany({
        where: { merchantId: merchant.id, status: 'ACTIVE' },
        select: { id: true, type: true, language: true, status: true, fields: true },
      })) as BrandingEntry[])
    : [];
  const common = mergeBranding(entries, 'common');
  const themeColors = common.themeColors ? parseThemeColors(common.themeColors) : null;
  const contact = Object.fromEntries(
    LANGUAGES.map((lang) => {
      const merged = mergeBranding(entries, lang);
      return [lang, { address: merged.contactAddress || null, phone: merged.contactPhone || null, email: merged.contactEmail || null }];
    }),
  ) as Record<Language, ShopContact>;
  return {
    name: merchant?.displayName ?? 'Garage',
    currency: merchant?.currency ?? 'USD',
    timezone: merchant?.timezone ?? 'UTC',
    color: themeColors?.colorBrand['600'] ?? (/^#[0-9a-f]{6}$/i.test(common.dark ?? '') ? common.dark! : DEFAULT_BRAND_COLOR),
    logoUrl: common.headerLogo || null,
    contact,
  };
}

/** The part of the snapshot that describes the visit; two issues with equal content are the same invoice. */
export interface InvoiceContent {
  shop: ShopIdentity;
  customer: { name: string; email: string | null; phone: string | null };
  vehicle: { plateNumber: string; brand: string; model: string; year: number; type: string };
  visit: { id: string; name: string; visitDate: string; completedAt: string | null };
  /**
   * One per committed task. `items`: the task's lines (parts, labour, flat amounts), present only when the
   * task is more than one flat line, so an invoice of tasks priced the old way keeps its old content.
   */
  lines: {
    title: string;
    description: string | null;
    service: string;
    amountCents: number;
    items?: { description: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  }[];
  payments: { date: string; method: string; kind: 'payment' | 'refund'; amountCents: number }[];
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  currency: string;
}

/** Invoice.snapshot of invoices issued before taxes (#27), written once. */
export interface InvoiceSnapshotV1 extends InvoiceContent {
  version: 1;
  number: string;
  issuedAt: string;
  replaces: { id: string; number: string; issuedAt: string } | null;
}

// ─── Version 2: taxes, legal identities, credit notes (issue #27) ──────────────────────────────────────
// Everything a legal invoice prints and every e-invoice (Factur-X CII, ZATCA QR) and accounting export
// reads, frozen at issue. Amounts in the currency's minor unit (money.ts); on a credit note every amount
// is negative (the exact negative of what it credits when it credits everything).

/** One line of the document: a task line (part, labour, flat) with its tax. */
export interface InvoiceLineV2 {
  /** The task it belongs to (a heading on the PDF). */
  taskTitle: string;
  service: string;
  kind: 'PART' | 'LABOUR' | 'FLAT';
  description: string;
  partNumber: string | null;
  /** Thousandths of the unit (1500 = 1.5). */
  quantityMilli: number;
  /** "PIECE", "LITRE", "HOUR"... for the e-invoice unit codes. */
  unit: string;
  /** As typed: with tax when pricesIncludeTax. */
  unitPrice: number;
  /** The line amount as typed (quantity × unit price, rounded by inventory-rules). */
  amount: number;
  /** tax-rules.ts computeDocumentTaxes' line split. */
  net: number;
  tax: number;
  gross: number;
  taxRate: InvoiceTaxRateV2;
}

export interface InvoiceTaxRateV2 {
  id: string | null;
  name: string;
  basisPoints: number;
  category: string;
  exemptionReason: string | null;
}

export interface InvoicePartyV2 {
  name: string;
  /** Business customers and the shop: legal name and address; null parts are not printed. */
  legalName: string | null;
  address: import('@garage/shared').PostalAddress | null;
  identifiers: import('@garage/shared').LegalIdentifiers | null;
  email: string | null;
  phone: string | null;
}

export interface InvoiceSnapshotV2 {
  version: 2;
  kind: 'INVOICE' | 'CREDIT_NOTE';
  number: string;
  issuedAt: string;
  /** The country profile whose rules made this document (identifiers printed, rounding, e-invoice). */
  profile: import('@garage/shared').TaxCountryProfile;
  pricesIncludeTax: boolean;
  rounding: import('@garage/shared').TaxRoundingRule;
  currency: string;
  /** The shop as it presents itself (name, logo, colours, contacts) and as the law knows it. */
  shop: ShopIdentity;
  seller: InvoicePartyV2;
  buyer: InvoicePartyV2 & { isBusiness: boolean };
  vehicle: { plateNumber: string; brand: string; model: string; year: number; type: string; vin?: string | null };
  visit: { id: string; name: string; visitDate: string; completedAt: string | null };
  lines: InvoiceLineV2[];
  /** computeDocumentTaxes(...).rates, with the rates' names and categories. */
  taxes: (InvoiceTaxRateV2 & { net: number; tax: number; gross: number })[];
  netTotal: number;
  taxTotal: number;
  grossTotal: number;
  /** Invoices: payments recorded on the visit at issue; credit notes: none. */
  payments: { date: string; method: string; kind: 'payment' | 'refund'; amount: number }[];
  paid: number;
  balance: number;
  /** The invoice this one was issued to replace (after crediting it). */
  replaces: { id: string; number: string; issuedAt: string } | null;
  /** Credit notes: the invoice they correct, and why. */
  credits: { id: string; number: string; issuedAt: string; reason: string; full: boolean } | null;
  /** The legal mentions printed at the foot (LegalIdentity.invoiceFooter). */
  footer: string | null;
}

export type InvoiceSnapshot = InvoiceSnapshotV1 | InvoiceSnapshotV2;

async function readInvoiceContent(tx: Tx, visitId: string, shop: ShopIdentity): Promise<(InvoiceContent & { customerId: string }) | null> {
  const visit = await tx.visit.findUnique({
    where: { id: visitId },
    select: {
      id: true,
      name: true,
      visitDate: true,
      completedAt: true,
      customerId: true,
      customer: { select: { firstName: true, lastName: true, email: true, countryCode: true, phoneNumber: true } },
      vehicle: { select: { plateNumber: true, brand: true, model: true, year: true, type: true } },
      // costCents is deliberately not selected: an invoice never sees the shop's cost.
      tasks: {
        select: {
          title: true,
          description: true,
          service: true,
          status: true,
          approval: true,
          soldForCents: true,
          // Prices only: unitCostCents is not selected either.
          lines: {
            select: { kind: true, description: true, quantityMilli: true, unitPriceCents: true, totalCents: true },
            orderBy: [{ position: 'asc' }, { id: 'asc' }],
          },
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      },
      payments: {
        where: { status: { in: ['SUCCESS', 'REFUNDED'] } },
        select: { amountCents: true, method: true, status: true, createdAt: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      },
    },
  });
  if (!visit) return null;
  const committed = visit.tasks.filter(isCommittedWork);
  const total = visitTotalCents(committed);
  const paid = paidCents(visit.payments as { status: PaymentRecordStatus; amountCents: number }[]);
  const { customer } = visit;
  return {
    customerId: visit.customerId,
    shop,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      phone: customer.phoneNumber ? `${customer.countryCode ?? ''} ${customer.phoneNumber}`.trim() : null,
    },
    vehicle: visit.vehicle,
    visit: {
      id: visit.id,
      name: visit.name,
      visitDate: visit.visitDate.toISOString(),
      completedAt: visit.completedAt?.toISOString() ?? null,
    },
    lines: committed.map((task) => ({
      title: task.title,
      description: task.description,
      service: task.service,
      amountCents: task.soldForCents,
      ...(task.lines.length > 1 || task.lines.some((line) => line.kind !== 'FLAT')
        ? {
            items: task.lines.map((line) => ({
              description: line.description,
              quantity: line.quantityMilli / 1000,
              unitPriceCents: line.unitPriceCents,
              totalCents: line.totalCents,
            })),
          }
        : {}),
    })),
    payments: visit.payments.map((payment) => ({
      date: payment.createdAt.toISOString(),
      method: payment.method,
      kind: payment.status === 'REFUNDED' ? ('refund' as const) : ('payment' as const),
      amountCents: payment.status === 'REFUNDED' ? -payment.amountCents : payment.amountCents,
    })),
    totalCents: total,
    paidCents: paid,
    balanceCents: total - paid,
    currency: shop.currency,
  };
}

/** The next number of `year`, taken under the counter row's lock (held until the transaction ends). */
async function takeInvoiceSequence(tx: Tx, year: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO "InvoiceCounter" ("year", "lastNumber") VALUES (${year}, 1)
    ON CONFLICT ("year") DO UPDATE SET "lastNumber" = "InvoiceCounter"."lastNumber" + 1
    RETURNING "lastNumber"`;
  return row!.lastNumber;
}

/** The snapshot minus what only the issue adds (number, date, predecessor): what "nothing changed" compares. */
function contentOf(snapshot: InvoiceSnapshotV1): InvoiceContent {
  const { version: _version, number: _number, issuedAt: _issuedAt, replaces: _replaces, ...content } = snapshot;
  return content;
}

export type IssueOutcome = { issued: { id: string; number: string } } | { refused: 'visitNotFound' | 'noWork' | 'unchanged' };

/**
 * Issues an invoice for the visit in the caller's transaction. Callers that may run concurrently for one
 * visit lock the visit row first (the API does), so each correction names the invoice issued just before.
 */
export async function issueInvoiceInTransaction(
  tx: Tx,
  options: { visitId: string; issuedById: string | null; issuedAt?: Date },
): Promise<IssueOutcome> {
  const { visitId, issuedById } = options;
  const issuedAt = options.issuedAt ?? new Date();
  const shop = await loadShopIdentity(tx);
  const read = await readInvoiceContent(tx, visitId, shop);
  if (!read) return { refused: 'visitNotFound' };
  const { customerId, ...content } = read;
  if (content.lines.length === 0) return { refused: 'noWork' };
  const previous = await tx.invoice.findFirst({
    where: { visitId, replacedBy: null },
    orderBy: [{ year: 'desc' }, { sequence: 'desc' }],
    select: { id: true, number: true, issuedAt: true, snapshot: true },
  });
  if (previous && isDeepStrictEqual(contentOf(previous.snapshot as unknown as InvoiceSnapshotV1), content)) return { refused: 'unchanged' };
  const year = Number(calendarDateIn(issuedAt, shop.timezone).slice(0, 4));
  const sequence = await takeInvoiceSequence(tx, year);
  const number = formatInvoiceNumber(year, sequence);
  const snapshot: InvoiceSnapshotV1 = {
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
    select: { id: true, number: true },
  });
  return { issued: created };
}
