// `pnpm --filter @garage/db seed`: seeds the database named by DATABASE_URL (or the embedded one).
import { createDb } from '../client.ts';
import { resolveDatabase } from '../database.ts';
import { seedDemoData } from './demo.ts';
import { demoProfileFrom } from './tax.ts';

const database = await resolveDatabase({ databaseUrl: process.env.DATABASE_URL, log: console.log });
const db = createDb(database.url);
try {
  // DEMO_PROFILE=fr|ma|sa|ae: the demo shop in that country (seed/tax.ts).
  const { created } = await seedDemoData(db, { profile: demoProfileFrom(process.env.DEMO_PROFILE) });
  console.log(created ? 'Demo data created.' : 'Demo data already present; nothing to do.');
} finally {
  await db.$disconnect();
  await database.stop();
}
