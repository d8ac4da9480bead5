// Reads the first sheet of an uploaded XLSX into JSON lines (one array of cell texts per non-empty row), in a
// short-lived worker thread with a small heap (import-files.ts xlsxToRowLines). An XLSX is a zip: a file of a
// few hundred KB can unpack into millions of rows, a huge shared-strings table or cells of megabytes (one such
// file cost 61 s and 2.25 GB on the main thread). Here the rows, columns and characters are counted as the
// sheet streams and the read stops at the first limit passed; what the counts do not see (exceljs's
// shared-strings cache) is capped by this thread's heap, and the whole isolate is freed when it ends.
//
// Plain JavaScript: worker threads start without the TypeScript loader the tests and `pnpm dev` use, and the
// production bundle loads this file from the sources (build.mjs keeps import.meta.url).
//
// The zip is read by exceljs's own loop (WorkbookReader.parse) re-written below so that every byte inflated,
// of any entry, is counted against limits.unpackedMaxBytes as it streams: the zip's directory may lie about
// sizes, and exceljs alone would inflate a first sheet stored before the shared strings to a temporary file
// of any size. Only the first sheet (in zip order, as exceljs emits them) is kept; other entries are drained,
// counted too.
//
// workerData { input: string, output: string, limits: { maxRows, maxColumns, cellMaxChars, rowMaxChars, unpackedMaxBytes } }
// out        { rows: number }                 done: `output` holds the header and the rows
//            { refused: keyof IMPORT_MESSAGES } a limit was passed, or the file is not a workbook
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
// Only the streaming reader: the package's index also loads the in-memory workbook, the writers and CSV.
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';

// exceljs's own zip reader and stream helper (exceljs 4.4, pinned), from its folder (pnpm keeps them there).
const requireFromExceljs = createRequire(import.meta.resolve('exceljs/lib/stream/xlsx/workbook-reader.js'));
const unzip = requireFromExceljs('unzipper');
const iterateStream = requireFromExceljs('../../utils/iterate-stream');

const { input, output, limits } = workerData;

class Refused extends Error {
  constructor(key) {
    super(key);
    this.key = key;
  }
}

/** WorkbookReader whose zip loop counts every inflated byte and keeps the first sheet only. */
class BoundedWorkbookReader extends WorkbookReader {
  async *parse() {
    const zip = unzip.Parse({ forceStream: true });
    const source = createReadStream(this.input);
    source.on('error', (error) => zip.destroy(error));
    source.pipe(zip);
    let unpacked = 0;
    const counted = (entry) => {
      const counter = new Transform({
        transform(chunk, _encoding, done) {
          unpacked += chunk.length;
          if (unpacked > limits.unpackedMaxBytes) done(new Refused('unpackedTooLarge'));
          else done(null, chunk);
        },
      });
      entry.on('error', (error) => counter.destroy(error));
      return entry.pipe(counter);
    };
    const drain = (entry) => pipeline(counted(entry), new Writable({ write: (_chunk, _encoding, done) => done() }));
    const deferred = `${output}.sheet`;
    let sheet = null;
    try {
      for await (const entry of iterateStream(zip)) {
        const path = entry.path;
        if (path === 'xl/_rels/workbook.xml.rels') await this._parseRels(counted(entry));
        else if (path === 'xl/workbook.xml') await this._parseWorkbook(counted(entry));
        else if (path === 'xl/sharedStrings.xml') yield* this._parseSharedStrings(counted(entry));
        else if (!sheet && /^xl\/worksheets\/sheet\d+[.]xml$/.test(path)) {
          sheet = path.match(/sheet(\d+)[.]xml$/)[1];
          if (this.sharedStrings && this.workbookRels) {
            yield* this._parseWorksheet(iterateStream(counted(entry)), sheet);
            return;
          }
          // Before the shared strings (Excel's own order): kept on disk until they are read, within the count.
          await pipeline(counted(entry), createWriteStream(deferred));
        } else await drain(entry);
      }
      if (sheet) yield* this._parseWorksheet(iterateStream(createReadStream(deferred)), sheet);
    } finally {
      source.destroy();
    }
  }
}

function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function run() {
  const out = createWriteStream(output, { flags: 'wx' });
  const reader = new BoundedWorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  let rows = 0;
  // Empty rows count too (a sheet of a million formatted empty rows is read as long as a full one).
  let scanned = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        if (++scanned > limits.maxRows * 10) throw new Refused('tooManyRows');
        // row.values is 1-based and sparse: only the cells the sheet has are read, never a dimension's range.
        const values = row.values;
        let last = 0;
        const cells = new Map();
        let chars = 0;
        values.forEach((value, index) => {
          const text = cellText(value);
          if (text === '') return;
          if (text.length > limits.cellMaxChars) throw new Refused('cellTooLong');
          chars += text.length;
          if (chars > limits.rowMaxChars) throw new Refused('rowTooLong');
          cells.set(index, text);
          if (index > last) last = index;
        });
        if (last === 0) continue;
        if (last > limits.maxColumns) throw new Refused('tooManyColumns');
        // The header, then at most maxRows rows.
        if (++rows > limits.maxRows + 1) throw new Refused('tooManyRows');
        const line = Array.from({ length: last }, (_, index) => cells.get(index + 1) ?? '');
        if (!out.write(JSON.stringify(line) + '\n')) await once(out, 'drain');
      }
      break; // the first worksheet only
    }
  } finally {
    out.end();
    await once(out, 'close');
    await rm(`${output}.sheet`, { force: true });
  }
  return rows;
}

run().then(
  (rows) => parentPort.postMessage({ rows }),
  (error) => parentPort.postMessage({ refused: error instanceof Refused ? error.key : 'fileType' }),
);
