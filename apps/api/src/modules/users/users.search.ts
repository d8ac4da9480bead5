// Text search over people, shared by the users list and staff search. Every word must match one of the
// searched columns (name, username, email, phone digits, or a "+code" country code). ILIKE '%word%' on those
// columns is served by the pg_trgm GIN indexes (schema.prisma, migration search_trigram).
//
// Why raw SQL: when a query both filters on a rare word and orders by an indexed column, PostgreSQL's
// estimate for ILIKE makes it walk the ordering index and test every row (10,000 rows for a name that
// matches five). Matching inside a fenced subquery (OFFSET 0) makes it use the trigram indexes first and
// sort only the matches.
import { Prisma, type Db } from '@garage/db';

const MAX_WORDS = 5;

export function textSearchWords(text: string | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
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

/**
 * Ids of one page of live users matching `words` and the extra conditions, in `orderBy` order.
 * `orderBy` must be a fixed SQL fragment (never user input).
 */
export async function matchingUserIds(
  db: Db,
  query: { words: string[]; conditions: Prisma.Sql[]; orderBy: Prisma.Sql; limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = Prisma.join([Prisma.sql`"deletedAt" IS NULL`, ...query.conditions, userTextMatch(query.words)], ' AND ');
  const [page, count] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`
      SELECT id FROM (SELECT id, "firstName", "lastName", "username", "createdAt" FROM "User" WHERE ${where} OFFSET 0) AS matches
      ORDER BY ${query.orderBy} LIMIT ${query.limit} OFFSET ${query.offset}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM "User" WHERE ${where}`,
  ]);
  return { ids: page.map((row) => row.id), total: Number(count[0]?.total ?? 0) };
}
