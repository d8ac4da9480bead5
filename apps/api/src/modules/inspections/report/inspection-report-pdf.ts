// An inspection report as PDF (issue #29): the shop's header, who and what (customer, vehicle with plate in
// order, VIN and odometer in the vehicle's own unit, visit date, technician, dates), a green/amber/red
// summary, then each section with its items: a coloured mark AND its word (it reads in black and white), the
// label, the value with its unit, the technician's note, the photos as small pictures, and the proposed work
// with the customer's decision. In en, fr or ar (right to left). Built from what inspection-report.service.ts
// reads; no costs are printed (the customer's copy and the staff's are the same document).
import { readFileSync } from 'node:fs';
import { formatDistance, plateInOrder, type DistanceUnit, type InspectionCondition, type InspectionUnit } from '@garage/shared';
import { isolateLtr, type PdfFormatter, type PdfLanguage } from '../../../lib/pdf/format.ts';
import { renderBrandedPdf, type BrandedDocument } from '../../../lib/pdf/render-pdf.ts';
import { fillLabel } from '../../visits/job-sheet/job-sheet-labels.ts';
import { INSPECTION_REPORT_LABELS, type DecisionWord, type ResultWord } from './inspection-report-labels.ts';

const REPORT_BODY = readFileSync(new URL('./inspection-report.typ', import.meta.url), 'utf8');

/** Texts per language ({en, fr, ar}), as templates and inspections store them. */
export type LocalizedText = Record<string, string>;

/** A photo ready for the page: small JPEG bytes (inspection-report.service.ts reduces the stored thumbnail). */
export interface ReportPhoto {
  bytes: Uint8Array;
}

/** What the report prints, read by inspection-report.service.ts. */
export interface InspectionReportDocument {
  inspection: {
    name: LocalizedText;
    completedAt: Date | null;
    sentAt: Date | null;
    technician: string | null;
  };
  visit: { name: string; visitDate: Date; odometerInKm: number | null };
  customer: { name: string; phone: string | null; email: string | null };
  vehicle: {
    brand: string;
    model: string;
    year: number;
    plateNumber: string;
    plateRegion: string | null;
    vin: string | null;
    distanceUnit: DistanceUnit;
  };
  /** In the inspection's order; consecutive items of one section are printed under one heading. */
  items: {
    section: LocalizedText;
    label: LocalizedText;
    unit: InspectionUnit | null;
    condition: InspectionCondition | null;
    /** A measurement as a plain number (1.6 mm), null for a check or no value. */
    value: number | null;
    note: string | null;
    photos: ReportPhoto[];
    task: { title: string; approval: 'PENDING' | 'APPROVED' | 'DECLINED' | null } | null;
  }[];
}

/** The text in the document's language, else English, else any language it has. */
export function textIn(text: LocalizedText, lang: PdfLanguage): string {
  return text[lang]?.trim() || text.en?.trim() || Object.values(text).find((value) => value.trim()) || '';
}

const MARKS: Record<ResultWord, string> = { GOOD: 'good', SOON: 'soon', URGENT: 'urgent', SKIPPED: 'skipped', UNANSWERED: 'unanswered' };
const DECISION_MARKS: Record<DecisionWord, string> = { APPROVED: 'good', DECLINED: 'urgent', PENDING: 'soon' };

/** Virtual path of the n-th photo inside the renderer (render-pdf.ts maps the bytes there). */
const photoPath = (index: number) => `/garage/photos/${index}.jpg`;

export function renderInspectionReportPdf(
  report: InspectionReportDocument,
  frame: { document: BrandedDocument; format: PdfFormatter },
  lang: PdfLanguage,
): Promise<Buffer> {
  const labels = INSPECTION_REPORT_LABELS[lang];
  const { format } = frame;
  const { inspection, visit, vehicle, customer } = report;
  const name = textIn(inspection.name, lang);
  const printedDate = inspection.sentAt ?? inspection.completedAt ?? visit.visitDate;
  const document: BrandedDocument = {
    ...frame.document,
    title: labels.title,
    subtitle: fillLabel(labels.subtitle, { inspection: name, date: isolateLtr(format.date(printedDate)) }),
  };

  const files: Record<string, Uint8Array> = {};
  const sections: { title: string; items: unknown[] }[] = [];
  let previousSection: string | null = null;
  for (const item of report.items) {
    const section = textIn(item.section, lang);
    if (section !== previousSection || sections.length === 0) sections.push({ title: section, items: [] });
    previousSection = section;
    const result: ResultWord = item.condition ?? 'UNANSWERED';
    const photos = item.photos.map((photo) => {
      const path = photoPath(Object.keys(files).length);
      files[path] = photo.bytes;
      return path;
    });
    const decision: DecisionWord | null = item.task
      ? item.task.approval === 'APPROVED' || item.task.approval === 'DECLINED'
        ? item.task.approval
        : 'PENDING'
      : null;
    sections.at(-1)!.items.push({
      mark: MARKS[result],
      word: labels.results[result],
      label: textIn(item.label, lang),
      value: item.value === null ? null : format.number(item.value),
      unit: item.value === null || item.unit === null ? null : labels.units[item.unit],
      note: item.note?.trim() ? item.note.trim() : null,
      photos,
      task: item.task && decision ? { title: item.task.title, decision: labels.decisions[decision], mark: DECISION_MARKS[decision] } : null,
    });
  }

  const counts: Record<ResultWord, number> = { GOOD: 0, SOON: 0, URGENT: 0, SKIPPED: 0, UNANSWERED: 0 };
  for (const item of report.items) counts[item.condition ?? 'UNANSWERED'] += 1;
  // Green, amber, red always; "not checked" and "no result" only when there are some.
  const summaryWords: ResultWord[] = ['GOOD', 'SOON', 'URGENT', 'SKIPPED', 'UNANSWERED'];
  const summary = summaryWords
    .filter((word) => counts[word] > 0 || word === 'GOOD' || word === 'SOON' || word === 'URGENT')
    .map((word) => ({ mark: MARKS[word], word: labels.results[word], count: String(counts[word]) }));

  const data = {
    labels: {
      customer: labels.customer,
      vehicle: labels.vehicle,
      inspection: labels.inspection,
      summary: labels.summary,
      proposedWork: labels.proposedWork,
      noItems: labels.noItems,
      legend: labels.legend,
    },
    customer: [
      { value: customer.name, bold: true },
      ...(customer.phone ? [{ value: customer.phone, ltr: true }] : []),
      ...(customer.email ? [{ value: customer.email, ltr: true }] : []),
    ],
    vehicle: [
      { value: [vehicle.brand, vehicle.model, String(vehicle.year)].filter(Boolean).join(' '), bold: true },
      // Left to right as on the car (and on the job sheet): "12345 أ 6" keeps its order in an Arabic report.
      { label: labels.plate, value: plateInOrder(vehicle.plateNumber), ltr: true },
      ...(vehicle.plateRegion ? [{ value: vehicle.plateRegion }] : []),
      ...(vehicle.vin ? [{ label: labels.vin, value: vehicle.vin, ltr: true }] : []),
      ...(visit.odometerInKm !== null
        ? [{ label: labels.odometer, value: formatDistance(visit.odometerInKm, vehicle.distanceUnit, lang), ltr: true }]
        : []),
    ],
    inspection: [
      { value: name, bold: true },
      { label: labels.visitDate, value: format.date(visit.visitDate) },
      ...(inspection.technician ? [{ label: labels.technician, value: inspection.technician }] : []),
      ...(inspection.completedAt ? [{ label: labels.completedOn, value: format.date(inspection.completedAt) }] : []),
      ...(inspection.sentAt ? [{ label: labels.sentOn, value: format.date(inspection.sentAt) }] : []),
    ],
    summary,
    sections,
  };
  return renderBrandedPdf({ document, body: REPORT_BODY, data, files });
}

/** "inspection-<plate>-<yyyy-mm-dd>.pdf" without anything a file name or a header should not carry. */
export function inspectionReportFileName(plateNumber: string, date: Date): string {
  const safe = plateNumber
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `inspection${safe ? `-${safe}` : ''}-${date.toISOString().slice(0, 10)}.pdf`;
}
