// The one way to get a Prisma client: Prisma 7's query compiler talks to PostgreSQL through node-postgres.
// The node-postgres pool is made here and shared. Besides Prisma, a hot read path may send its hand-written
// SQL straight through it (queryRows): for a 10-row page, Prisma's runtime costs about 0.25 ms of CPU per
// statement on top of node-postgres's own 0.15-0.2 ms (apps/api/bench, ARCHITECTURE.md "Visits").
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.ts';

export type Db = PrismaClient;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * PostgreSQL connections per app process (DATABASE_POOL_SIZE). On 2 cores at 50 concurrent requests
 * (bench/visits-list.ts) 20 connections cost more database CPU per request, in context switches, than 10;
 * 5 measured like 10.
 */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Longest wait for a connection, whether opening one or queued behind busy ones: while PostgreSQL is down or
 * unreachable a request fails within this bound (503) instead of hanging (docs/operations.md "Restarts").
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export function createDb(databaseUrl: string, options: { poolSize?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose peer vanished (host down, network cut) is detected by TCP keep-alive, not by a
    // query waiting on it forever.
    keepAlive: true,
  });
  // An idle connection that fails (server restart, network) is dropped by the pool and replaced on the next
  // query; without a listener the 'error' event would end the process. Prisma adds its own once connected.
  pool.on('error', () => {});
  // The same for a connection that is checked out but between queries (a transaction's client while the
  // code awaits something else, analytics' batch writer): PostgreSQL's shutdown message (57P01) then
  // arrives with no query to fail and, unheard, would end the process (seen in bench/db-restart.ts at 50
  // users). The error is not lost: the connection's next query fails with it and its owner releases it.
  pool.on('connect', (client) => client.on('error', () => {}));
  // disposeExternalPool: $disconnect() ends the pool, as it did when Prisma made the pool itself (so a client
  // is done after $disconnect: queryRows would find its pool ended).
  // A transaction waits for its connection as long as a single query does (Prisma's default is 2 s: under
  // a burst, transactions failed while plain queries still got through).
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: prismaStatementName as StatementNameGenerator });
  const db = new PrismaClient({ adapter, transactionOptions: { maxWait: CONNECT_TIMEOUT_MS } });
  pools.set(db, pool);
  return db;
}

/**
 * The node-postgres pool behind a client made by createDb, for code that needs plain connections: bulk
 * writes in one transaction (analytics ingestion) or a connection string for LISTEN.
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('poolOf needs a client made by createDb');
  return pool;
}

/** SQL text with $1..$n placeholders and their values (a Prisma.Sql has both: `.text`, `.values`). */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

// Date and time columns come back as PostgreSQL's text, never as a Date: node-postgres would read a
// `timestamp` (no time zone) in the process's local zone. Select them formatted (to_char) instead.
const TEXT_OIDS = new Set([pg.types.builtins.DATE, pg.types.builtins.TIMESTAMP, pg.types.builtins.TIMESTAMPTZ]);
const asText = (value: string) => value;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_OIDS.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

// Prepared statements: a statement named after its text is parsed once per connection, and PostgreSQL may
// then reuse a generic plan instead of planning every call (planning is most of a small page's database
// time). Each one keeps about 90 KB in every connection that ran it (measured: list page, generic plan), so
// names are handed out per distinct text up to a cap; past it statements run unnamed, as Prisma's do.
// Statements need session connections: a transaction-mode pooler (PgBouncer) would lose them.
const MAX_PREPARED_STATEMENTS = 100;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `garage_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Prisma's statements are prepared too, once their text has run PREPARE_AFTER_RUNS times in this process:
 * PostgreSQL then parses each once per connection and, where it finds a generic plan no costlier, plans it
 * once (its usual rule: after five runs, compared with the plans made for the values). Prisma writes every
 * value, LIMIT and OFFSET included, as a parameter, so the busy texts form a small fixed set.
 * bench/mixed-statements.ts, PostgreSQL CPU per request: visit detail 1.35 -> 0.7 ms, a client's visits 2.0
 * -> 1.05, to-do list 0.9 -> 0.45; app CPU 5-20% less (no Parse/Describe sent). Rare statements (start-up,
 * admin work) stay one-shot and hold no memory; the busy ones hold ~85 KB each per connection, so at most
 * MAX_PREPARED_PRISMA_STATEMENTS. Only Prisma's own statements, recognised by their "public"."Table" names
 * (hand-written SQL never writes them): raw SQL decides for itself (queryRows' `prepare`). A migration that
 * changes the type of a column an old instance has prepared a statement for fails that statement until
 * the instance restarts (a rolling deploy replaces it anyway).
 */
const PREPARE_AFTER_RUNS = 20;
const MAX_PREPARED_PRISMA_STATEMENTS = 100;
const prismaStatementNames = new Map<string, string>();
const prismaStatementRuns = new Map<string, number>();
type StatementNameGenerator = NonNullable<ConstructorParameters<typeof PrismaPg>[1]>['statementNameGenerator'];
function prismaStatementName({ sql }: { sql: string }): string | undefined {
  const name = prismaStatementNames.get(sql);
  if (name !== undefined || prismaStatementNames.size >= MAX_PREPARED_PRISMA_STATEMENTS || !sql.includes('"public".')) return name;
  const runs = (prismaStatementRuns.get(sql) ?? 0) + 1;
  if (runs < PREPARE_AFTER_RUNS) {
    // Bounded whatever runs: forgetting the counts only delays a statement's preparation.
    if (prismaStatementRuns.size >= 10_000) prismaStatementRuns.clear();
    prismaStatementRuns.set(sql, runs);
    return undefined;
  }
  prismaStatementRuns.delete(sql);
  const prepared = `prisma_${prismaStatementNames.size + 1}`;
  prismaStatementNames.set(sql, prepared);
  return prepared;
}

/**
 * Runs one read statement on the client's pool, outside Prisma. Only for measured hot paths; the SQL must
 * name its columns as the row type expects, and `prepare` only statements whose text comes from a fixed set
 * (values in placeholders), so the cap above is never reached in normal use.
 */
export async function queryRows<Row>(db: Db, statement: SqlStatement, options: { prepare?: boolean } = {}): Promise<Row[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('queryRows needs a client made by createDb');
  const name = options.prepare ? statementName(statement.text) : undefined;
  const result = await pool.query<Row & pg.QueryResultRow>({ name, text: statement.text, values: statement.values, types });
  return result.rows;
}

/**
 * Runs read statements one after the other in one read-only transaction on one connection, outside Prisma
 * (rows as queryRows gives them). `settings` (fixed SQL, never input, e.g. `enable_seqscan = off`) apply to
 * these statements only: they are sent with BEGIN as SET LOCAL, in the same round trip. `prepare` as in
 * queryRows.
 */
export async function queryRowsInTransaction(
  db: Db,
  statements: SqlStatement[],
  options: { settings?: string[]; prepare?: boolean } = {},
): Promise<unknown[][]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('queryRowsInTransaction needs a client made by createDb');
  const client = await pool.connect();
  let discard = false;
  try {
    await client.query(['BEGIN READ ONLY', ...(options.settings ?? []).map((setting) => `SET LOCAL ${setting}`)].join('; '));
    const results: unknown[][] = [];
    for (const statement of statements) {
      const name = options.prepare ? statementName(statement.text) : undefined;
      results.push((await client.query({ name, text: statement.text, values: statement.values, types })).rows);
    }
    await client.query('COMMIT');
    return results;
  } catch (error) {
    // A failed statement leaves the transaction aborted: end it, or drop the connection if even that fails.
    await client.query('ROLLBACK').catch(() => (discard = true));
    throw error;
  } finally {
    client.release(discard);
  }
}
