// Staff search latency on the benchmark dataset (10,000 customers, 20,000 vehicles), through the real app
// on a throwaway embedded PostgreSQL, 127.0.0.1 only. Target p95 < 50 ms.
// Run: cd apps/api && pnpm exec tsx bench/search.ts [requests=300] [concurrency=4]
import os from 'node:os';
import { benchArgs, measure, printResults, startBenchApp } from './users-list.ts';

const { requests, concurrency } = benchArgs();
console.log(`machine: ${os.cpus().length} cores, Node ${process.version}; ${requests} requests per scenario, concurrency ${concurrency}`);
const bench = await startBenchApp();
try {
  const { customers, vehicles } = bench.dataset;
  const vehicle = vehicles[12345]!;
  const customer = customers[2468]!;
  const search = (q: string) => `/backend/search?q=${encodeURIComponent(q)}`;
  const results = [
    await measure(bench, 'plate, exact as typed', [search(vehicle.plateNumber)], requests, concurrency),
    await measure(bench, 'plate fragment, lower case', [search(vehicle.plateNumber.slice(0, 6).toLowerCase())], requests, concurrency),
    await measure(bench, 'customer last name', [search(customer.lastName)], requests, concurrency),
    await measure(bench, 'first + last name', [search(`${customer.firstName} ${customer.lastName}`)], requests, concurrency),
    await measure(bench, 'brand + model', [search(`${vehicle.brand} ${vehicle.model}`)], requests, concurrency),
    await measure(bench, 'phone fragment', [search(customer.phoneNumber.slice(2, 9))], requests, concurrency),
    await measure(bench, 'no match', [search('zzqqxx')], requests, concurrency),
    await measure(
      bench,
      'mixed terms (cycled)',
      [search(customer.username), search('toyota'), search('mans'), search(vehicle.model), search(vehicle.plateNumber.slice(0, 5))],
      requests,
      concurrency,
    ),
  ];
  const ok = printResults('staff search', results, 50);
  process.exitCode = ok ? 0 : 1;
} finally {
  await bench.close();
}
