// Reading an uploaded import file row by row, from disk, without ever holding the file in memory: CSV through
// csv-parse's stream parser, XLSX through exceljs's streaming WorkbookReader (first worksheet), and the JSON
// Lines file of an export line by line. Each reader yields string cells; the first yielded row is the header.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import readline from 'node:readline';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import type { ImportFormat } from '@garage/shared';

/** What the first bytes say the file is; the name only breaks ties (a CSV and a JSON Lines file are both text). */
export async function sniffFormat(filePath: string, fileName: string): Promise<ImportFormat | null> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, 512, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head[0] === 0x50 && head[1] === 0x4b) return /\.xlsx$/i.test(fileName) || !/\.zip$/i.test(fileName) ? 'xlsx' : null;
    if (head.includes(0)) return null;
    const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (text.startsWith('{')) return text.includes('"garage-export"') ? 'garage-json' : null;
    return 'csv';
  } finally {
    await handle.close();
  }
}

async function detectDelimiter(filePath: string): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, 4096, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
    return counts.sort((a, b) => b[1] - a[1])[0]![0];
  } finally {
    await handle.close();
  }
}

async function* csvRows(filePath: string): AsyncGenerator<string[]> {
  const delimiter = await detectDelimiter(filePath);
  const parser = createReadStream(filePath).pipe(
    parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }),
  );
  for await (const record of parser) yield record as string[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function* xlsxRows(filePath: string): AsyncGenerator<string[]> {
  // Loaded on first use, not at start: exceljs holds ~25 MB once loaded (bench/reports.ts).
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      // row.values is 1-based; missing cells are holes.
      const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, index) => cellText(values[index + 1]));
      if (cells.some((cell) => cell !== '')) yield cells;
    }
    return; // the first worksheet only
  }
}

/** Rows of a CSV or XLSX file, header first. */
export function readTableRows(filePath: string, format: 'csv' | 'xlsx'): AsyncGenerator<string[]> {
  return format === 'csv' ? csvRows(filePath) : xlsxRows(filePath);
}

/** The records of an export's JSON Lines file, one object per line. */
export async function* readJsonLines(filePath: string): AsyncGenerator<{ line: number; value: unknown }> {
  const lines = readline.createInterface({ input: createReadStream(filePath, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    yield { line, value };
  }
}
