// An invoice's PDF, printed from its snapshot alone (never from the visit as it is today) in the language
// asked for: the same invoice downloaded twice in one language gives the same document.
import { readFileSync } from 'node:fs';
import { renderBrandedPdf, type BrandedDocument } from '../../lib/pdf/render-pdf.ts';
import { isolateLtr, pdfDirection, pdfFormatter, type PdfLanguage } from '../../lib/pdf/format.ts';
import { PDF_FRAME_LABELS, shopLines } from '../../lib/pdf/shop.ts';
import { INVOICE_LABELS } from './invoice-labels.ts';
import type { InvoiceSnapshotV1 } from '@garage/db/invoices';

const INVOICE_BODY = readFileSync(new URL('./invoice.typ', import.meta.url), 'utf8');

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export function renderInvoicePdf(snapshot: InvoiceSnapshotV1, lang: PdfLanguage, logo: BrandedDocument['logo'] | null): Promise<Buffer> {
  const labels = INVOICE_LABELS[lang];
  const format = pdfFormatter(lang, snapshot.currency, snapshot.shop.timezone);
  const number = isolateLtr(snapshot.number);
  const subtitle = [
    fill(labels.issuedOn, { date: format.date(snapshot.issuedAt) }),
    ...(snapshot.replaces ? [fill(labels.correctionOf, { number: isolateLtr(snapshot.replaces.number) })] : []),
  ].join(' · ');
  const document: BrandedDocument = {
    lang,
    dir: pdfDirection(lang),
    title: fill(labels.title, { number }),
    subtitle,
    shop: { name: snapshot.shop.name, lines: shopLines(snapshot.shop, lang) },
    color: snapshot.shop.color,
    footer: snapshot.number,
    pageLabel: PDF_FRAME_LABELS[lang].page,
    ...(logo ? { logo } : {}),
  };
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
    replacesNote: snapshot.replaces
      ? fill(labels.replacesNote, { number: isolateLtr(snapshot.replaces.number), date: format.date(snapshot.replaces.issuedAt) })
      : null,
  };
  return renderBrandedPdf({ document, body: INVOICE_BODY, data });
}

/** "INV-2026-000123.pdf": the number is the whole name (letters, digits and dashes only). */
export const invoiceFileName = (snapshot: Pick<InvoiceSnapshotV1, 'number'>) => `${snapshot.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
