// A purchase order's words in en, fr and ar: its PDF and the email that carries it to the supplier (both made
// on the server, in the shop's language, so the strings live here, not in the web app's locale files).
// Placeholders in braces are filled by purchase-order-pdf.ts and purchase-orders.service.ts.
import type { PartUnit } from '@garage/shared';
import type { PdfLanguage } from '../../lib/pdf/format.ts';

export interface PurchaseOrderLabels {
  title: string;
  orderedOn: string;
  supplier: string;
  order: string;
  accountNumber: string;
  contact: string;
  expectedOn: string;
  partNumber: string;
  part: string;
  quantity: string;
  unitCost: string;
  total: string;
  notes: string;
  units: Record<PartUnit, string>;
  email: {
    subject: string;
    greeting: string;
    greetingNoName: string;
    body: string;
    expected: string;
    account: string;
    thanks: string;
  };
}

export const PURCHASE_ORDER_LABELS: Record<PdfLanguage, PurchaseOrderLabels> = {
  en: {
    title: 'Purchase order {number}',
    orderedOn: 'Ordered on {date}',
    supplier: 'Supplier',
    order: 'Order',
    accountNumber: 'Our account number',
    contact: 'Contact',
    expectedOn: 'Expected on',
    partNumber: 'Part number',
    part: 'Part',
    quantity: 'Quantity',
    unitCost: 'Unit cost',
    total: 'Total',
    notes: 'Notes',
    units: { PIECE: 'pc', SET: 'set', LITRE: 'L', KILOGRAM: 'kg', METRE: 'm' },
    email: {
      subject: 'Purchase order {number} from {shop}',
      greeting: 'Hello {name},',
      greetingNoName: 'Hello,',
      body: 'Please find attached our purchase order {number}.',
      expected: 'We expect the delivery on {date}.',
      account: 'Our account number: {account}.',
      thanks: 'Thank you,\n{shop}',
    },
  },
  fr: {
    title: 'Bon de commande {number}',
    orderedOn: 'Commandé le {date}',
    supplier: 'Fournisseur',
    order: 'Commande',
    accountNumber: 'Notre numéro de compte',
    contact: 'Contact',
    expectedOn: 'Livraison prévue le',
    partNumber: 'Référence',
    part: 'Pièce',
    quantity: 'Quantité',
    unitCost: 'Coût unitaire',
    total: 'Total',
    notes: 'Remarques',
    units: { PIECE: 'pce', SET: 'jeu', LITRE: 'L', KILOGRAM: 'kg', METRE: 'm' },
    email: {
      subject: 'Bon de commande {number} de {shop}',
      greeting: 'Bonjour {name},',
      greetingNoName: 'Bonjour,',
      body: 'Veuillez trouver ci-joint notre bon de commande {number}.',
      expected: 'Nous attendons la livraison le {date}.',
      account: 'Notre numéro de compte : {account}.',
      thanks: 'Merci,\n{shop}',
    },
  },
  ar: {
    title: 'أمر شراء {number}',
    orderedOn: 'تاريخ الطلب {date}',
    supplier: 'المورّد',
    order: 'الطلب',
    accountNumber: 'رقم حسابنا',
    contact: 'جهة الاتصال',
    expectedOn: 'التسليم المتوقع',
    partNumber: 'رقم القطعة',
    part: 'القطعة',
    quantity: 'الكمية',
    unitCost: 'تكلفة الوحدة',
    total: 'المجموع',
    notes: 'ملاحظات',
    units: { PIECE: 'قطعة', SET: 'طقم', LITRE: 'لتر', KILOGRAM: 'كغ', METRE: 'م' },
    email: {
      subject: 'أمر الشراء {number} من {shop}',
      greeting: 'مرحبًا {name}،',
      greetingNoName: 'مرحبًا،',
      body: 'تجدون مرفقًا أمر الشراء {number}.',
      expected: 'نتوقع التسليم في {date}.',
      account: 'رقم حسابنا: {account}.',
      thanks: 'شكرًا لكم،\n{shop}',
    },
  },
};

export const fillLabel = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
