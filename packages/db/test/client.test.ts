import { afterAll, describe, expect, it, inject } from 'vitest';
import { createDb } from '../src/client.ts';

// One connection, so the statements this file sends and the ones it reads back share a session.
const db = createDb(inject('databaseUrl'), { poolSize: 1 });
afterAll(() => db.$disconnect());

async function preparedPrismaStatements(): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ statement: string }[]>(
    `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'prisma\\_%'`,
  );
  return rows.map((row) => row.statement);
}

describe('Prisma statements', () => {
  it('are prepared once their text has run often, and still answer the values they are given', async () => {
    const email = `never-${Date.now()}@example.test`;
    const rare = () => db.branding.findMany({ where: { type: 'not-a-type' }, take: 1 });
    await rare();
    for (let run = 0; run < 30; run += 1) {
      expect(await db.user.findFirst({ where: { email: `${run}-${email}` }, select: { id: true } })).toBeNull();
    }
    const prepared = await preparedPrismaStatements();
    expect(prepared.some((text) => text.includes('"public"."User"') && text.includes('"email"'))).toBe(true);
    // A text seen once stays one-shot (no memory held for rare statements).
    expect(prepared.some((text) => text.includes('"public"."Branding"'))).toBe(false);
    // The prepared statement answers the value of each run, not the one it was prepared with.
    const someone = await db.user.findFirstOrThrow({ select: { id: true, email: true }, where: { email: { not: null } } });
    expect(await db.user.findFirst({ where: { email: someone.email! }, select: { id: true } })).toEqual({ id: someone.id });
  });
});
