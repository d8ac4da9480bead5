// The first N rows of a table matching a text condition, in a given order, fast whether the words are
// rare or common:
// - rare words: the matches are collected through the trigram indexes (a materialised CTE keeps PostgreSQL
//   from walking the ordering index instead) and only they are sorted;
// - common words: once more than CANDIDATE_CAP rows match, walking the ordering index finds N matches
//   within the first rows, so that plain query is used.
// Each statement answers the columns the caller shows (`columns`, read from the matched row `t` and its
// `joins`), and the groups of one search are ranked together in one transaction read straight through
// node-postgres: a staff search is 5 round trips on one connection instead of 15 on three (per group a
// Prisma transaction, then a Prisma read by id). bench/mixed-statements.ts, one search at a time on the
// 2,000-customer dataset: app CPU 3.4-3.8 -> 1.1-1.2 ms, PostgreSQL 3.3-3.5 -> 0.5 ms (generic plans, see
// readWithTrigramPlans).
import { Prisma, type Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
import { readWithTrigramPlans } from '../users/users.search.ts';

const CANDIDATE_CAP = 1000;

export interface TopMatchesQuery {
  table: 'User' | 'Vehicle' | 'Visit';
  where: Prisma.Sql;
  /** Columns the ORDER BY needs, and the ORDER BY itself: fixed SQL, never user input. */
  sortColumns: Prisma.Sql;
  orderBy: Prisma.Sql;
  limit: number;
  /** What each match answers, read from the matched row as `t` and from `joins` (fixed SQL; node-postgres
   * reads dates as text: format them). */
  columns: Prisma.Sql;
  joins?: Prisma.Sql;
}

/** The rows of the ranked ids (`ranked`: id, rank, and any `extra` column), in rank order. */
function rowsOf(query: TopMatchesQuery, table: Prisma.Sql, extra = Prisma.empty) {
  return Prisma.sql`SELECT ${extra} ${query.columns} FROM ranked JOIN ${table} AS t ON t.id = ranked.id ${query.joins ?? Prisma.empty} ORDER BY ranked.rank`;
}

const literalLimit = (limit: number) => {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  return Prisma.raw(String(limit));
};

// The limits are written into the text, not sent as parameters: a generic plan (readWithTrigramPlans) made
// for an unknown LIMIT expects a handful of rows and walks an ordering index, testing every row (4.6 ms
// instead of 0.2 for a name on 2,000 customers).
function rareWordsStatement(query: TopMatchesQuery) {
  const table = Prisma.raw(`"${query.table}"`);
  return Prisma.sql`
    WITH candidates AS MATERIALIZED (
      SELECT id, ${query.sortColumns} FROM ${table} WHERE ${query.where} LIMIT ${literalLimit(CANDIDATE_CAP)}
    ), ranked AS (
      SELECT id, count(*) OVER () AS candidates, row_number() OVER (ORDER BY ${query.orderBy}) AS rank
      FROM candidates ORDER BY ${query.orderBy} LIMIT ${literalLimit(query.limit)}
    )
    ${rowsOf(query, table, Prisma.sql`ranked.candidates,`)}`;
}

function commonWordsStatement(query: TopMatchesQuery) {
  const table = Prisma.raw(`"${query.table}"`);
  return Prisma.sql`
    WITH ranked AS (
      SELECT id, row_number() OVER (ORDER BY ${query.orderBy}) AS rank
      FROM ${table} WHERE ${query.where} ORDER BY ${query.orderBy} LIMIT ${query.limit}
    )
    ${rowsOf(query, table)}`;
}

/** The top matches of each query (their `columns`), in the same order as the queries. */
export async function topMatches(db: Db, words: string[], queries: TopMatchesQuery[]): Promise<unknown[][]> {
  const ranked = (await readWithTrigramPlans(db, words, queries.map(rareWordsStatement))) as Array<
    Array<Record<string, unknown> & { candidates: string }>
  >;
  return Promise.all(
    ranked.map(async (rows, index) => {
      if (rows.length === 0 || Number(rows[0]!.candidates) < CANDIDATE_CAP) return rows.map(({ candidates: _, ...row }) => row);
      return queryRows(db, commonWordsStatement(queries[index]!));
    }),
  );
}
