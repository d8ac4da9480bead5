// The download formats of a report, each written from the same definition (packages/shared reports.ts)
// and the same stream of parts (reports.service.ts reportParts), one batch of rows at a time.
// CSV and XLSX keep values typed for a spreadsheet: numbers as numbers, money in the currency's units
// (cents / 100) under a header naming the currency, dates as dates ("YYYY-MM-DD" in CSV, date cells in
// XLSX). Only the headers and the enum words follow the language.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
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

/** CSV (UTF-8 with a byte-order mark so spreadsheet programs read Arabic right; formulas neutralised by csvCell). */
export function reportCsv(context: ReportContext, parts: AsyncIterable<ReportPart>): Readable {
  const columns = REPORTS[context.kind].columns;
  return Readable.from(
    (async function* () {
      yield '\uFEFF' + columns.map((column) => csvCell(header(column, context))).join(',') + '\r\n';
      for await (const part of parts) {
        if (!('rows' in part)) continue;
        let chunk = '';
        for (const row of part.rows) chunk += columns.map((column) => csvValue(row[column.key], column.type)).join(',') + '\r\n';
        yield chunk;
      }
    })(),
  );
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

/**
 * XLSX through exceljs's streaming writer: each row is committed (written to the zip stream and forgotten)
 * as it arrives; between batches we wait while the response is not reading, so the zip does not pile up.
 * Sheet 1: a header row and the rows; after a blank row, the totals as label/value pairs.
 */
export function reportXlsx(context: ReportContext, parts: AsyncIterable<ReportPart>, onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const columns = REPORTS[context.kind].columns;
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
  void (async () => {
    const head = sheet.addRow(columns.map((column) => header(column, context)));
    head.font = { bold: true };
    head.commit();
    let totals: Record<string, number> = {};
    for await (const part of parts) {
      if (!('rows' in part)) {
        if ('totals' in part) totals = part.totals;
        continue;
      }
      for (const row of part.rows) sheet.addRow(columns.map((column) => xlsxValue(row[column.key], column.type))).commit();
      if (output.writableNeedDrain && !output.destroyed) {
        await new Promise((resolve) => {
          output.once('drain', resolve);
          output.once('close', resolve);
        });
      }
      // The download was abandoned: stop reading (leaving the loop ends the cursor's transaction).
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
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
