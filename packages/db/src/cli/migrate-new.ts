// `pnpm db:migrate:new <name>`: turns the current schema.prisma into a new migration, offline.
// It runs `prisma migrate dev` against a throwaway embedded PostgreSQL (existing migrations are applied
// first, then the difference becomes prisma/migrations/<timestamp>_<name>/migration.sql), so your own
// database is never touched. Apply it to your database by starting the app (or `prisma migrate deploy`).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded.ts';
import { runPrisma } from '../migrate.ts';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: pnpm db:migrate:new <name>   (lower-case letters, digits and underscores)');
  process.exit(1);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-migrate-'));
const cluster = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
try {
  const { code, output } = await runPrisma(['migrate', 'dev', '--name', name], cluster.url);
  console.log(output);
  process.exitCode = code;
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
