// `pnpm --filter @garage/db seed`: seeds the database named by DATABASE_URL (or the embedded one).
import { createDb } from '../client.ts';
import { resolveDatabase } from '../database.ts';
import { seedDemoData } from './demo.ts';

const database = await resolveDatabase({ databaseUrl: process.env.DATABASE_URL, log: console.log });
const db = createDb(database.url);
try {
  const { created } = await seedDemoData(db);
  console.log(created ? 'Demo data created.' : 'Demo data already present; nothing to do.');
} finally {
  await db.$disconnect();
  await database.stop();
}
