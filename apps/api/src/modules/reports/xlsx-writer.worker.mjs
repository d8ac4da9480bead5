// The XLSX writer of a report download, run in a short-lived worker thread (report-files.ts reportXlsx):
// exceljs's streaming writer makes a lot of short-lived garbage (cell XML, zip buffers); in the worker's own
// isolate, with a small young generation, that garbage dies in cheap scavenges instead of being promoted to
// the server's old space, and the whole isolate (exceljs's code included) is freed when the worker ends.
// The server's main thread keeps its GC settings and does not load exceljs for reports.
//
// Plain JavaScript (not TypeScript): worker threads start without the TypeScript loader that the tests and
// `pnpm dev` use, and the production bundle loads this file from the sources (build.mjs keeps import.meta.url).
//
// Protocol (the main thread drives it, one step at a time, so neither side runs ahead of the other):
//   workerData  { sheet: XlsxSheet, bytes: MessagePort }
//   in          { rows: CellValue[][] }   rows to append (cell values as exceljs takes them, already converted)
//               { end: XlsxEnd }          the totals block, then the file is finished
//   out         { type: 'next' }          ready for the next message: the previous rows went through the zip
//                                         and the main thread took the zip's bytes so far
//               { type: 'done' }          every byte of the file was taken
//   bytes port  out: an ArrayBuffer of the file (transferred); in: 'ack' once the download took it. Only one
//               is in flight, so the worker holds at most the zip's own buffers plus BYTES_HIGH_WATER.
// Any failure is thrown: the worker stops with an 'error' event and the main thread fails the download.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
// Only the streaming writer (exceljs 4.4, pinned): the package's index also loads the in-memory workbook, the
// readers and the CSV module, ~0.25-0.7 s in each fresh thread against ~0.1 s for the writer alone.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';

/**
 * @typedef {{ creator: string, name: string, rightToLeft: boolean,
 *   columns: { width: number, numFmt?: string }[], header: string[] }} XlsxSheet
 * @typedef {{ title: string, rows: { label: string, value: number, numFmt: string }[] }} XlsxEnd
 */

/** Bytes gathered before they go to the main thread in one message (fewer, larger messages). */
const BYTES_HIGH_WATER = 64 * 1024;

/** @type {{ sheet: XlsxSheet, bytes: import('node:worker_threads').MessagePort }} */
const { sheet: description, bytes } = workerData;

/** The callback of the bytes in flight, called when the main thread acknowledges them. */
let whenTaken = /** @type {(() => void) | null} */ (null);
bytes.on('message', () => {
  const taken = whenTaken;
  whenTaken = null;
  taken?.();
});

/** Posts one copy of the chunks (a fresh ArrayBuffer: Node's Buffers may share a pooled one) and waits for its ack. */
function post(/** @type {Buffer[]} */ chunks, /** @type {(error?: Error | null) => void} */ callback) {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const copy = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    copy.set(chunk, offset);
    offset += chunk.length;
  }
  whenTaken = () => callback();
  bytes.postMessage(copy.buffer, [copy.buffer]);
}

const output = new Writable({
  highWaterMark: BYTES_HIGH_WATER,
  write: (chunk, _encoding, callback) => post([chunk], callback),
  writev: (entries, callback) =>
    post(
      entries.map((entry) => entry.chunk),
      callback,
    ),
});

/**
 * Resolves once `stream` has written out what it buffered. A writable from Node or from the readable-stream
 * package (archiver's zip entries use its v2 streams, without writableNeedDrain).
 */
function drained(/** @type {Writable & { _writableState?: { needDrain?: boolean } }} */ stream) {
  const needsDrain = stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
  return needsDrain ? new Promise((resolve) => stream.once('drain', resolve)) : Promise.resolve();
}

/**
 * Waits until the zip has taken the rows written so far and the main thread has taken the zip's bytes.
 * exceljs's worksheet stream hands its data to the zip without looking at write()'s answer, so when
 * compressing or the download is slower than the rows coming in, the zip's input would grow without bound
 * (~90 MB for a year's report, bench/reports.ts): we wait for that input to drain as well as our output.
 */
async function caughtUp(/** @type {import('exceljs').Worksheet} */ worksheet) {
  // Internal to exceljs 4.4 (pinned): the sheet's StreamBuf and the zip entry it is piped into.
  const sheetStream = /** @type {{ stream?: { pipes?: Writable[] } }} */ (/** @type {unknown} */ (worksheet)).stream;
  for (const zipEntry of sheetStream?.pipes ?? []) await drained(zipEntry);
  await drained(output);
}

// Strings inline (no shared-strings table held until the end); each row committed (written out and forgotten).
const workbook = new WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
workbook.creator = description.creator;
const worksheet = workbook.addWorksheet(description.name, {
  views: [{ state: 'frozen', ySplit: 1, rightToLeft: description.rightToLeft }],
});
worksheet.columns = description.columns.map((column) => ({ width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
const head = worksheet.addRow(description.header);
head.font = { bold: true };
head.commit();

/** After a blank row, the totals as label/value pairs; then the file is finished. */
async function finish(/** @type {XlsxEnd} */ end) {
  worksheet.addRow([]).commit();
  const title = worksheet.addRow([end.title]);
  title.font = { bold: true };
  title.commit();
  for (const total of end.rows) {
    const row = worksheet.addRow([total.label, total.value]);
    row.getCell(2).numFmt = total.numFmt;
    row.commit();
  }
  worksheet.commit();
  // Resolves once our output finished, i.e. the main thread took the file's last bytes.
  await workbook.commit();
}

parentPort.on('message', async (/** @type {{ rows: import('exceljs').CellValue[][] } | { end: XlsxEnd }} */ message) => {
  if ('end' in message) {
    await finish(message.end);
    parentPort.postMessage({ type: 'done' });
    return;
  }
  for (const row of message.rows) worksheet.addRow(row).commit();
  await caughtUp(worksheet);
  parentPort.postMessage({ type: 'next' });
});
parentPort.postMessage({ type: 'next' });
