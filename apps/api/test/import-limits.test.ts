// An import file costs bounded memory and time whatever it holds (IMPORT_LIMITS): a CSV field of 30 MB, an
// XLSX that unpacks into 300,000 rows or one huge shared string, more columns than a shop file has; each is
// refused at upload with its message, and the server's memory grows by a bounded amount meanwhile. What a poll
// answers is bounded too (preview rows and cell lengths). Also: an import's state is a database row (expiry,
// an interrupted runner), see multi-instance.test.ts for two instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportJob } from '@garage/shared';
import type { App } from '../src/app.ts';
import { sweepImports } from '../src/modules/data-transfer/import.service.ts';
import { csv, settle, step, uploadImport } from './data-transfer-fixtures.ts';
import { buildTestApp, createTestUser, testDb, testDeps } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/** A minimal XLSX (the parts exceljs's streaming reader needs) around a sheet's and shared strings' XML. */
async function xlsx(sheetRows: Iterable<string>, sharedStrings?: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name, { compress: true });
  add(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  add(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  );
  add(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  add(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  );
  // Excel's own order: the sheet before the shared strings.
  const sheet = [
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData>',
    ...sheetRows,
    '</sheetData></worksheet>',
  ].join('');
  add('xl/worksheets/sheet1.xml', sheet);
  if (sharedStrings !== undefined)
    add(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sharedStrings}</sst>`,
    );
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The same zip claiming, in its central directory and local headers, that each entry unpacks to 1 KB. */
function lyingAboutSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = out.readUInt32LE(end + 16);
  for (let i = 0; i < out.readUInt16LE(end + 10); i++) {
    out.writeUInt32LE(1024, at + 24);
    out.writeUInt32LE(1024, out.readUInt32LE(at + 42) + 22);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

const inline = (row: number, values: string[]) =>
  `<row r="${row}">${values.map((value, index) => `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${value}</t></is></c>`).join('')}</row>`;

/** The largest growth of this process's resident memory while `work` runs (sampled every 10 ms). */
async function peakGrowthMB<T>(work: () => Promise<T>): Promise<{ result: T; growthMB: number; seconds: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = Date.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMB: (peak - before) / 1024 / 1024, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

describe('import limits', () => {
  let app: App;
  let employee: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  it('refuses a CSV with a 30 MB field while reading it, with bounded memory', async () => {
    const bytes = Buffer.concat([
      Buffer.from('First name,Email,Visit notes\nAmina,amina@import.test,"'),
      Buffer.alloc(30 * 1024 * 1024, 'x'),
      Buffer.from('"\n'),
    ]);
    const { result, growthMB } = await peakGrowthMB(() => uploadImport(app, employee.authHeader, 'notes.csv', bytes));
    expect(result.statusCode).toBe(413);
    expect(result.json()).toMatchObject({ message: IMPORT_MESSAGES.rowTooLong, fieldErrors: { file: [IMPORT_MESSAGES.rowTooLong] } });
    // The old reader built the field (and a preview holding it): ~500 MB.
    expect(growthMB).toBeLessThan(150);
  });

  it('refuses a cell longer than cellMaxChars, more columns than maxColumns and more rows than maxRows in a CSV', async () => {
    const longCell = await uploadImport(
      app,
      employee.authHeader,
      'cell.csv',
      csv([
        ['First name', 'Visit notes'],
        ['Amina', 'y'.repeat(IMPORT_LIMITS.cellMaxChars + 1)],
      ]),
    );
    expect(longCell.statusCode).toBe(413);
    expect(longCell.json().message).toBe(IMPORT_MESSAGES.cellTooLong);
    const wide = await uploadImport(
      app,
      employee.authHeader,
      'wide.csv',
      csv([Array.from({ length: IMPORT_LIMITS.maxColumns + 1 }, (_, i) => `c${i}`)]),
    );
    expect(wide.statusCode).toBe(413);
    expect(wide.json().message).toBe(IMPORT_MESSAGES.tooManyColumns);
    const long = await uploadImport(app, employee.authHeader, 'long.csv', `First name\n${'a\n'.repeat(IMPORT_LIMITS.maxRows + 1)}`);
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toBe(IMPORT_MESSAGES.tooManyRows);
    // Exactly at the limits: accepted.
    const fits = await uploadImport(
      app,
      employee.authHeader,
      'fits.csv',
      `First name,Visit notes\n${`a,${'y'.repeat(IMPORT_LIMITS.cellMaxChars)}\n`.repeat(3)}`,
    );
    expect(fits.statusCode).toBe(201);
  });

  it('refuses an XLSX that unpacks into 300,000 rows quickly, with bounded memory', async () => {
    const rows = (function* () {
      for (let row = 1; row <= 300_000; row++) yield inline(row, ['a']);
    })();
    const bytes = await xlsx(rows);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const { result, growthMB, seconds } = await peakGrowthMB(() => uploadImport(app, employee.authHeader, 'rows.xlsx', bytes));
    expect(result.statusCode).toBe(413);
    expect(result.json().message).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(seconds).toBeLessThan(30);
    expect(growthMB).toBeLessThan(150);
  }, 60_000);

  it('refuses an XLSX with a huge shared string, a column past maxColumns or unpacking past xlsxUnpackedMaxMB', async () => {
    // One 20 MB shared string used by one cell: the reader's own heap is the bound, the cell limit the message.
    const huge = await xlsx(
      [inline(1, ['First name']), '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'],
      `<si><t>${'z'.repeat(20 * 1024 * 1024)}</t></si>`,
    );
    const { result, growthMB } = await peakGrowthMB(() => uploadImport(app, employee.authHeader, 'shared.xlsx', huge));
    expect(result.statusCode).toBe(413);
    expect([IMPORT_MESSAGES.cellTooLong, IMPORT_MESSAGES.unpackedTooLarge]).toContain(result.json().message);
    expect(growthMB).toBeLessThan(150);

    const far = await xlsx([inline(1, ['First name']), '<row r="2"><c r="XFD2" t="inlineStr"><is><t>far</t></is></c></row>']);
    const farAnswer = await uploadImport(app, employee.authHeader, 'far.xlsx', far);
    expect(farAnswer.statusCode).toBe(413);
    expect(farAnswer.json().message).toBe(IMPORT_MESSAGES.tooManyColumns);

    // 250 MB of sheet XML in a ~250 KB zip: refused from the zip's directory, before anything is inflated.
    const bomb = await xlsx([inline(1, ['First name']), `<row r="2"></row>${' '.repeat(250 * 1024 * 1024)}`]);
    const bombAnswer = await peakGrowthMB(() => uploadImport(app, employee.authHeader, 'bomb.xlsx', bomb));
    expect(bombAnswer.result.statusCode).toBe(413);
    expect(bombAnswer.result.json().message).toBe(IMPORT_MESSAGES.unpackedTooLarge);
    expect(bombAnswer.seconds).toBeLessThan(5);

    // The same zip lying about its sizes: the reader counts what it inflates and stops at the bound.
    const liar = await peakGrowthMB(() => uploadImport(app, employee.authHeader, 'liar.xlsx', lyingAboutSizes(bomb)));
    expect(liar.result.statusCode).toBe(413);
    expect(liar.result.json().message).toBe(IMPORT_MESSAGES.unpackedTooLarge);
    expect(liar.seconds).toBeLessThan(20);
    expect(liar.growthMB).toBeLessThan(150);
  }, 60_000);

  it('answers a bounded preview: previewRows rows, cells and headers cut', async () => {
    const columns = 10;
    const header = Array.from({ length: columns }, (_, i) => `${'H'.repeat(300)}${i}`);
    const rows = Array.from({ length: 20 }, () => Array.from({ length: columns }, () => 'v'.repeat(9_000)));
    const uploaded = await uploadImport(app, employee.authHeader, 'wide-cells.csv', csv([header, ...rows]));
    expect(uploaded.statusCode).toBe(201);
    const job = uploaded.json() as ImportJob;
    const polled = await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${job.id}`, headers: employee.authHeader });
    expect(polled.body.length).toBeLessThan(20_000);
    const view = polled.json() as ImportJob;
    expect(view.previewRows).toHaveLength(IMPORT_LIMITS.previewRows);
    for (const cell of view.previewRows.flat()) expect(cell.length).toBeLessThanOrEqual(IMPORT_LIMITS.previewCellMaxChars);
    for (const name of view.headers) expect(name.length).toBeLessThanOrEqual(IMPORT_LIMITS.headerMaxChars);
    // A column is mapped by its (cut) header name as shown: the rows are read through the same names.
    const validated = await step(app, employee.authHeader, job.id, 'validate', { mapping: { firstName: view.headers[0]! } });
    expect(validated.statusCode).toBe(202);
    const done = await settle(app, employee.authHeader, job.id);
    expect(done).toMatchObject({ phase: 'validated', totalRows: 20 });
  });
});

describe('import state in the database', () => {
  let app: App;
  let employee: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    employee = await createTestUser('EMPLOYEE');
  });
  afterAll(() => app.close());

  it('an import whose runner stopped beating is reported interrupted and can be run again', async () => {
    const uploaded = (
      await uploadImport(
        app,
        employee.authHeader,
        'x.csv',
        csv([
          ['First name', 'Last name'],
          ['Ana', 'Lopes'],
        ]),
      )
    ).json() as ImportJob;
    // As an instance stopped mid-pass leaves it: claimed, "validating", its heartbeat a minute old.
    await testDb().importJob.update({
      where: { id: uploaded.id },
      data: { runnerId: crypto.randomUUID(), heartbeatAt: new Date(Date.now() - 60_000), view: { ...uploaded, phase: 'validating' } },
    });
    const busy = await step(app, employee.authHeader, uploaded.id, 'validate', { mapping: { firstName: 'First name' } });
    // The stale claim is released by that very request, which then runs.
    expect(busy.statusCode).toBe(202);
    const polled = await settle(app, employee.authHeader, uploaded.id);
    expect(polled.phase).toBe('validated');

    await testDb().importJob.update({
      where: { id: uploaded.id },
      data: { runnerId: crypto.randomUUID(), heartbeatAt: new Date(Date.now() - 60_000), view: { ...polled, phase: 'importing' } },
    });
    const interrupted = (
      await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${uploaded.id}`, headers: employee.authHeader })
    ).json() as ImportJob;
    expect(interrupted).toMatchObject({ phase: 'failed', failure: 'import.interrupted' });
    expect(await testDb().importJob.findUniqueOrThrow({ where: { id: uploaded.id } })).toMatchObject({ runnerId: null });
  });

  it('a running import answers "busy" to a second start, on whichever request comes second', async () => {
    const uploaded = (
      await uploadImport(
        app,
        employee.authHeader,
        'y.csv',
        csv([
          ['First name', 'Last name'],
          ['Ana', 'Lopes'],
        ]),
      )
    ).json() as ImportJob;
    await testDb().importJob.update({ where: { id: uploaded.id }, data: { runnerId: crypto.randomUUID(), heartbeatAt: new Date() } });
    const second = await step(app, employee.authHeader, uploaded.id, 'validate', { mapping: { firstName: 'First name' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IMPORT_MESSAGES.busy);
  });

  it('forgets an import, with its stored file, jobIdleHours after its last use', async () => {
    const uploaded = (await uploadImport(app, employee.authHeader, 'z.csv', csv([['First name'], ['Ana']]))).json() as ImportJob;
    const row = await testDb().importJob.findUniqueOrThrow({ where: { id: uploaded.id } });
    const storage = testDeps().storage;
    expect(await storage.size(row.storageKey)).toBeGreaterThan(0);
    await testDb().importJob.update({
      where: { id: uploaded.id },
      data: { usedAt: new Date(Date.now() - IMPORT_LIMITS.jobIdleHours * 3600_000 - 1000) },
    });
    const expired = await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${uploaded.id}`, headers: employee.authHeader });
    expect(expired.statusCode).toBe(404);
    expect(await sweepImports(testDb(), storage)).toBeGreaterThanOrEqual(1);
    expect(await testDb().importJob.findUnique({ where: { id: uploaded.id } })).toBeNull();
    expect(await storage.size(row.storageKey)).toBeNull();
  });
});
