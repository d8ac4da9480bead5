// Loads the benchmark dataset.
//   pnpm --filter @garage/db exec tsx src/dataset/cli.ts [--customers 10000] [--vehicles 20000] [--seed 1]
//                                                        [--database-url postgresql://...]
// Without --database-url it starts a throwaway embedded PostgreSQL in the temp folder (never .data/), loads
// it, prints its URL and keeps it running until Ctrl+C, so an app or a benchmark can be pointed at it.
import { parseArgs } from 'node:util';
import { createDb } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { loadCustomersAndVehicles, startThrowawayDatabase } from './index.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    vehicles: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
  },
});

const throwaway = values['database-url'] ? null : await startThrowawayDatabase();
const url = values['database-url'] ?? throwaway!.url;
if (!throwaway) await migrateDatabase(url);
const db = createDb(url);
try {
  const loaded = await loadCustomersAndVehicles(db, {
    customers: Number(values.customers),
    vehicles: Number(values.vehicles),
    seed: Number(values.seed),
  });
  console.log(`Loaded ${loaded.customers.length} customers and ${loaded.vehicles.length} vehicles in ${loaded.milliseconds} ms.`);
} finally {
  await db.$disconnect();
}

if (throwaway) {
  console.log(`Throwaway database: ${url}\nPress Ctrl+C to stop it (its folder ${throwaway.dir} is removed).`);
  const stop = async () => {
    await throwaway.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
