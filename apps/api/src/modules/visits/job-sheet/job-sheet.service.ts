// Reads what a visit's job sheet prints and renders it (job-sheet-pdf.ts). Staff only (job-sheet.rest.ts).
// Cancelled tasks and work the customer declined are left out: the sheet is what the workshop is to do.
import type { Db, FileStorage } from '@garage/db';
import { toVehicleSpecView } from '@garage/shared';
import { notFound } from '../../../lib/errors.ts';
import { pdfLanguage, type PdfLanguage } from '../../../lib/pdf/format.ts';
import { brandedFrame } from '../../../lib/pdf/shop.ts';
import { JOB_SHEET_LABELS } from './job-sheet-labels.ts';
import { jobSheetFileName, renderJobSheetPdf, type JobSheetDocument } from './job-sheet-pdf.ts';

export interface JobSheetPdf {
  fileName: string;
  bytes: Buffer;
}

/** The language asked for, else the caller's own, else Arabic (as the invoices). */
export async function jobSheetLanguage(db: Db, userId: string, requested: PdfLanguage | undefined): Promise<PdfLanguage> {
  if (requested) return requested;
  const user = await db.user.findUnique({ where: { id: userId }, select: { preferredLanguage: true } });
  return pdfLanguage(user?.preferredLanguage);
}

export async function loadJobSheet(db: Db, visitId: string): Promise<JobSheetDocument> {
  const visit = await db.visit.findUnique({
    where: { id: visitId },
    select: {
      name: true,
      visitDate: true,
      dueDate: true,
      notes: true,
      odometerInKm: true,
      odometerOutKm: true,
      customer: { select: { firstName: true, lastName: true, countryCode: true, phoneNumber: true, email: true } },
      vehicle: {
        select: {
          id: true,
          brand: true,
          model: true,
          year: true,
          trim: true,
          plateNumber: true,
          plateRegion: true,
          vin: true,
          distanceUnit: true,
          spec: true,
        },
      },
      tasks: {
        where: { status: { not: 'CANCELLED' }, OR: [{ approval: null }, { approval: { not: 'DECLINED' } }] },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          title: true,
          description: true,
          service: true,
          lines: {
            orderBy: [{ position: 'asc' }, { id: 'asc' }],
            select: { kind: true, description: true, partNumber: true, quantityMilli: true, part: { select: { unit: true } } },
          },
        },
      },
    },
  });
  if (!visit) throw notFound('visit');
  const { customer, vehicle } = visit;
  return {
    visit: {
      name: visit.name,
      visitDate: visit.visitDate,
      dueDate: visit.dueDate,
      notes: visit.notes,
      odometerInKm: visit.odometerInKm,
      odometerOutKm: visit.odometerOutKm,
    },
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      phone: customer.phoneNumber ? [customer.countryCode, customer.phoneNumber].filter(Boolean).join(' ') : null,
      email: customer.email,
    },
    vehicle: {
      brand: vehicle.brand,
      model: vehicle.model,
      year: vehicle.year,
      trim: vehicle.trim,
      plateNumber: vehicle.plateNumber,
      plateRegion: vehicle.plateRegion,
      vin: vehicle.vin,
      distanceUnit: vehicle.distanceUnit,
    },
    spec: vehicle.spec ? toVehicleSpecView(vehicle.id, vehicle.spec) : null,
    tasks: visit.tasks.map((task) => ({
      title: task.title,
      description: task.description,
      service: task.service,
      lines: task.lines.map((line) => ({
        kind: line.kind,
        description: line.description,
        partNumber: line.partNumber,
        quantityMilli: line.quantityMilli,
        unit: line.part?.unit ?? null,
      })),
    })),
  };
}

export async function getJobSheetPdf(
  deps: { db: Db; storage: FileStorage; webDistDir: string },
  visitId: string,
  lang: PdfLanguage,
): Promise<JobSheetPdf> {
  const sheet = await loadJobSheet(deps.db, visitId);
  const frame = await brandedFrame(deps, { lang, title: JOB_SHEET_LABELS[lang].title });
  return { fileName: jobSheetFileName(sheet.visit.name), bytes: await renderJobSheetPdf(sheet, frame, lang) };
}
