import {
  LANGUAGES,
  TAX_ROUNDING_RULE,
  computeDocumentTaxes,
  customerBillingSchema,
  isCommittedWork,
  legalIdentitySchema,
  mergeBranding,
  paidCents,
  parseThemeColors,
  visitTotalCents,
  type BrandingEntry,
  type Language,
  type PaymentRecordStatus,
} from '@garage/shared';
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
export async function readInvoiceContentV1(tx: Tx, visitId: string, shop: ShopIdentity): Promise<InvoiceContent | null> {
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
export const NO_TAX: InvoiceTaxRateV2 = { id: null, name: '0 %', basisPoints: 0, category: 'O', exemptionReason: 'Not subject to VAT' };
const ZERO_RATED: InvoiceTaxRateV2 = { id: null, name: '0 %', basisPoints: 0, category: 'Z', exemptionReason: null };

/** The shop's tax settings and legal identity, as an issue needs them. */
export async function loadTaxSetup(tx: Tx) {
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
export function withTaxes(
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

export const firstContact = (shop: ShopIdentity) =>
  LANGUAGES.map((lang) => shop.contact[lang]).find((c) => c.email || c.phone || c.address);

/** What an issue of the visit would say, minus what only the issue adds (kind, number, date, links). */
export type InvoiceContentV2 = Omit<InvoiceSnapshotV2, 'version' | 'kind' | 'number' | 'issuedAt' | 'replaces' | 'credits'>;

export async function readInvoiceContentV2(
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
