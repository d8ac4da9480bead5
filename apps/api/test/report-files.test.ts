// The report downloads stream with backpressure (report-files.ts): while the client does not read, the
// writers stop asking for rows, so the cursor waits instead of the server's memory filling; an abandoned
// download ends the row source (which ends the cursor's transaction). No database: a row source that counts
// what was asked of it.
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REPORT_TEXT, REPORTS, type ReportRow } from '@garage/shared';
import { reportCsv, reportXlsx } from '../src/modules/reports/report-files.ts';
import { primed, type ReportContext, type ReportPart } from '../src/modules/reports/reports.service.ts';

const context: ReportContext = {
  kind: 'repair',
  lang: 'en',
  title: 'Repair',
  shopName: 'Backpressure garage',
  currency: 'EUR',
  timeZone: 'UTC',
  from: null,
  to: null,
  subject: null,
  filters: { lang: 'en' },
};

const BATCHES = 400;
const ROWS_PER_BATCH = 500;

/**
 * 200,000 repair rows in batches of 500, counting the batches handed out and whether the source was ended;
 * primed as the route does (its first batch read before the download starts).
 */
async function countingSource() {
  const state = { batches: 0, ended: false };
  async function* parts(): AsyncGenerator<ReportPart> {
    try {
      for (let batch = 0; batch < BATCHES; batch++) {
        state.batches++;
        const rows: ReportRow[] = Array.from({ length: ROWS_PER_BATCH }, (_, i) => ({
          date: '2026-03-01',
          visit: `Visit ${batch}-${i} brakes and oil`,
          customer: `Customer ${i}`,
          plate: `AB ${100 + (i % 900)} CD`,
          status: 'Completed',
          tasks: 3,
          tasksDone: 2,
          billed: 12_345,
          paid: 10_000,
          balance: 2_345,
        }));
        yield { rows };
      }
      yield { totals: { visits: BATCHES * ROWS_PER_BATCH } };
    } finally {
      state.ended = true;
    }
  }
  return { state, parts: await primed(parts()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe.each([
  ['CSV', (parts: AsyncIterable<ReportPart>) => reportCsv(context, parts)],
  ['XLSX', (parts: AsyncIterable<ReportPart>) => reportXlsx(context, parts, () => {})],
] as const)('%s download', (_format, write: (parts: AsyncIterable<ReportPart>) => Readable) => {
  it('stops reading rows while the client does not read, and goes on when it reads', async () => {
    const source = await countingSource();
    const file = write(source.parts);
    file.pause();
    await settle();
    const whileStalled = source.state.batches;
    expect(whileStalled).toBeLessThan(25);
    // Reading a little lets a little more through, not everything.
    for (let i = 0; i < 5; i++) file.read();
    await settle();
    expect(source.state.batches).toBeLessThan(whileStalled + 25);
    file.destroy();
  });

  it('ends the row source when the download is abandoned', async () => {
    const source = await countingSource();
    const file = write(source.parts);
    // The client read the beginning, then went away.
    file.pause();
    file.read();
    await settle();
    file.destroy();
    for (let waited = 0; !source.state.ended && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(source.state.ended).toBe(true);
    expect(source.state.batches).toBeLessThan(BATCHES);
  });

  it('ends the row source when the download is abandoned before any row was asked for', async () => {
    const source = await countingSource();
    const file = write(source.parts);
    file.destroy();
    for (let waited = 0; !source.state.ended && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(source.state.ended).toBe(true);
  });

  it('hands out every row when read to the end', async () => {
    const source = await countingSource();
    let bytes = 0;
    for await (const chunk of write(source.parts)) bytes += (chunk as Buffer | string).length;
    expect(source.state.batches).toBe(BATCHES);
    expect(source.state.ended).toBe(true);
    expect(bytes).toBeGreaterThan(1_000_000);
  });
});

/** The whole file of a stream, or the error it failed with. */
async function collect(file: Readable): Promise<{ body: Buffer; error: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file) chunks.push(chunk as Buffer);
    return { body: Buffer.concat(chunks), error: null };
  } catch (error) {
    return { body: Buffer.concat(chunks), error };
  }
}

/** `count` repair rows, all values varying (nulls, money in cents, dates), in batches of 500. */
async function rowsSource(count: number, totals: Record<string, number>) {
  const state = { ended: false };
  const row = (i: number): ReportRow => ({
    date: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    visit: `زيارة ${i} — brakes "front" & <oil>`,
    customer: i % 7 === 0 ? null : `Customer ${i}`,
    plate: `AB ${i} CD`,
    status: i % 2 ? 'مكتملة' : 'قيد التنفيذ',
    tasks: i % 5,
    tasksDone: i % 3,
    billed: i * 101,
    paid: i * 100,
    balance: i,
  });
  async function* parts(): AsyncGenerator<ReportPart> {
    try {
      for (let start = 0; start < count; start += 500)
        yield { rows: Array.from({ length: Math.min(500, count - start) }, (_, i) => row(start + i)) };
      yield { totals };
    } finally {
      state.ended = true;
    }
  }
  return { state, row, parts: await primed(parts()) };
}

describe('XLSX file (written in its worker thread)', () => {
  it('holds every row exactly, typed, with the header, number formats, Arabic right-to-left view and totals', async () => {
    const ROWS = 4_321;
    const totals = { visits: ROWS, tasks: 8_640, billed: 123_456_789, paid: 100, balance: 123_456_689 };
    const source = await rowsSource(ROWS, totals);
    const { body, error } = await collect(reportXlsx({ ...context, lang: 'ar', title: 'الإصلاحات' }, source.parts, () => {}));
    expect(error).toBeNull();
    expect(source.state.ended).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    expect(workbook.creator).toBe(context.shopName);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('الإصلاحات');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: true });
    const columns = REPORTS.repair.columns;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...columns.map((column) => (column.type === 'money' ? `${column.label.ar} (EUR)` : column.label.ar)),
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    for (let i = 0; i < ROWS; i++) {
      const expected = source.row(i);
      const cells = sheet.getRow(i + 2);
      columns.forEach((column, index) => {
        const value = cells.getCell(index + 1).value;
        if (column.type === 'date') expect(value).toEqual(new Date(`${String(expected.date)}T00:00:00Z`));
        else if (column.type === 'money') expect(value).toBe(Number(expected[column.key]) / 100);
        else expect(value ?? null).toBe(expected[column.key]);
      });
    }
    const first = sheet.getRow(2);
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(6).numFmt).toBe('0');
    expect(first.getCell(8).numFmt).toBe('#,##0.00');
    // A blank row, the totals' title, then label/value pairs.
    expect(sheet.getRow(ROWS + 2).cellCount).toBe(0);
    expect(sheet.getRow(ROWS + 3).getCell(1).value).toBe(REPORT_TEXT.totals.ar);
    const block = REPORTS.repair.totals.map((_, index) => sheet.getRow(ROWS + 4 + index));
    expect(block.map((cells) => cells.getCell(2).value)).toEqual([ROWS, 8_640, 1_234_567.89, 1, 1_234_566.89]);
    expect(block.map((cells) => cells.getCell(2).numFmt)).toEqual(['0', '0', '#,##0.00', '#,##0.00', '#,##0.00']);
    expect(sheet.rowCount).toBe(ROWS + 3 + REPORTS.repair.totals.length);
  });

  /** Repair rows around `bad` (the cell values of one row in the middle), then the totals; `ended` once closed. */
  function failingSource(bad: Record<string, unknown>[]) {
    const state = { ended: false };
    const row = (visit: unknown): ReportRow =>
      ({
        date: '2026-03-01',
        visit,
        customer: 'A',
        plate: 'P',
        status: 'Completed',
        tasks: 1,
        tasksDone: 1,
        billed: 1,
        paid: 1,
        balance: 0,
      }) as ReportRow;
    async function* parts(): AsyncGenerator<ReportPart> {
      try {
        yield { rows: [row('before')] };
        yield { rows: bad.map((cells) => ({ ...row('bad'), ...cells }) as ReportRow) };
        yield { rows: [row('after')] };
        yield { totals: {} };
      } finally {
        state.ended = true;
      }
    }
    return { state, parts: primed(parts()) };
  }

  /** A whole file still comes out after a writer failed: the failure was that download's alone. */
  async function nextFileIsWhole() {
    const source = await rowsSource(600, { visits: 600 });
    const next = await collect(reportXlsx(context, source.parts, () => {}));
    expect(next.error).toBeNull();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(next.body as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + 600 + 2 + REPORTS.repair.totals.length);
  }

  it('a writer that throws fails that download: the error is reported, the rows closed, the next file is whole', async () => {
    // exceljs cannot write a BigInt (it reaches the writer: structured clone carries it).
    const source = failingSource([{ tasks: 12n }]);
    const reported: unknown[] = [];
    const failed = await collect(reportXlsx(context, await source.parts, (error) => reported.push(error)));
    expect(failed.error).toBeInstanceOf(Error);
    expect((failed.error as Error).message).toMatch(/BigInt/);
    expect(reported).toEqual([failed.error]);
    expect(source.state.ended).toBe(true);
    await nextFileIsWhole();
  });

  it('a writer past its memory limit is stopped: that download fails, the server process goes on', async () => {
    // 250 rows of half a megabyte: more than the writer's old generation (XLSX_WRITER_LIMITS) can take.
    const big = 'x'.repeat(512 * 1024);
    const source = failingSource(Array.from({ length: 250 }, (_, i) => ({ visit: `${big}${i}` })));
    const reported: unknown[] = [];
    const failed = await collect(reportXlsx(context, await source.parts, (error) => reported.push(error)));
    expect((failed.error as { code?: string }).code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    expect(reported).toEqual([failed.error]);
    expect(source.state.ended).toBe(true);
    await nextFileIsWhole();
  });
});
