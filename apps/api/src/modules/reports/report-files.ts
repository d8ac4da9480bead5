// The download formats of a report, each written from the same definition (packages/shared reports.ts)
// and the same stream of parts (reports.service.ts reportParts), one batch of rows at a time.
// CSV and XLSX keep values typed for a spreadsheet: numbers as numbers, money in the currency's units
// (minor units ÷ 1, 100 or 1000, with the currency's 0, 2 or 3 decimals: @garage/shared money.ts) under a
// header naming the currency, dates as dates ("YYYY-MM-DD" in CSV, date cells in
// XLSX). Only the headers and the enum words follow the language.
import { on } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { MessageChannel, Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import {
  REPORTS,
  REPORT_TEXT,
  currencyDecimals,
  formatMinorPlain,
  minorToMajor,
  type ReportColumn,
  type ReportTotal,
} from '@garage/shared';
import { csvCell } from '../data-transfer/export.service.ts';
import type { ReportContext, ReportPart } from './reports.service.ts';

const header = (column: ReportColumn | ReportTotal, context: ReportContext) =>
  column.type === 'money' ? `${column.label[context.lang]} (${context.currency})` : column.label[context.lang];

/** Money cells in the currency's units (12345 fils → 12.345 KWD). */
const units = (minor: number, currency: string) => minorToMajor(Math.round(minor), currency);

function csvValue(value: unknown, type: ReportColumn['type'], currency: string): string {
  if (value === null || value === undefined) return '';
  if (type === 'money') return csvCell(formatMinorPlain(Math.round(Number(value)), currency));
  return csvCell(value);
}

/** Closes the row source: its finally ends the cursor's transaction (and drops a broken connection itself). */
async function closeSource(source: AsyncIterator<ReportPart>): Promise<void> {
  await Promise.resolve(source.return?.()).catch(() => {});
}

/**
 * CSV (UTF-8 with a byte-order mark so spreadsheet programs read Arabic right; formulas neutralised by
 * csvCell). Readable.from asks for the next chunk only while the response is taking them (a few chunks
 * ahead), so rows are read from the source at the client's pace. When the file stream closes (finished,
 * failed or abandoned, even before its first row) the source is closed, which ends the cursor's transaction.
 */
export function reportCsv(context: ReportContext, parts: AsyncIterable<ReportPart>): Readable {
  const columns = REPORTS[context.kind].columns;
  const source = parts[Symbol.asyncIterator]();
  const file = Readable.from(
    (async function* () {
      yield '\uFEFF' + columns.map((column) => csvCell(header(column, context))).join(',') + '\r\n';
      for (let next = await source.next(); !next.done; next = await source.next()) {
        const part = next.value;
        if (!('rows' in part)) continue;
        let chunk = '';
        for (const row of part.rows)
          chunk += columns.map((column) => csvValue(row[column.key], column.type, context.currency)).join(',') + '\r\n';
        yield chunk;
      }
    })(),
  );
  file.once('close', () => void closeSource(source));
  return file;
}

/** A "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM" local day or hour as a date cell (written as UTC so Excel shows it unchanged). */
const dateCell = (value: string) => new Date(value.length > 10 ? `${value}:00Z` : `${value}T00:00:00Z`);

function xlsxValue(value: unknown, type: ReportColumn['type'], currency: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (type === 'money') return units(Number(value), currency);
  if (type === 'date') return dateCell(String(value));
  return value as ExcelJS.CellValue;
}

const NUMBER_FORMATS: Partial<Record<Exclude<ReportColumn['type'], 'money'>, string>> = {
  integer: '0',
  // A quantity keeps its decimals (2.5 litres): Excel's General format.
  percent: '0.0',
  date: 'yyyy-mm-dd',
};

/** A column's cell format; money shows the currency's own decimals ("#,##0.000" for KWD, "#,##0" for JPY). */
function numberFormat(type: ReportColumn['type'], currency: string): string | undefined {
  if (type !== 'money') return NUMBER_FORMATS[type];
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

/** The XLSX writer's thread: plain JavaScript, loaded from the sources (the bundle keeps this file's URL). */
const XLSX_WRITER = new URL('./xlsx-writer.worker.mjs', import.meta.url);

/**
 * The writer thread's heap. The small young generation is the point: exceljs's garbage (cell XML, zip
 * buffers) dies in frequent cheap scavenges, and the small old generation is collected early; on the main
 * thread, with the server's default heap, a year's export left up to ~100 MB of garbage and zip buffers
 * behind until the next full GC (the server's peak 214-274 MB, 2 s after 256 MB; in the worker: 211-214,
 * then back to ~188; docs/performance.md). The old generation also caps what one export may hold (exceljs
 * loaded and a batch of rows take ~15 MB): a writer past it is stopped, its download fails, the server goes on.
 */
const XLSX_WRITER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 };

/** What the writer thread puts on the sheet (xlsx-writer.worker.mjs: XlsxSheet, XlsxEnd). */
interface XlsxSheet {
  creator: string;
  name: string;
  rightToLeft: boolean;
  columns: { width: number; numFmt?: string }[];
  header: string[];
}
interface XlsxEnd {
  title: string;
  rows: { label: string; value: number; numFmt: string }[];
}

/**
 * XLSX through exceljs's streaming writer, in a worker thread of its own (xlsx-writer.worker.mjs, which
 * describes the protocol) so that its garbage stays out of the server's heap. This side reads the rows,
 * converts them to cell values and posts one batch at a time; it posts the next only when the writer
 * answers that the previous one went through the zip, and it acknowledges the file's bytes only once the
 * download took them: so rows are read at the client's pace and memory stays flat whatever the row count.
 * The writer is terminated when the file ends, fails or is abandoned; the row source is always closed.
 * Sheet 1: a header row and the rows; after a blank row, the totals as label/value pairs.
 */
export function reportXlsx(context: ReportContext, parts: AsyncIterable<ReportPart>, onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const { columns, totals: totalColumns } = REPORTS[context.kind];
  const source = parts[Symbol.asyncIterator]();
  const sheet: XlsxSheet = {
    creator: context.shopName,
    name: context.title.slice(0, 31),
    rightToLeft: context.lang === 'ar',
    columns: columns.map((column) => ({ width: column.type === 'text' ? 28 : 16, numFmt: numberFormat(column.type, context.currency) })),
    header: columns.map((column) => header(column, context)),
  };
  const bytes = new MessageChannel();
  const writer = new Worker(XLSX_WRITER, {
    workerData: { sheet, bytes: bytes.port2 },
    transferList: [bytes.port2],
    resourceLimits: XLSX_WRITER_LIMITS,
  });
  bytes.port1.on('message', (chunk: ArrayBuffer) => {
    if (output.destroyed) return;
    const ack = () => bytes.port1.postMessage('ack');
    if (output.write(Buffer.from(chunk))) ack();
    else output.once('drain', ack);
  });
  // The writer's answers in order; the iteration throws the writer's error, and ends when it stopped.
  const answers = on(writer, 'message', { close: ['exit'] });
  const answer = async (expected: 'next' | 'done') => {
    const next = await answers.next();
    if (next.done) throw new Error('The XLSX writer stopped');
    const { type } = (next.value as [{ type: string }])[0];
    if (type !== expected) throw new Error(`The XLSX writer answered ${type} instead of ${expected}`);
  };
  const stop = () => {
    bytes.port1.close();
    void writer.terminate();
  };
  // The download was abandoned (or has ended): the writer stops, and a wait for its answer ends with it.
  output.once('close', stop);
  void (async () => {
    let totals: Record<string, number> = {};
    let [next] = await Promise.all([source.next(), answer('next')]);
    while (!next.done) {
      const part = next.value;
      if ('rows' in part) {
        writer.postMessage({
          rows: part.rows.map((row) => columns.map((column) => xlsxValue(row[column.key], column.type, context.currency))),
        });
        // The next batch is read from the database while the writer writes this one.
        [next] = await Promise.all([source.next(), answer('next')]);
        continue;
      }
      if ('totals' in part) totals = part.totals;
      next = await source.next();
    }
    const end: XlsxEnd = {
      title: REPORT_TEXT.totals[context.lang],
      rows: totalColumns.map((total) => ({
        label: header(total, context),
        value: total.type === 'money' ? units(totals[total.key] ?? 0, context.currency) : (totals[total.key] ?? 0),
        numFmt: numberFormat(total.type, context.currency) ?? '0',
      })),
    };
    writer.postMessage({ end });
    await answer('done');
    output.end();
  })()
    .catch((error: unknown) => {
      // An abandoned download is not a failure: its writer was stopped on purpose.
      if (output.destroyed) return;
      onError(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    // Whatever happened (finished, abandoned, failed before the first row): the cursor's transaction ends.
    .finally(() => {
      stop();
      return closeSource(source);
    });
  return output;
}
