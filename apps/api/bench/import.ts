// Customer import speed: a generated file of 10,000 customers with 20,000 vehicles (two per customer, one
// row per vehicle, the customer's columns repeated), imported through the real app (buildApp, listening on
// 127.0.0.1) into a throwaway embedded PostgreSQL: upload, validation pass, writing pass, as the screen does.
// Prints each phase's duration, rows per second and the process's peak RSS (app and benchmark share it).
// Target: the whole import under a minute.
// Run: cd apps/api && pnpm exec tsx bench/import.ts [--customers 10000] [--format csv|xlsx] [--mode allOrNothing|validOnly]
// Live memory instead of peak allocation: node --expose-gc --import tsx bench/import.ts ...
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { createDb, createLocalStorage } from '@garage/db';
import { startThrowawayDatabase } from '@garage/db/dataset/index';
import type { ImportJob } from '@garage/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    format: { type: 'string', default: 'csv' },
    mode: { type: 'string', default: 'allOrNothing' },
  },
});
const customers = Number(values.customers);
const format = values.format === 'xlsx' ? 'xlsx' : 'csv';
const mode = values.mode === 'validOnly' ? 'validOnly' : 'allOrNothing';

const HEADER = ['First name', 'Last name', 'Email', 'Country code', 'Phone', 'Plate', 'Brand', 'Model', 'Year', 'Color', 'Odometer'];
const FIRST = ['Amina', 'Louis', 'Sara', 'Omar', 'Chloé', 'Youssef', 'Emma', 'Karim', 'Léa', 'Nadia'];
const LAST = ['Haddad', 'Martin', 'Benali', 'Dubois', 'Khoury', 'Moreau', 'Alaoui', 'Laurent', 'Saleh', 'Girard'];
const CARS = [
  ['Toyota', 'Corolla'],
  ['Renault', 'Clio'],
  ['Peugeot', '208'],
  ['Dacia', 'Duster'],
  ['Ford', 'Focus'],
];

function* rows(): Generator<(string | number)[]> {
  for (let i = 0; i < customers; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[(i * 7) % LAST.length]} ${i}`;
    for (const v of [0, 1]) {
      const [brand, model] = CARS[(i + v) % CARS.length]!;
      yield [
        first,
        last,
        `customer.${i}@bench.garage`,
        '+212',
        `6${String(i).padStart(8, '0')}`,
        `BX${i}V${v}`,
        brand!,
        model!,
        2005 + ((i + v) % 20),
        'White',
        10_000 + i,
      ];
    }
  }
}

async function writeFile(file: string): Promise<void> {
  if (format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Customers');
    sheet.addRow(HEADER).commit();
    for (const row of rows()) sheet.addRow(row).commit();
    await workbook.commit();
    return;
  }
  const out = createWriteStream(file);
  const quote = (cell: string | number) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell));
  out.write(HEADER.join(',') + '\n');
  for (const row of rows()) if (!out.write(row.map(quote).join(',') + '\n')) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

const work = await mkdtemp(path.join(os.tmpdir(), 'garage-import-bench-'));
const database = await startThrowawayDatabase();
const db = createDb(database.url);
const jwtSecret = randomUUID() + randomUUID();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: work, DATABASE_URL: database.url });
const app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret }, { logger: false });
const cleanup = async () => {
  await app.close();
  await db.$disconnect();
  await database.stop();
  await rm(work, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

let peakRss = process.memoryUsage().rss;
let peakHeap = process.memoryUsage().heapUsed;
// With `node --expose-gc` the heap is collected before each sample, so the peak is live memory, not garbage.
const collect = (globalThis as { gc?: () => void }).gc;
const sampler = setInterval(
  () => {
    collect?.();
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  },
  collect ? 500 : 50,
);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP port');
  const base = `http://127.0.0.1:${address.port}/backend/data-transfer/imports`;
  const staff = await db.user.create({ data: { firstName: 'Bench', lastName: 'Admin', username: 'bench_admin', role: 'ADMIN' } });
  const headers = { authorization: `Bearer ${signAccessToken({ userId: staff.id, roles: ['ADMIN'] }, jwtSecret, 3600)}` };

  const file = path.join(work, `customers.${format}`);
  let started = performance.now();
  await writeFile(file);
  const size = (await stat(file)).size;
  console.log(
    `file: ${customers} customers, ${customers * 2} vehicle rows, ${format.toUpperCase()} ${(size / 1e6).toFixed(1)} MB, written in ${seconds(performance.now() - started)} s`,
  );
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;

  const total = performance.now();
  started = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(file), `customers.${format}`);
  const uploaded = await fetch(base, { method: 'POST', headers, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const job = (await uploaded.json()) as ImportJob;
  const uploadMs = performance.now() - started;

  const poll = async (): Promise<ImportJob> => {
    for (;;) {
      const current = (await (await fetch(`${base}/${job.id}`, { headers })).json()) as ImportJob;
      if (!['validating', 'importing'].includes(current.phase)) return current;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const options = { mapping: job.suggestedMapping, mode, duplicates: 'skip' };
  started = performance.now();
  await fetch(`${base}/${job.id}/validate`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ options }),
  });
  const validated = await poll();
  const validateMs = performance.now() - started;
  if (validated.invalidRows > 0) throw new Error(`invalid rows: ${JSON.stringify(validated.errors.slice(0, 3))}`);

  started = performance.now();
  await fetch(`${base}/${job.id}/run`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ options }),
  });
  const done = await poll();
  const writeMs = performance.now() - started;
  const totalMs = performance.now() - total;
  if (done.phase !== 'done') throw new Error(`import ended ${done.phase}: ${done.failure}`);
  const [users, vehicles] = await Promise.all([db.user.count({ where: { role: 'CLIENT' } }), db.vehicle.count()]);
  const rowsCount = customers * 2;
  console.log(
    `upload ${seconds(uploadMs)} s, validation ${seconds(validateMs)} s (${Math.round(rowsCount / (validateMs / 1000))} rows/s), writing ${seconds(writeMs)} s (${Math.round(rowsCount / (writeMs / 1000))} rows/s)`,
  );
  console.log(`total ${seconds(totalMs)} s for ${rowsCount} rows: ${Math.round(rowsCount / (totalMs / 1000))} rows/s; mode ${mode}`);
  console.log(`in the database: ${users} customers, ${vehicles} vehicles; summary ${JSON.stringify(done.summary)}`);
  console.log(
    `peak RSS ${(peakRss / 1e6).toFixed(0)} MB (before the import ${(rssBefore / 1e6).toFixed(0)} MB), peak JS heap ${(peakHeap / 1e6).toFixed(0)} MB (before ${(heapBefore / 1e6).toFixed(0)} MB); app and benchmark in one process`,
  );
} finally {
  clearInterval(sampler);
  await cleanup();
}
