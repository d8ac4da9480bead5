// The committed migrations must produce exactly the schema in schema.prisma: a schema change without its
// migration fails here (`prisma migrate diff --exit-code`: 0 = in sync, 2 = differences).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { runPrisma } from '../src/migrate.ts';

const schemaFile = fileURLToPath(new URL('../prisma/schema.prisma', import.meta.url));
const diff = (toSchema: string) =>
  runPrisma(['migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema', toSchema, '--exit-code'], inject('databaseUrl'));

describe('migrations', () => {
  it('match schema.prisma exactly', async () => {
    const { code, output } = await diff(schemaFile);
    expect(output).not.toMatch(/error/i);
    expect(code, output).toBe(0);
  });

  it('catch a schema change that has no migration', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'garage-schema-'));
    const changed = path.join(dir, 'schema.prisma');
    copyFileSync(schemaFile, changed);
    writeFileSync(changed, `${readFileSync(changed, 'utf8')}\nmodel ForgottenTable {\n  id Int @id\n}\n`);
    const { code, output } = await diff(changed);
    rmSync(dir, { recursive: true, force: true });
    expect(code, output).toBe(2);
    expect(output).toMatch(/ForgottenTable/);
  });
});
