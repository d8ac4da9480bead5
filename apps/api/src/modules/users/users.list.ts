// The users list in one round trip: the page (with each user's live vehicle and visit counts) and the total,
// as two SQL statements run side by side. Text search goes through users.search.ts (trigram indexes behind
// a fence); without a search the ordering index serves ORDER BY ... LIMIT/OFFSET directly.
import { Prisma, type Db } from '@garage/db';
import type { listUsersSchema, UserPage } from '@garage/shared';
import type { z } from 'zod';
import { textSearchWords, userTextMatch, withTrigramPlans } from './users.search.ts';
import { toUserView, type UserRow } from './users.view.ts';

type ListUsersQuery = z.output<typeof listUsersSchema>;

/** Fixed SQL per sort option (never user input); `id` makes every order total, so pages never overlap. */
const ORDER_BY: Record<ListUsersQuery['sort'], Prisma.Sql> = {
  newest: Prisma.sql`"createdAt" DESC, id DESC`,
  oldest: Prisma.sql`"createdAt" ASC, id ASC`,
  name: Prisma.sql`"lastName" ASC, "firstName" ASC, id ASC`,
  username: Prisma.sql`"username" ASC, id ASC`,
};

const COLUMNS = Prisma.sql`id, "firstName", "lastName", "username", "email", "countryCode", "phoneNumber", "role", "age", "imageUrl",
  "verified", "active", "preferredLanguage", "passwordHash", "createdAt", "updatedAt"`;

type ListedRow = UserRow & { vehicleCount: number; visitCount: number };

export async function listUsers(db: Db, query: ListUsersQuery): Promise<UserPage> {
  const words = textSearchWords(query.search);
  const where = Prisma.join(
    [
      Prisma.sql`"deletedAt" IS NULL`,
      ...(query.role ? [Prisma.sql`"role" = ${query.role}::"Role"`] : []),
      ...(query.active !== undefined ? [Prisma.sql`"active" = ${query.active}`] : []),
      ...(query.verified !== undefined ? [Prisma.sql`"verified" = ${query.verified}`] : []),
      ...(words.length > 0 ? [userTextMatch(words)] : []),
    ],
    ' AND ',
  );
  // OFFSET 0 keeps a text search from being planned as "walk the ordering index and test every row".
  const fence = words.length > 0 ? Prisma.sql`OFFSET 0` : Prisma.empty;
  const orderBy = ORDER_BY[query.sort];
  // The page's ids are chosen first, from the ordering index alone when there is no search: a deep page
  // (page 500) then skips its offset inside the index (schema.prisma) and reads only its own rows.
  const pageRows = db.$queryRaw<ListedRow[]>`
    SELECT ${COLUMNS},
      (SELECT count(*)::int FROM "Vehicle" AS v WHERE v."ownerId" = page.id AND v."deletedAt" IS NULL) AS "vehicleCount",
      (SELECT count(*)::int FROM "Visit" AS vi WHERE vi."customerId" = page.id) AS "visitCount"
    FROM (
      SELECT id FROM (SELECT * FROM "User" WHERE ${where} ${fence}) AS matches
      ORDER BY ${orderBy} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
    ) AS page
    JOIN "User" USING (id)
    ORDER BY ${orderBy}`;
  const total = db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "User" WHERE ${where}`;
  // With a search, both statements share one transaction (see withTrigramPlans); otherwise they run in parallel.
  const [rows, count] = words.length > 0 ? await withTrigramPlans(db, words, [pageRows, total]) : await Promise.all([pageRows, total]);
  const totalCount = count[0]?.total ?? 0;
  return {
    items: rows.map(({ vehicleCount, visitCount, ...row }) => toUserView(row, { vehicles: vehicleCount, visits: visitCount })),
    total: totalCount,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / query.pageSize)),
  };
}
