// Import of the parts catalogue and of suppliers from a CSV or XLSX (issue #26), read by the same file
// reading as the customers import (import-files.ts: format sniffing, IMPORT_LIMITS, the XLSX thread), in one
// request: the catalogue is a few thousand rows, not a shop's history, so it needs no job nor second pass.
//
// Columns are recognised by name (headerKey: case, accents, spaces and punctuation ignored), each row is
// checked with the forms' own schemas (partInputSchema, supplierInputSchema), and a refused cell is reported
// with its row number and the column's header, as the customers import does. `check` writes nothing; `import`
// writes the valid rows and reports the others.
// - Suppliers are matched by name (without case); an existing one is updated with the cells given.
// - Parts are matched by part number: updated when it exists, else created. Their supplier is named, found
//   by name or created. `onHand` is an opening stock: a COUNTED movement "opening stock" through the stock
//   core (which alone writes stock on hand), never a write of onHandMilli.
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '@garage/db';
import { shopCurrency } from '@garage/db/fiscal-journal';
import {
  type CATALOGUE_IMPORT_KINDS,
  type CATALOGUE_IMPORT_MODES,
  IMPORT_LIMITS,
  PART_UNITS,
  type CatalogueImportResult,
  UNIT_DECIMALS,
  headerKey,
  majorToMinor,
  msg,
  parseDecimal,
  partInputSchema,
  renderCodedText,
  supplierInputSchema,
  toMilli,
  type ImportRowError,
  type PartUnit,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import { allocateBackorders, lockPart, recordMovement } from '../stock/stock.service.ts';
import { IMPORT_LIMIT_PARAMS, headerNames, readTableRows, refused, sniffFormat, tableToRowLines } from './import-files.ts';

export type CatalogueImportKind = (typeof CATALOGUE_IMPORT_KINDS)[number];
export type CatalogueImportMode = (typeof CATALOGUE_IMPORT_MODES)[number];

/** The columns of each kind and the header names (headerKey form) that mean them. */
const PART_COLUMNS = {
  partNumber: ['partnumber', 'partno', 'reference', 'ref', 'sku', 'reference piece', 'numero'],
  name: ['name', 'partname', 'description', 'designation', 'nom'],
  brand: ['brand', 'make', 'manufacturer', 'marque'],
  category: ['category', 'group', 'categorie', 'famille'],
  barcode: ['barcode', 'ean', 'upc', 'gtin', 'codebarre'],
  unit: ['unit', 'uom', 'unite'],
  cost: ['cost', 'costprice', 'unitcost', 'cout', 'prixachat'],
  price: ['price', 'sellingprice', 'saleprice', 'prix', 'prixvente'],
  binLocation: ['binlocation', 'bin', 'location', 'emplacement'],
  reorderPoint: ['reorderpoint', 'minstock', 'minimum', 'seuil'],
  reorderQuantity: ['reorderquantity', 'reorderqty', 'orderquantity'],
  supplier: ['supplier', 'suppliername', 'vendor', 'fournisseur'],
  notes: ['notes', 'note', 'comments', 'remarques'],
  onHand: ['onhand', 'stock', 'quantity', 'qty', 'openingstock', 'quantite'],
} as const;
const SUPPLIER_COLUMNS = {
  name: ['name', 'supplier', 'suppliername', 'vendor', 'fournisseur', 'nom'],
  contactName: ['contactname', 'contact'],
  email: ['email', 'emailaddress', 'mail', 'courriel'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel'],
  accountNumber: ['accountnumber', 'account', 'customernumber'],
  leadTimeDays: ['leadtimedays', 'leadtime', 'delivery days', 'delai'],
  notes: ['notes', 'note', 'comments', 'remarques'],
} as const;
type PartColumn = keyof typeof PART_COLUMNS;
type SupplierColumn = keyof typeof SUPPLIER_COLUMNS;

/** Which column of the file holds each field (the first header that names it). */
function mapHeaders<F extends string>(headers: readonly string[], columns: Record<F, readonly string[]>): Partial<Record<F, number>> {
  const mapping: Partial<Record<F, number>> = {};
  const keys = headers.map(headerKey);
  for (const [field, aliases] of Object.entries(columns) as [F, readonly string[]][]) {
    const wanted = [field, ...aliases].map(headerKey);
    const index = keys.findIndex((key) => wanted.includes(key));
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}

/** Errors answered at most; row numbers are the spreadsheet's (the header is row 1). */
const MAX_ERRORS = 1_000;

type Cells = (field: string) => string | undefined;

/** A row error in the engine's shape: the field, the column header it came from, the message code and its English. */
function rowError(row: number, field: string, column: string | null, message: string): ImportRowError {
  return { row, field, column, message, text: renderCodedText(message) };
}

/** A decimal cell as a number; NaN when unreadable (the schema then names the field). */
const decimal = (value: string | undefined) => parseDecimal(value);
/** An amount in currency units ("12.345" in KWD) as the minor units stored; NaN when unreadable. */
const minorUnits = (value: string | undefined, currency: string) => {
  const parsed = parseDecimal(value);
  return parsed === null ? null : Number.isNaN(parsed) ? Number.NaN : majorToMinor(parsed, currency);
};
const text = (value: string | undefined) => (value === undefined ? undefined : value.trim());
/** "Piece", "litre", "L", "kg", "m": a unit code; the text as given when unknown (the schema refuses it). */
function unitOf(value: string | undefined): string | undefined {
  const word = value?.trim();
  if (!word) return undefined;
  const key = headerKey(word).toUpperCase();
  const short: Record<string, PartUnit> = {
    PC: 'PIECE',
    PCS: 'PIECE',
    EA: 'PIECE',
    L: 'LITRE',
    LITER: 'LITRE',
    KG: 'KILOGRAM',
    M: 'METRE',
    METER: 'METRE',
  };
  return (PART_UNITS as readonly string[]).includes(key) ? key : (short[key] ?? word);
}

/** The part fields of a row for partInputSchema (the supplier, by name, and the opening stock apart). */
function partCandidate(cell: Cells, currency: string) {
  const has = (field: PartColumn) => cell(field) !== undefined && cell(field)!.trim() !== '';
  return {
    partNumber: text(cell('partNumber')) ?? '',
    name: text(cell('name')) ?? '',
    ...(has('brand') ? { brand: text(cell('brand')) } : {}),
    ...(has('category') ? { category: text(cell('category')) } : {}),
    ...(has('barcode') ? { barcode: text(cell('barcode')) } : {}),
    ...(has('unit') ? { unit: unitOf(cell('unit')) } : {}),
    ...(has('cost') ? { costCents: minorUnits(cell('cost'), currency) } : {}),
    ...(has('price') ? { priceCents: minorUnits(cell('price'), currency) } : {}),
    ...(has('binLocation') ? { binLocation: text(cell('binLocation')) } : {}),
    ...(has('reorderPoint') ? { reorderPoint: decimal(cell('reorderPoint')) } : {}),
    ...(has('reorderQuantity') ? { reorderQuantity: decimal(cell('reorderQuantity')) } : {}),
    ...(has('notes') ? { notes: text(cell('notes')) } : {}),
  };
}

/** The schema's field names back to the import's column names (costCents is the "cost" column). */
const PART_FIELD_COLUMN: Record<string, PartColumn> = { costCents: 'cost', priceCents: 'price' };

interface ValidPart {
  row: number;
  input: z.output<typeof partInputSchema>;
  /** Which fields the file gave: an update changes only those. */
  given: Set<string>;
  supplierName: string | null | undefined;
  onHandMilli: number | undefined;
}
interface ValidSupplier {
  row: number;
  input: z.output<typeof supplierInputSchema>;
  given: Set<string>;
}

/**
 * Reads an uploaded CSV or XLSX and checks or imports its rows. The upload is written to a temporary file
 * (the XLSX reader needs one), turned into row lines, and both are removed whatever happens.
 */
export async function importCatalogue(
  db: Db,
  dataDir: string,
  actorId: string,
  kind: CatalogueImportKind,
  mode: CatalogueImportMode,
  upload: { fileName: string; stream: Readable; truncated: () => boolean },
): Promise<CatalogueImportResult> {
  const id = randomUUID();
  const dir = path.join(dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  const uploadPath = path.join(dir, `${id}.catalogue-upload`);
  const rowsPath = path.join(dir, `${id}.catalogue-rows`);
  try {
    await pipeline(upload.stream, createWriteStream(uploadPath, { flags: 'wx' }));
    if (upload.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', 'import.fileTooLarge', { params: IMPORT_LIMIT_PARAMS, field: 'file' });
    const format = await sniffFormat(uploadPath, upload.fileName);
    if (format !== 'csv' && format !== 'xlsx') throw refused('fileType');
    try {
      await tableToRowLines(format, uploadPath, rowsPath);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refused('fileType');
    }
    const rows: string[][] = [];
    for await (const row of readTableRows(async () => createReadStream(rowsPath))) rows.push(row);
    const [headerRow, ...dataRows] = rows;
    if (!headerRow) throw refused('noHeader');
    const headers = headerNames(headerRow);
    return kind === 'parts' ? await importParts(db, actorId, mode, headers, dataRows) : await importSuppliers(db, mode, headers, dataRows);
  } finally {
    await Promise.all([rm(uploadPath, { force: true }), rm(rowsPath, { force: true })]);
  }
}

function emptyResult(kind: CatalogueImportKind, mode: CatalogueImportMode, rows: number): CatalogueImportResult {
  return { kind, mode, rows, validRows: 0, invalidRows: 0, created: 0, updated: 0, stockMovements: 0, suppliersCreated: 0, errors: [] };
}

/** Zod issues of a row as row errors, each naming the file's column of its field. */
function issuesToErrors(
  row: number,
  issues: readonly z.core.$ZodIssue[],
  columnOf: (field: string) => string | null,
  fieldOf: (schemaField: string) => string,
): ImportRowError[] {
  return issues.map((issue) => {
    const field = fieldOf(String(issue.path[0] ?? ''));
    return rowError(row, field, columnOf(field), issue.message);
  });
}

async function importParts(
  db: Db,
  actorId: string,
  mode: CatalogueImportMode,
  headers: string[],
  dataRows: string[][],
): Promise<CatalogueImportResult> {
  const result = emptyResult('parts', mode, dataRows.length);
  const mapping = mapHeaders(headers, PART_COLUMNS);
  const columnOf = (field: string) => {
    const index = mapping[field as PartColumn];
    return index === undefined ? null : (headers[index] ?? null);
  };
  const currency = await shopCurrency(db);
  const valid: ValidPart[] = [];
  const seen = new Map<string, number>();
  const errors: ImportRowError[] = [];
  for (const [index, cells] of dataRows.entries()) {
    const row = index + 2;
    if (cells.every((value) => value.trim() === '')) continue;
    const cell: Cells = (field) => {
      const at = mapping[field as PartColumn];
      return at === undefined ? undefined : cells[at];
    };
    const candidate = partCandidate(cell, currency);
    const rowErrors: ImportRowError[] = [];
    const parsed = partInputSchema.safeParse(candidate);
    if (!parsed.success)
      rowErrors.push(...issuesToErrors(row, parsed.error.issues, columnOf, (field) => PART_FIELD_COLUMN[field] ?? field));
    const onHandText = cell('onHand');
    let onHandMilli: number | undefined;
    if (onHandText !== undefined && onHandText.trim() !== '') {
      const onHand = decimal(onHandText);
      if (onHand === null || Number.isNaN(onHand))
        rowErrors.push(rowError(row, 'onHand', columnOf('onHand'), msg('number', { fieldName: 'onHand' })));
      else if (onHand < 0)
        rowErrors.push(rowError(row, 'onHand', columnOf('onHand'), msg('minValue', { fieldName: 'onHand', minValue: 0 })));
      else onHandMilli = toMilli(onHand);
    }
    // A quantity finer than the unit allows (2.5 pieces) is refused as the forms refuse it.
    if (parsed.success) {
      const step = 10 ** (3 - UNIT_DECIMALS[parsed.data.unit]);
      const quantities: [string, number | null | undefined][] = [
        ['onHand', onHandMilli],
        ['reorderPoint', parsed.data.reorderPoint == null ? null : toMilli(parsed.data.reorderPoint)],
        ['reorderQuantity', parsed.data.reorderQuantity == null ? null : toMilli(parsed.data.reorderQuantity)],
      ];
      for (const [field, milli] of quantities)
        if (milli != null && milli % step !== 0) rowErrors.push(rowError(row, field, columnOf(field), msg('format', { fieldName: field })));
    }
    const key = candidate.partNumber.toLowerCase();
    if (parsed.success && seen.has(key))
      rowErrors.push(rowError(row, 'partNumber', columnOf('partNumber'), msg('invalid', { fieldName: 'partNumber' })));
    if (rowErrors.length > 0 || !parsed.success) {
      result.invalidRows++;
      errors.push(...rowErrors);
      continue;
    }
    seen.set(key, row);
    const supplierCell = cell('supplier');
    valid.push({
      row,
      input: parsed.data,
      given: new Set(Object.keys(candidate)),
      supplierName: supplierCell === undefined ? undefined : supplierCell.trim() || null,
      onHandMilli,
    });
  }
  // A barcode is unique: refused when another part (or an earlier row of the file) has it, as the form does.
  const barcodes = valid.flatMap((part) => (part.input.barcode ? [part.input.barcode] : []));
  const owners = new Map(
    (await db.part.findMany({ where: { barcode: { in: barcodes } }, select: { barcode: true, partNumber: true } })).map((part) => [
      part.barcode as string,
      part.partNumber,
    ]),
  );
  const writable = valid.filter((part) => {
    const barcode = part.input.barcode;
    if (!barcode) return true;
    const owner = owners.get(barcode);
    if (owner === undefined || owner === part.input.partNumber) {
      owners.set(barcode, part.input.partNumber);
      return true;
    }
    result.invalidRows++;
    errors.push(rowError(part.row, 'barcode', columnOf('barcode'), 'inventory.barcodeTaken'));
    return false;
  });
  errors.sort((a, b) => a.row - b.row);
  result.validRows = writable.length;
  result.errors = errors.slice(0, MAX_ERRORS);
  if (mode === 'check' || writable.length === 0) return result;

  for (let start = 0; start < writable.length; start += IMPORT_LIMITS.batchRows) {
    const batch = writable.slice(start, start + IMPORT_LIMITS.batchRows);
    await db.$transaction(
      async (tx) => {
        for (const part of batch) {
          const supplierId =
            part.supplierName === undefined
              ? undefined
              : part.supplierName === null
                ? null
                : await supplierIdByName(tx, part.supplierName, result);
          const data = partData(part);
          const existing = await tx.part.findUnique({ where: { partNumber: part.input.partNumber }, select: { id: true } });
          const id = existing
            ? (await tx.part.update({ where: { id: existing.id }, data: { ...data, ...(supplierId !== undefined ? { supplierId } : {}) } }))
                .id
            : (
                await tx.part.create({
                  data: { partNumber: part.input.partNumber, name: part.input.name, ...data, supplierId: supplierId ?? null },
                })
              ).id;
          if (existing) result.updated++;
          else result.created++;
          if (part.onHandMilli !== undefined) {
            // The opening stock: a count through the stock core (lock, movement, then waiting backorders).
            const locked = await lockPart(tx, id);
            if (locked.onHandMilli !== part.onHandMilli) {
              await recordMovement(tx, locked, {
                kind: 'COUNTED',
                quantityMilli: part.onHandMilli - locked.onHandMilli,
                reason: 'opening stock',
                userId: actorId,
              });
              await allocateBackorders(tx, locked);
              result.stockMovements++;
            }
          }
        }
      },
      { timeout: 60_000 },
    );
  }
  return result;
}

/** The part columns a row gave (an update leaves the others as they are). */
function partData(part: ValidPart) {
  const { input, given } = part;
  const data: Record<string, unknown> = {};
  if (given.has('name')) data.name = input.name;
  if (given.has('brand')) data.brand = input.brand ?? null;
  if (given.has('category')) data.category = input.category ?? null;
  if (given.has('barcode')) data.barcode = input.barcode ?? null;
  if (given.has('unit')) data.unit = input.unit;
  if (given.has('costCents')) data.costCents = input.costCents;
  if (given.has('priceCents')) data.priceCents = input.priceCents ?? null;
  if (given.has('binLocation')) data.binLocation = input.binLocation ?? null;
  if (given.has('reorderPoint')) data.reorderPointMilli = input.reorderPoint == null ? null : toMilli(input.reorderPoint);
  if (given.has('reorderQuantity')) data.reorderQuantityMilli = input.reorderQuantity == null ? null : toMilli(input.reorderQuantity);
  if (given.has('notes')) data.notes = input.notes ?? null;
  return data;
}

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** A supplier named by a part row: the live one of that name (without case), else a new one. */
async function supplierIdByName(tx: Tx, name: string, result: CatalogueImportResult): Promise<string> {
  const found = await tx.supplier.findFirst({
    where: { name: { equals: name, mode: 'insensitive' } },
    orderBy: [{ archivedAt: { sort: 'asc', nulls: 'first' } }, { createdAt: 'asc' }],
    select: { id: true },
  });
  if (found) return found.id;
  result.suppliersCreated++;
  return (await tx.supplier.create({ data: { name: name.slice(0, 120) }, select: { id: true } })).id;
}

async function importSuppliers(db: Db, mode: CatalogueImportMode, headers: string[], dataRows: string[][]): Promise<CatalogueImportResult> {
  const result = emptyResult('suppliers', mode, dataRows.length);
  const mapping = mapHeaders(headers, SUPPLIER_COLUMNS);
  const columnOf = (field: string) => {
    const index = mapping[field as SupplierColumn];
    return index === undefined ? null : (headers[index] ?? null);
  };
  const valid: ValidSupplier[] = [];
  const seen = new Set<string>();
  const errors: ImportRowError[] = [];
  for (const [index, cells] of dataRows.entries()) {
    const row = index + 2;
    if (cells.every((value) => value.trim() === '')) continue;
    const candidate: Record<string, unknown> = {};
    for (const field of Object.keys(SUPPLIER_COLUMNS) as SupplierColumn[]) {
      const at = mapping[field];
      const value = at === undefined ? undefined : cells[at]?.trim();
      if (field === 'name') candidate.name = value ?? '';
      else if (value) candidate[field] = field === 'leadTimeDays' ? (decimal(value) ?? undefined) : value;
    }
    const parsed = supplierInputSchema.safeParse(candidate);
    const key = String(candidate.name).toLowerCase();
    if (!parsed.success) {
      result.invalidRows++;
      errors.push(...issuesToErrors(row, parsed.error.issues, columnOf, (field) => field));
      continue;
    }
    if (seen.has(key)) {
      result.invalidRows++;
      errors.push(rowError(row, 'name', columnOf('name'), msg('invalid', { fieldName: 'name' })));
      continue;
    }
    seen.add(key);
    valid.push({ row, input: parsed.data, given: new Set(Object.keys(candidate)) });
  }
  result.validRows = valid.length;
  result.errors = errors.slice(0, MAX_ERRORS);
  if (mode === 'check' || valid.length === 0) return result;
  for (let start = 0; start < valid.length; start += IMPORT_LIMITS.batchRows) {
    const batch = valid.slice(start, start + IMPORT_LIMITS.batchRows);
    await db.$transaction(async (tx) => {
      for (const supplier of batch) {
        const data: Record<string, unknown> = { name: supplier.input.name };
        for (const field of ['contactName', 'email', 'phone', 'accountNumber', 'leadTimeDays', 'notes'] as const)
          if (supplier.given.has(field)) data[field] = supplier.input[field] ?? null;
        const existing = await tx.supplier.findFirst({
          where: { name: { equals: supplier.input.name, mode: 'insensitive' } },
          orderBy: [{ archivedAt: { sort: 'asc', nulls: 'first' } }, { createdAt: 'asc' }],
          select: { id: true },
        });
        if (existing) {
          await tx.supplier.update({ where: { id: existing.id }, data });
          result.updated++;
        } else {
          await tx.supplier.create({ data: data as { name: string } });
          result.created++;
        }
      }
    });
  }
  return result;
}
