// An inspection report's words in en, fr and ar. It is printed on the server in the language asked for, so the
// strings live here (as the job sheet's and the invoice's), not in the web app's locale files. Placeholders in
// braces are filled by inspection-report-pdf.ts (fillLabel of the job sheet).
import type { InspectionCondition, InspectionUnit } from '@garage/shared';
import type { PdfLanguage } from '../../../lib/pdf/format.ts';

/** A result's word, printed beside its colour so the report reads in black and white too. */
export type ResultWord = InspectionCondition | 'UNANSWERED';
/** The customer's decision on a finding's proposed work. */
export type DecisionWord = 'APPROVED' | 'DECLINED' | 'PENDING';

export interface InspectionReportLabels {
  title: string;
  subtitle: string;
  customer: string;
  vehicle: string;
  inspection: string;
  plate: string;
  vin: string;
  odometer: string;
  visitDate: string;
  technician: string;
  completedOn: string;
  sentOn: string;
  summary: string;
  results: Record<ResultWord, string>;
  units: Record<InspectionUnit, string>;
  proposedWork: string;
  decisions: Record<DecisionWord, string>;
  photos: string;
  noItems: string;
  legend: string;
}

export const INSPECTION_REPORT_LABELS: Record<PdfLanguage, InspectionReportLabels> = {
  en: {
    title: 'Vehicle inspection report',
    subtitle: '{inspection} · {date}',
    customer: 'Customer',
    vehicle: 'Vehicle',
    inspection: 'Inspection',
    plate: 'Plate',
    vin: 'VIN',
    odometer: 'Odometer',
    visitDate: 'Visit date',
    technician: 'Technician',
    completedOn: 'Completed',
    sentOn: 'Sent',
    summary: 'Summary',
    results: { GOOD: 'Good', SOON: 'Soon', URGENT: 'Urgent', SKIPPED: 'Not checked', UNANSWERED: 'No result' },
    units: { MM: 'mm', VOLT: 'V', AMP: 'CCA', PERCENT: '%', BAR: 'bar' },
    proposedWork: 'Proposed work',
    decisions: { APPROVED: 'Approved', DECLINED: 'Declined', PENDING: 'Waiting for your decision' },
    photos: 'Photos',
    noItems: 'This inspection has no items.',
    legend: 'Good: no action needed · Soon: plan it at a next visit · Urgent: needs attention now',
  },
  fr: {
    title: 'Rapport d’inspection du véhicule',
    subtitle: '{inspection} · {date}',
    customer: 'Client',
    vehicle: 'Véhicule',
    inspection: 'Inspection',
    plate: 'Immatriculation',
    vin: 'VIN',
    odometer: 'Compteur',
    visitDate: 'Date de la visite',
    technician: 'Technicien',
    completedOn: 'Terminée le',
    sentOn: 'Envoyée le',
    summary: 'Synthèse',
    results: { GOOD: 'Bon', SOON: 'À prévoir', URGENT: 'Urgent', SKIPPED: 'Non contrôlé', UNANSWERED: 'Sans résultat' },
    units: { MM: 'mm', VOLT: 'V', AMP: 'A (CCA)', PERCENT: '%', BAR: 'bar' },
    proposedWork: 'Travaux proposés',
    decisions: { APPROVED: 'Accepté', DECLINED: 'Refusé', PENDING: 'En attente de votre décision' },
    photos: 'Photos',
    noItems: 'Cette inspection ne comporte aucun point.',
    legend: 'Bon : rien à faire · À prévoir : lors d’une prochaine visite · Urgent : à traiter maintenant',
  },
  ar: {
    title: 'تقرير فحص المركبة',
    subtitle: '{inspection} · {date}',
    customer: 'العميل',
    vehicle: 'المركبة',
    inspection: 'الفحص',
    plate: 'اللوحة',
    vin: 'رقم الهيكل',
    odometer: 'العداد',
    visitDate: 'تاريخ الزيارة',
    technician: 'الفني',
    completedOn: 'اكتمل في',
    sentOn: 'أُرسل في',
    summary: 'الملخص',
    results: { GOOD: 'جيد', SOON: 'قريبًا', URGENT: 'عاجل', SKIPPED: 'لم يُفحص', UNANSWERED: 'بلا نتيجة' },
    units: { MM: 'مم', VOLT: 'فولت', AMP: 'أمبير', PERCENT: '%', BAR: 'بار' },
    proposedWork: 'الأعمال المقترحة',
    decisions: { APPROVED: 'موافق عليه', DECLINED: 'مرفوض', PENDING: 'بانتظار قرارك' },
    photos: 'الصور',
    noItems: 'لا يحتوي هذا الفحص على أي بند.',
    legend: 'جيد: لا يلزم أي إجراء · قريبًا: يُخطط له في زيارة قادمة · عاجل: يحتاج إلى تدخل الآن',
  },
};
