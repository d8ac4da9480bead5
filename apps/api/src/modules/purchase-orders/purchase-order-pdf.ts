// A purchase order's PDF, in the shop's language (right to left in Arabic): what the supplier receives by
// email and what an admin downloads. It carries costs, so only admins get it (purchase-orders.rest.ts).
import { readFileSync } from 'node:fs';
import { fromMilli, type PartUnit } from '@garage/shared';
import { isolateLtr, pdfDirection, pdfFormatter, type PdfLanguage } from '../../lib/pdf/format.ts';
import { renderBrandedPdf, type BrandedDocument } from '../../lib/pdf/render-pdf.ts';
import { PDF_FRAME_LABELS, shopLines, type ShopIdentity } from '../../lib/pdf/shop.ts';
import { fillLabel, PURCHASE_ORDER_LABELS } from './purchase-order-labels.ts';

const PURCHASE_ORDER_BODY = readFileSync(new URL('./purchase-order.typ', import.meta.url), 'utf8');

/** What the PDF prints: the order as stored, with its supplier's details. */
export interface PurchaseOrderDocument {
  number: string;
  /** The day it was sent, else the day it was made (a draft printed for review). */
  orderedAt: Date;
  expectedOn: string | null;
  notes: string | null;
  supplier: { name: string; accountNumber: string | null; contactName: string | null; email: string | null; phone: string | null };
  lines: { partNumber: string; name: string; unit: PartUnit; quantityMilli: number; unitCostCents: number; totalCents: number }[];
  totalCents: number;
}

export function renderPurchaseOrderPdf(
  order: PurchaseOrderDocument,
  shop: ShopIdentity,
  lang: PdfLanguage,
  logo: BrandedDocument['logo'] | null,
): Promise<Buffer> {
  const labels = PURCHASE_ORDER_LABELS[lang];
  const format = pdfFormatter(lang, shop.currency, shop.timezone);
  const number = isolateLtr(order.number);
  const document: BrandedDocument = {
    lang,
    dir: pdfDirection(lang),
    title: fillLabel(labels.title, { number }),
    subtitle: fillLabel(labels.orderedOn, { date: format.date(order.orderedAt) }),
    shop: { name: shop.name, lines: shopLines(shop, lang) },
    color: shop.color,
    footer: order.number,
    pageLabel: PDF_FRAME_LABELS[lang].page,
    ...(logo ? { logo } : {}),
  };
  const { supplier } = order;
  const data = {
    labels: { supplier: labels.supplier, order: labels.order, notes: labels.notes },
    supplier: [
      { value: supplier.name, bold: true },
      ...(supplier.accountNumber ? [{ label: labels.accountNumber, value: supplier.accountNumber, ltr: true }] : []),
      ...(supplier.contactName ? [{ label: labels.contact, value: supplier.contactName }] : []),
      ...(supplier.phone ? [{ value: supplier.phone, ltr: true }] : []),
      ...(supplier.email ? [{ value: supplier.email, ltr: true }] : []),
    ],
    order: [
      { value: order.number, bold: true, ltr: true },
      // A date-only value: printed as that calendar day whatever the shop's time zone.
      ...(order.expectedOn ? [{ label: labels.expectedOn, value: pdfFormatter(lang, shop.currency, 'UTC').date(order.expectedOn) }] : []),
    ],
    lines: {
      columns: [
        { label: labels.partNumber, ltr: true },
        { label: labels.part, width: 1 },
        { label: labels.quantity, align: 'end' },
        { label: labels.unitCost, align: 'end', ltr: true },
        { label: labels.total, align: 'end', ltr: true },
      ],
      rows: order.lines.map((line) => [
        line.partNumber,
        line.name,
        `${format.number(fromMilli(line.quantityMilli))} ${labels.units[line.unit]}`,
        format.money(line.unitCostCents),
        format.money(line.totalCents),
      ]),
    },
    summary: [{ label: labels.total, value: format.money(order.totalCents), strong: true }],
    notes: order.notes,
  };
  return renderBrandedPdf({ document, body: PURCHASE_ORDER_BODY, data });
}

/** "PO-2026-00042.pdf": the number is the whole name (letters, digits and dashes only). */
export const purchaseOrderFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
