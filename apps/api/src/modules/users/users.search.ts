// Text search over people, shared by the users list and staff search. Every word must match one of the
// searched columns (name, username, email, phone digits, or a "+code" country code). ILIKE '%word%' on those
// columns is served by the pg_trgm GIN indexes (schema.prisma, migration search_trigram).
//
// Why raw SQL: PostgreSQL's estimates for ILIKE lead it astray twice. (1) With ORDER BY ... LIMIT it walks
// the ordering index and tests every row (10,000 rows for a name that matches five): matching inside a
// fenced subquery (OFFSET 0) makes it collect the matches first and sort only them. (2) For long words it
// prices the trigram scans too high and reads the whole table (18 ms instead of 1 ms for a full username):
// when every word is long enough for trigrams, the statements run with sequential scans disabled.
import { Prisma, type Db } from '@garage/db';
import { queryRowsInTransaction } from '@garage/db/client';

const MAX_WORDS = 5;

export function textSearchWords(text: string | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

/** pg_trgm can only look a word up when it has a run of at least three letters or digits. */
export const trigramSearchable = (word: string) => /[\p{L}\p{N}]{3}/u.test(word);

/**
 * Runs read statements in one transaction, with sequential scans disabled when the trigram indexes can
 * narrow the rows (some word is long enough; shorter words then only filter those rows). See the header.
 */
export function withTrigramPlans<T extends Prisma.PrismaPromise<unknown>[]>(db: Db, words: string[], statements: [...T]) {
  if (!words.some(trigramSearchable)) return db.$transaction(statements);
  return db
    .$transaction([db.$executeRaw`SET LOCAL enable_seqscan = off`, ...statements])
    .then(([, ...results]) => results as unknown as UnwrapAll<T>);
}
type UnwrapAll<T extends unknown[]> = { [K in keyof T]: Awaited<T[K]> };

/**
 * The same rule for plain SQL read through node-postgres (no Prisma runtime: ~0.3 ms of CPU less per
 * statement), in one read-only transaction whose settings go with BEGIN in one round trip. When the trigram
 * indexes can serve, the statements are prepared and always run their generic plan: planned without the
 * words, PostgreSQL picks the trigram indexes (0.4 ms for a rare name on 2,000 customers), while a plan
 * made for each call spent 1-3 ms planning and, for a long word, still preferred reading every live user
 * through the User(createdAt, id, deletedAt) index (7-12 ms). Only for statements whose text comes from a
 * fixed set (the words as parameters).
 */
export function readWithTrigramPlans(db: Db, words: string[], statements: Prisma.Sql[]): Promise<unknown[][]> {
  if (!words.some(trigramSearchable)) return queryRowsInTransaction(db, statements);
  return queryRowsInTransaction(db, statements, {
    settings: ['enable_seqscan = off', 'plan_cache_mode = force_generic_plan'],
    prepare: true,
  });
}

/** '%word%' with LIKE's own wildcards taken literally. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function userWordMatch(word: string): Prisma.Sql {
  const pattern = containsPattern(word);
  const alternatives = [
    Prisma.sql`"firstName" ILIKE ${pattern}`,
    Prisma.sql`"lastName" ILIKE ${pattern}`,
    Prisma.sql`"username" ILIKE ${pattern}`,
    Prisma.sql`"email" ILIKE ${pattern}`,
  ];
  // People type phone numbers with spaces, dashes or a country code; the column holds digits only.
  const digits = word.replace(/\D/g, '');
  if (digits.length >= 3 && digits.length >= word.replace(/[\s+().-]/g, '').length) {
    alternatives.push(Prisma.sql`"phoneNumber" LIKE ${containsPattern(digits)}`);
  }
  if (/^\+\d{1,4}$/.test(word)) alternatives.push(Prisma.sql`"countryCode" = ${word}`);
  return Prisma.sql`(${Prisma.join(alternatives, ' OR ')})`;
}

/** Every word matches some column of the user. */
export function userTextMatch(words: string[]): Prisma.Sql {
  return Prisma.join(words.map(userWordMatch), ' AND ');
}
