// The report downloads stream with backpressure (report-files.ts): while the client does not read, the
// writers stop asking for rows, so the cursor waits instead of the server's memory filling; an abandoned
// download ends the row source (which ends the cursor's transaction). No database: a row source that counts
// what was asked of it.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@garage/shared';
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
