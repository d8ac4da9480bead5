// Reads what an inspection report prints and renders it (inspection-report-pdf.ts). Staff print any inspection;
// a client only a SENT one of their own visits (any other answers 404, like a missing one). The results come
// from readInspectionReports (the customer's view: no costs, no staff-only fields); the header (vehicle,
// customer, visit) and the photos' bytes are read here. A photo is printed from its stored thumbnail (else its
// display version), reduced to a small JPEG the PDF embeds as is; one that cannot be read is left out, never
// a failed report.
import type { Db, FileStorage } from '@garage/db';
import { loadSharp, thumbnailKeyOf } from '@garage/db';
import type { PdfLanguage } from '../../../lib/pdf/format.ts';
import { brandedFrame } from '../../../lib/pdf/shop.ts';
import { readInspectionReports, type ReportUrls } from '../inspection-report-view.ts';
import { inspectionNotFound } from '../inspection-views.ts';
import { INSPECTION_REPORT_LABELS } from './inspection-report-labels.ts';
import {
  inspectionReportFileName,
  renderInspectionReportPdf,
  type InspectionReportDocument,
  type ReportPhoto,
} from './inspection-report-pdf.ts';

export interface InspectionReportPdf {
  fileName: string;
  bytes: Buffer;
}

type PdfDeps = { db: Db; storage: FileStorage; webDistDir: string };

/** Long side of a printed photo: 24 mm high on paper is about 280 px at 300 dpi. */
const PHOTO_MAX_PX = 480;
const PHOTO_JPEG_QUALITY = 72;
/** A stored file larger than this is not read for the report (a thumbnail is ~30 KB, a display version < 2 MB). */
const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Photos read and reduced at once. */
const PHOTO_CONCURRENCY = 4;

// The report's view needs addresses; the PDF prints bytes, so these are never shown.
const PDF_URLS: ReportUrls = { photo: (mediaId) => mediaId, pdf: () => null };

async function readStored(storage: FileStorage, key: string): Promise<Buffer | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  if (opened.sizeBytes > PHOTO_MAX_BYTES) {
    opened.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The photo as a small JPEG for the page, or null when its bytes are missing or unreadable. */
async function printablePhoto(storage: FileStorage, storageKey: string): Promise<ReportPhoto | null> {
  try {
    const source = (await readStored(storage, thumbnailKeyOf(storageKey))) ?? (await readStored(storage, storageKey));
    if (!source) return null;
    const sharp = await loadSharp();
    const bytes = await sharp(source, { failOn: 'truncated' })
      .rotate()
      .resize({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_JPEG_QUALITY })
      .toBuffer();
    return { bytes };
  } catch {
    return null;
  }
}

/** Every photo's printable bytes by media id, read a few at a time. */
async function loadPhotos(deps: PdfDeps, mediaIds: string[]): Promise<Map<string, ReportPhoto>> {
  const photos = new Map<string, ReportPhoto>();
  if (mediaIds.length === 0) return photos;
  const files = await deps.db.mediaFile.findMany({
    where: { id: { in: mediaIds }, type: 'IMAGE' },
    select: { id: true, storageKey: true },
  });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const photo = await printablePhoto(deps.storage, file.storageKey);
      if (photo) photos.set(file.id, photo);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, files.length) }, worker));
  return photos;
}

/**
 * What the report prints. `customerId`: the client asking (only a SENT inspection of their own visit);
 * absent for staff.
 */
export async function loadInspectionReport(deps: PdfDeps, inspectionId: string, customerId?: string): Promise<InspectionReportDocument> {
  const row = await deps.db.inspection.findFirst({
    where: { id: inspectionId, ...(customerId ? { status: 'SENT' as const, visit: { customerId } } : {}) },
    select: {
      visit: {
        select: {
          name: true,
          visitDate: true,
          odometerInKm: true,
          customer: { select: { firstName: true, lastName: true, countryCode: true, phoneNumber: true, email: true } },
          vehicle: {
            select: { brand: true, model: true, year: true, plateNumber: true, plateRegion: true, vin: true, distanceUnit: true },
          },
        },
      },
    },
  });
  if (!row) throw inspectionNotFound();
  const [report] = await readInspectionReports(deps.db, { inspectionId, sentOnly: Boolean(customerId) }, PDF_URLS);
  if (!report) throw inspectionNotFound();
  const photos = await loadPhotos(
    deps,
    report.items.flatMap((item) => item.photos.map((photo) => photo.id)),
  );
  const { visit } = row;
  const { customer, vehicle } = visit;
  return {
    inspection: {
      name: report.name,
      completedAt: report.completedAt ? new Date(report.completedAt) : null,
      sentAt: report.sentAt ? new Date(report.sentAt) : null,
      technician: report.technicianFirstName,
    },
    visit: { name: visit.name, visitDate: visit.visitDate, odometerInKm: visit.odometerInKm },
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      phone: customer.phoneNumber ? [customer.countryCode, customer.phoneNumber].filter(Boolean).join(' ') : null,
      email: customer.email,
    },
    vehicle,
    items: report.items.map((item) => ({
      section: item.section,
      label: item.label,
      unit: item.unit,
      condition: item.condition,
      value: item.value,
      note: item.note,
      photos: item.photos.flatMap((photo) => photos.get(photo.id) ?? []),
      task: item.task ? { title: item.task.title, approval: item.task.approval } : null,
    })),
  };
}

export async function getInspectionReportPdf(
  deps: PdfDeps,
  params: { inspectionId: string; lang: PdfLanguage; customerId?: string },
): Promise<InspectionReportPdf> {
  const report = await loadInspectionReport(deps, params.inspectionId, params.customerId);
  const frame = await brandedFrame(deps, { lang: params.lang, title: INSPECTION_REPORT_LABELS[params.lang].title });
  const date = report.inspection.sentAt ?? report.inspection.completedAt ?? report.visit.visitDate;
  return {
    fileName: inspectionReportFileName(report.vehicle.plateNumber, date),
    bytes: await renderInspectionReportPdf(report, frame, params.lang),
  };
}
