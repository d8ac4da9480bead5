// Turns a file into "units": one per CSV/XLSX row or JSON line, each with its validated parts (customer,
// vehicle, visit, oil change) and the keys that tie them together. Both passes of an import (validation,
// then writing) read the file again through here, so nothing but the keys stays in memory.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  IMPORT_FIELDS,
  KM_MAX,
  customerBillingSchema,
  PAYMENT_METHODS,
  PAYMENT_RECORD_STATUSES,
  TASK_LIMITS,
  TASK_PRIORITIES,
  TASK_SERVICES,
  TASK_STATUSES,
  VISIT_STATUSES,
  validateImportRow,
  type FieldProblem,
  type ImportField,
  type ImportFormat,
  type ImportRecord,
  type RawRow,
  type ResolvedImportOptions,
} from '@garage/shared';
import { headerNames, readJsonLines, readTableRows, type OpenFile } from './import-files.ts';

/** A visit as written by the export (tasks and payments kept as they were). */
const exportedVisitSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  vehicleId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  visitDate: z.iso.datetime(),
  dueDate: z.iso.datetime(),
  status: z.enum(VISIT_STATUSES),
  completedAt: z.iso.datetime().nullable(),
  notes: z.string().max(2000).nullable(),
  /** Exports made before visits had odometer readings have none. */
  odometerInKm: z.number().int().min(0).max(KM_MAX).nullish(),
  odometerOutKm: z.number().int().min(0).max(KM_MAX).nullish(),
  createdAt: z.iso.datetime(),
  tasks: z.array(
    z.object({
      id: z.uuid(),
      title: z.string().trim().min(1).max(200),
      description: z.string().max(2000).nullable(),
      service: z.enum(TASK_SERVICES),
      status: z.enum(TASK_STATUSES),
      priority: z.enum(TASK_PRIORITIES),
      costCents: z.number().int().min(0).max(TASK_LIMITS.moneyMaxCents),
      soldForCents: z.number().int().min(0).max(TASK_LIMITS.moneyMaxCents),
      dueDate: z.iso.datetime().nullable(),
      completedOn: z.iso.datetime().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.uuid(),
      amountCents: z.number().int().min(0).max(TASK_LIMITS.moneyMaxCents),
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(PAYMENT_RECORD_STATUSES),
      notes: z.string().max(1000).nullable(),
      refundOfId: z.uuid().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type ExportedVisit = z.infer<typeof exportedVisitSchema>;

const lineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('meta'), format: z.literal('garage-export'), version: z.literal(1) }).loose(),
  z.object({ type: z.literal('customer'), id: z.uuid(), createdAt: z.iso.datetime().optional() }).loose(),
  z.object({ type: z.literal('vehicle'), id: z.uuid(), ownerId: z.uuid(), createdAt: z.iso.datetime().optional() }).loose(),
  z.object({ type: z.literal('oilChange'), id: z.uuid(), vehicleId: z.uuid(), createdAt: z.iso.datetime() }).loose(),
  exportedVisitSchema.extend({ type: z.literal('visit') }),
]);

export interface Unit {
  row: number;
  record: ImportRecord;
  problems: FieldProblem[];
  /** What is imported differently from the file (a note cut, an invalid VIN left out): reported, not refused. */
  warnings: FieldProblem[];
  /** JSON: the ids the export gave; CSV: none (new ids are made). */
  source?: { customerId?: string; ownerId?: string; vehicleId?: string; oilChangeId?: string; createdAt?: string; username?: string };
  /** JSON: the plate of the vehicle a visit or oil change belongs to (resolved from the export's vehicle id). */
  vehiclePlateKey?: string;
  visit?: ExportedVisit;
}

/** The column index of each mapped field, from the header row. */
function columnIndexes(headers: readonly string[], options: ResolvedImportOptions): [ImportField, number][] {
  const indexes: [ImportField, number][] = [];
  for (const field of IMPORT_FIELDS) {
    const column = options.mapping[field];
    const index = column === undefined ? -1 : headers.indexOf(column);
    if (index >= 0) indexes.push([field, index]);
  }
  return indexes;
}

/** Units of a CSV or XLSX file. Rows are numbered as a spreadsheet shows them (header = 1). */
async function* tableUnits(openFile: OpenFile, options: ResolvedImportOptions & { currency: string }): AsyncGenerator<Unit> {
  let headers: string[] | null = null;
  let indexes: [ImportField, number][] = [];
  let row = 0;
  for await (const cells of readTableRows(openFile)) {
    row++;
    if (!headers) {
      headers = headerNames(cells);
      indexes = columnIndexes(headers, options);
      continue;
    }
    const raw: RawRow = {};
    let any = false;
    for (const [field, index] of indexes) {
      const value = cells[index];
      if (value !== undefined && value.trim() !== '') {
        raw[field] = value;
        any = true;
      }
    }
    if (!any) continue;
    if (!raw.plateNumber && options.vehiclePlate) raw.plateNumber = options.vehiclePlate;
    const { record, problems, warnings } = validateImportRow(raw, options);
    yield { row, record, problems, warnings };
  }
}

const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

/** Units of an export's JSON Lines file: customers, then vehicles, oil changes and visits. */
async function* jsonUnits(openFile: OpenFile, options: ResolvedImportOptions & { currency: string }): AsyncGenerator<Unit> {
  // Export ids of vehicles → their plate key, so later lines can name the vehicle (one short string each).
  const plates = new Map<string, string>();
  for await (const { line, value } of readJsonLines(openFile)) {
    const parsed = lineSchema.safeParse(value);
    const empty: ImportRecord = { customer: null, vehicle: null, visit: null, oilChange: null };
    if (!parsed.success) {
      yield {
        row: line,
        record: empty,
        problems: [{ field: 'firstName', message: `Line ${line} is not a record of a garage export` }],
        warnings: [],
      };
      continue;
    }
    const data = parsed.data as Record<string, unknown> & { type: string };
    if (data.type === 'meta') continue;
    if (data.type === 'customer') {
      const raw: RawRow = {
        firstName: text(data.firstName),
        lastName: text(data.lastName),
        email: text(data.email) ?? '',
        countryCode: text(data.countryCode),
        phoneNumber: text(data.phoneNumber),
        preferredLanguage: text(data.preferredLanguage),
      };
      const { record, problems, warnings } = validateImportRow(raw, { ...options, distanceUnit: 'KM', phoneOptional: true });
      // A business customer's billing details come back whole (name, address, identifiers).
      const billing = data.billing ? customerBillingSchema.safeParse(data.billing) : null;
      if (record.customer && billing?.success) record.customer.billing = billing.data;
      yield {
        row: line,
        record,
        problems,
        warnings,
        source: { customerId: String(data.id), createdAt: text(data.createdAt), username: text(data.username) },
      };
    } else if (data.type === 'vehicle') {
      const raw: RawRow = {
        plateNumber: text(data.plateNumber),
        brand: text(data.brand),
        model: text(data.model),
        year: text(data.year),
        color: text(data.color),
        vehicleType: text(data.vehicleType),
        engineType: text(data.engineType),
        odometer: text(data.latestKm),
        vin: text(data.vin),
        trim: text(data.trim),
        plateRegion: text(data.plateRegion),
        firstRegistrationDate: text(data.firstRegistrationDate),
      };
      const result = validateImportRow(raw, { ...options, distanceUnit: 'KM' });
      const problems = result.problems.filter((problem) => problem.message !== 'import.customerNeeded');
      if (result.record.vehicle) {
        result.record.vehicle.reference = false;
        // latestKm is stored in km whatever the unit: the unit is the vehicle's display choice, kept as it was.
        if (data.distanceUnit === 'MI') Object.assign(result.record.vehicle, { distanceUnit: 'MI', unitFromRow: true });
        plates.set(String(data.id), result.record.vehicle.plateKey);
      }
      yield {
        row: line,
        record: result.record,
        problems,
        warnings: result.warnings,
        source: { vehicleId: String(data.id), ownerId: String(data.ownerId), createdAt: text(data.createdAt) },
      };
    } else if (data.type === 'oilChange') {
      const raw: RawRow = {
        oilName: text(data.oilName),
        oilType: text(data.oilType),
        oilKm: text(data.currentKm),
        oilNextKm: text(data.nextChangeKm),
        oilFilterChanged: data.filterChanged ? 'yes' : 'no',
        oilDate: text(data.createdAt),
      };
      const result = validateImportRow(raw, { ...options, distanceUnit: 'KM' });
      const plateKey = plates.get(String(data.vehicleId));
      const problems = result.problems.filter((problem) => problem.message !== 'import.vehicleNeeded');
      if (!plateKey) problems.push({ field: 'plateNumber', message: 'import.vehicleNeeded' });
      yield {
        row: line,
        record: result.record,
        problems,
        warnings: result.warnings,
        vehiclePlateKey: plateKey,
        source: { oilChangeId: String(data.id), createdAt: text(data.createdAt) },
      };
    } else {
      const visit = exportedVisitSchema.parse(data);
      const plateKey = plates.get(visit.vehicleId);
      const problems: FieldProblem[] = plateKey ? [] : [{ field: 'plateNumber', message: 'import.vehicleNeeded' }];
      yield { row: line, record: empty, problems, warnings: [], vehiclePlateKey: plateKey, visit, source: { ownerId: visit.customerId } };
    }
  }
}

/** `currency`: the shop's, whose decimals a table's amounts are read with (12.345 in KWD is 12345 fils). */
export function readUnits(
  openFile: OpenFile,
  format: ImportFormat,
  options: ResolvedImportOptions,
  currency: string,
): AsyncGenerator<Unit> {
  // An export writes plain JSON numbers (a decimal point) and ISO dates, whatever the shop's locale.
  const withCurrency =
    format === 'garage-json' ? { ...options, currency, numberLocale: 'decimalPoint' as const } : { ...options, currency };
  return format === 'garage-json' ? jsonUnits(openFile, withCurrency) : tableUnits(openFile, withCurrency);
}

/** Groups units into batches without reading ahead more than one batch. */
export async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A UUIDv7 (time-ordered, like the ids Prisma makes for the app's rows). Random bits come from a pool. */
let pool = Buffer.alloc(0);
let offset = 0;
export function uuidV7(ms = Date.now()): string {
  if (offset + 10 > pool.length) {
    pool = randomBytes(10 * 1024);
    offset = 0;
  }
  const random = pool.toString('hex', offset, offset + 10);
  offset += 10;
  const hex = ms.toString(16).padStart(12, '0');
  const variant = (8 + (parseInt(random[3]!, 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(7, 19)}`;
}
