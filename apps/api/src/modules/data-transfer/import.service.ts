// Customer import: upload → preview and suggested mapping → validation pass → writing pass → summary.
//
// An import is a row of "ImportJob" (its state, as the screen polls it) and a file in FileStorage (folder
// "imports"): any instance answers its polls and runs its passes, so instances behind a load balancer need no
// sticky sessions. At upload the file is read once within IMPORT_LIMITS (import-files.ts: a CSV is decoded into
// UTF-8 by import-encoding.ts, refused when its encoding cannot be recognised; a CSV or XLSX becomes row lines;
// past a limit it is refused with a clear message) and stored. Its first rows say how it writes numbers and
// dates (suggestReading): what they leave open is asked on the screen, and a pass is refused until chosen. A pass (validation, writing) is run
// by the instance that took the request: it claims the row (runnerId, a conditional UPDATE, so two requests
// cannot both run it), streams the stored file (import-units.ts: memory holds the keys that link rows, not the
// file), writes its progress into the row every second with a heartbeat and its result at the end. A row
// whose runner stopped beating (that instance was stopped mid-pass) answers "interrupted" and may be started
// again. An import is forgotten, with its file, IMPORT_LIMITS.jobIdleHours after its last use (swept at each
// upload and by the background jobs).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, FileStorage, Prisma } from '@garage/db';
import { shopCurrency } from '@garage/db/fiscal-journal';
import {
  IMPORT_LIMITS,
  autoMapHeaders,
  presetDistanceUnit,
  renderCodedText,
  suggestDateOrder,
  suggestNumberLocale,
  type DateOrder,
  type FieldProblem,
  type FileSample,
  type ImportFormat,
  type ImportJob,
  type ImportMapping,
  type ImportOptions,
  type ImportPreset,
  type ImportSummary,
  type NumberLocale,
  type ResolvedImportOptions,
  type Role,
  type Suggestion,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { canChangeAccount, importActor } from '../users/users.access.ts';
import {
  IMPORT_LIMIT_PARAMS,
  headerNames,
  readJsonLines,
  readTableRows,
  refused,
  sniffFormat,
  tableToRowLines,
  type OpenFile,
} from './import-files.ts';
import { inBatches, readUnits, type Unit } from './import-units.ts';
import { emptySummary, writeBatch, type WriterState } from './import-writer.ts';

/** The folder of FileStorage that holds the stored import files. */
const STORAGE_FOLDER = 'imports';
const IDLE_MS = IMPORT_LIMITS.jobIdleHours * 3600_000;
/** A stored file no row names any more (an upload cut short) is removed after this. */
const ORPHAN_MS = 24 * 3600_000;
/** How often a running pass writes its progress and heartbeat; after STALE_MS without one it is interrupted. */
const HEARTBEAT_MS = 1_000;
const STALE_MS = 30_000;
/** A poll marks the import as used again at most this often (one write per minute, not per poll). */
const TOUCH_MS = 60_000;

/** A pass's working state, on the instance running it. */
interface JobState {
  id: string;
  view: ImportJob;
  open: OpenFile;
  invalid: Set<number>;
  validatedFor: string | null;
  /** Set when this instance no longer holds the import (deleted, or reported interrupted): the pass stops. */
  lost: boolean;
}

interface JobRow {
  id: string;
  ownerId: string;
  storageKey: string;
  view: ImportJob;
  invalidRows: number[];
  validatedFor: string | null;
  runnerId: string | null;
  heartbeatAt: Date | null;
  usedAt: Date;
}

const notFound = () => new AppError('NOT_FOUND', 'import.notFound');
const busy = () => new AppError('CONFLICT', 'import.busy');
const json = (view: ImportJob) => view as unknown as Prisma.InputJsonValue;
const stale = (row: Pick<JobRow, 'heartbeatAt'>, now = Date.now()) => !row.heartbeatAt || now - row.heartbeatAt.getTime() > STALE_MS;

/**
 * A view stored before the fields of issue #28 existed (an import uploaded just before an upgrade, kept up to
 * jobIdleHours): read with their neutral values, so its polls still match the contract (never a 5xx).
 */
function upgradeView(view: ImportJob): ImportJob {
  const unit = (value: string) => (value.toUpperCase() === 'MI' ? 'MI' : 'KM');
  return {
    ...view,
    encoding: view.encoding ?? null,
    suggestedDistanceUnit: unit(view.suggestedDistanceUnit),
    suggestedDateOrder: view.suggestedDateOrder ?? null,
    dateExamples: view.dateExamples ?? [],
    suggestedNumberLocale: view.suggestedNumberLocale === undefined ? 'decimalPoint' : view.suggestedNumberLocale,
    numberExamples: view.numberExamples ?? [],
    warnings: view.warnings ?? [],
    options: view.options
      ? { ...view.options, distanceUnit: unit(view.options.distanceUnit), numberLocale: view.options.numberLocale ?? 'decimalPoint' }
      : null,
  };
}

async function findJob(db: Db, id: string): Promise<JobRow | null> {
  const row = (await db.importJob.findUnique({ where: { id } })) as JobRow | null;
  return row && { ...row, view: upgradeView(row.view) };
}

/** The import as its owner may see it; another person's, or an expired one, looks missing. */
async function loadJob(db: Db, actor: Session, id: string): Promise<JobRow> {
  const row = await findJob(db, id);
  const now = Date.now();
  if (!row || row.ownerId !== actor.userId || now - row.usedAt.getTime() > IDLE_MS) throw notFound();
  if (row.runnerId && stale(row, now)) {
    // Its runner stopped (that instance was stopped or lost the database mid-pass): the pass is over.
    const view: ImportJob = {
      ...row.view,
      phase: 'failed',
      summary: null,
      failure: 'import.interrupted',
      finishedAt: new Date(now).toISOString(),
    };
    const { count } = await db.importJob.updateMany({
      where: { id, runnerId: row.runnerId, heartbeatAt: row.heartbeatAt },
      data: { runnerId: null, heartbeatAt: null, view: json(view), validatedFor: null },
    });
    if (count === 1) Object.assign(row, { runnerId: null, heartbeatAt: null, view, validatedFor: null });
    else return loadJob(db, actor, id);
  }
  return row;
}

const openStored =
  (storage: FileStorage, key: string): OpenFile =>
  async () => {
    const file = await storage.open(key);
    if (!file) throw notFound();
    return file.stream;
  };

/** Imports unused for jobIdleHours (and not running) are deleted with their files; files no row names, after a day. */
export async function sweepImports(db: Db, storage: FileStorage): Promise<number> {
  const rows = await db.$queryRaw<{ storageKey: string }[]>`
    DELETE FROM "ImportJob"
     WHERE ("usedAt" < ${new Date(Date.now() - IDLE_MS)} OR "createdAt" < ${new Date(Date.now() - ORPHAN_MS)})
       AND ("runnerId" IS NULL OR "heartbeatAt" IS NULL OR "heartbeatAt" < ${new Date(Date.now() - STALE_MS)})
    RETURNING "storageKey"`;
  for (const row of rows) await storage.remove(row.storageKey).catch(() => undefined);
  await storage.sweep(STORAGE_FOLDER, ORPHAN_MS).catch(() => 0);
  return rows.length;
}

const cut = (text: string) =>
  text.length > IMPORT_LIMITS.previewCellMaxChars ? `${text.slice(0, IMPORT_LIMITS.previewCellMaxChars - 1)}…` : text;

/** The header and first rows, as each poll answers them: previewRows rows, cells cut to previewCellMaxChars. */
async function readPreview(openFile: OpenFile, format: ImportFormat) {
  const rows: string[][] = [];
  if (format === 'garage-json') {
    for await (const { value } of readJsonLines(openFile)) {
      const record = value as Record<string, unknown> | undefined;
      if (record?.type === 'meta') continue;
      rows.push([
        cut(String(record?.type ?? '')),
        cut([record?.firstName, record?.lastName, record?.plateNumber, record?.name, record?.oilName].filter(Boolean).join(' ')),
      ]);
      if (rows.length >= IMPORT_LIMITS.previewRows) break;
    }
    return { headers: ['type', 'summary'], rows };
  }
  let headers: string[] | null = null;
  for await (const cells of readTableRows(openFile)) {
    if (!headers) headers = headerNames(cells);
    else rows.push(cells.slice(0, headers.length).map(cut));
    if (rows.length >= IMPORT_LIMITS.previewRows) break;
  }
  if (!headers) throw new AppError('VALIDATION', 'import.noHeader', { field: 'file' });
  return { headers, rows };
}

/** Rows read to learn how the file writes its dates and numbers (milliseconds; the file stays on disk). */
const SCAN_ROWS = 5000;

/** The values of the mapped date, amount and odometer columns in the first SCAN_ROWS rows. */
async function sampleFile(openFile: OpenFile, format: ImportFormat, headers: string[], mapping: ImportMapping): Promise<FileSample> {
  const sample = { dates: [] as string[], amounts: [] as string[], odometers: [] as string[] };
  if (format === 'garage-json') return sample;
  const columnsOf = (fields: (keyof ImportMapping)[]) =>
    fields.map((field) => (mapping[field] ? headers.indexOf(mapping[field]!) : -1)).filter((index) => index >= 0);
  const columns = {
    dates: columnsOf(['visitDate', 'oilDate', 'firstRegistrationDate']),
    amounts: columnsOf(['visitTotal', 'visitPaid']),
    odometers: columnsOf(['odometer', 'oilKm', 'oilNextKm']),
  };
  let rows = -1;
  for await (const cells of readTableRows(openFile)) {
    if (rows++ < 0) continue;
    for (const kind of ['dates', 'amounts', 'odometers'] as const)
      for (const column of columns[kind]) if (cells[column]?.trim()) sample[kind].push(cells[column]!);
    if (rows >= SCAN_ROWS) break;
  }
  return sample;
}

interface FileSuggestions {
  numberLocale: Suggestion<NumberLocale>;
  dateOrder: Suggestion<DateOrder>;
}

/** How the file writes its numbers and dates, as far as its values tell (numbers first: they are a hint for dates). */
async function suggestReading(
  openFile: OpenFile,
  view: Pick<ImportJob, 'format' | 'headers' | 'preset'>,
  mapping: ImportMapping,
  currency: string,
  chosenLocale?: NumberLocale | null,
): Promise<FileSuggestions> {
  const sample = await sampleFile(openFile, view.format, view.headers, mapping);
  const numberLocale = suggestNumberLocale(sample, currency);
  const locale = chosenLocale ?? numberLocale.value;
  return { numberLocale, dateOrder: suggestDateOrder(sample.dates, view.preset, { locale, amounts: sample.amounts }) };
}

/**
 * The options a pass runs with: a date order and number locale not given are the file's own; when the file
 * leaves one open (every date reads two ways, "85,500" in TND), the pass is refused until the user chooses.
 */
async function resolveOptions(db: Db, storage: FileStorage, row: JobRow, options: ImportOptions): Promise<ResolvedImportOptions> {
  let { dateOrder, numberLocale } = options;
  if (row.view.format === 'garage-json') return { ...options, dateOrder: dateOrder ?? 'dayFirst', numberLocale: 'decimalPoint' };
  if (!dateOrder || !numberLocale) {
    const suggested = await suggestReading(
      openStored(storage, row.storageKey),
      row.view,
      options.mapping,
      await shopCurrency(db),
      numberLocale,
    );
    numberLocale ??= suggested.numberLocale.value;
    dateOrder ??= suggested.dateOrder.value;
  }
  if (!numberLocale) throw new AppError('VALIDATION', 'import.numberLocaleNeeded', { field: 'numberLocale' });
  if (!dateOrder) throw new AppError('VALIDATION', 'import.dateOrderNeeded', { field: 'dateOrder' });
  // Always the same keys in the same order: validatedFor compares them as JSON.
  return {
    mapping: options.mapping,
    mode: options.mode,
    duplicates: options.duplicates,
    defaultCountryCode: options.defaultCountryCode,
    distanceUnit: options.distanceUnit,
    dateOrder,
    numberLocale,
    ...(options.vehiclePlate ? { vehiclePlate: options.vehiclePlate } : {}),
  };
}

/** For phones written without a country code: the uploader's own, else the most common one, else +1. */
async function suggestCountryCode(db: Db, userId: string): Promise<string> {
  const own = await db.user.findUnique({ where: { id: userId }, select: { countryCode: true } });
  if (own?.countryCode) return own.countryCode;
  const [common] = await db.user.groupBy({
    by: ['countryCode'],
    where: { countryCode: { not: null }, deletedAt: null },
    _count: { countryCode: true },
    orderBy: { _count: { countryCode: 'desc' } },
    take: 1,
  });
  return common?.countryCode ?? '+1';
}

/**
 * Reads the uploaded file within IMPORT_LIMITS (a CSV or XLSX into row lines), stores it, reads its header and
 * first rows, and suggests a mapping. The upload is on this instance's disk (DATA_DIR/imports) only meanwhile.
 */
export async function createImport(
  db: Db,
  storage: FileStorage,
  dataDir: string,
  actor: Session,
  upload: { fileName: string; stream: Readable; truncated: () => boolean },
): Promise<ImportJob> {
  const id = randomUUID();
  const dir = path.join(dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  const uploadPath = path.join(dir, `${id}.upload`);
  const rowsPath = path.join(dir, `${id}.rows`);
  let storageKey: string | null = null;
  try {
    await pipeline(upload.stream, createWriteStream(uploadPath, { flags: 'wx' }));
    if (upload.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', 'import.fileTooLarge', { params: IMPORT_LIMIT_PARAMS, field: 'file' });
    const format = await sniffFormat(uploadPath, upload.fileName);
    if (!format) throw refused('fileType');
    const localPath = format === 'garage-json' ? uploadPath : rowsPath;
    const openLocal: OpenFile = async () => createReadStream(localPath);
    let preview: { headers: string[]; rows: string[][] };
    let encoding: string | null = format === 'garage-json' ? 'UTF-8' : null;
    try {
      if (format !== 'garage-json') encoding = await tableToRowLines(format, uploadPath, rowsPath);
      preview = await readPreview(openLocal, format);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refused('fileType');
    }
    const { mapping, preset } =
      format === 'garage-json' ? { mapping: {}, preset: 'garage-export' as ImportPreset } : autoMapHeaders(preview.headers);
    const unread: FileSuggestions = {
      numberLocale: { value: 'decimalPoint', examples: [] },
      dateOrder: { value: 'dayFirst', examples: [] },
    };
    const [reading, suggestedCountryCode] = await Promise.all([
      suggestReading(openLocal, { format, headers: preview.headers, preset }, mapping, await shopCurrency(db)).catch(() => unread),
      suggestCountryCode(db, actor.userId),
    ]);
    storageKey = (await storage.save(STORAGE_FOLDER, 'jsonl', createReadStream(localPath))).key;
    const view: ImportJob = {
      id,
      fileName: upload.fileName.slice(0, 200),
      format,
      phase: 'uploaded',
      headers: preview.headers,
      previewRows: preview.rows,
      suggestedMapping: mapping as Record<string, string>,
      preset,
      encoding,
      suggestedDistanceUnit: presetDistanceUnit(preset, reading.numberLocale.value),
      suggestedDateOrder: reading.dateOrder.value,
      dateExamples: reading.dateOrder.examples,
      suggestedNumberLocale: reading.numberLocale.value,
      numberExamples: reading.numberLocale.examples,
      suggestedCountryCode,
      processedRows: 0,
      totalRows: null,
      validRows: 0,
      invalidRows: 0,
      errors: [],
      warnings: [],
      duplicates: { customers: 0, vehicles: 0 },
      summary: null,
      failure: null,
      options: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    await db.importJob.create({ data: { id, ownerId: actor.userId, storageKey, view: json(view) } });
    // Expired imports go now too (after this one is stored: a refused upload changes no row).
    await sweepImports(db, storage).catch(() => 0);
    return view;
  } catch (error) {
    if (storageKey) await storage.remove(storageKey).catch(() => undefined);
    throw error;
  } finally {
    await Promise.all([rm(uploadPath, { force: true }), rm(rowsPath, { force: true })]);
  }
}

/** A poll: the row as any instance sees it. It counts as a use (at most one write a minute). */
export async function getImport(db: Db, actor: Session, id: string): Promise<ImportJob> {
  const row = await loadJob(db, actor, id);
  if (Date.now() - row.usedAt.getTime() > TOUCH_MS) await db.importJob.updateMany({ where: { id }, data: { usedAt: new Date() } });
  return row.view;
}

export async function discardImport(db: Db, storage: FileStorage, actor: Session, id: string): Promise<void> {
  const row = await loadJob(db, actor, id);
  if (row.runnerId) throw busy();
  const { count } = await db.importJob.deleteMany({ where: { id, runnerId: null } });
  if (count === 0) throw busy();
  await storage.remove(row.storageKey).catch(() => undefined);
}

/** Links rows to one customer: same email or same phone = same customer (an export's lines by their ids). */
class CustomerKeys {
  private byEmail = new Map<string, string>();
  private byPhone = new Map<string, string>();

  resolve(unit: Unit): { customerKey: string | null; ownerKey: string | null; conflict: boolean } {
    const ownerKey = unit.source?.ownerId ? `id:${unit.source.ownerId}` : null;
    const customer = unit.record.customer;
    if (!customer) return { customerKey: null, ownerKey, conflict: false };
    const byEmail = customer.email ? this.byEmail.get(customer.email) : undefined;
    const byPhone = customer.phoneNumber ? this.byPhone.get(`${customer.countryCode} ${customer.phoneNumber}`) : undefined;
    const own = unit.source?.customerId ? `id:${unit.source.customerId}` : undefined;
    const customerKey = own ?? byEmail ?? byPhone ?? `row:${unit.row}`;
    const conflict = (byEmail !== undefined && byEmail !== customerKey) || (byPhone !== undefined && byPhone !== customerKey);
    return { customerKey, ownerKey, conflict };
  }

  register(unit: Unit, key: string) {
    const customer = unit.record.customer!;
    if (customer.email) this.byEmail.set(customer.email, key);
    if (customer.phoneNumber) this.byPhone.set(`${customer.countryCode} ${customer.phoneNumber}`, key);
  }
}

const vehicleKeyOf = (unit: Unit) => unit.vehiclePlateKey ?? unit.record.vehicle?.plateKey;

/** A row's warnings (what was imported differently from the file), kept up to errorsKept. */
function addWarnings(job: JobState, row: number, warnings: FieldProblem[], options: ResolvedImportOptions) {
  for (const warning of warnings) {
    if (job.view.warnings.length >= IMPORT_LIMITS.errorsKept) break;
    job.view.warnings.push({
      row,
      field: warning.field,
      column: options.mapping[warning.field] ?? null,
      message: warning.message,
      text: renderCodedText(warning.message),
    });
  }
}

function addErrors(job: JobState, unit: Unit, problems: FieldProblem[], options: ResolvedImportOptions) {
  job.invalid.add(unit.row);
  job.view.invalidRows++;
  for (const problem of problems) {
    if (job.view.errors.length >= IMPORT_LIMITS.errorsKept) break;
    job.view.errors.push({
      row: unit.row,
      field: problem.field,
      column: options.mapping[problem.field] ?? null,
      message: problem.message,
      text: renderCodedText(problem.message),
    });
  }
}

/** Pass 1: every row checked, duplicates against the database counted; nothing written. */
async function validatePass(db: Db, job: JobState, options: ResolvedImportOptions): Promise<void> {
  Object.assign(job.view, {
    phase: 'validating',
    processedRows: 0,
    totalRows: null,
    validRows: 0,
    invalidRows: 0,
    errors: [],
    warnings: [],
    duplicates: { customers: 0, vehicles: 0 },
    summary: null,
    failure: null,
    options,
    finishedAt: null,
  });
  job.invalid = new Set();
  const keys = new CustomerKeys();
  const knownCustomers = new Set<string>();
  const knownPlates = new Set<string>();
  /** Customer keys that matched a staff account (an import never touches one: users.access.ts), per field. */
  const staffKeys = new Map<string, 'email' | 'phoneNumber'>();
  const currency = await shopCurrency(db);
  for await (const batch of inBatches(readUnits(job.open, job.view.format, options, currency), IMPORT_LIMITS.batchRows)) {
    const checked: {
      unit: Unit;
      problems: FieldProblem[];
      customerKey: string | null;
      ownerKey: string | null;
      needsPlate: string | null;
      newPlate: string | null;
      newCustomer: boolean;
    }[] = [];
    for (const unit of batch) {
      const problems = [...unit.problems];
      const { customerKey, ownerKey, conflict } = keys.resolve(unit);
      if (conflict) problems.push({ field: 'email', message: 'import.conflictingCustomer' });
      if (unit.record.vehicle && ownerKey && !knownCustomers.has(ownerKey))
        problems.push({ field: 'firstName', message: 'import.customerNeeded' });
      const plate = vehicleKeyOf(unit) ?? null;
      const defines = !!unit.record.vehicle && !unit.record.vehicle.reference && !!plate && !knownPlates.has(plate);
      checked.push({
        unit,
        problems,
        customerKey,
        ownerKey,
        needsPlate: plate && !knownPlates.has(plate) && !defines ? plate : null,
        newPlate: defines ? plate : null,
        newCustomer: !!customerKey && !knownCustomers.has(customerKey),
      });
      if (problems.length === 0) {
        if (customerKey) {
          keys.register(unit, customerKey);
          knownCustomers.add(customerKey);
        }
        if (defines) knownPlates.add(plate!);
      }
    }
    const plates = [...new Set(checked.flatMap((entry) => [entry.needsPlate, entry.newPlate]).filter((plate): plate is string => !!plate))];
    const newCustomers = checked.filter((entry) => entry.newCustomer && entry.problems.length === 0);
    const customers = newCustomers.map((entry) => entry.unit.record.customer!);
    const [existingPlates, existingCustomers] = await Promise.all([
      db.$queryRawUnsafe<{ plate: string }[]>(
        'SELECT "plateNormalized" AS plate FROM "Vehicle" WHERE "plateNormalized" = ANY($1::text[])',
        plates,
      ),
      db.$queryRawUnsafe<{ email: string | null; phone: string; role: Role }[]>(
        `SELECT email, "countryCode" || ' ' || "phoneNumber" AS phone, role::text AS role FROM "User"
          WHERE email = ANY($1::text[]) OR ("countryCode", "phoneNumber") IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
        customers.map((c) => c.email).filter(Boolean),
        customers.map((c) => c.countryCode),
        customers.map((c) => c.phoneNumber),
      ),
    ]);
    const inDb = new Set(existingPlates.map((row) => row.plate));
    const emails = new Set(existingCustomers.map((row) => row.email));
    const phones = new Set(existingCustomers.map((row) => row.phone));
    const staff = existingCustomers.filter((row) => !canChangeAccount(importActor(), row.role, 'CLIENT'));
    const staffEmails = new Set(staff.map((row) => row.email));
    const staffPhones = new Set(staff.map((row) => row.phone));
    for (const { unit, customerKey } of newCustomers) {
      const c = unit.record.customer!;
      if (c.email && staffEmails.has(c.email)) staffKeys.set(customerKey!, 'email');
      else if (c.phoneNumber && staffPhones.has(`${c.countryCode} ${c.phoneNumber}`)) staffKeys.set(customerKey!, 'phoneNumber');
    }
    job.view.duplicates.customers += newCustomers.filter(({ unit, customerKey }) => {
      const c = unit.record.customer!;
      return (
        !staffKeys.has(customerKey!) &&
        ((c.email && emails.has(c.email)) || (c.phoneNumber && phones.has(`${c.countryCode} ${c.phoneNumber}`)))
      );
    }).length;
    for (const entry of checked) {
      const staffField = staffKeys.get(entry.customerKey ?? '') ?? staffKeys.get(entry.ownerKey ?? '');
      if (staffField) entry.problems.push({ field: staffField, message: 'import.staffAccount' });
      if (entry.newPlate && inDb.has(entry.newPlate) && entry.problems.length === 0) job.view.duplicates.vehicles++;
      if (entry.needsPlate) {
        if (inDb.has(entry.needsPlate)) knownPlates.add(entry.needsPlate);
        else if (!knownPlates.has(entry.needsPlate)) {
          entry.problems.push(
            entry.unit.record.vehicle?.reference
              ? { field: 'brand', message: 'required|fieldName=brand' }
              : { field: 'plateNumber', message: 'import.vehicleNeeded' },
          );
        }
      }
      if (entry.problems.length > 0) addErrors(job, entry.unit, entry.problems, options);
      else {
        job.view.validRows++;
        addWarnings(job, entry.unit.row, entry.unit.warnings, options);
      }
    }
    job.view.processedRows += batch.length;
    if (job.lost) throw new Lost();
  }
  job.view.totalRows = job.view.processedRows;
  job.view.phase = 'validated';
  job.validatedFor = JSON.stringify(options);
}

function addSummary(into: ImportSummary, from: ImportSummary) {
  for (const part of ['customers', 'vehicles', 'visits', 'oilChanges'] as const) {
    into[part].created += from[part].created;
    into[part].updated += from[part].updated;
    into[part].skipped += from[part].skipped;
  }
  into.failedRows += from.failedRows;
}

class RolledBack extends Error {}

/** Pass 2: valid rows written in batches; one transaction for all-or-nothing, one per batch otherwise. */
async function writePass(db: Db, job: JobState, options: ResolvedImportOptions, actorId: string): Promise<void> {
  const summary = emptySummary();
  summary.failedRows = job.view.invalidRows;
  Object.assign(job.view, { phase: 'importing', processedRows: 0, summary });
  const state: WriterState = { customers: new Map(), vehicles: new Map(), usernames: new Set() };
  const keys = new CustomerKeys();
  const prepare = (batch: Unit[]) =>
    batch
      .filter((unit) => !job.invalid.has(unit.row))
      .map((unit) => {
        const { customerKey, ownerKey } = keys.resolve(unit);
        if (customerKey) keys.register(unit, customerKey);
        return { unit, customerKey, ownerKey };
      });
  const keep = (result: Awaited<ReturnType<typeof writeBatch>>) => {
    // Rows the writer refused (a staff account matched after validation): counted in failedRows, shown here.
    for (const problem of result.refused) {
      if (job.view.errors.length >= IMPORT_LIMITS.errorsKept) break;
      job.view.errors.push({
        row: problem.row,
        field: problem.field,
        column: options.mapping[problem.field] ?? null,
        message: problem.message,
        text: renderCodedText(problem.message),
      });
    }
    for (const warning of result.warnings) addWarnings(job, warning.row, [warning], options);
    for (const [key, id] of result.customers) state.customers.set(key, id);
    for (const [key, vehicle] of result.vehicles) state.vehicles.set(key, vehicle);
    state.usernames = result.usernames;
    addSummary(summary, result.summary);
  };
  const units = readUnits(job.open, job.view.format, options, await shopCurrency(db));
  if (options.mode === 'allOrNothing') {
    await db.$transaction(
      async (tx) => {
        for await (const batch of inBatches(units, IMPORT_LIMITS.batchRows)) {
          const result = await writeBatch(tx, state, { units: prepare(batch), duplicates: options.duplicates, actorId });
          if (result.failedRows > 0) throw new RolledBack();
          keep(result);
          job.view.processedRows += batch.length;
          if (job.lost) throw new Lost();
        }
      },
      { maxWait: 30_000, timeout: 30 * 60_000 },
    );
  } else {
    for await (const batch of inBatches(units, IMPORT_LIMITS.batchRows)) {
      const prepared = prepare(batch);
      try {
        keep(
          await db.$transaction((tx) => writeBatch(tx, state, { units: prepared, duplicates: options.duplicates, actorId }), {
            maxWait: 30_000,
            timeout: 5 * 60_000,
          }),
        );
      } catch {
        summary.failedRows += prepared.length;
      }
      job.view.processedRows += batch.length;
      if (job.lost) throw new Lost();
    }
  }
  job.view.phase = 'done';
}

/** Stopped by its runner losing the import: what the row says stays as it is. */
class Lost extends Error {}

/**
 * Claims the import for a pass on this instance: a conditional UPDATE, so only one request ever runs it. The
 * row is read again once claimed (another instance may have finished a pass in between). `check` may refuse
 * the pass from that state: the claim is released then.
 */
async function claim(
  db: Db,
  storage: FileStorage,
  id: string,
  check: (row: JobRow) => void,
): Promise<{ job: JobState; runner: string; row: JobRow }> {
  const runner = randomUUID();
  const now = new Date();
  const { count } = await db.importJob.updateMany({
    where: { id, runnerId: null },
    data: { runnerId: runner, heartbeatAt: now, usedAt: now },
  });
  if (count === 0) throw busy();
  const row = await findJob(db, id);
  if (!row) throw notFound();
  try {
    check(row);
  } catch (error) {
    await db.importJob.updateMany({ where: { id, runnerId: runner }, data: { runnerId: null, heartbeatAt: null } });
    throw error;
  }
  const job: JobState = {
    id: row.id,
    view: row.view,
    open: openStored(storage, row.storageKey),
    invalid: new Set(row.invalidRows),
    validatedFor: row.validatedFor,
    lost: false,
  };
  return { job, runner, row };
}

/**
 * Runs a pass in the background of this instance: its progress and a heartbeat are written into the row every
 * HEARTBEAT_MS (what every instance's polls answer), its result at the end, when the claim is released.
 * Answers the view as the pass starts (phase "validating" or "importing"), once the row says so too.
 */
async function launch(db: Db, job: JobState, runner: string, work: () => Promise<void>, log: (error: unknown) => void): Promise<ImportJob> {
  let writing: Promise<void> = Promise.resolve();
  const write = (data: Prisma.ImportJobUpdateManyMutationInput) => {
    // One write at a time, in order; a failed one (the database away a moment) does not stop the next.
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        const { count } = await db.importJob.updateMany({ where: { id: job.id, runnerId: runner }, data });
        if (count === 0) job.lost = true;
      });
    return writing;
  };
  const running = work();
  const started = structuredClone(job.view);
  const heartbeat = setInterval(
    () => void write({ view: json(job.view), heartbeatAt: new Date(), usedAt: new Date() }).catch(log),
    HEARTBEAT_MS,
  );
  heartbeat.unref();
  void running
    .catch((error: unknown) => {
      if (error instanceof Lost) return;
      job.view.phase = 'failed';
      job.view.summary = null;
      job.view.failure = error instanceof AppError ? error.messageCode : 'import.rolledBack';
      if (!(error instanceof AppError) && !(error instanceof RolledBack)) log(error);
    })
    .then(() => {
      clearInterval(heartbeat);
      job.view.finishedAt = new Date().toISOString();
      return write({
        view: json(job.view),
        invalidRows: [...job.invalid],
        validatedFor: job.validatedFor,
        runnerId: null,
        heartbeatAt: null,
        usedAt: new Date(),
      });
    })
    .catch(log);
  await write({ view: json(started), heartbeatAt: new Date() });
  return started;
}

function assertMapped(view: ImportJob, options: ImportOptions) {
  if (view.format !== 'garage-json' && Object.values(options.mapping).filter(Boolean).length === 0) {
    throw new AppError('VALIDATION', 'import.nothingMapped', { field: 'mapping' });
  }
}

export async function validateImport(
  db: Db,
  storage: FileStorage,
  actor: Session,
  id: string,
  requested: ImportOptions,
  log: (error: unknown) => void,
): Promise<ImportJob> {
  const row = await loadJob(db, actor, id);
  if (row.runnerId) throw busy();
  assertMapped(row.view, requested);
  const options = await resolveOptions(db, storage, row, requested);
  const { job, runner } = await claim(db, storage, id, () => undefined);
  return launch(db, job, runner, () => validatePass(db, job, options), log);
}

/** Validates again when the options changed since the last validation, then writes. */
export async function runImport(
  db: Db,
  storage: FileStorage,
  actor: Session,
  id: string,
  requested: ImportOptions,
  log: (error: unknown) => void,
): Promise<ImportJob> {
  const loaded = await loadJob(db, actor, id);
  if (loaded.runnerId) throw busy();
  assertMapped(loaded.view, requested);
  const options = await resolveOptions(db, storage, loaded, requested);
  const isFresh = (row: JobRow) => row.validatedFor === JSON.stringify(options) && row.view.phase === 'validated';
  const refuse = (row: JobRow) => {
    if (isFresh(row) && options.mode === 'allOrNothing' && row.view.invalidRows > 0)
      throw new AppError('VALIDATION', 'import.invalidRowsRefused');
  };
  refuse(loaded);
  const { job, runner, row } = await claim(db, storage, id, refuse);
  const fresh = isFresh(row);
  return launch(
    db,
    job,
    runner,
    async () => {
      if (!fresh) await validatePass(db, job, options);
      if (options.mode === 'allOrNothing' && job.view.invalidRows > 0) throw new AppError('VALIDATION', 'import.invalidRowsRefused');
      job.validatedFor = null;
      await writePass(db, job, options, actor.userId);
    },
    log,
  );
}
