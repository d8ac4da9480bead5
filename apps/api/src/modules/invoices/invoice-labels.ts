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
  // Version 2 (issue #27): legal documents.
  /** Saudi profile: a business customer's invoice, a private customer's (ZATCA's two kinds). */
  taxInvoice: string;
  simplifiedTaxInvoice: string;
  creditNoteTitle: string;
  draftTitle: string;
  draftMark: string;
  seller: string;
  buyer: string;
  description: string;
  quantity: string;
  unitPriceWithTax: string;
  unitPriceWithoutTax: string;
  rate: string;
  amountWithTax: string;
  amountWithoutTax: string;
  taxSummary: string;
  taxBase: string;
  tax: string;
  totalWithoutTax: string;
  totalTax: string;
  totalWithTax: string;
  creditReason: string;
  correctionReason: string;
  creditsNote: string;
  exemption: string;
  qrCaption: string;
  identifiers: Record<string, string>;
  units: Record<string, string>;
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
    taxInvoice: 'Tax invoice {number}',
    simplifiedTaxInvoice: 'Simplified tax invoice {number}',
    creditNoteTitle: 'Credit note {number} (credits {invoice})',
    draftTitle: 'Draft invoice',
    draftMark: 'DRAFT — not an invoice',
    seller: 'Seller',
    buyer: 'Customer',
    description: 'Description',
    quantity: 'Qty',
    unitPriceWithTax: 'Unit price incl. tax',
    unitPriceWithoutTax: 'Unit price excl. tax',
    rate: 'Tax',
    amountWithTax: 'Amount incl. tax',
    amountWithoutTax: 'Amount excl. tax',
    taxSummary: 'Tax summary',
    taxBase: 'Taxable amount',
    tax: 'Tax',
    totalWithoutTax: 'Total excl. tax',
    totalTax: 'Total tax',
    totalWithTax: 'Total incl. tax',
    creditReason: 'Reason: {reason}',
    correctionReason: 'Invoice corrected: the visit changed after it was issued; a new invoice replaces it.',
    creditsNote: 'This credit note cancels {scope} of invoice {number} of {date}.',
    exemption: '{rate}: {reason}',
    qrCaption: 'Scan to verify (ZATCA)',
    identifiers: {
      siren: 'SIREN',
      siret: 'SIRET',
      vatNumber: 'VAT No.',
      trn: 'TRN',
      rcs: 'RCS',
      shareCapital: 'Share capital',
      ice: 'ICE',
      fiscalId: 'IF',
      tradeRegister: 'RC',
      patente: 'Patente',
      commercialRegistration: 'CR',
      all: 'all',
      part: 'part',
    },
    units: { HOUR: 'h', LITRE: 'L', KILOGRAM: 'kg', METRE: 'm', SET: 'set', PIECE: '' },
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
    taxInvoice: 'Facture fiscale {number}',
    simplifiedTaxInvoice: 'Facture fiscale simplifiée {number}',
    creditNoteTitle: 'Avoir {number} (sur la facture {invoice})',
    draftTitle: 'Projet de facture',
    draftMark: 'BROUILLON — ceci n’est pas une facture',
    seller: 'Vendeur',
    buyer: 'Client',
    description: 'Désignation',
    quantity: 'Qté',
    unitPriceWithTax: 'Prix unitaire TTC',
    unitPriceWithoutTax: 'Prix unitaire HT',
    rate: 'TVA',
    amountWithTax: 'Montant TTC',
    amountWithoutTax: 'Montant HT',
    taxSummary: 'Récapitulatif de la TVA',
    taxBase: 'Base HT',
    tax: 'TVA',
    totalWithoutTax: 'Total HT',
    totalTax: 'Total TVA',
    totalWithTax: 'Total TTC',
    creditReason: 'Motif : {reason}',
    correctionReason: 'Facture rectifiée : la visite a changé après son émission ; une nouvelle facture la remplace.',
    creditsNote: 'Cet avoir annule {scope} de la facture {number} du {date}.',
    exemption: '{rate} : {reason}',
    qrCaption: 'Code de vérification (ZATCA)',
    identifiers: {
      siren: 'SIREN',
      siret: 'SIRET',
      vatNumber: 'N° TVA',
      trn: 'TRN',
      rcs: 'RCS',
      shareCapital: 'Capital social',
      ice: 'ICE',
      fiscalId: 'IF',
      tradeRegister: 'RC',
      patente: 'Patente',
      commercialRegistration: 'RC',
      all: 'la totalité',
      part: 'une partie',
    },
    units: { HOUR: 'h', LITRE: 'L', KILOGRAM: 'kg', METRE: 'm', SET: 'jeu', PIECE: '' },
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
    taxInvoice: 'فاتورة ضريبية {number}',
    simplifiedTaxInvoice: 'فاتورة ضريبية مبسطة {number}',
    creditNoteTitle: 'إشعار دائن {number} (للفاتورة {invoice})',
    draftTitle: 'مسودة فاتورة',
    draftMark: 'مسودة — ليست فاتورة',
    seller: 'البائع',
    buyer: 'العميل',
    description: 'الوصف',
    quantity: 'الكمية',
    unitPriceWithTax: 'سعر الوحدة شامل الضريبة',
    unitPriceWithoutTax: 'سعر الوحدة دون الضريبة',
    rate: 'الضريبة',
    amountWithTax: 'المبلغ شامل الضريبة',
    amountWithoutTax: 'المبلغ دون الضريبة',
    taxSummary: 'ملخص الضريبة',
    taxBase: 'المبلغ الخاضع للضريبة',
    tax: 'الضريبة',
    totalWithoutTax: 'الإجمالي دون الضريبة',
    totalTax: 'إجمالي الضريبة',
    totalWithTax: 'الإجمالي شامل الضريبة',
    creditReason: 'السبب: {reason}',
    correctionReason: 'فاتورة مصححة: تغيرت الزيارة بعد إصدارها، وتحل محلها فاتورة جديدة.',
    creditsNote: 'يلغي هذا الإشعار الدائن {scope} الفاتورة {number} بتاريخ {date}.',
    exemption: '{rate}: {reason}',
    qrCaption: 'رمز التحقق (هيئة الزكاة والضريبة والجمارك)',
    identifiers: {
      siren: 'SIREN',
      siret: 'SIRET',
      vatNumber: 'الرقم الضريبي',
      trn: 'رقم التسجيل الضريبي',
      rcs: 'RCS',
      shareCapital: 'رأس المال',
      ice: 'ICE',
      fiscalId: 'IF',
      tradeRegister: 'RC',
      patente: 'Patente',
      commercialRegistration: 'السجل التجاري',
      all: 'كامل',
      part: 'جزءًا من',
    },
    units: { HOUR: 'ساعة', LITRE: 'لتر', KILOGRAM: 'كغ', METRE: 'م', SET: 'طقم', PIECE: '' },
  },
};
