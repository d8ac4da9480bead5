// A visit's job sheet as PDF: the work order a technician keeps at the car. Who and what (customer, vehicle
// with plate, VIN and odometer in the vehicle's own unit), the vehicle's spec card, the tasks with their parts
// and labour (quantities, no prices: it goes to the workshop floor), then room for notes and signatures. In
// en, fr or ar (right to left), printed now from the visit as it is.
import { readFileSync } from 'node:fs';
import { barToPsi, type DistanceUnit, formatDistance, plateInOrder, type VehicleSpecView } from '@garage/shared';
import { isolateLtr, type PdfFormatter, type PdfLanguage } from '../../../lib/pdf/format.ts';
import { renderBrandedPdf, type BrandedDocument } from '../../../lib/pdf/render-pdf.ts';
import { fillLabel, JOB_SHEET_LABELS, type JobSheetLabels } from './job-sheet-labels.ts';

const JOB_SHEET_BODY = readFileSync(new URL('./job-sheet.typ', import.meta.url), 'utf8');

/** What the sheet prints, read by job-sheet.service.ts. */
export interface JobSheetDocument {
  visit: { name: string; visitDate: Date; dueDate: Date; notes: string | null; odometerInKm: number | null; odometerOutKm: number | null };
  customer: { name: string; phone: string | null; email: string | null };
  vehicle: {
    brand: string;
    model: string;
    year: number;
    trim: string | null;
    plateNumber: string;
    plateRegion: string | null;
    vin: string | null;
    distanceUnit: DistanceUnit;
  };
  /** Null when the vehicle has no card yet. */
  spec: VehicleSpecView | null;
  tasks: {
    title: string;
    description: string | null;
    service: string;
    lines: {
      kind: 'PART' | 'LABOUR' | 'FLAT';
      description: string;
      partNumber: string | null;
      quantityMilli: number;
      unit: string | null;
    }[];
  }[];
}

type Item = { label?: string; value: string; bold?: boolean; ltr?: boolean };

/** "2.3 bar", and "2.3 bar (33 psi)" for a vehicle in miles (its owner's gauge reads psi). */
function pressureText(format: PdfFormatter, bar: number, unit: DistanceUnit): string {
  const text = `${format.number(bar)} bar`;
  return unit === 'MI' ? `${text} (${format.number(barToPsi(bar))} psi)` : text;
}

/** The card's groups; a group (or a line) without a value is left out, so a half-filled card stays compact. */
export function specGroups(spec: VehicleSpecView, labels: JobSheetLabels, format: PdfFormatter, unit: DistanceUnit) {
  const line = (label: string, value: string | null): Item[] => (value ? [{ label, value, ltr: true }] : []);
  const s = labels.spec;
  const groups = [
    {
      title: s.oil,
      items: [
        ...line(s.oilGrade, spec.oilGrade),
        ...line(s.oilCapacity, spec.oilCapacityLitres === null ? null : `${format.number(spec.oilCapacityLitres)} L`),
        ...line(s.oilFilter, spec.oilFilterRef),
      ],
    },
    {
      title: s.filters,
      items: [
        ...line(s.airFilter, spec.airFilterRef),
        ...line(s.cabinFilter, spec.cabinFilterRef),
        ...line(s.fuelFilter, spec.fuelFilterRef),
      ],
    },
    {
      title: s.tyres,
      items: [
        ...line(s.tyreSizeFront, spec.tyreSizeFront),
        ...line(s.tyreSizeRear, spec.tyreSizeRear),
        ...line(s.tyrePressureFront, spec.tyrePressureFrontBar === null ? null : pressureText(format, spec.tyrePressureFrontBar, unit)),
        ...line(s.tyrePressureRear, spec.tyrePressureRearBar === null ? null : pressureText(format, spec.tyrePressureRearBar, unit)),
      ],
    },
    {
      title: s.other,
      items: [
        ...line(`${s.wipers} (${labels.wiperParts.driver})`, spec.wiperDriver),
        ...line(`${s.wipers} (${labels.wiperParts.passenger})`, spec.wiperPassenger),
        ...line(`${s.wipers} (${labels.wiperParts.rear})`, spec.wiperRear),
        ...line(s.battery, spec.battery),
        ...line(s.sparkPlugs, spec.sparkPlugs),
      ],
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}

function quantityText(format: PdfFormatter, labels: JobSheetLabels, line: JobSheetDocument['tasks'][number]['lines'][number]) {
  const quantity = format.number(line.quantityMilli / 1000);
  if (line.kind === 'LABOUR') return `${quantity} ${labels.hours}`;
  return line.unit ? `${quantity} ${line.unit}` : quantity;
}

export function renderJobSheetPdf(sheet: JobSheetDocument, frame: { document: BrandedDocument; format: PdfFormatter }, lang: PdfLanguage) {
  const labels = JOB_SHEET_LABELS[lang];
  const { format } = frame;
  const { visit, vehicle, customer, spec } = sheet;
  const document: BrandedDocument = {
    ...frame.document,
    title: labels.title,
    subtitle: fillLabel(labels.subtitle, { visit: visit.name, date: isolateLtr(format.date(visit.visitDate)) }),
  };
  const distance = (km: number) => formatDistance(km, vehicle.distanceUnit, lang);
  const filledSpec = spec && spec.updatedAt !== null ? spec : null;
  const groups = filledSpec ? specGroups(filledSpec, labels, format, vehicle.distanceUnit) : [];
  const data = {
    labels: {
      customer: labels.customer,
      vehicle: labels.vehicle,
      visit: labels.visit,
      specCard: labels.specCard,
      noSpecCard: labels.noSpecCard,
      tasks: labels.tasks,
      noTasks: labels.noTasks,
      noLines: labels.noLines,
      customerNotes: labels.customerNotes,
      technicianNotes: labels.technicianNotes,
      technicianSignature: labels.technicianSignature,
      customerSignature: labels.customerSignature,
      signatureHint: labels.signatureHint,
    },
    customer: [
      { value: customer.name, bold: true },
      ...(customer.phone ? [{ value: customer.phone, ltr: true }] : []),
      ...(customer.email ? [{ value: customer.email, ltr: true }] : []),
    ],
    vehicle: [
      { value: [vehicle.brand, vehicle.model, vehicle.trim, String(vehicle.year)].filter(Boolean).join(' '), bold: true },
      // Left to right as on the car (and on the invoice): "12345 أ 6" keeps its order in an Arabic sheet.
      { label: labels.plate, value: plateInOrder(vehicle.plateNumber), ltr: true },
      ...(vehicle.plateRegion ? [{ value: vehicle.plateRegion }] : []),
      ...(vehicle.vin ? [{ label: labels.vin, value: vehicle.vin, ltr: true }] : []),
      ...(visit.odometerInKm !== null ? [{ label: labels.odometerIn, value: distance(visit.odometerInKm), ltr: true }] : []),
      ...(visit.odometerOutKm !== null ? [{ label: labels.odometerOut, value: distance(visit.odometerOutKm), ltr: true }] : []),
    ],
    visit: [
      { value: visit.name, bold: true },
      { label: labels.visitDate, value: format.date(visit.visitDate) },
      { label: labels.dueDate, value: format.date(visit.dueDate) },
    ],
    spec: filledSpec && (groups.length > 0 || filledSpec.notes) ? { groups, notes: filledSpec.notes, notesLabel: labels.spec.notes } : null,
    lineColumns: [
      { label: labels.kind },
      { label: labels.description, width: 1 },
      { label: labels.partNumber, ltr: true },
      { label: labels.quantity, align: 'end', ltr: true },
      { label: labels.done, align: 'center' },
    ],
    tasks: sheet.tasks.map((task) => ({
      title: task.title,
      description: task.description,
      service: labels.services[task.service] ?? task.service,
      lines: task.lines.map((line) => [
        labels.kinds[line.kind],
        line.description,
        line.partNumber ?? '',
        quantityText(format, labels, line),
        '',
      ]),
    })),
    visitNotes: visit.notes,
  };
  return renderBrandedPdf({ document, body: JOB_SHEET_BODY, data });
}

/** "job-sheet-<visit name>.pdf" without anything a file name or a header should not carry. */
export const jobSheetFileName = (visitName: string) => {
  const safe = visitName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `job-sheet${safe ? `-${safe}` : ''}.pdf`;
};
