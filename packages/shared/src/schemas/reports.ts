// The ten staff reports (SPEC §1 "analytics reports", §8 "Failed to generate reports: ..."): one
// definition each — columns with their headers in every language, totals, and which filters apply — that
// the API's preview, CSV, XLSX and PDF all read (apps/api/src/modules/reports), and the web's reports
// screen shows. Values travel typed: money as integer cents, dates as "YYYY-MM-DD" (or "YYYY-MM-DDTHH:MM"
// for hour buckets) in the shop's time zone, enum codes turned into words by REPORT_VALUE_LABELS.
import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants.ts';
import { msg } from '../messages.ts';
import { isIsoDate } from '../visit-rules.ts';
import { ANALYTICS_LIMITS, daysInRange } from './analytics.ts';

export const REPORT_KINDS = [
  'car-files',
  'clients',
  'vehicles',
  'repair',
  'task',
  'oil-changes',
  'inspections',
  'page-views',
  'device-distribution',
  'browser-distribution',
  'popular-pages',
  'parts-sales',
  'inventory-valuation',
  'slow-movers',
  'stock-movements',
  'purchases-by-supplier',
  'revenue-net',
  'tax-collected',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_LIMITS = {
  /** Rows the on-screen preview shows (the downloads carry every row). */
  previewRows: 50,
  /** Rows fetched from PostgreSQL at a time while a download is written. */
  batchRows: 500,
  /**
   * Rows a PDF prints: Typst lays a whole document out in memory (about +370 MB of RSS for 1,000 rows,
   * bench/reports.ts), so a PDF is for reading and printing (about 30 pages); CSV and XLSX carry every row.
   */
  pdfMaxRows: 1_000,
  /** Slow movers: days without a use that make a part slow, when the period has no start. */
  slowMoverDefaultDays: 90,
  slowMoverMaxDays: 3_650,
} as const;

/**
 * How a column's values are typed and shown: `enum` values are codes turned into words per language;
 * `quantity` is a stock quantity in its unit (up to three decimals: 2.5 litres).
 */
export type ReportColumnType = 'text' | 'enum' | 'integer' | 'quantity' | 'money' | 'percent' | 'date';
type Labels = Record<Language, string>;

export interface ReportColumn {
  key: string;
  type: ReportColumnType;
  label: Labels;
}
export interface ReportTotal {
  key: string;
  type: Exclude<ReportColumnType, 'text' | 'enum' | 'date'>;
  label: Labels;
}
/** `days`: the slow movers' "not used for N days" (REPORT_LIMITS.slowMoverDefaultDays when not given). */
export type ReportFilter = 'period' | 'customer' | 'vehicle' | 'days';

export interface ReportDefinition {
  kind: ReportKind;
  title: Labels;
  /** Filters the report takes; `vehicle` is required for car files (one vehicle's history). */
  filters: readonly ReportFilter[];
  requiresVehicle?: boolean;
  /** Web-analytics reports read the rollups and need a bounded period (ANALYTICS_LIMITS.maxRangeDays). */
  analytics?: boolean;
  /** Parts reports show costs and margins: admins only (SPEC of issue #26), though the engine is staff. */
  adminOnly?: boolean;
  /** Accounting reports (issue #27), from issued invoices and credit notes: admins only, their own group. */
  accounting?: boolean;
  columns: readonly ReportColumn[];
  totals: readonly ReportTotal[];
}

const L = (en: string, fr: string, ar: string): Labels => ({ en, fr, ar });
const col = (key: string, type: ReportColumnType, label: Labels): ReportColumn => ({ key, type, label });
const total = (key: string, type: ReportTotal['type'], label: Labels): ReportTotal => ({ key, type, label });

const DATE = L('Date', 'Date', 'التاريخ');
const CUSTOMER = L('Customer', 'Client', 'العميل');
const PLATE = L('Plate', 'Immatriculation', 'رقم اللوحة');
const STATUS = L('Status', 'Statut', 'الحالة');
const BILLED = L('Billed', 'Facturé', 'المفوتر');
const PAID = L('Paid', 'Payé', 'المدفوع');
const BALANCE = L('Balance due', 'Reste à payer', 'الرصيد المستحق');
const VISITS = L('Visits', 'Visites', 'الزيارات');
const VIEWS = L('Page views', 'Pages vues', 'مشاهدات الصفحات');
const SHARE = L('Share (%)', 'Part (%)', 'النسبة (%)');
const PART_NUMBER = L('Part number', 'Référence', 'رقم القطعة');
const PART_NAME = L('Part', 'Pièce', 'القطعة');
const PARTS = L('Parts', 'Pièces', 'القطع');
const UNIT = L('Unit', 'Unité', 'الوحدة');
const ON_HAND = L('On hand', 'En stock', 'المتوفر');
const AVERAGE_COST = L('Average cost', 'Coût moyen', 'متوسط التكلفة');
const STOCK_VALUE = L('Stock value', 'Valeur du stock', 'قيمة المخزون');
const SALES = L('Sales', 'Ventes', 'المبيعات');
const COST_OF_GOODS = L('Cost of goods', 'Coût des marchandises', 'تكلفة البضاعة');
const GROSS_PROFIT = L('Gross profit', 'Marge brute', 'الربح الإجمالي');
const MARGIN = L('Margin (%)', 'Marge (%)', 'الهامش (%)');
const ORDERS_SENT = L('Orders sent', 'Commandes envoyées', 'الطلبيات المرسلة');
const ORDERED = L('Ordered value', 'Valeur commandée', 'القيمة المطلوبة');
const RECEIVED_VALUE = L('Received value', 'Valeur reçue', 'القيمة المستلمة');
const OUTSTANDING = L('Outstanding value', 'Valeur en attente', 'القيمة المعلقة');

// Accounting (issue #27): from issued invoices and credit notes (credit notes count negatively), admins only.
const NET = L('Revenue without tax', 'Chiffre d’affaires HT', 'الإيرادات دون ضريبة');
const TAX = L('Tax', 'Taxe', 'الضريبة');
const GROSS = L('Revenue with tax', 'Chiffre d’affaires TTC', 'الإيرادات مع الضريبة');
export const REPORTS: Record<ReportKind, ReportDefinition> = {
  'car-files': {
    kind: 'car-files',
    title: L('Car file', 'Dossier du véhicule', 'ملف السيارة'),
    filters: ['vehicle', 'period'],
    requiresVehicle: true,
    columns: [
      col('date', 'date', DATE),
      col('entry', 'enum', L('Entry', 'Élément', 'البند')),
      col('description', 'text', L('Description', 'Description', 'الوصف')),
      col('status', 'enum', STATUS),
      col('km', 'integer', L('Km', 'Km', 'كم')),
      col('amount', 'money', L('Amount', 'Montant', 'المبلغ')),
    ],
    totals: [
      total('visits', 'integer', VISITS),
      total('tasks', 'integer', L('Tasks', 'Tâches', 'المهام')),
      total('oilChanges', 'integer', L('Oil changes', 'Vidanges', 'تغييرات الزيت')),
      total('billed', 'money', BILLED),
      total('paid', 'money', PAID),
    ],
  },
  clients: {
    kind: 'clients',
    title: L('Clients', 'Clients', 'العملاء'),
    filters: ['period'],
    columns: [
      col('name', 'text', L('Name', 'Nom', 'الاسم')),
      col('phone', 'text', L('Phone', 'Téléphone', 'الهاتف')),
      col('email', 'text', L('Email', 'E-mail', 'البريد الإلكتروني')),
      col('joined', 'date', L('Client since', 'Client depuis', 'عميل منذ')),
      col('vehicles', 'integer', L('Vehicles', 'Véhicules', 'المركبات')),
      col('visits', 'integer', VISITS),
      col('billed', 'money', BILLED),
      col('paid', 'money', PAID),
      col('balance', 'money', BALANCE),
    ],
    totals: [
      total('clients', 'integer', L('Clients', 'Clients', 'العملاء')),
      total('visits', 'integer', VISITS),
      total('billed', 'money', BILLED),
      total('paid', 'money', PAID),
      total('balance', 'money', BALANCE),
    ],
  },
  vehicles: {
    kind: 'vehicles',
    title: L('Vehicles', 'Véhicules', 'المركبات'),
    filters: ['period', 'customer'],
    columns: [
      col('plate', 'text', PLATE),
      col('type', 'enum', L('Type', 'Type', 'النوع')),
      col('brand', 'text', L('Brand', 'Marque', 'العلامة')),
      col('model', 'text', L('Model', 'Modèle', 'الطراز')),
      col('year', 'integer', L('Year', 'Année', 'السنة')),
      col('owner', 'text', L('Owner', 'Propriétaire', 'المالك')),
      col('latestKm', 'integer', L('Latest km', 'Dernier km', 'آخر عداد (كم)')),
      col('visits', 'integer', VISITS),
      col('billed', 'money', BILLED),
      col('lastVisit', 'date', L('Last visit', 'Dernière visite', 'آخر زيارة')),
    ],
    totals: [
      total('vehicles', 'integer', L('Vehicles', 'Véhicules', 'المركبات')),
      total('visits', 'integer', VISITS),
      total('billed', 'money', BILLED),
    ],
  },
  repair: {
    kind: 'repair',
    title: L('Repair', 'Réparations', 'الإصلاحات'),
    filters: ['period', 'customer', 'vehicle'],
    columns: [
      col('date', 'date', DATE),
      col('visit', 'text', L('Visit', 'Visite', 'الزيارة')),
      col('customer', 'text', CUSTOMER),
      col('plate', 'text', PLATE),
      col('status', 'enum', STATUS),
      col('tasks', 'integer', L('Tasks', 'Tâches', 'المهام')),
      col('tasksDone', 'integer', L('Tasks done', 'Tâches terminées', 'المهام المنجزة')),
      col('billed', 'money', BILLED),
      col('paid', 'money', PAID),
      col('balance', 'money', BALANCE),
    ],
    totals: [
      total('visits', 'integer', VISITS),
      total('tasks', 'integer', L('Tasks', 'Tâches', 'المهام')),
      total('billed', 'money', BILLED),
      total('paid', 'money', PAID),
      total('balance', 'money', BALANCE),
    ],
  },
  task: {
    kind: 'task',
    title: L('Tasks', 'Tâches', 'المهام'),
    filters: ['period', 'customer', 'vehicle'],
    columns: [
      col('date', 'date', L('Visit date', 'Date de visite', 'تاريخ الزيارة')),
      col('visit', 'text', L('Visit', 'Visite', 'الزيارة')),
      col('plate', 'text', PLATE),
      col('title', 'text', L('Task', 'Tâche', 'المهمة')),
      col('service', 'enum', L('Service', 'Service', 'الخدمة')),
      col('status', 'enum', STATUS),
      col('priority', 'enum', L('Priority', 'Priorité', 'الأولوية')),
      col('cost', 'money', L('Cost', 'Coût', 'التكلفة')),
      col('soldFor', 'money', L('Sold for', 'Prix de vente', 'سعر البيع')),
      col('completedOn', 'date', L('Completed on', 'Terminée le', 'تاريخ الإنجاز')),
    ],
    totals: [
      total('tasks', 'integer', L('Tasks', 'Tâches', 'المهام')),
      total('completed', 'integer', L('Completed', 'Terminées', 'المنجزة')),
      total('cost', 'money', L('Cost (not cancelled)', 'Coût (hors annulées)', 'التكلفة (دون الملغاة)')),
      total('soldFor', 'money', L('Sold for (not cancelled)', 'Prix de vente (hors annulées)', 'سعر البيع (دون الملغاة)')),
    ],
  },
  'oil-changes': {
    kind: 'oil-changes',
    title: L('Oil changes', 'Vidanges', 'تغييرات الزيت'),
    filters: ['period', 'customer', 'vehicle'],
    columns: [
      col('date', 'date', DATE),
      col('plate', 'text', PLATE),
      col('customer', 'text', CUSTOMER),
      col('oilName', 'text', L('Oil', 'Huile', 'الزيت')),
      col('oilType', 'text', L('Oil type', "Type d'huile", 'نوع الزيت')),
      col('currentKm', 'integer', L('Km at change', 'Km à la vidange', 'العداد عند التغيير (كم)')),
      col('nextChangeKm', 'integer', L('Next change km', 'Prochaine vidange (km)', 'التغيير القادم (كم)')),
      col('filterChanged', 'enum', L('Filter changed', 'Filtre changé', 'تم تغيير الفلتر')),
    ],
    totals: [
      total('oilChanges', 'integer', L('Oil changes', 'Vidanges', 'تغييرات الزيت')),
      total('filtersChanged', 'integer', L('Filters changed', 'Filtres changés', 'الفلاتر المغيّرة')),
    ],
  },
  // Inspections (issue #29) completed in the period, one row per technician (the unassigned ones together):
  // what the dashboard's inspection figures show (apps/api/src/modules/inspections/inspection-figures.ts).
  inspections: {
    kind: 'inspections',
    title: L('Inspections per technician', 'Inspections par technicien', 'الفحوصات حسب الفني'),
    filters: ['period'],
    columns: [
      col('technician', 'enum', L('Technician', 'Technicien', 'الفني')),
      col('completed', 'integer', L('Inspections', 'Inspections', 'الفحوصات')),
      col('flagged', 'integer', L('Flagged items', 'Points signalés', 'البنود المنبَّه عليها')),
      col('proposed', 'integer', L('Proposed tasks', 'Travaux proposés', 'الأعمال المقترحة')),
      col('approved', 'integer', L('Approved', 'Acceptés', 'المقبولة')),
      col('declined', 'integer', L('Declined', 'Refusés', 'المرفوضة')),
      col('approvalShare', 'percent', L('Approved (%)', 'Acceptés (%)', 'نسبة القبول (%)')),
      col('approvedValue', 'money', L('Approved value', 'Valeur acceptée', 'قيمة المقبول')),
    ],
    totals: [
      total('completed', 'integer', L('Inspections', 'Inspections', 'الفحوصات')),
      total('flagged', 'integer', L('Flagged items', 'Points signalés', 'البنود المنبَّه عليها')),
      total('proposed', 'integer', L('Proposed tasks', 'Travaux proposés', 'الأعمال المقترحة')),
      total('approved', 'integer', L('Approved', 'Acceptés', 'المقبولة')),
      total('declined', 'integer', L('Declined', 'Refusés', 'المرفوضة')),
      total('approvalShare', 'percent', L('Approved (%)', 'Acceptés (%)', 'نسبة القبول (%)')),
      total('approvedValue', 'money', L('Approved value', 'Valeur acceptée', 'قيمة المقبول')),
    ],
  },
  'page-views': {
    kind: 'page-views',
    title: L('Page views', 'Pages vues', 'مشاهدات الصفحات'),
    filters: ['period'],
    analytics: true,
    columns: [col('start', 'date', L('Period', 'Période', 'الفترة')), col('views', 'integer', VIEWS), col('visits', 'integer', VISITS)],
    totals: [total('views', 'integer', VIEWS), total('visits', 'integer', VISITS)],
  },
  'device-distribution': {
    kind: 'device-distribution',
    title: L('Device distribution', 'Répartition par appareil', 'توزيع الأجهزة'),
    filters: ['period'],
    analytics: true,
    columns: [col('name', 'text', L('Device', 'Appareil', 'الجهاز')), col('views', 'integer', VIEWS), col('percentage', 'percent', SHARE)],
    totals: [total('views', 'integer', VIEWS)],
  },
  'browser-distribution': {
    kind: 'browser-distribution',
    title: L('Browser distribution', 'Répartition par navigateur', 'توزيع المتصفحات'),
    filters: ['period'],
    analytics: true,
    columns: [
      col('name', 'text', L('Browser', 'Navigateur', 'المتصفح')),
      col('views', 'integer', VIEWS),
      col('percentage', 'percent', SHARE),
    ],
    totals: [total('views', 'integer', VIEWS)],
  },
  'popular-pages': {
    kind: 'popular-pages',
    title: L('Popular pages', 'Pages populaires', 'الصفحات الأكثر زيارة'),
    filters: ['period'],
    analytics: true,
    columns: [
      col('path', 'text', L('Page', 'Page', 'الصفحة')),
      col('views', 'integer', VIEWS),
      col('visits', 'integer', L('Entrances', 'Entrées', 'الدخول')),
      col('percentage', 'percent', SHARE),
    ],
    totals: [total('views', 'integer', L('Page views (all pages)', 'Pages vues (toutes les pages)', 'مشاهدات الصفحات (كل الصفحات)'))],
  },
  // Parts and inventory (issue #26): costs and margins, so admins only. Quantities in each part's unit.
  'parts-sales': {
    kind: 'parts-sales',
    title: L('Parts sales and gross profit', 'Ventes de pièces et marge brute', 'مبيعات القطع والربح الإجمالي'),
    filters: ['period'],
    adminOnly: true,
    columns: [
      col('partNumber', 'text', PART_NUMBER),
      col('name', 'text', PART_NAME),
      col('quantity', 'quantity', L('Quantity used', 'Quantité utilisée', 'الكمية المستعملة')),
      col('sales', 'money', SALES),
      col('cost', 'money', COST_OF_GOODS),
      col('profit', 'money', GROSS_PROFIT),
      col('margin', 'percent', MARGIN),
    ],
    totals: [
      total('parts', 'integer', PARTS),
      total('sales', 'money', SALES),
      total('cost', 'money', COST_OF_GOODS),
      total('profit', 'money', GROSS_PROFIT),
      total('margin', 'percent', MARGIN),
      total('labourHours', 'quantity', L('Labour hours', "Heures de main-d'œuvre", 'ساعات العمل')),
      total('labourSales', 'money', L('Labour sales', "Ventes de main-d'œuvre", 'مبيعات العمل')),
    ],
  },
  'inventory-valuation': {
    kind: 'inventory-valuation',
    title: L('Inventory valuation', 'Valorisation du stock', 'تقييم المخزون'),
    filters: [],
    adminOnly: true,
    columns: [
      col('partNumber', 'text', PART_NUMBER),
      col('name', 'text', PART_NAME),
      col('category', 'text', L('Category', 'Catégorie', 'الفئة')),
      col('unit', 'enum', UNIT),
      col('onHand', 'quantity', ON_HAND),
      col('cost', 'money', AVERAGE_COST),
      col('value', 'money', STOCK_VALUE),
    ],
    totals: [total('parts', 'integer', PARTS), total('value', 'money', STOCK_VALUE)],
  },
  'slow-movers': {
    kind: 'slow-movers',
    title: L('Slow-moving parts', 'Pièces à faible rotation', 'القطع بطيئة الحركة'),
    filters: ['period', 'days'],
    adminOnly: true,
    columns: [
      col('partNumber', 'text', PART_NUMBER),
      col('name', 'text', PART_NAME),
      col('lastUsed', 'date', L('Last used', 'Dernière utilisation', 'آخر استعمال')),
      col('unit', 'enum', UNIT),
      col('onHand', 'quantity', ON_HAND),
      col('cost', 'money', AVERAGE_COST),
      col('value', 'money', STOCK_VALUE),
    ],
    totals: [total('parts', 'integer', PARTS), total('value', 'money', STOCK_VALUE)],
  },
  'stock-movements': {
    kind: 'stock-movements',
    title: L('Stock movements', 'Mouvements de stock', 'حركات المخزون'),
    filters: ['period'],
    adminOnly: true,
    columns: [
      col('date', 'date', DATE),
      col('partNumber', 'text', PART_NUMBER),
      col('name', 'text', PART_NAME),
      col('kind', 'enum', L('Movement', 'Mouvement', 'الحركة')),
      col('quantity', 'quantity', L('Quantity', 'Quantité', 'الكمية')),
      col('unitCost', 'money', L('Unit cost', 'Coût unitaire', 'تكلفة الوحدة')),
      col('onHandAfter', 'quantity', L('On hand after', 'Stock après', 'المخزون بعد الحركة')),
      col('reason', 'text', L('Reason', 'Motif', 'السبب')),
      col('reference', 'text', L('Visit or order', 'Visite ou commande', 'الزيارة أو الطلبية')),
      col('user', 'text', L('By', 'Par', 'بواسطة')),
    ],
    totals: [
      total('movements', 'integer', L('Movements', 'Mouvements', 'الحركات')),
      total('valueIn', 'money', L('Value in', 'Valeur entrée', 'قيمة الداخل')),
      total('valueOut', 'money', L('Value out', 'Valeur sortie', 'قيمة الخارج')),
    ],
  },
  'purchases-by-supplier': {
    kind: 'purchases-by-supplier',
    title: L('Purchases by supplier', 'Achats par fournisseur', 'المشتريات حسب المورد'),
    filters: ['period'],
    adminOnly: true,
    columns: [
      col('supplier', 'text', L('Supplier', 'Fournisseur', 'المورد')),
      col('orders', 'integer', ORDERS_SENT),
      col('ordered', 'money', ORDERED),
      col('received', 'money', RECEIVED_VALUE),
      col('outstanding', 'money', OUTSTANDING),
    ],
    totals: [
      total('orders', 'integer', ORDERS_SENT),
      total('ordered', 'money', ORDERED),
      total('received', 'money', RECEIVED_VALUE),
      total('outstanding', 'money', OUTSTANDING),
    ],
  },
  'revenue-net': {
    kind: 'revenue-net',
    title: L('Revenue without tax', 'Chiffre d’affaires hors taxes', 'الإيرادات دون ضريبة'),
    filters: ['period'],
    adminOnly: true,
    accounting: true,
    columns: [
      col('date', 'date', DATE),
      col('invoices', 'integer', L('Invoices', 'Factures', 'الفواتير')),
      col('creditNotes', 'integer', L('Credit notes', 'Avoirs', 'الإشعارات الدائنة')),
      col('net', 'money', NET),
      col('tax', 'money', TAX),
      col('gross', 'money', GROSS),
    ],
    totals: [
      total('invoices', 'integer', L('Invoices', 'Factures', 'الفواتير')),
      total('net', 'money', NET),
      total('tax', 'money', TAX),
      total('gross', 'money', GROSS),
    ],
  },
  'tax-collected': {
    kind: 'tax-collected',
    title: L('Tax collected per rate', 'TVA collectée par taux', 'الضريبة المحصلة حسب النسبة'),
    filters: ['period'],
    adminOnly: true,
    accounting: true,
    columns: [
      col('rate', 'percent', L('Rate (%)', 'Taux (%)', 'النسبة (%)')),
      col('category', 'text', L('Category', 'Catégorie', 'الفئة')),
      col('net', 'money', L('Taxable base', 'Base HT', 'الوعاء الضريبي')),
      col('tax', 'money', L('Tax collected', 'TVA collectée', 'الضريبة المحصلة')),
    ],
    totals: [
      total('net', 'money', L('Taxable base', 'Base HT', 'الوعاء الضريبي')),
      total('tax', 'money', L('Tax collected', 'TVA collectée', 'الضريبة المحصلة')),
    ],
  },
};

/** Words for the enum codes reports carry (entry kinds, statuses, services, priorities, types, yes/no). */
export const REPORT_VALUE_LABELS: Record<string, Labels> = {
  VISIT: L('Visit', 'Visite', 'زيارة'),
  TASK: L('Task', 'Tâche', 'مهمة'),
  OIL_CHANGE: L('Oil change', 'Vidange', 'تغيير زيت'),
  PAYMENT: L('Payment', 'Paiement', 'دفعة'),
  REFUND: L('Refund', 'Remboursement', 'استرداد'),
  PENDING: L('Pending', 'En attente', 'قيد الانتظار'),
  IN_PROGRESS: L('In progress', 'En cours', 'قيد التنفيذ'),
  COMPLETED: L('Completed', 'Terminé', 'مكتمل'),
  READY_FOR_PICKUP: L('Ready for pickup', 'Prêt à récupérer', 'جاهز للاستلام'),
  PICKED_UP: L('Picked up', 'Récupéré', 'تم الاستلام'),
  CANCELLED: L('Cancelled', 'Annulé', 'ملغى'),
  REOPENED: L('Reopened', 'Rouvert', 'أعيد فتحه'),
  SUCCESS: L('Successful', 'Réussi', 'ناجح'),
  FAILED: L('Failed', 'Échoué', 'فاشل'),
  REFUNDED: L('Refunded', 'Remboursé', 'مسترد'),
  DELETED: L('Deleted', 'Supprimé', 'محذوف'),
  REPAIR: L('Repair', 'Réparation', 'إصلاح'),
  MAINTENANCE: L('Maintenance', 'Entretien', 'صيانة'),
  INSPECTION: L('Inspection', 'Inspection', 'فحص'),
  HIGH: L('High', 'Haute', 'عالية'),
  MEDIUM: L('Medium', 'Moyenne', 'متوسطة'),
  NORMAL: L('Normal', 'Normale', 'عادية'),
  LOW: L('Low', 'Basse', 'منخفضة'),
  CAR: L('Car', 'Voiture', 'سيارة'),
  TRUCK: L('Truck', 'Camion', 'شاحنة'),
  MOTORCYCLE: L('Motorcycle', 'Moto', 'دراجة نارية'),
  BUS: L('Bus', 'Bus', 'حافلة'),
  VAN: L('Van', 'Fourgon', 'شاحنة صغيرة'),
  YES: L('Yes', 'Oui', 'نعم'),
  // The inspections report's row of inspections nobody was assigned (its other rows are names, left as they are).
  UNASSIGNED: L('Unassigned', 'Non attribuées', 'غير مسندة'),
  NO: L('No', 'Non', 'لا'),
  CASH: L('Cash', 'Espèces', 'نقدًا'),
  CREDIT_CARD: L('Credit card', 'Carte bancaire', 'بطاقة ائتمان'),
  BANK_TRANSFER: L('Bank transfer', 'Virement', 'تحويل بنكي'),
  // Stock movement kinds and part units (parts reports).
  RECEIVED: L('Received', 'Reçu', 'مستلم'),
  USED: L('Used', 'Utilisé', 'مستعمل'),
  RETURNED: L('Returned', 'Retourné', 'مُرجع'),
  ADJUSTED: L('Adjusted', 'Ajusté', 'معدّل'),
  COUNTED: L('Counted', 'Inventorié', 'مجرود'),
  PIECE: L('Piece', 'Pièce', 'قطعة'),
  SET: L('Set', 'Jeu', 'طقم'),
  LITRE: L('Litre', 'Litre', 'لتر'),
  KILOGRAM: L('Kilogram', 'Kilogramme', 'كيلوغرام'),
  METRE: L('Metre', 'Mètre', 'متر'),
};

export const reportValueLabel = (code: string, lang: Language) => REPORT_VALUE_LABELS[code]?.[lang] ?? code;

/** The words the PDF and the downloads' first rows use around the table. */
export const REPORT_TEXT = {
  period: L('Period', 'Période', 'الفترة'),
  allTime: L('All dates', 'Toutes les dates', 'كل التواريخ'),
  generatedAt: L('Generated', 'Généré le', 'أُنشئ في'),
  totals: L('Totals', 'Totaux', 'المجاميع'),
  total: L('Total', 'Total', 'المجموع'),
  vehicle: L('Vehicle', 'Véhicule', 'المركبة'),
  customer: CUSTOMER,
  noRows: L('No rows for these filters.', 'Aucune ligne pour ces filtres.', 'لا توجد صفوف لهذه المرشحات.'),
} as const;

const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const isoDay = (fieldName: string) =>
  z.preprocess(emptyAsMissing, z.string().trim().refine(isIsoDate, msg('format', { fieldName })).optional());
const optionalId = z.preprocess(emptyAsMissing, z.uuid().optional());

/** Filters of every report (each report reads those its definition lists); `from`/`to` are inclusive days. */
export const reportFiltersSchema = z.object({
  from: isoDay('from'),
  to: isoDay('to'),
  customerId: optionalId,
  vehicleId: optionalId,
  /** Slow movers only: a part is slow when not used for this many days before the period's end. */
  days: z.preprocess(
    emptyAsMissing,
    z.coerce
      .number(msg('number', { fieldName: 'days' }))
      .int(msg('number', { fieldName: 'days' }))
      .min(1, msg('minValue', { fieldName: 'days', minValue: 1 }))
      .max(REPORT_LIMITS.slowMoverMaxDays, msg('maxValue', { fieldName: 'days', maxValue: REPORT_LIMITS.slowMoverMaxDays }))
      .optional(),
  ),
  lang: z.preprocess(emptyAsMissing, z.enum(LANGUAGES).default('en')),
});

export const reportKindSchema = z.enum(REPORT_KINDS);

/** Checks the filters against the report: period order and length, the vehicle car files need. */
export function checkReportFilters(
  kind: ReportKind,
  value: { from?: string | undefined; to?: string | undefined; vehicleId?: string | undefined },
  context: z.RefinementCtx,
): void {
  const definition = REPORTS[kind];
  if (definition.requiresVehicle && !value.vehicleId)
    context.addIssue({ code: 'custom', path: ['vehicleId'], message: msg('required', { fieldName: 'vehicleId' }) });
  if (definition.analytics) {
    if (!value.from) context.addIssue({ code: 'custom', path: ['from'], message: msg('required', { fieldName: 'from' }) });
    if (!value.to) context.addIssue({ code: 'custom', path: ['to'], message: msg('required', { fieldName: 'to' }) });
  }
  if (value.from && value.to && isIsoDate(value.from) && isIsoDate(value.to)) {
    const days = daysInRange(value.from, value.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: msg('minValue', { fieldName: 'to', minValue: value.from }) });
    else if (definition.analytics && days > ANALYTICS_LIMITS.maxRangeDays)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: msg('maxValue', { fieldName: 'days', maxValue: ANALYTICS_LIMITS.maxRangeDays }),
      });
  }
}

/** tRPC `reports.preview` input: the report and its filters. */
export const reportPreviewInputSchema = reportFiltersSchema
  .extend({ report: reportKindSchema })
  .superRefine((value, context) => checkReportFilters(value.report, value, context));
export type ReportPreviewInput = z.input<typeof reportPreviewInputSchema>;
export type ReportFilters = z.output<typeof reportFiltersSchema>;

/** REST `GET /backend/reports/:report?format=...`: the same filters plus the format. */
export const reportDownloadQuerySchema = reportFiltersSchema.extend({
  format: z.preprocess(emptyAsMissing, z.enum(REPORT_FORMATS).default('json')),
});

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

const cell = z.union([z.string(), z.number(), z.null()]);
/** The preview (and `format=json`): the report's columns in the asked language, its first rows and totals. */
export const reportPreviewSchema = z.object({
  report: reportKindSchema,
  title: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** The period measured (inclusive days), null when open on that side. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Who or what the report is about, when a customer or vehicle filter is set ("AB-123 · Renault Clio"). */
  subject: z.string().nullable(),
  columns: z.array(
    z.object({ key: z.string(), type: z.enum(['text', 'enum', 'integer', 'quantity', 'money', 'percent', 'date']), label: z.string() }),
  ),
  rows: z.array(z.record(z.string(), cell)),
  /** Whether more rows exist than the preview shows. */
  truncated: z.boolean(),
  totals: z.array(
    z.object({ key: z.string(), type: z.enum(['integer', 'quantity', 'money', 'percent']), label: z.string(), value: z.number() }),
  ),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;
