// Customer import: upload → preview and suggested mapping → validation pass → writing pass → summary.
//
// Jobs live in this process (a Map keyed by id) with the uploaded file in DATA_DIR/imports; the screen polls
// the job. Both passes stream the file again from disk (import-units.ts), so memory holds only the keys
// that link rows (customer emails/phones, plates → ids), not the file. With several app instances the
// screen's requests must reach the instance that took the upload (sticky sessions); elsewhere the job
// answers 404 "Import not found". A job is forgotten, and its file deleted, 2 hours after its last use or
// when the process stops.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '@garage/db';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  autoMapHeaders,
  presetDistanceUnit,
  renderMessage,
  suggestDateOrder,
  type DateOrder,
  type FieldProblem,
  type ImportFormat,
  type ImportJob,
  type ImportMapping,
  type ImportOptions,
  type ImportPreset,
  type ImportSummary,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { readJsonLines, readTableRows, sniffFormat } from './import-files.ts';
import { inBatches, readUnits, type Unit } from './import-units.ts';
import { emptySummary, writeBatch, type WriterState } from './import-writer.ts';

interface JobState {
  view: ImportJob;
  filePath: string;
  ownerId: string;
  invalid: Set<number>;
  validatedFor: string | null;
  running: boolean;
  expiry: NodeJS.Timeout;
}

const IDLE_MS = 2 * 3600_000;
const jobs = new Map<string, JobState>();

function touch(job: JobState) {
  clearTimeout(job.expiry);
  job.expiry = setTimeout(() => void forget(job.view.id), IDLE_MS);
  job.expiry.unref();
}

async function forget(id: string) {
  const job = jobs.get(id);
  if (!job) return;
  jobs.delete(id);
  clearTimeout(job.expiry);
  await rm(job.filePath, { force: true });
}

const notFound = () => new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);

function jobOf(actor: Session, id: string): JobState {
  const job = jobs.get(id);
  // Another person's import looks like a missing one.
  if (!job || job.ownerId !== actor.userId) throw notFound();
  touch(job);
  return job;
}

const snapshot = (job: JobState): ImportJob => structuredClone(job.view);

async function readPreview(filePath: string, format: ImportFormat) {
  const rows: string[][] = [];
  if (format === 'garage-json') {
    for await (const { value } of readJsonLines(filePath)) {
      const record = value as Record<string, unknown> | undefined;
      if (record?.type === 'meta') continue;
      rows.push([String(record?.type ?? ''), [record?.firstName, record?.lastName, record?.plateNumber, record?.name, record?.oilName].filter(Boolean).join(' ')]);
      if (rows.length >= IMPORT_LIMITS.previewRows) break;
    }
    return { headers: ['type', 'summary'], rows };
  }
  let headers: string[] | null = null;
  for await (const cells of readTableRows(filePath, format)) {
    if (!headers) headers = cells.map((cell, index) => cell.trim() || `Column ${index + 1}`);
    else rows.push(cells);
    if (rows.length >= IMPORT_LIMITS.previewRows) break;
  }
  if (!headers) throw new AppError('VALIDATION', IMPORT_MESSAGES.noHeader, { fieldErrors: { file: [IMPORT_MESSAGES.noHeader] } });
  return { headers, rows };
}

/** Rows read at upload to guess how the file writes its dates (milliseconds; the file stays on disk). */
const DATE_SCAN_ROWS = 5000;

/** The date order of the mapped date columns (visit, oil change), from the first rows that can only be read one way. */
async function scanDateOrder(filePath: string, format: ImportFormat, headers: string[], mapping: ImportMapping, preset: ImportPreset): Promise<DateOrder> {
  const columns = [mapping.visitDate, mapping.oilDate].filter((name): name is string => !!name).map((name) => headers.indexOf(name));
  const values: string[] = [];
  if (format !== 'garage-json' && columns.length > 0) {
    let rows = -1;
    for await (const cells of readTableRows(filePath, format)) {
      if (rows++ < 0) continue;
      for (const column of columns) if (cells[column]) values.push(cells[column]!);
      if (rows >= DATE_SCAN_ROWS) break;
    }
  }
  return suggestDateOrder(values, preset);
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

/** Uploads a stopped process left behind (its jobs are gone with it): removed once they are older than a job can live. */
async function removeStaleUploads(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > IDLE_MS && !jobs.has(name.replace(/\.upload$/, ''))) await rm(file, { force: true });
    }),
  );
}

/** Stores the uploaded file, reads its header and first rows, and suggests a mapping. */
export async function createImport(db: Db, dataDir: string, actor: Session, upload: { fileName: string; stream: Readable; truncated: () => boolean }): Promise<ImportJob> {
  const id = randomUUID();
  const dir = path.join(dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  await removeStaleUploads(dir);
  const filePath = path.join(dir, `${id}.upload`);
  try {
    await pipeline(upload.stream, createWriteStream(filePath, { flags: 'wx' }));
    if (upload.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge, { fieldErrors: { file: [IMPORT_MESSAGES.fileTooLarge] } });
    const format = await sniffFormat(filePath, upload.fileName);
    if (!format) throw new AppError('VALIDATION', IMPORT_MESSAGES.fileType, { fieldErrors: { file: [IMPORT_MESSAGES.fileType] } });
    let preview: { headers: string[]; rows: string[][] };
    try {
      preview = await readPreview(filePath, format);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('VALIDATION', IMPORT_MESSAGES.fileType, { fieldErrors: { file: [IMPORT_MESSAGES.fileType] } });
    }
    const { mapping, preset } = format === 'garage-json' ? { mapping: {}, preset: 'garage-export' as ImportPreset } : autoMapHeaders(preview.headers);
    const [suggestedDateOrder, suggestedCountryCode] = await Promise.all([
      scanDateOrder(filePath, format, preview.headers, mapping, preset).catch(() => suggestDateOrder([], preset)),
      suggestCountryCode(db, actor.userId),
    ]);
    const view: ImportJob = {
      id,
      fileName: upload.fileName.slice(0, 200),
      format,
      phase: 'uploaded',
      headers: preview.headers,
      previewRows: preview.rows,
      suggestedMapping: mapping as Record<string, string>,
      preset,
      suggestedDistanceUnit: presetDistanceUnit(preset),
      suggestedDateOrder,
      suggestedCountryCode,
      processedRows: 0,
      totalRows: null,
      validRows: 0,
      invalidRows: 0,
      errors: [],
      duplicates: { customers: 0, vehicles: 0 },
      summary: null,
      failure: null,
      options: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    const job: JobState = { view, filePath, ownerId: actor.userId, invalid: new Set(), validatedFor: null, running: false, expiry: setTimeout(() => {}, 0) };
    jobs.set(id, job);
    touch(job);
    return snapshot(job);
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
}

export function getImport(actor: Session, id: string): ImportJob {
  return snapshot(jobOf(actor, id));
}

export async function discardImport(actor: Session, id: string): Promise<void> {
  const job = jobOf(actor, id);
  if (job.running) throw new AppError('CONFLICT', IMPORT_MESSAGES.busy);
  await forget(id);
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

function addErrors(job: JobState, unit: Unit, problems: FieldProblem[], options: ImportOptions) {
  job.invalid.add(unit.row);
  job.view.invalidRows++;
  for (const problem of problems) {
    if (job.view.errors.length >= IMPORT_LIMITS.errorsKept) break;
    job.view.errors.push({ row: unit.row, field: problem.field, column: options.mapping[problem.field] ?? null, message: problem.message, text: renderMessage(problem.message) });
  }
}

/** Pass 1: every row checked, duplicates against the database counted; nothing written. */
async function validatePass(db: Db, job: JobState, options: ImportOptions): Promise<void> {
  Object.assign(job.view, { phase: 'validating', processedRows: 0, totalRows: null, validRows: 0, invalidRows: 0, errors: [], duplicates: { customers: 0, vehicles: 0 }, summary: null, failure: null, options, finishedAt: null });
  job.invalid = new Set();
  const keys = new CustomerKeys();
  const knownCustomers = new Set<string>();
  const knownPlates = new Set<string>();
  for await (const batch of inBatches(readUnits(job.filePath, job.view.format, options), IMPORT_LIMITS.batchRows)) {
    const checked: { unit: Unit; problems: FieldProblem[]; customerKey: string | null; needsPlate: string | null; newPlate: string | null; newCustomer: boolean }[] = [];
    for (const unit of batch) {
      const problems = [...unit.problems];
      const { customerKey, ownerKey, conflict } = keys.resolve(unit);
      if (conflict) problems.push({ field: 'email', message: IMPORT_MESSAGES.conflictingCustomer });
      if (unit.record.vehicle && ownerKey && !knownCustomers.has(ownerKey)) problems.push({ field: 'firstName', message: IMPORT_MESSAGES.customerNeeded });
      const plate = vehicleKeyOf(unit) ?? null;
      const defines = !!unit.record.vehicle && !unit.record.vehicle.reference && !!plate && !knownPlates.has(plate);
      checked.push({ unit, problems, customerKey, needsPlate: plate && !knownPlates.has(plate) && !defines ? plate : null, newPlate: defines ? plate : null, newCustomer: !!customerKey && !knownCustomers.has(customerKey) });
      if (problems.length === 0) {
        if (customerKey) {
          keys.register(unit, customerKey);
          knownCustomers.add(customerKey);
        }
        if (defines) knownPlates.add(plate!);
      }
    }
    const plates = [...new Set(checked.flatMap((entry) => [entry.needsPlate, entry.newPlate]).filter((plate): plate is string => !!plate))];
    const customers = checked.filter((entry) => entry.newCustomer && entry.problems.length === 0).map((entry) => entry.unit.record.customer!);
    const [existingPlates, existingCustomers] = await Promise.all([
      db.$queryRawUnsafe<{ plate: string }[]>('SELECT "plateNormalized" AS plate FROM "Vehicle" WHERE "plateNormalized" = ANY($1::text[])', plates),
      db.$queryRawUnsafe<{ email: string | null; phone: string }[]>(
        `SELECT email, "countryCode" || ' ' || "phoneNumber" AS phone FROM "User"
          WHERE email = ANY($1::text[]) OR ("countryCode", "phoneNumber") IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
        customers.map((c) => c.email).filter(Boolean), customers.map((c) => c.countryCode), customers.map((c) => c.phoneNumber),
      ),
    ]);
    const inDb = new Set(existingPlates.map((row) => row.plate));
    const emails = new Set(existingCustomers.map((row) => row.email));
    const phones = new Set(existingCustomers.map((row) => row.phone));
    job.view.duplicates.customers += customers.filter((c) => (c.email && emails.has(c.email)) || (c.phoneNumber && phones.has(`${c.countryCode} ${c.phoneNumber}`))).length;
    for (const entry of checked) {
      if (entry.newPlate && inDb.has(entry.newPlate) && entry.problems.length === 0) job.view.duplicates.vehicles++;
      if (entry.needsPlate) {
        if (inDb.has(entry.needsPlate)) knownPlates.add(entry.needsPlate);
        else if (!knownPlates.has(entry.needsPlate)) {
          entry.problems.push(entry.unit.record.vehicle?.reference ? { field: 'brand', message: 'required|fieldName=brand' } : { field: 'plateNumber', message: IMPORT_MESSAGES.vehicleNeeded });
        }
      }
      if (entry.problems.length > 0) addErrors(job, entry.unit, entry.problems, options);
      else job.view.validRows++;
    }
    job.view.processedRows += batch.length;
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
async function writePass(db: Db, job: JobState, options: ImportOptions, actorId: string): Promise<void> {
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
    for (const [key, id] of result.customers) state.customers.set(key, id);
    for (const [key, vehicle] of result.vehicles) state.vehicles.set(key, vehicle);
    state.usernames = result.usernames;
    addSummary(summary, result.summary);
  };
  const units = readUnits(job.filePath, job.view.format, options);
  if (options.mode === 'allOrNothing') {
    await db.$transaction(
      async (tx) => {
        for await (const batch of inBatches(units, IMPORT_LIMITS.batchRows)) {
          const result = await writeBatch(tx, state, { units: prepare(batch), duplicates: options.duplicates, actorId });
          if (result.failedRows > 0) throw new RolledBack();
          keep(result);
          job.view.processedRows += batch.length;
        }
      },
      { maxWait: 30_000, timeout: 30 * 60_000 },
    );
  } else {
    for await (const batch of inBatches(units, IMPORT_LIMITS.batchRows)) {
      const prepared = prepare(batch);
      try {
        keep(await db.$transaction((tx) => writeBatch(tx, state, { units: prepared, duplicates: options.duplicates, actorId }), { maxWait: 30_000, timeout: 5 * 60_000 }));
      } catch {
        summary.failedRows += prepared.length;
      }
      job.view.processedRows += batch.length;
    }
  }
  job.view.phase = 'done';
}

function startJob(job: JobState, work: () => Promise<void>, log: (error: unknown) => void) {
  job.running = true;
  void work()
    .catch((error: unknown) => {
      job.view.phase = 'failed';
      job.view.summary = null;
      job.view.failure = error instanceof AppError ? error.message : IMPORT_MESSAGES.rolledBack;
      if (!(error instanceof AppError) && !(error instanceof RolledBack)) log(error);
    })
    .finally(() => {
      job.running = false;
      job.view.finishedAt = new Date().toISOString();
      touch(job);
    });
}

function assertIdle(job: JobState) {
  if (job.running) throw new AppError('CONFLICT', IMPORT_MESSAGES.busy);
}

function assertMapped(job: JobState, options: ImportOptions) {
  if (job.view.format !== 'garage-json' && Object.values(options.mapping).filter(Boolean).length === 0) {
    throw new AppError('VALIDATION', IMPORT_MESSAGES.nothingMapped, { fieldErrors: { mapping: [IMPORT_MESSAGES.nothingMapped] } });
  }
}

export function validateImport(db: Db, actor: Session, id: string, options: ImportOptions, log: (error: unknown) => void): ImportJob {
  const job = jobOf(actor, id);
  assertIdle(job);
  assertMapped(job, options);
  startJob(job, () => validatePass(db, job, options), log);
  return snapshot(job);
}

/** Validates again when the options changed since the last validation, then writes. */
export function runImport(db: Db, actor: Session, id: string, options: ImportOptions, log: (error: unknown) => void): ImportJob {
  const job = jobOf(actor, id);
  assertIdle(job);
  assertMapped(job, options);
  const fresh = job.validatedFor === JSON.stringify(options) && job.view.phase === 'validated';
  if (fresh && options.mode === 'allOrNothing' && job.view.invalidRows > 0) throw new AppError('VALIDATION', IMPORT_MESSAGES.invalidRowsRefused);
  startJob(
    job,
    async () => {
      if (!fresh) await validatePass(db, job, options);
      if (options.mode === 'allOrNothing' && job.view.invalidRows > 0) throw new AppError('VALIDATION', IMPORT_MESSAGES.invalidRowsRefused);
      job.validatedFor = null;
      await writePass(db, job, options, actor.userId);
    },
    log,
  );
  return snapshot(job);
}

