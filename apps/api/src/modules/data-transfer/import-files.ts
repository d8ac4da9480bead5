// Reading an uploaded import file without ever holding it in memory, and within IMPORT_LIMITS.
//
// At upload, a CSV (csv-parse's stream parser) or an XLSX's first sheet (exceljs's streaming reader, in a worker
// thread: import-xlsx.worker.mjs) is read once into "row lines", one JSON array of cell texts per row, header
// first: rows, columns and characters are counted as the file streams and the first limit passed refuses the
// file (IMPORT_MESSAGES) before it costs memory or time. The row lines are what is stored (FileStorage), so
// both passes of an import, on any instance, read a file already known to be within the limits. A garage
// export (JSON Lines) is stored as it came and read with the same bounded line reader.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFormat } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import { decodeToUtf8 } from './import-encoding.ts';

/** Opens the stored file again (each pass streams it from the start). */
export type OpenFile = () => Promise<Readable>;

/** The bounds the refusals name: their English has them written in, other languages take them as parameters. */
export const IMPORT_LIMIT_PARAMS = {
  fileMaxMB: IMPORT_LIMITS.fileMaxMB,
  maxRows: IMPORT_LIMITS.maxRows,
  maxColumns: IMPORT_LIMITS.maxColumns,
  cellMaxChars: IMPORT_LIMITS.cellMaxChars,
  rowMaxChars: IMPORT_LIMITS.rowMaxChars,
};

/** A file refused at upload, with the message the screen shows under the file field. */
export const refused = (key: keyof typeof IMPORT_MESSAGES) =>
  new AppError(key === 'fileType' ? 'VALIDATION' : 'PAYLOAD_TOO_LARGE', `import.${key}`, { params: IMPORT_LIMIT_PARAMS, field: 'file' });

/** What the first bytes say the file is; the name only breaks ties (a CSV and a JSON Lines file are both text). */
export async function sniffFormat(filePath: string, fileName: string): Promise<ImportFormat | null> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, 512, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head[0] === 0x50 && head[1] === 0x4b) return /\.xlsx$/i.test(fileName) || !/\.zip$/i.test(fileName) ? 'xlsx' : null;
    // Excel's "Unicode text": UTF-16 with its BOM (its NUL bytes are text then); import-encoding.ts decodes it.
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'csv';
    if (head.includes(0)) return null;
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
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

/** Writes lines to a file, waiting for the disk when its buffer is full. */
async function writeLines(output: string, lines: AsyncIterable<string>): Promise<void> {
  const out = createWriteStream(output, { flags: 'wx' });
  const closed = once(out, 'close');
  try {
    for await (const line of lines) if (!out.write(line)) await once(out, 'drain');
  } finally {
    out.end();
    await closed;
  }
}

/**
 * A CSV into row lines. csv-parse's max_record_size stops a row (so a field: an unclosed quote takes the rest
 * of the file) at rowMaxChars while it is being read, before a 30 MB string can be built.
 */
async function csvToRowLines(input: string, output: string): Promise<void> {
  const delimiter = await detectDelimiter(input);
  const parser = createReadStream(input).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: IMPORT_LIMITS.rowMaxChars,
    }),
  );
  async function* lines() {
    let rows = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        if (++rows > IMPORT_LIMITS.maxRows + 1) throw refused('tooManyRows');
        let last = record.length;
        while (last > 0 && record[last - 1] === '') last--;
        if (last > IMPORT_LIMITS.maxColumns) throw refused('tooManyColumns');
        if (record.some((cell) => cell.length > IMPORT_LIMITS.cellMaxChars)) throw refused('cellTooLong');
        yield JSON.stringify(record.slice(0, last)) + '\n';
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw refused('rowTooLong');
      throw error;
    } finally {
      parser.destroy();
    }
  }
  await writeLines(output, lines());
}

/**
 * What an XLSX's entries say they hold once unpacked, from the zip's central directory (a few KB at the end of
 * the file): refused before anything is inflated when past xlsxUnpackedMaxMB, or unreadable.
 */
async function zipUnpackedBytes(filePath: string): Promise<number | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > tail.length) return null;
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || directoryOffset === 0xffffffff || directorySize > 16 * 1024 * 1024 || directoryOffset + directorySize > size)
      return Infinity;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let total = 0;
    let at = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
      const unpacked = directory.readUInt32LE(at + 24);
      if (unpacked === 0xffffffff) return Infinity;
      total += unpacked;
      at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return total;
  } finally {
    await handle.close();
  }
}

/** The XLSX reader's thread (plain JavaScript, loaded from the sources: build.mjs keeps import.meta.url). */
const XLSX_READER = new URL('./import-xlsx.worker.mjs', import.meta.url);
/**
 * Its heap: exceljs loaded and a batch of rows take ~20 MB; the rest is for the shared-strings table (a
 * 100,000-row workbook of distinct names and plates ~30 MB). A workbook past it stops the thread, and is refused.
 */
const XLSX_READER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 };

/** An XLSX's first sheet into row lines, in its own thread, refused past a limit, its heap or xlsxReadSeconds. */
async function xlsxToRowLines(input: string, output: string): Promise<void> {
  const unpacked = await zipUnpackedBytes(input);
  if (unpacked === null) throw refused('fileType');
  if (unpacked > IMPORT_LIMITS.xlsxUnpackedMaxMB * 1024 * 1024) throw refused('unpackedTooLarge');
  const { maxRows, maxColumns, cellMaxChars, rowMaxChars } = IMPORT_LIMITS;
  // The directory may lie: the thread counts what it actually inflates against the same bound.
  const limits = { maxRows, maxColumns, cellMaxChars, rowMaxChars, unpackedMaxBytes: IMPORT_LIMITS.xlsxUnpackedMaxMB * 1024 * 1024 };
  const worker = new Worker(XLSX_READER, { workerData: { input, output, limits }, resourceLimits: XLSX_READER_LIMITS });
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await new Promise<{ rows?: number; refused?: keyof typeof IMPORT_MESSAGES }>((resolve) => {
      timer = setTimeout(() => resolve({ refused: 'unpackedTooLarge' }), IMPORT_LIMITS.xlsxReadSeconds * 1000);
      worker.once('message', resolve);
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any crash: the workbook is more than a reader may hold.
      worker.once('error', () => resolve({ refused: 'unpackedTooLarge' }));
      worker.once('exit', () => resolve({ refused: 'unpackedTooLarge' }));
    });
    if (answer.refused) throw refused(answer.refused in IMPORT_MESSAGES ? answer.refused : 'fileType');
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    // The sheet the thread kept on disk while it waited for the shared strings (gone already unless it was stopped).
    await rm(`${output}.sheet`, { force: true });
  }
}

/**
 * A CSV or XLSX upload into row lines at `output` (refused with a clear message past IMPORT_LIMITS). A CSV is
 * first decoded into UTF-8 (import-encoding.ts, at `${output}.utf8`, removed after): answers the encoding it
 * was read in ("Windows-1252"), null for a workbook (its XML says).
 */
export async function tableToRowLines(format: 'csv' | 'xlsx', input: string, output: string): Promise<string | null> {
  if (format === 'xlsx') {
    await xlsxToRowLines(input, output);
    return null;
  }
  const decoded = `${output}.utf8`;
  try {
    const encoding = await decodeToUtf8(input, decoded);
    await csvToRowLines(decoded, output);
    return encoding;
  } finally {
    await rm(decoded, { force: true });
  }
}

/** Lines of a stream, none longer than `maxBytes` (refused past it: a line is never built beyond the bound). */
async function* boundedLines(stream: Readable, maxBytes: number, tooLong: () => Error): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      for (let newline = chunk.indexOf(10, start); newline >= 0; newline = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, newline);
        if (size + piece.length > maxBytes) throw tooLong();
        const line = parts.length > 0 ? Buffer.concat([...parts, piece]) : piece;
        parts = [];
        size = 0;
        start = newline + 1;
        yield line.toString('utf8');
      }
      const rest = chunk.subarray(start);
      if (size + rest.length > maxBytes) throw tooLong();
      if (rest.length > 0) {
        parts.push(Buffer.from(rest));
        size += rest.length;
      }
    }
    if (size > 0) yield Buffer.concat(parts).toString('utf8');
  } finally {
    stream.destroy();
  }
}

/** Header names as the screen shows and the mapping names them: trimmed, cut, "Column n" when empty. */
export const headerNames = (cells: readonly string[]) =>
  cells.map((cell, index) => cell.trim().slice(0, IMPORT_LIMITS.headerMaxChars) || `Column ${index + 1}`);

/** Rows of a stored row-lines file (a CSV or XLSX upload), header first. */
export async function* readTableRows(openFile: OpenFile): AsyncGenerator<string[]> {
  // A row line holds at most rowMaxChars characters, each at most 6 bytes as JSON ("\u0000"), plus the quotes and commas of maxColumns cells.
  const maxBytes = IMPORT_LIMITS.rowMaxChars * 6 + IMPORT_LIMITS.maxColumns * 3 + 2;
  for await (const line of boundedLines(await openFile(), maxBytes, () => refused('rowTooLong'))) {
    if (line === '') continue;
    yield JSON.parse(line) as string[];
  }
}

/** The records of an export's JSON Lines file, one object per line (a line past jsonLineMaxBytes is refused). */
export async function* readJsonLines(openFile: OpenFile): AsyncGenerator<{ line: number; value: unknown }> {
  let line = 0;
  for await (const text of boundedLines(await openFile(), IMPORT_LIMITS.jsonLineMaxBytes, () => refused('rowTooLong'))) {
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
