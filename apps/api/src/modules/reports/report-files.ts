// The download formats of a report, each written from the same definition (packages/shared reports.ts)
// and the same stream of parts (reports.service.ts reportParts), one batch of rows at a time.
// CSV and XLSX keep values typed for a spreadsheet: numbers as numbers, money in the currency's units
// (cents / 100) under a header naming the currency, dates as dates ("YYYY-MM-DD" in CSV, date cells in
// XLSX). Only the headers and the enum words follow the language.
import { PassThrough, Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { REPORTS, REPORT_TEXT, type ReportColumn, type ReportTotal } from '@garage/shared';
import { csvCell } from '../data-transfer/export.service.ts';
import type { ReportContext, ReportPart } from './reports.service.ts';

const header = (column: ReportColumn | ReportTotal, context: ReportContext) =>
  column.type === 'money' ? `${column.label[context.lang]} (${context.currency})` : column.label[context.lang];

/** Money cells in the currency's units, two decimals. */
const units = (cents: number) => Math.round(cents) / 100;

function csvValue(value: unknown, type: ReportColumn['type']): string {
  if (value === null || value === undefined) return '';
  if (type === 'money') return csvCell(units(Number(value)).toFixed(2));
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
        for (const row of part.rows) chunk += columns.map((column) => csvValue(row[column.key], column.type)).join(',') + '\r\n';
        yield chunk;
      }
    })(),
  );
  file.once('close', () => void closeSource(source));
  return file;
}

/** A "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM" local day or hour as a date cell (written as UTC so Excel shows it unchanged). */
const dateCell = (value: string) => new Date(value.length > 10 ? `${value}:00Z` : `${value}T00:00:00Z`);

function xlsxValue(value: unknown, type: ReportColumn['type']): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (type === 'money') return units(Number(value));
  if (type === 'date') return dateCell(String(value));
  return value as ExcelJS.CellValue;
}

const NUMBER_FORMATS: Partial<Record<ReportColumn['type'], string>> = { money: '#,##0.00', integer: '0', percent: '0.0', date: 'yyyy-mm-dd' };

/** A writable from Node or from the readable-stream package (exceljs's zip uses its v2 streams, without writableNeedDrain). */
type AnyWritable = Writable & { _writableState?: { needDrain?: boolean } };

/** Resolves once `stream` has written out what it buffered, or when `output` (the download) is gone. */
function drained(stream: AnyWritable, output: PassThrough): Promise<void> {
  const needsDrain = stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
  if (!needsDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      output.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    output.on('close', done);
  });
}

/**
 * Waits until the zip has taken the rows written so far. exceljs's worksheet stream hands its data to the
 * zip without looking at write()'s answer, so when compressing or the download is slower than reading
 * rows, the zip's input would grow without bound (~90 MB for a year's report, bench/reports.ts): we wait
 * for that input to drain as well as for the file stream's own buffer.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, output: PassThrough): Promise<void> {
  // Internal to exceljs 4.4 (pinned): the sheet's StreamBuf and the zip entry it is piped into.
  const sheetStream = (sheet as unknown as { stream?: { pipes?: AnyWritable[] } }).stream;
  for (const zipEntry of sheetStream?.pipes ?? []) await drained(zipEntry, output);
  await drained(output, output);
}

/**
 * XLSX through exceljs's streaming writer: each row is committed (written to the zip stream and forgotten)
 * as it arrives, strings inline (no shared-strings table held until the end); between batches we wait
 * until the zip and the response have taken the previous rows (zipCaughtUp), so memory stays flat
 * whatever the row count. exceljs (~25 MB once loaded) is loaded with the first XLSX, not at start.
 * Sheet 1: a header row and the rows; after a blank row, the totals as label/value pairs.
 */
export function reportXlsx(context: ReportContext, parts: AsyncIterable<ReportPart>, onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const columns = REPORTS[context.kind].columns;
  const source = parts[Symbol.asyncIterator]();
  void (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    workbook.creator = context.shopName;
    const sheet = workbook.addWorksheet(context.title.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1, rightToLeft: context.lang === 'ar' }],
    });
    sheet.columns = columns.map((column) => ({
      key: column.key,
      width: column.type === 'text' ? 28 : 16,
      style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type]! } : {},
    }));
    const head = sheet.addRow(columns.map((column) => header(column, context)));
    head.font = { bold: true };
    head.commit();
    let totals: Record<string, number> = {};
    for (let next = await source.next(); !next.done; next = await source.next()) {
      const part = next.value;
      if (!('rows' in part)) {
        if ('totals' in part) totals = part.totals;
        continue;
      }
      for (const row of part.rows) sheet.addRow(columns.map((column) => xlsxValue(row[column.key], column.type))).commit();
      await zipCaughtUp(sheet, output);
      // The download was abandoned: stop reading (the finally below closes the source).
      if (output.destroyed) return;
    }
    sheet.addRow([]).commit();
    const title = sheet.addRow([REPORT_TEXT.totals[context.lang]]);
    title.font = { bold: true };
    title.commit();
    for (const total of REPORTS[context.kind].totals) {
      const row = sheet.addRow([header(total, context), total.type === 'money' ? units(totals[total.key] ?? 0) : (totals[total.key] ?? 0)]);
      row.getCell(2).numFmt = NUMBER_FORMATS[total.type] ?? '0';
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })()
    .catch((error: unknown) => {
      onError(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    // Whatever happened (finished, abandoned, failed before the first row): the cursor's transaction ends.
    .finally(() => closeSource(source));
  return output;
}
