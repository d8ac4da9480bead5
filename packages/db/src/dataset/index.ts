// The benchmark dataset (reused by every benchmark): customers and vehicles here; visits, tasks and payments
// are added by visits.ts on top of the vehicles this returns. Each step is an exported function so a
// benchmark can compose exactly what it needs; cli.ts is the command-line entry.
import type { Db } from '../client.ts';
import { generateCustomers, type GeneratedCustomer } from './customers.ts';
import { generateVehicles, type GeneratedVehicle } from './vehicles.ts';

export { bulkInsert, type ColumnSpec } from './bulk-insert.ts';
export { buildCustomers, generateCustomers, DATASET_EPOCH, type GeneratedCustomer } from './customers.ts';
export { buildVehicles, generateVehicles, type GeneratedVehicle } from './vehicles.ts';
export { startThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database.ts';

export interface DatasetOptions {
  customers?: number;
  vehicles?: number;
  seed?: number;
}

export interface LoadedDataset {
  customers: GeneratedCustomer[];
  vehicles: GeneratedVehicle[];
  milliseconds: number;
}

/** Loads customers then vehicles (10,000 and 20,000 by default) and refreshes the planner's statistics. */
export async function loadCustomersAndVehicles(db: Db, options: DatasetOptions = {}): Promise<LoadedDataset> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const customers = await generateCustomers(db, { count: options.customers ?? 10_000, seed });
  const vehicles = await generateVehicles(db, {
    ownerIds: customers.map((customer) => customer.id),
    count: options.vehicles ?? 20_000,
    seed,
  });
  // What autovacuum would do soon after a bulk load, done now so measurements start from a steady state:
  // fresh planner statistics, and the GIN (trigram) indexes' pending lists merged (a search scans a pending
  // list linearly: ~25 ms per query right after loading 10,000 users).
  await db.$executeRawUnsafe('VACUUM ANALYZE "User", "Vehicle"');
  return { customers, vehicles, milliseconds: Math.round(performance.now() - started) };
}
