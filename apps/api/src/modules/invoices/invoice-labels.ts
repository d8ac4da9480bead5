// The invoice's words in en, fr and ar (the PDF is printed on the server, so its strings live here, not in
// the web app's locale files). Placeholders in braces are filled by invoice-pdf.ts.
import type { PdfLanguage } from '../../lib/pdf/format.ts';

export interface InvoiceLabels {
  title: string;
  correctionOf: string;
  issuedOn: string;
  billedTo: string;
  vehicle: string;
  visit: string;
  plate: string;
  visitDate: string;
  completedOn: string;
  work: string;
  service: string;
  amount: string;
  total: string;
  paid: string;
  balanceDue: string;
  credit: string;
  payments: string;
  date: string;
  method: string;
  refund: string;
  noPayments: string;
  replacesNote: string;
  thanks: string;
  services: Record<string, string>;
  methods: Record<string, string>;
}

export const INVOICE_LABELS: Record<PdfLanguage, InvoiceLabels> = {
  en: {
    title: 'Invoice {number}',
    correctionOf: 'Correction of invoice {number}',
    issuedOn: 'Issued on {date}',
    billedTo: 'Billed to',
    vehicle: 'Vehicle',
    visit: 'Visit',
    plate: 'Plate',
    visitDate: 'Visit date',
    completedOn: 'Completed on',
    work: 'Work',
    service: 'Service',
    amount: 'Amount',
    total: 'Total',
    paid: 'Paid',
    balanceDue: 'Balance due',
    credit: 'Credit',
    payments: 'Payments',
    date: 'Date',
    method: 'Method',
    refund: 'Refund',
    noPayments: 'No payment recorded yet.',
    replacesNote: 'This invoice replaces invoice {number} of {date}, which is no longer valid.',
    thanks: 'Thank you for your trust.',
    services: { REPAIR: 'Repair', MAINTENANCE: 'Maintenance', INSPECTION: 'Inspection' },
    methods: { CASH: 'Cash', CREDIT_CARD: 'Credit card', BANK_TRANSFER: 'Bank transfer' },
  },
  fr: {
    title: 'Facture {number}',
    correctionOf: 'Rectificatif de la facture {number}',
    issuedOn: 'Émise le {date}',
    billedTo: 'Facturé à',
    vehicle: 'Véhicule',
    visit: 'Visite',
    plate: 'Immatriculation',
    visitDate: 'Date de la visite',
    completedOn: 'Terminée le',
    work: 'Travaux',
    service: 'Service',
    amount: 'Montant',
    total: 'Total',
    paid: 'Payé',
    balanceDue: 'Reste à payer',
    credit: 'Avoir',
    payments: 'Paiements',
    date: 'Date',
    method: 'Moyen',
    refund: 'Remboursement',
    noPayments: 'Aucun paiement enregistré pour l’instant.',
    replacesNote: 'Cette facture remplace la facture {number} du {date}, qui n’est plus valable.',
    thanks: 'Merci de votre confiance.',
    services: { REPAIR: 'Réparation', MAINTENANCE: 'Entretien', INSPECTION: 'Contrôle' },
    methods: { CASH: 'Espèces', CREDIT_CARD: 'Carte bancaire', BANK_TRANSFER: 'Virement' },
  },
  ar: {
    title: 'فاتورة {number}',
    correctionOf: 'تصحيح للفاتورة {number}',
    issuedOn: 'صدرت في {date}',
    billedTo: 'فاتورة إلى',
    vehicle: 'المركبة',
    visit: 'الزيارة',
    plate: 'رقم اللوحة',
    visitDate: 'تاريخ الزيارة',
    completedOn: 'اكتملت في',
    work: 'الأعمال',
    service: 'الخدمة',
    amount: 'المبلغ',
    total: 'المجموع',
    paid: 'المدفوع',
    balanceDue: 'المبلغ المستحق',
    credit: 'رصيد دائن',
    payments: 'المدفوعات',
    date: 'التاريخ',
    method: 'طريقة الدفع',
    refund: 'استرداد',
    noPayments: 'لا توجد مدفوعات مسجلة بعد.',
    replacesNote: 'تحل هذه الفاتورة محل الفاتورة {number} بتاريخ {date}، والتي لم تعد صالحة.',
    thanks: 'شكرًا لثقتكم.',
    services: { REPAIR: 'إصلاح', MAINTENANCE: 'صيانة', INSPECTION: 'فحص' },
    methods: { CASH: 'نقدًا', CREDIT_CARD: 'بطاقة ائتمان', BANK_TRANSFER: 'تحويل بنكي' },
  },
};
