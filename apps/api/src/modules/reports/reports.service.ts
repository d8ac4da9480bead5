// The ten staff reports: one definition each in packages/shared (columns, totals, filters), one source each
// in report-sources.ts, and this service feeding the preview and every download format from them.
//
// Downloads stream: the rows of a shop report come from a server-side cursor (DECLARE ... FETCH, in
// batches of REPORT_LIMITS.batchRows) inside one REPEATABLE READ READ ONLY transaction, so memory stays
// flat whatever the period, PostgreSQL sorts once (no keyset query per page), and the totals computed after
// the last row see the same snapshot as the rows. The transaction ends (and the connection goes back to the
// pool) when the last batch is read or when the download is abandoned (the generator's finally).
import { AppError } from '../../lib/errors.ts';
import {
  REPORT_LIMITS,
  REPORTS,
  addDays,
  reportValueLabel,
  startOfDayIn,
  type Language,
  type ReportFilters,
  type ReportKind,
  type ReportPreview,
  type ReportRow,
} from '@garage/shared';
import type { Db } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { REPORT_SOURCES, type SqlSource } from './report-sources.ts';

/** Everything a format needs besides the rows: the definition in the asked language and the shop's settings. */
export interface ReportContext {
  kind: ReportKind;
  lang: Language;
  title: string;
  shopName: string;
  currency: string;
  timeZone: string;
  from: string | null;
  to: string | null;
  subject: string | null;
  filters: ReportFilters;
}

/** Batches of rows, then `truncated` when a row limit stopped the reading early, then the totals (of every row). */
export type ReportPart = { rows: ReportRow[] } | { truncated: true } | { totals: Record<string, number> };

async function subjectOf(db: Db, filters: ReportFilters): Promise<string | null> {
  if (filters.vehicleId) {
    const vehicle = await db.vehicle.findUnique({
      where: { id: filters.vehicleId },
      select: { plateNumber: true, brand: true, model: true, owner: { select: { firstName: true, lastName: true } } },
    });
    if (!vehicle) throw new AppError('NOT_FOUND', 'notFound');
    return `${vehicle.plateNumber} · ${vehicle.brand} ${vehicle.model} · ${vehicle.owner.firstName} ${vehicle.owner.lastName}`;
  }
  if (filters.customerId) {
    const customer = await db.user.findFirst({
      where: { id: filters.customerId, role: 'CLIENT' },
      select: { firstName: true, lastName: true },
    });
    if (!customer) throw new AppError('NOT_FOUND', 'notFound');
    return `${customer.firstName} ${customer.lastName}`;
  }
  return null;
}

/** Who asks: the parts reports show costs and margins, so they are for admins only (403 for other staff). */
export interface ReportReader {
  isAdmin: boolean;
}

/**
 * Resolves the report's context; a customer or vehicle that does not exist is a 404, an admin-only report
 * asked by other staff a 403. Filters a report does not take are dropped.
 */
export async function reportContext(db: Db, kind: ReportKind, input: ReportFilters, reader: ReportReader): Promise<ReportContext> {
  const definition = REPORTS[kind];
  if (definition.adminOnly && !reader.isAdmin) throw new AppError('FORBIDDEN', 'forbidden');
  const filters: ReportFilters = {
    lang: input.lang,
    from: definition.filters.includes('period') ? input.from : undefined,
    to: definition.filters.includes('period') ? input.to : undefined,
    customerId: definition.filters.includes('customer') ? input.customerId : undefined,
    vehicleId: definition.filters.includes('vehicle') ? input.vehicleId : undefined,
    days: definition.filters.includes('days') ? (input.days ?? REPORT_LIMITS.slowMoverDefaultDays) : undefined,
  };
  const [merchant, subject] = await Promise.all([
    db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { displayName: true, currency: true, timezone: true } }),
    subjectOf(db, filters),
  ]);
  return {
    kind,
    lang: filters.lang,
    title: definition.title[filters.lang],
    shopName: merchant?.displayName ?? '',
    currency: merchant?.currency ?? 'USD',
    timeZone: merchant?.timezone ?? 'UTC',
    from: filters.from ?? null,
    to: filters.to ?? null,
    subject,
    filters,
  };
}

/** $1..$5 of the shop statements (report-sources.ts), and $6 (days) for the one report that takes it. */
function parameters(context: ReportContext): unknown[] {
  const { from, to, timeZone, filters } = context;
  const values: unknown[] = [
    from ? startOfDayIn(from, timeZone).toISOString() : null,
    to ? startOfDayIn(addDays(to, 1), timeZone).toISOString() : null,
    timeZone,
    filters.customerId ?? null,
    filters.vehicleId ?? null,
  ];
  if (REPORTS[context.kind].filters.includes('days')) values.push(filters.days);
  return values;
}

/** Enum codes become words in the asked language (also the payment method car files put in `description`). */
function localize(kind: ReportKind, lang: Language, rows: ReportRow[]): ReportRow[] {
  const enumKeys = REPORTS[kind].columns.filter((column) => column.type === 'enum').map((column) => column.key);
  for (const row of rows) {
    if (kind === 'car-files' && (row.entry === 'PAYMENT' || row.entry === 'REFUND') && typeof row.description === 'string') {
      row.description = reportValueLabel(row.description, lang);
    }
    for (const key of enumKeys) if (typeof row[key] === 'string') row[key] = reportValueLabel(row[key], lang);
  }
  return rows;
}

function totalsOf(row: Record<string, unknown> | undefined, kind: ReportKind): Record<string, number> {
  return Object.fromEntries(REPORTS[kind].totals.map((total) => [total.key, Number(row?.[total.key] ?? 0)]));
}

const rowsStatement = (source: SqlSource) => `${source.select} ORDER BY ${source.order}`;
const totalsStatement = (source: SqlSource) => `SELECT ${source.totals} FROM (${source.select}) r`;

/** The rows of a report then its totals, a batch at a time (see the header for the shop reports' cursor). */
export async function* reportParts(db: Db, context: ReportContext, options: { maxRows?: number } = {}): AsyncGenerator<ReportPart> {
  const maxRows = options.maxRows ?? Infinity;
  const source = REPORT_SOURCES[context.kind];
  if (source.kind === 'analytics') {
    const { rows, totals } = await source.read(db, { startDate: context.from!, endDate: context.to! });
    yield { rows: localize(context.kind, context.lang, rows.slice(0, maxRows)) };
    if (rows.length > maxRows) yield { truncated: true };
    yield { totals: totalsOf(totals, context.kind) };
    return;
  }
  const values = parameters(context);
  const client = await poolOf(db).connect();
  let done = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query({ text: `DECLARE report_rows NO SCROLL CURSOR FOR ${rowsStatement(source)}`, values });
    for (let read = 0; ; ) {
      if (read >= maxRows) {
        // One row past the limit tells whether anything was left out.
        const { rows } = await client.query(`FETCH 1 FROM report_rows`);
        if (rows.length > 0) yield { truncated: true };
        break;
      }
      const batch = Math.min(REPORT_LIMITS.batchRows, maxRows - read);
      // The rows moved out of node-postgres's result array (splice empties it). Left in it, nearly every
      // row survived V8's young-generation collections and was promoted to old space (the array is held
      // from node-postgres objects that only a full GC finds dead): ~25-35 MB of garbage per 100,000 rows,
      // piling up across exports until the next full GC. Moved out, they die young (a year's repair
      // report: server peak during CSV downloads 185-293 -> 176-183 MB, docs/performance.md).
      const rows = (await client.query<ReportRow>(`FETCH ${batch} FROM report_rows`)).rows.splice(0);
      read += rows.length;
      if (rows.length > 0) yield { rows: localize(context.kind, context.lang, rows) };
      if (rows.length < batch) break;
    }
    const { rows } = await client.query({ text: totalsStatement(source), values });
    await client.query('COMMIT');
    done = true;
    yield { totals: totalsOf(rows[0], context.kind) };
  } finally {
    if (done) client.release();
    else {
      // Abandoned midway (the client went away) or failed: end the transaction; a broken connection is dropped.
      const failure = await client.query('ROLLBACK').then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      client.release(failure);
    }
  }
}

/**
 * The parts with the first one read now (so a failure surfaces as an error answer before any byte is
 * sent), then all of them. Not a generator function: return() on a generator that has not started yet
 * skips its `finally`, and here it must always reach the source, whose finally ends the cursor's
 * transaction, even when a download is abandoned before its writer asked for the first part.
 */
export async function primed(parts: AsyncGenerator<ReportPart>): Promise<AsyncIterableIterator<ReportPart>> {
  let first: IteratorResult<ReportPart> | null = await parts.next();
  const iterator: AsyncIterableIterator<ReportPart> = {
    next: () => {
      const result = first ?? parts.next();
      first = null;
      return Promise.resolve(result);
    },
    return: (value?: unknown) => {
      first = null;
      return parts.return(value);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/** The report's first rows and its totals, with the columns in the asked language (tRPC reports.preview, format=json). */
export async function previewReport(db: Db, kind: ReportKind, filters: ReportFilters, reader: ReportReader): Promise<ReportPreview> {
  const context = await reportContext(db, kind, filters, reader);
  const source = REPORT_SOURCES[kind];
  let rows: ReportRow[];
  let totals: Record<string, number>;
  let truncated = false;
  if (source.kind === 'analytics') {
    const found = await source.read(db, { startDate: context.from!, endDate: context.to! });
    truncated = found.rows.length > REPORT_LIMITS.previewRows;
    rows = found.rows.slice(0, REPORT_LIMITS.previewRows);
    totals = totalsOf(found.totals, kind);
  } else {
    const values = parameters(context);
    const pool = poolOf(db);
    const [page, sums] = await Promise.all([
      pool.query<ReportRow>({ text: `${rowsStatement(source)} LIMIT ${REPORT_LIMITS.previewRows + 1}`, values }),
      pool.query({ text: totalsStatement(source), values }),
    ]);
    truncated = page.rows.length > REPORT_LIMITS.previewRows;
    rows = page.rows.slice(0, REPORT_LIMITS.previewRows);
    totals = totalsOf(sums.rows[0], kind);
  }
  return toPreview(context, localize(kind, context.lang, rows), totals, truncated);
}

export function toPreview(context: ReportContext, rows: ReportRow[], totals: Record<string, number>, truncated: boolean): ReportPreview {
  const definition = REPORTS[context.kind];
  const { lang } = context;
  return {
    report: context.kind,
    title: context.title,
    currency: context.currency,
    timeZone: context.timeZone,
    from: context.from,
    to: context.to,
    subject: context.subject,
    columns: definition.columns.map((column) => ({ key: column.key, type: column.type, label: column.label[lang] })),
    rows,
    truncated,
    totals: definition.totals.map((total) => ({
      key: total.key,
      type: total.type,
      label: total.label[lang],
      value: totals[total.key] ?? 0,
    })),
  };
}

/** "repair-report-2026-01-01-2026-12-31.xlsx": the report, its period, the format. */
export function reportFileName(context: ReportContext, extension: string): string {
  const period = context.from || context.to ? `-${context.from ?? 'start'}-${context.to ?? 'today'}` : '';
  return `${context.kind}-report${period}.${extension}`;
}
