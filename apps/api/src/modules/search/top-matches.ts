// The first N rows of a table matching a text condition, in a given order, fast whether the words are
// rare or common:
// - rare words: the matches are collected through the trigram indexes (a materialised CTE keeps PostgreSQL
//   from walking the ordering index instead) and only they are sorted;
// - common words: once more than CANDIDATE_CAP rows match, walking the ordering index finds N matches
//   within the first rows, so that plain query is used.
import { Prisma, type Db } from '@garage/db';
import { withTrigramPlans } from '../users/users.search.ts';

const CANDIDATE_CAP = 1000;

export interface TopMatchesQuery {
  table: 'User' | 'Vehicle' | 'Visit';
  /** The searched words (they decide whether the trigram indexes can serve the match). */
  words: string[];
  where: Prisma.Sql;
  /** Columns the ORDER BY needs, and the ORDER BY itself: fixed SQL, never user input. */
  sortColumns: Prisma.Sql;
  orderBy: Prisma.Sql;
  limit: number;
}

export async function topMatchingIds(db: Db, query: TopMatchesQuery): Promise<string[]> {
  const table = Prisma.raw(`"${query.table}"`);
  const [ranked] = await withTrigramPlans(db, query.words, [
    db.$queryRaw<{ id: string; candidates: bigint }[]>`
      WITH candidates AS MATERIALIZED (
        SELECT id, ${query.sortColumns} FROM ${table} WHERE ${query.where} LIMIT ${CANDIDATE_CAP}
      )
      SELECT id, count(*) OVER () AS candidates FROM candidates ORDER BY ${query.orderBy} LIMIT ${query.limit}`,
  ]);
  if (ranked.length === 0 || Number(ranked[0]!.candidates) < CANDIDATE_CAP) return ranked.map((row) => row.id);
  const common = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM ${table} WHERE ${query.where} ORDER BY ${query.orderBy} LIMIT ${query.limit}`;
  return common.map((row) => row.id);
}

/** Rows fetched by id come back in any order: put them in the ranking's order. */
export function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => !!row);
}
