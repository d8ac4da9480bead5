// Part search at 50,000 parts and a 30-line visit's detail read (issue 26 "Measure"): the real app (buildApp)
// on a throwaway embedded PostgreSQL, 127.0.0.1 only, called over HTTP as an admin (who sees costs: the
// heaviest view) by `--concurrency` callers (20) for `--seconds` each, from a worker thread so the load does
// not share the server's event loop. Each figure is printed beside a reference measured in the same run with
// the same concurrency: GET /backend/health (a bare route), and the same visit with 5 one-line tasks.
// Targets: part search p95 <= 30 ms.
//   cd apps/api && pnpm exec tsx bench/parts-search.ts [--parts 50000] [--concurrency 20] [--seconds 10]
// The parts are bulk inserted (INSERT ... SELECT FROM unnest), the lines added through taskLines.add
// (POST /backend/tasks/:id/lines), as staff would.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createDb, createLocalStorage } from '@garage/db';
import { bulkInsert, startThrowawayDatabase } from '@garage/db/dataset/index';
import { isValidBarcode } from '@garage/shared';
import { buildApp } from '../src/app.ts';
import { termSearch } from '../src/modules/parts/part-search.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '50000' },
    concurrency: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
  },
});
const partCount = Math.max(1000, Number(values.parts));
const concurrency = Math.max(1, Number(values.concurrency));
const seconds = Math.max(1, Number(values.seconds));
const TARGET_SEARCH_P95 = 30;

// ─── 50,000 realistic parts ─────────────────────────────────────────────────────────────────────────────

const FAMILIES = [
  ['OF', 'Oil filter', 'Filters', ['Bosch', 'Mann-Filter', 'Mahle', 'Purflux', 'Fram']],
  ['AF', 'Air filter', 'Filters', ['Bosch', 'Mann-Filter', 'Purflux', 'K&N']],
  ['CF', 'Cabin filter', 'Filters', ['Bosch', 'Mann-Filter', 'Valeo']],
  ['FF', 'Fuel filter', 'Filters', ['Bosch', 'Purflux', 'Delphi']],
  ['BP', 'Brake pads front', 'Brakes', ['Brembo', 'TRW', 'Ferodo', 'Bosch', 'ATE']],
  ['BR', 'Brake pads rear', 'Brakes', ['Brembo', 'TRW', 'Ferodo']],
  ['BD', 'Brake disc', 'Brakes', ['Brembo', 'TRW', 'Zimmermann']],
  ['WB', 'Wiper blade', 'Wiper blades', ['Bosch Aerotwin', 'Valeo Silencio', 'Michelin']],
  ['BL', 'Bulb', 'Bulbs', ['Philips', 'Osram', 'Narva']],
  ['BT', 'Battery', 'Batteries', ['Varta', 'Bosch', 'Exide', 'Yuasa']],
  ['TB', 'Timing belt kit', 'Belts', ['Gates', 'Dayco', 'Contitech', 'SKF']],
  ['AB', 'Auxiliary belt', 'Belts', ['Gates', 'Dayco', 'Contitech']],
  ['SP', 'Spark plug', 'Spark plugs', ['NGK', 'Bosch', 'Denso', 'Champion']],
  ['GP', 'Glow plug', 'Spark plugs', ['NGK', 'Bosch', 'Beru']],
  ['SA', 'Shock absorber', 'Suspension', ['Monroe', 'Sachs', 'KYB', 'Bilstein']],
  ['CK', 'Clutch kit', 'Clutch', ['Valeo', 'LuK', 'Sachs']],
  ['WP', 'Water pump', 'Cooling', ['SKF', 'Gates', 'Dayco']],
  ['TY', 'Tyre', 'Tyres', ['Michelin', 'Continental', 'Hankook', 'Bridgestone', 'Pirelli']],
] as const;
const FITS = [
  'Renault Clio IV 1.5 dCi',
  'Renault Megane III 1.6',
  'Peugeot 208 1.2 PureTech',
  'Peugeot 308 1.6 HDi',
  'VW Golf VII 2.0 TDI',
  'VW Polo 1.0 TSI',
  'Toyota Corolla 1.8 Hybrid',
  'Toyota Hilux 2.4 D-4D',
  'Ford Focus 1.0 EcoBoost',
  'Ford Transit 2.0 TDCi',
  'Dacia Logan 1.2 16V',
  'Dacia Duster 1.5 dCi',
  'Hyundai Tucson 1.6 CRDi',
  'Hyundai i20 1.2',
  'Mercedes Sprinter 2.1 CDI',
  'Mercedes C 220 d',
  'Citroen C3 1.2',
  'Fiat Panda 1.2',
  'Kia Sportage 1.6',
  'Nissan Qashqai 1.5 dCi',
];

interface PartRow {
  id: string;
  partNumber: string;
  name: string;
  brand: string;
  category: string;
  barcode: string;
  unit: string;
  costCents: number;
  onHandMilli: number;
  binLocation: string;
  reorderPointMilli: number;
  reorderQuantityMilli: number;
  updatedAt: Date;
}

function ean13(first12: string): string {
  const sum = [...first12].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

function buildParts(count: number): PartRow[] {
  const rows: PartRow[] = [];
  const now = new Date();
  for (let index = 0; index < count; index++) {
    const family = FAMILIES[index % FAMILIES.length]!;
    const [prefix, name, category, brands] = family;
    const brand = brands[Math.floor(index / FAMILIES.length) % brands.length]!;
    const fit = FITS[Math.floor(index / (FAMILIES.length * brands.length)) % FITS.length]!;
    const barcode = ean13(`376${String(index).padStart(9, '0')}`);
    rows.push({
      id: randomUUID(),
      partNumber: `${prefix}-${String(10_000 + index)}`,
      name: `${name} ${fit}`,
      brand,
      category,
      barcode,
      unit: 'PIECE',
      costCents: 300 + ((index * 7919) % 20_000),
      onHandMilli: ((index * 31) % 40) * 1000,
      binLocation: `${String.fromCharCode(65 + (index % 8))}-${String(index % 40).padStart(2, '0')}-${index % 6}`,
      reorderPointMilli: 2000,
      reorderQuantityMilli: 6000,
      updatedAt: now,
    });
  }
  return rows;
}

// ─── Load: `concurrency` callers for `seconds`, in a worker thread ─────────────────────────────────────

const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, headers, paths, seconds, concurrency } = workerData;
const errors = [];
async function get(index) {
  const path = paths[index % paths.length];
  const started = performance.now();
  const response = await fetch(baseUrl + path, { headers });
  const body = await response.text();
  // A refused request is counted and reported, not timed: one slow moment does not end the run.
  if (response.status !== 200) errors.push('HTTP ' + response.status + ' for ' + path + ': ' + body.slice(0, 200));
  return performance.now() - started;
}
(async () => {
  for (let index = 0; index < Math.min(50, paths.length * 5); index++) await get(index);
  const samples = [];
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) samples.push(await get(next++));
  }));
  parentPort.postMessage({ samples, errors, seconds: (performance.now() - started) / 1000 });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

interface Figures {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
  errors: number;
  /** CPU per request, ms: this process (server and the load worker) and the database's processes. */
  appCpu: number;
  dbCpu: number;
}

// CPU spent, independent of what else the machine runs (other processes only slow the figures above down):
// this process's (the app and the load worker; the health route shows what the load and the framework alone
// cost) and the database cluster's (its postmaster and children, from /proc; 0 where there is no /proc).
let postmasterPid = 0;
const appCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
/** CPU ticks of the cluster's processes by pid (a process that ended meanwhile is left out, not subtracted). */
function databaseTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  if (!postmasterPid || !existsSync('/proc')) return ticks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === postmasterPid || Number(fields[1]) === postmasterPid)
        ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks;
}
/** Database CPU ms between two readings (USER_HZ is 100 on Linux). */
const databaseCpuMs = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((total, [pid, ticks]) => total + ticks - (before.get(pid) ?? 0), 0) * 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function load(baseUrl: string, headers: Record<string, string>, name: string, paths: string[]): Promise<Figures> {
  const [appBefore, dbBefore] = [appCpuMs(), databaseTicks()];
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { baseUrl, headers, paths, seconds, concurrency } });
  const result = await new Promise<{ samples?: number[]; errors?: string[]; seconds?: number; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (result.error || !result.samples || !result.seconds) throw new Error(`${name}: ${result.error ?? 'no result'}`);
  const samples = result.samples.sort((a, b) => a - b);
  // The worker's warm-up requests (before timing) spent CPU too.
  const served = samples.length + Math.min(50, paths.length * 5);
  const [appCpu, dbCpu] = [(appCpuMs() - appBefore) / served, databaseCpuMs(dbBefore, databaseTicks()) / served];
  const errors = result.errors ?? [];
  if (errors.length > 0) console.log(`${name}: ${errors.length} refused, first: ${errors[0]}`);
  return {
    errors: errors.length,
    name,
    requests: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.at(-1)!,
    perSecond: samples.length / result.seconds,
    appCpu,
    dbCpu,
  };
}

function print(title: string, rows: Figures[], target?: { name: string; p95: number }): boolean {
  console.log(`\n${title}`);
  console.log(
    `${'scenario'.padEnd(46)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)} ${'req/s'.padStart(7)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'app CPU'.padStart(8)} ${'db CPU'.padStart(7)}`,
  );
  let ok = true;
  for (const row of rows) {
    const ms = (value: number) => value.toFixed(1).padStart(7);
    const above = target && row.name.startsWith(target.name) && row.p95 > target.p95;
    if (above || row.errors > 0) ok = false;
    console.log(
      `${row.name.padEnd(46)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.max)} ${row.perSecond.toFixed(0).padStart(7)} ${String(row.requests).padStart(9)} ${String(row.errors).padStart(7)} ${row.appCpu.toFixed(2).padStart(8)} ${row.dbCpu.toFixed(2).padStart(7)}${above ? '  ABOVE TARGET' : ''}`,
    );
  }
  return ok;
}

// ─── Run ────────────────────────────────────────────────────────────────────────────────────────────────

const cpus = os.cpus();
console.log(
  `machine: ${cpus.length} cpus (${cpus[0]?.model.trim() ?? 'unknown'}), load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
console.log(`${partCount} parts, ${concurrency} concurrent callers, ${seconds} s per scenario`);

const database = await startThrowawayDatabase();
postmasterPid = Number(readFileSync(path.join(database.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const db = createDb(database.url);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
const close = async () => {
  await app?.close();
  await db.$disconnect();
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().finally(() => process.exit(130)));

try {
  let started = performance.now();
  const parts = buildParts(partCount);
  if (!parts.every((part, index) => index % 997 !== 0 || isValidBarcode(part.barcode))) throw new Error('invalid barcode');
  await bulkInsert(
    db,
    'Part',
    [
      ['id', 'uuid'],
      ['partNumber', 'text'],
      ['name', 'text'],
      ['brand', 'text'],
      ['category', 'text'],
      ['barcode', 'text'],
      ['unit', '"PartUnit"'],
      ['costCents', 'int'],
      ['onHandMilli', 'int'],
      ['binLocation', 'text'],
      ['reorderPointMilli', 'int'],
      ['reorderQuantityMilli', 'int'],
      ['updatedAt', 'timestamp(3)'],
    ],
    parts,
  );
  // One part in a hundred archived (hidden unless asked for: includeArchived).
  await db.$executeRawUnsafe(`UPDATE "Part" SET "archivedAt" = now() WHERE "partNumber" LIKE '%99'`);
  // What autovacuum would do soon after a bulk load: fresh statistics, trigram pending lists merged.
  await db.$executeRawUnsafe('VACUUM ANALYZE "Part"');
  // The search index its triggers filled: vacuumed, so its pages are all-visible (index-only scans).
  await db.$executeRawUnsafe('VACUUM ANALYZE "PartSearchTerm"');
  console.log(`parts inserted in ${Math.round(performance.now() - started)} ms`);

  const admin = await db.user.create({
    data: { firstName: 'Bench', lastName: 'Admin', username: `bench-${Date.now()}`, role: 'ADMIN', verified: true },
  });
  const jwtSecret = randomUUID() + randomUUID();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: database.url });
  app = await buildApp({ config, db, storage: createLocalStorage(config.storageDir), jwtSecret }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app did not listen on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const headers = { authorization: `Bearer ${signAccessToken({ userId: admin.id, roles: ['ADMIN'] }, jwtSecret, 3600)}` };

  // Part search: parts of names, part number prefixes, barcodes, brands (and a two-word search).
  const search = (q: string) => `/backend/parts?search=${encodeURIComponent(q)}`;
  const sample = (index: number) => parts[(index * 7_919) % parts.length]!;
  const terms = {
    name: ['oil filter', 'brake pads', 'wiper', 'timing belt', 'shock', 'glow plug', 'Clio', 'Sprinter'],
    number: ['OF-1', 'BP-23', 'TY-4', 'SA-10', sample(3).partNumber.slice(0, 6), sample(4).partNumber],
    barcode: [sample(5).barcode, sample(6).barcode, sample(7).barcode, sample(8).barcode],
    brand: ['Bosch', 'brembo', 'Michelin', 'NGK', 'mann'],
  };
  // The index must not change a single answer: both paths, same queries, same pages (ids, totals, order).
  const sameAnswers = [
    ...Object.values(terms).flat(),
    ...['bosch oil', 'brembo clio', 'michelin 308', 'ngk golf', 'fil', 'ILTER', 'o', 'vw golf', 'Bosch Aerotwin', 'mann-filter clio'],
  ].flatMap((q) => [
    search(q),
    `${search(q)}&page=3`,
    `${search(q)}&sort=partNumber`,
    `${search(q)}&sort=updated&pageSize=50`,
    `${search(q)}&category=Filters`,
    `${search(q)}&includeArchived=true&page=2`,
  ]);
  const answer = async (url: string) => {
    const response = await fetch(baseUrl + url, { headers });
    const body = (await response.json()) as { items: { id: string }[]; total: number; totalCapped: boolean; pageCount: number };
    return JSON.stringify([response.status, body.total, body.totalCapped, body.pageCount, body.items.map((item) => item.id)]);
  };
  for (const url of sameAnswers) {
    termSearch.enabled = false;
    const before = await answer(url);
    termSearch.enabled = true;
    const after = await answer(url);
    if (before !== after) throw new Error(`The search index changed the answer to ${url}:\n  before ${before}\n  after  ${after}`);
  }
  console.log(`same answers with and without the search index: ${sameAnswers.length} queries`);

  // Each search scenario twice in the same run: the trigram path (as before the search index) and the index.
  const searchScenarios: [string, string[]][] = [
    ['part of a name', terms.name.map(search)],
    ['part number prefix', terms.number.map(search)],
    ['barcode', terms.barcode.map(search)],
    ['brand', terms.brand.map(search)],
    ['mixed (brand + name)', ['bosch oil', 'brembo clio', 'michelin 308', 'ngk golf'].map(search)],
  ];
  const searchRows = [await load(baseUrl, headers, 'reference: GET /backend/health', ['/backend/health'])];
  for (const [name, paths] of searchScenarios) {
    termSearch.enabled = false;
    searchRows.push(await load(baseUrl, headers, `before, trigram: ${name}`, paths));
    termSearch.enabled = true;
    searchRows.push(await load(baseUrl, headers, `parts.list: ${name}`, paths));
  }
  searchRows.push(await load(baseUrl, headers, 'parts.list: no search, page 1', ['/backend/parts']));
  searchRows.push(await load(baseUrl, headers, 'reference: GET /backend/health (again)', ['/backend/health']));
  const searchOk = print(`part search at ${partCount} parts (target p95 <= ${TARGET_SEARCH_P95} ms)`, searchRows, {
    name: 'parts.list',
    p95: TARGET_SEARCH_P95,
  });

  // A visit with 5 tasks × 6 lines (4 catalogue parts, labour, a flat amount) beside 5 one-line tasks.
  started = performance.now();
  const rate = await db.labourRate.create({ data: { name: 'Mechanical', rateCents: 8_500, isDefault: true } });
  const customer = await db.user.create({ data: { firstName: 'Bench', lastName: 'Customer', username: `bench-c-${Date.now()}` } });
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: 'BE 1234',
      plateNormalized: `BE${Date.now()}`.slice(0, 20),
      color: 'Grey',
      brand: 'Renault',
      model: 'Clio',
      year: 2019,
      engineType: 'Diesel',
    },
  });
  const post = async (url: string, body: unknown) => {
    const response = await fetch(baseUrl + url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`POST ${url}: HTTP ${response.status} ${await response.text()}`);
  };
  const makeVisit = async (name: string, linesPerTask: number) => {
    const visit = await db.visit.create({
      data: { name, dueDate: new Date(Date.now() + 86_400_000), customerId: customer.id, vehicleId: vehicle.id },
    });
    for (let t = 0; t < 5; t++) {
      const task = await db.task.create({ data: { visitId: visit.id, title: `Job ${t + 1}`, service: 'REPAIR', soldForCents: 0 } });
      for (let l = 0; l < linesPerTask; l++) {
        const line =
          linesPerTask === 1 || l === 5
            ? { kind: 'FLAT', description: 'Workshop supplies', unitPriceCents: 1_250 }
            : l === 4
              ? { kind: 'LABOUR', labourRateId: rate.id, quantity: 1.5 }
              : { kind: 'PART', partId: parts[(t * 6 + l) * 101]!.id, quantity: 1 };
        await post(`/backend/tasks/${task.id}/lines`, line);
      }
    }
    return visit.id;
  };
  const heavy = await makeVisit('Bench visit, 30 lines', 6);
  const light = await makeVisit('Bench visit, 5 one-line tasks', 1);
  console.log(`\nvisits prepared through taskLines.add in ${Math.round(performance.now() - started)} ms`);
  const visitRows = [
    await load(baseUrl, headers, 'reference: visit, 5 tasks × 1 line', [`/backend/visits/${light}`]),
    await load(baseUrl, headers, 'visits detail: 5 tasks × 6 lines (30)', [`/backend/visits/${heavy}`]),
  ];
  print('visit detail read (GET /backend/visits/:id)', visitRows);
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  process.exitCode = searchOk ? 0 : 1;
} finally {
  await close();
}
