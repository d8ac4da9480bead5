// An invoice's or credit note's PDF, printed from its snapshot alone (never from the visit as it is today)
// in the language asked for: the same document downloaded twice in one language gives the same bytes.
// Version-1 snapshots (invoices issued before taxes, and the credit notes the migration made of their
// corrections) keep their layout (invoice.typ); version 2 (invoice-v2.typ) prints the legal document:
// seller and buyer identities with their local labels, lines with their rates, the tax summary per rate,
// totals without and with tax, payments, legal mentions, and the e-invoice of the shop's profile —
// Factur-X (PDF/A-3b with the XML attached) for France, the ZATCA QR code for Saudi Arabia.
import { readFileSync } from 'node:fs';
import type { InvoicePartyV2, InvoiceSnapshot, InvoiceSnapshotV1, InvoiceSnapshotV2 } from '@garage/db/invoices';
import { INVOICE_CORRECTION_REASON } from '@garage/shared/schemas/invoices';
import { renderBrandedPdf, type BrandedDocument } from '../../lib/pdf/render-pdf.ts';
import { isolateLtr, pdfDirection, pdfFormatter, type PdfFormatter, type PdfLanguage } from '../../lib/pdf/format.ts';
import { PDF_FRAME_LABELS, shopLines } from '../../lib/pdf/shop.ts';
import { carriesFacturX } from './e-invoice/factur-x.ts';
import { renderFacturXPdf } from './e-invoice/factur-x-pdf.ts';
import { carriesZatcaQr, zatcaQrSvg } from './e-invoice/zatca-qr.ts';
import { INVOICE_LABELS, type InvoiceLabels } from './invoice-labels.ts';

const INVOICE_BODY = readFileSync(new URL('./invoice.typ', import.meta.url), 'utf8');
const INVOICE_V2_BODY = readFileSync(new URL('./invoice-v2.typ', import.meta.url), 'utf8');

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export interface InvoicePdfOptions {
  /** The would-be invoice of a visit (never stored): marked "DRAFT — not an invoice", no e-invoice. */
  draft?: boolean;
}

export function renderInvoicePdf(
  snapshot: InvoiceSnapshot,
  lang: PdfLanguage,
  logo: BrandedDocument['logo'] | null,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  return snapshot.version === 2 ? renderV2(snapshot, lang, logo, options) : renderV1(snapshot, lang, logo);
}

/** What the PDF embeds for the snapshot's country profile (none for drafts: they are not invoices). */
export function eInvoiceFor(snapshot: InvoiceSnapshotV2, options: InvoicePdfOptions = {}): { facturX: boolean; qrSvg: string | null } {
  if (options.draft) return { facturX: false, qrSvg: null };
  return { facturX: carriesFacturX(snapshot), qrSvg: carriesZatcaQr(snapshot) ? zatcaQrSvg(snapshot) : null };
}

function frame(
  snapshot: InvoiceSnapshot,
  lang: PdfLanguage,
  logo: BrandedDocument['logo'] | null,
  title: string,
  subtitle: string,
): BrandedDocument {
  return {
    lang,
    dir: pdfDirection(lang),
    title,
    subtitle,
    shop: { name: snapshot.shop.name, lines: shopLines(snapshot.shop, lang) },
    color: snapshot.shop.color,
    footer: snapshot.number,
    pageLabel: PDF_FRAME_LABELS[lang].page,
    ...(logo ? { logo } : {}),
  };
}

/** The reason as printed: the correction's stored English words are translated. */
const reasonText = (labels: InvoiceLabels, reason: string) =>
  reason === INVOICE_CORRECTION_REASON ? labels.correctionReason : fill(labels.creditReason, { reason });

// ─── Version 2 ──────────────────────────────────────────────────────────────────────────────────────────

function titleOf(snapshot: InvoiceSnapshotV2, labels: InvoiceLabels, draft: boolean): string {
  const number = isolateLtr(snapshot.number);
  if (draft) return labels.draftTitle;
  if (snapshot.kind === 'CREDIT_NOTE') return fill(labels.creditNoteTitle, { number, invoice: isolateLtr(snapshot.credits?.number ?? '') });
  // ZATCA: a business customer gets a tax invoice, a private customer a simplified tax invoice.
  if (snapshot.profile === 'SA') return fill(snapshot.buyer.isBusiness ? labels.taxInvoice : labels.simplifiedTaxInvoice, { number });
  return fill(labels.title, { number });
}

const IDENTIFIER_ORDER = [
  'siren',
  'siret',
  'vatNumber',
  'rcs',
  'shareCapital',
  'ice',
  'fiscalId',
  'tradeRegister',
  'patente',
  'commercialRegistration',
] as const;

/** A party's lines: name, legal name, address, identifiers with their local labels, contacts. */
function partyLines(party: InvoicePartyV2, labels: InvoiceLabels, profile: InvoiceSnapshotV2['profile']) {
  const address = party.address;
  const identifiers = party.identifiers;
  const lines: { label?: string; value: string; bold?: boolean; ltr?: boolean }[] = [{ value: party.legalName ?? party.name, bold: true }];
  if (party.legalName && party.legalName !== party.name) lines.push({ value: party.name });
  if (address) {
    for (const line of [address.line1, address.line2, [address.postcode, address.city].filter(Boolean).join(' '), address.countryCode]) {
      if (line) lines.push({ value: line });
    }
  }
  if (identifiers) {
    for (const key of IDENTIFIER_ORDER) {
      const value = identifiers[key];
      // The Emirates call the VAT number a TRN.
      const label = key === 'vatNumber' && profile === 'AE' ? labels.identifiers.trn! : labels.identifiers[key]!;
      if (value) lines.push({ label, value, ltr: true });
    }
    for (const other of identifiers.other ?? []) lines.push({ label: other.label, value: other.value, ltr: true });
  }
  if (party.phone) lines.push({ value: party.phone, ltr: true });
  if (party.email) lines.push({ value: party.email, ltr: true });
  return lines;
}

const percent = (format: PdfFormatter, basisPoints: number) => `${format.number(basisPoints / 100)} %`;

/** "TVA normale · 20 %"; a rate named after its percentage ("0 %") prints it once. */
const rateName = (format: PdfFormatter, rate: { name: string; basisPoints: number }) =>
  /^[\d\s.,]*%?$/.test(rate.name.trim()) ? percent(format, rate.basisPoints) : `${rate.name} · ${percent(format, rate.basisPoints)}`;

function quantityText(format: PdfFormatter, labels: InvoiceLabels, quantityMilli: number, unit: string) {
  const unitLabel = labels.units[unit] ?? '';
  return unitLabel ? `${format.number(quantityMilli / 1000)} ${unitLabel}` : format.number(quantityMilli / 1000);
}

async function renderV2(snapshot: InvoiceSnapshotV2, lang: PdfLanguage, logo: BrandedDocument['logo'] | null, options: InvoicePdfOptions) {
  const labels = INVOICE_LABELS[lang];
  const draft = options.draft ?? false;
  const format = pdfFormatter(lang, snapshot.currency, snapshot.shop.timezone);
  const isCredit = snapshot.kind === 'CREDIT_NOTE';
  const subtitle = draft ? format.date(snapshot.issuedAt) : fill(labels.issuedOn, { date: format.date(snapshot.issuedAt) });
  const document = frame(snapshot, lang, logo, titleOf(snapshot, labels, draft), subtitle);
  if (draft) document.footer = labels.draftMark;
  const withTax = snapshot.pricesIncludeTax;
  const { vehicle, visit } = snapshot;

  const notes: string[] = [];
  if (snapshot.credits) {
    notes.push(
      fill(labels.creditsNote, {
        scope: snapshot.credits.full ? labels.identifiers.all! : labels.identifiers.part!,
        number: isolateLtr(snapshot.credits.number),
        date: format.date(snapshot.credits.issuedAt),
      }),
      reasonText(labels, snapshot.credits.reason),
    );
  }
  if (snapshot.replaces) {
    notes.push(fill(labels.replacesNote, { number: isolateLtr(snapshot.replaces.number), date: format.date(snapshot.replaces.issuedAt) }));
  }
  // Exempt and out-of-scope rates print why (EN 16931 BR-E-10, BR-O-10).
  for (const rate of snapshot.taxes) {
    if (rate.exemptionReason) notes.push(fill(labels.exemption, { rate: rateName(format, rate), reason: rate.exemptionReason }));
  }
  if (snapshot.footer) notes.push(snapshot.footer);
  if (!isCredit) notes.push(labels.thanks);

  const balanceLabel = snapshot.balance < 0 ? labels.credit : labels.balanceDue;
  const eInvoice = eInvoiceFor(snapshot, options);
  const data = {
    draftMark: draft ? labels.draftMark : null,
    labels: {
      seller: labels.seller,
      buyer: labels.buyer,
      vehicle: labels.vehicle,
      payments: labels.payments,
      noPayments: labels.noPayments,
      taxSummary: labels.taxSummary,
      qrCaption: labels.qrCaption,
    },
    seller: partyLines(snapshot.seller, labels, snapshot.profile),
    buyer: partyLines(snapshot.buyer, labels, snapshot.profile),
    vehicle: [
      { value: `${vehicle.brand} ${vehicle.model} ${vehicle.year}`, bold: true },
      { label: labels.plate, value: vehicle.plateNumber, ltr: true },
      { label: labels.visit, value: visit.name },
      { label: labels.visitDate, value: format.date(visit.visitDate) },
      ...(visit.completedAt ? [{ label: labels.completedOn, value: format.date(visit.completedAt) }] : []),
    ],
    lines: {
      columns: [
        { label: labels.description, width: 1 },
        { label: labels.quantity, align: 'end', ltr: true },
        { label: withTax ? labels.unitPriceWithTax : labels.unitPriceWithoutTax, align: 'end', ltr: true },
        { label: labels.rate, align: 'end', ltr: true },
        { label: withTax ? labels.amountWithTax : labels.amountWithoutTax, align: 'end', ltr: true },
      ],
      rows: snapshot.lines.map((line) => [
        {
          text: line.description,
          note: [line.taskTitle !== line.description ? line.taskTitle : null, line.partNumber].filter(Boolean).join(' · '),
        },
        quantityText(format, labels, line.quantityMilli, line.unit),
        format.money(line.unitPrice),
        percent(format, line.taxRate.basisPoints),
        format.money(line.amount),
      ]),
    },
    taxes: {
      columns: [
        { label: labels.rate, width: 1 },
        { label: labels.taxBase, align: 'end', ltr: true },
        { label: labels.tax, align: 'end', ltr: true },
      ],
      rows: snapshot.taxes.map((rate) => [rateName(format, rate), format.money(rate.net), format.money(rate.tax)]),
    },
    summary: [
      { label: labels.totalWithoutTax, value: format.money(snapshot.netTotal) },
      { label: labels.totalTax, value: format.money(snapshot.taxTotal) },
      { label: labels.totalWithTax, value: format.money(snapshot.grossTotal), strong: isCredit },
      ...(isCredit
        ? []
        : [
            { label: labels.paid, value: format.money(snapshot.paid) },
            { label: balanceLabel, value: format.money(Math.abs(snapshot.balance)), strong: true },
          ]),
    ],
    payments: isCredit
      ? null
      : {
          columns: [{ label: labels.date }, { label: labels.method, width: 1 }, { label: labels.amount, align: 'end', ltr: true }],
          rows: snapshot.payments.map((payment) => [
            format.date(payment.date),
            payment.kind === 'refund' ? labels.refund : (labels.methods[payment.method] ?? payment.method),
            format.money(payment.amount),
          ]),
        },
    notes,
    qrSvg: eInvoice.qrSvg,
  };
  const render = { document, body: INVOICE_V2_BODY, data };
  return eInvoice.facturX ? renderFacturXPdf(snapshot, render) : renderBrandedPdf(render);
}

// ─── Version 1 (before taxes) ───────────────────────────────────────────────────────────────────────────

function renderV1(snapshot: InvoiceSnapshotV1, lang: PdfLanguage, logo: BrandedDocument['logo'] | null): Promise<Buffer> {
  const labels = INVOICE_LABELS[lang];
  const format = pdfFormatter(lang, snapshot.currency, snapshot.shop.timezone);
  const number = isolateLtr(snapshot.number);
  const credits = snapshot.kind === 'CREDIT_NOTE' ? (snapshot.credits ?? null) : null;
  const subtitle = [
    fill(labels.issuedOn, { date: format.date(snapshot.issuedAt) }),
    ...(snapshot.replaces ? [fill(labels.correctionOf, { number: isolateLtr(snapshot.replaces.number) })] : []),
  ].join(' · ');
  const title = credits ? fill(labels.creditNoteTitle, { number, invoice: isolateLtr(credits.number) }) : fill(labels.title, { number });
  const document = frame(snapshot, lang, logo, title, subtitle);
  const { customer, vehicle, visit } = snapshot;
  const balanceLabel = snapshot.balanceCents < 0 ? labels.credit : labels.balanceDue;
  const data = {
    labels: {
      billedTo: labels.billedTo,
      vehicle: labels.vehicle,
      visit: labels.visit,
      payments: labels.payments,
      noPayments: labels.noPayments,
      thanks: labels.thanks,
    },
    customer: [
      { value: customer.name, bold: true },
      ...(customer.phone ? [{ value: customer.phone, ltr: true }] : []),
      ...(customer.email ? [{ value: customer.email, ltr: true }] : []),
    ],
    vehicle: [
      { value: `${vehicle.brand} ${vehicle.model} ${vehicle.year}`, bold: true },
      { label: labels.plate, value: vehicle.plateNumber, ltr: true },
    ],
    visit: [
      { value: visit.name, bold: true },
      { label: labels.visitDate, value: format.date(visit.visitDate) },
      ...(visit.completedAt ? [{ label: labels.completedOn, value: format.date(visit.completedAt) }] : []),
    ],
    work: {
      columns: [{ label: labels.work, width: 1 }, { label: labels.service }, { label: labels.amount, align: 'end', ltr: true }],
      rows: snapshot.lines.map((line) => [
        // A task's lines (snapshots since parts and labour) under its description: "2 × Brake pads: €70.00".
        {
          text: line.title,
          note: [
            line.description,
            ...(line.items ?? []).map((item) => `${format.number(item.quantity)} × ${item.description}: ${format.money(item.totalCents)}`),
          ]
            .filter(Boolean)
            .join(' · '),
        },
        labels.services[line.service] ?? line.service,
        format.money(line.amountCents),
      ]),
    },
    summary: [
      { label: labels.total, value: format.money(snapshot.totalCents) },
      { label: labels.paid, value: format.money(snapshot.paidCents) },
      { label: balanceLabel, value: format.money(Math.abs(snapshot.balanceCents)), strong: true },
    ],
    payments: {
      columns: [{ label: labels.date }, { label: labels.method, width: 1 }, { label: labels.amount, align: 'end', ltr: true }],
      rows: snapshot.payments.map((payment) => [
        format.date(payment.date),
        payment.kind === 'refund' ? labels.refund : (labels.methods[payment.method] ?? payment.method),
        format.money(payment.amountCents),
      ]),
    },
    replacesNote: credits
      ? [
          fill(labels.creditsNote, {
            scope: labels.identifiers.all!,
            number: isolateLtr(credits.number),
            date: format.date(credits.issuedAt),
          }),
          reasonText(labels, credits.reason),
        ].join(' ')
      : snapshot.replaces
        ? fill(labels.replacesNote, { number: isolateLtr(snapshot.replaces.number), date: format.date(snapshot.replaces.issuedAt) })
        : null,
  };
  return renderBrandedPdf({ document, body: INVOICE_BODY, data });
}

/** "INV-2026-000123.pdf", "CN-2026-000007.pdf": the number is the whole name (letters, digits and dashes only). */
export const invoiceFileName = (snapshot: Pick<InvoiceSnapshot, 'number'>) => `${snapshot.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
