// Issuing invoices and credit notes inside a transaction: the one definition shared by the API
// (apps/api/src/modules/invoices, which locks the visit first and turns a refusal into a 409) and the demo seed.
//
// Numbering: <series>-<year>-<6 digits>, series INV for invoices and CN for credit notes, the year of issue in
// the shop's time zone and that series' and year's counter (InvoiceCounter row). One INSERT … ON CONFLICT DO
// UPDATE … RETURNING increments the counter and locks the row until the transaction ends: concurrent issues
// take numbers one after another, a number is never given twice (Invoice.number and (kind, year, sequence)
// are unique too), and an issue that rolls back gives its number back with the lock: no gaps.
//
// The snapshot (version 2 since #27): what was invoiced, frozen — seller and buyer as the law knows them,
// the committed tasks' lines at sold-for prices (never the internal cost) with their tax rates, the taxes per
// rate (tax-rules.ts, the shop's rounding rule), payments and balance. Lifecycle (docs/invoicing.md):
// - a draft is only a preview (draftInvoiceSnapshot): never stored, never numbered;
// - an issued invoice never changes (database triggers) and is corrected only by credit notes
//   (issueCreditNoteInTransaction), full or partial, never crediting more than is left on a line;
// - issuing for a visit whose current invoice differs from the visit now is a correction: a credit note of
//   what is left of the current invoice and the new invoice (replaces = the credited one), in one transaction;
//   refused when nothing changed; after a full credit the visit is simply invoiced again.
// Every document issued is appended to the fiscal journal in the same transaction (fiscal-journal.ts).
//
// Lines without a tax rate: a line keeps the rate it was written with (TaskLine.taxRateId); a line written
// without one (before the shop had rates) takes, at issue, its part's rate, else the shop's default for its
// kind. Still none: 0 %, category "O" (outside the scope of tax) when the shop has no rates at all — a shop
// that does not charge tax —, else category "Z" (zero rated).
import { isDeepStrictEqual } from 'node:util';
import {
  LANGUAGES,
  TAX_ROUNDING_RULE,
  calendarDateIn,
  computeDocumentTaxes,
  customerBillingSchema,
  isCommittedWork,
  legalIdentitySchema,
  lineTotalCents,
  mergeBranding,
  paidCents,
  parseThemeColors,
  visitTotalCents,
  type BrandingEntry,
  type Language,
  type PaymentRecordStatus,
} from '@garage/shared';
import { formatDocumentNumber, INVOICE_CORRECTION_REASON } from '@garage/shared/schemas/invoices';
import { appendFiscalEntry, type FiscalDocumentPayload } from './fiscal-journal.ts';
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
  /**
   * Credit notes made by the migration invoices_credit_notes from the corrections issued before #27: the
   * credited invoice's version-1 snapshot, every amount negated, marked with these two fields.
   */
  kind?: 'INVOICE' | 'CREDIT_NOTE';
  credits?: { id: string; number: string; issuedAt: string; reason: string; full: boolean } | null;
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
  /** Credit note lines: the index of the credited invoice's line (what is left to credit is counted per line). */
  creditedLineIndex?: number;
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

// ─── Reading the visit ──────────────────────────────────────────────────────────────────────────────────

/** The old (version 1) content of a visit: only to compare with a version-1 invoice ("nothing changed?"). */
async function readInvoiceContentV1(tx: Tx, visitId: string, shop: ShopIdentity): Promise<InvoiceContent | null> {
  const visit = await tx.visit.findUnique({
    where: { id: visitId },
    select: {
      id: true,
      name: true,
      visitDate: true,
      completedAt: true,
      customer: { select: { firstName: true, lastName: true, email: true, countryCode: true, phoneNumber: true } },
      vehicle: { select: { plateNumber: true, brand: true, model: true, year: true, type: true } },
      tasks: {
        select: {
          title: true,
          description: true,
          service: true,
          status: true,
          approval: true,
          soldForCents: true,
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

const rateSelect = { id: true, name: true, basisPoints: true, category: true, exemptionReason: true } satisfies Prisma.TaxRateSelect;
type RateRow = Prisma.TaxRateGetPayload<{ select: typeof rateSelect }>;

const rateView = (rate: RateRow): InvoiceTaxRateV2 => ({
  id: rate.id,
  name: rate.name,
  basisPoints: rate.basisPoints,
  category: rate.category,
  exemptionReason: rate.exemptionReason,
});

/** The rate of a line that has none and finds none (see the rule at the top of this file). */
const NO_TAX: InvoiceTaxRateV2 = { id: null, name: '0 %', basisPoints: 0, category: 'O', exemptionReason: 'Not subject to VAT' };
const ZERO_RATED: InvoiceTaxRateV2 = { id: null, name: '0 %', basisPoints: 0, category: 'Z', exemptionReason: null };

/** The shop's tax settings and legal identity, as an issue needs them. */
async function loadTaxSetup(tx: Tx) {
  const merchant = await tx.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: {
      taxProfile: true,
      pricesIncludeTax: true,
      legalIdentity: true,
      defaultLabourTaxRate: { select: rateSelect },
      defaultPartTaxRate: { select: rateSelect },
      defaultFlatTaxRate: { select: rateSelect },
    },
  });
  const hasRates = (await tx.taxRate.count()) > 0;
  const identity = legalIdentitySchema.safeParse(merchant?.legalIdentity ?? null);
  return {
    profile: merchant?.taxProfile ?? 'OTHER',
    pricesIncludeTax: merchant?.pricesIncludeTax ?? true,
    legalIdentity: identity.success ? identity.data : null,
    defaults: {
      LABOUR: merchant?.defaultLabourTaxRate ?? null,
      PART: merchant?.defaultPartTaxRate ?? null,
      FLAT: merchant?.defaultFlatTaxRate ?? null,
    } as Record<'LABOUR' | 'PART' | 'FLAT', RateRow | null>,
    fallbackRate: hasRates ? ZERO_RATED : NO_TAX,
  };
}
type TaxSetup = Awaited<ReturnType<typeof loadTaxSetup>>;

/** Lines with amounts and rates → the same lines with their net/tax/gross, the taxes per rate and totals. */
function withTaxes(
  lines: Omit<InvoiceLineV2, 'net' | 'tax' | 'gross'>[],
  options: { pricesIncludeTax: boolean; rounding: import('@garage/shared').TaxRoundingRule },
): Pick<InvoiceSnapshotV2, 'lines' | 'taxes' | 'netTotal' | 'taxTotal' | 'grossTotal'> {
  const computed = computeDocumentTaxes(
    lines.map((line) => ({ amount: line.amount, basisPoints: line.taxRate.basisPoints })),
    { pricesIncludeTax: options.pricesIncludeTax, rule: options.rounding },
  );
  const taxedLines = lines.map((line, index) => {
    const { net, tax, gross } = computed.lines[index]!;
    return { ...line, net, tax, gross };
  });
  // tax-rules groups by percentage; the snapshot names each group after the first line's rate at it.
  const taxes = computed.rates.map((rate) => {
    const named = lines.find((line) => line.taxRate.basisPoints === rate.basisPoints)!.taxRate;
    return { ...named, net: rate.net, tax: rate.tax, gross: rate.gross };
  });
  return { lines: taxedLines, taxes, netTotal: computed.net, taxTotal: computed.tax, grossTotal: computed.gross };
}

const firstContact = (shop: ShopIdentity) => LANGUAGES.map((lang) => shop.contact[lang]).find((c) => c.email || c.phone || c.address);

/** What an issue of the visit would say, minus what only the issue adds (kind, number, date, links). */
export type InvoiceContentV2 = Omit<InvoiceSnapshotV2, 'version' | 'kind' | 'number' | 'issuedAt' | 'replaces' | 'credits'>;

async function readInvoiceContentV2(
  tx: Tx,
  visitId: string,
  shop: ShopIdentity,
  setup: TaxSetup,
): Promise<(InvoiceContentV2 & { customerId: string }) | null> {
  const visit = await tx.visit.findUnique({
    where: { id: visitId },
    select: {
      id: true,
      name: true,
      visitDate: true,
      completedAt: true,
      customerId: true,
      customer: { select: { firstName: true, lastName: true, email: true, countryCode: true, phoneNumber: true, billing: true } },
      vehicle: { select: { plateNumber: true, brand: true, model: true, year: true, type: true } },
      // costCents is deliberately not selected: an invoice never sees the shop's cost.
      tasks: {
        select: {
          title: true,
          service: true,
          status: true,
          approval: true,
          soldForCents: true,
          // Prices only: unitCostCents is not selected either.
          lines: {
            select: {
              kind: true,
              description: true,
              partNumber: true,
              quantityMilli: true,
              unitPriceCents: true,
              totalCents: true,
              taxRate: { select: rateSelect },
              part: { select: { unit: true, taxRate: { select: rateSelect } } },
            },
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
  const rounding = TAX_ROUNDING_RULE[setup.profile];
  const committed = visit.tasks.filter(isCommittedWork);
  const untaxed = committed.flatMap((task) => {
    // A task priced before lines existed has none: it is one flat line of its price.
    const lines = task.lines.length
      ? task.lines
      : [
          {
            kind: 'FLAT' as const,
            description: task.title,
            partNumber: null,
            quantityMilli: 1000,
            unitPriceCents: task.soldForCents,
            totalCents: task.soldForCents,
            taxRate: null,
            part: null,
          },
        ];
    return lines.map((line) => {
      const rate = line.taxRate ?? line.part?.taxRate ?? setup.defaults[line.kind];
      return {
        taskTitle: task.title,
        service: task.service,
        kind: line.kind,
        description: line.description,
        partNumber: line.partNumber,
        quantityMilli: line.quantityMilli,
        unit: line.kind === 'LABOUR' ? 'HOUR' : (line.part?.unit ?? 'PIECE'),
        unitPrice: line.unitPriceCents,
        amount: line.totalCents,
        taxRate: rate ? rateView(rate) : setup.fallbackRate,
      };
    });
  });
  const taxed = withTaxes(untaxed, { pricesIncludeTax: setup.pricesIncludeTax, rounding });
  const payments = visit.payments.map((payment) => ({
    date: payment.createdAt.toISOString(),
    method: payment.method,
    kind: payment.status === 'REFUNDED' ? ('refund' as const) : ('payment' as const),
    amount: payment.status === 'REFUNDED' ? -payment.amountCents : payment.amountCents,
  }));
  const paid = paidCents(visit.payments as { status: PaymentRecordStatus; amountCents: number }[]);
  const { customer } = visit;
  const billing = customerBillingSchema.safeParse(customer.billing ?? null);
  const contact = firstContact(shop);
  const identity = setup.legalIdentity;
  return {
    customerId: visit.customerId,
    profile: setup.profile,
    pricesIncludeTax: setup.pricesIncludeTax,
    rounding,
    currency: shop.currency,
    shop,
    seller: {
      name: shop.name,
      legalName: identity?.legalName ?? null,
      address: identity?.address ?? null,
      identifiers: identity?.identifiers ?? null,
      email: contact?.email ?? null,
      phone: contact?.phone ?? null,
    },
    buyer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      isBusiness: billing.success,
      legalName: billing.success ? billing.data.companyName : null,
      address: billing.success ? billing.data.address : null,
      identifiers: billing.success ? billing.data.identifiers : null,
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
    ...taxed,
    payments,
    paid,
    balance: taxed.grossTotal - paid,
    footer: identity?.invoiceFooter ?? null,
  };
}

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
