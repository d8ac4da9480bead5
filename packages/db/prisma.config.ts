// Prisma CLI configuration. The CLI would download a native schema engine, which these machines
// cannot reach; engine/schema-engine.mjs stands in for it (see ARCHITECTURE.md, "Migrations offline").
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL('./engine/schema-engine.mjs', import.meta.url));

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/garage' },
});
