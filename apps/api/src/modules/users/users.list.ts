// The users list in one round trip: the page (with each user's live vehicle and visit counts) and the total,
// as two SQL statements run side by side. Text search goes through users.search.ts (trigram indexes behind
// a fence); without a search the ordering index serves ORDER BY ... LIMIT/OFFSET directly.
import { Prisma, type Db } from '@garage/db';
import { queryRows } from '@garage/db/client';
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
  "verified", "active", "preferredLanguage", "passwordHash", "billing", "createdAt", "updatedAt"`;
/** The same columns for node-postgres (queryRows): enums as text, instants as epoch milliseconds. */
const RAW_COLUMNS = Prisma.sql`id, "firstName", "lastName", "username", "email", "countryCode", "phoneNumber", "role"::text AS role, "age",
  "imageUrl", "verified", "active", "preferredLanguage"::text AS "preferredLanguage", "passwordHash", "billing",
  (date_part('epoch', "createdAt") * 1000)::int8 AS "createdAt", (date_part('epoch', "updatedAt") * 1000)::int8 AS "updatedAt"`;

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
  const pageSql = (columns: Prisma.Sql, limit: Prisma.Sql) => Prisma.sql`
    SELECT ${columns},
      (SELECT count(*)::int FROM "Vehicle" AS v WHERE v."ownerId" = page.id AND v."deletedAt" IS NULL) AS "vehicleCount",
      (SELECT count(*)::int FROM "Visit" AS vi WHERE vi."customerId" = page.id) AS "visitCount"
    FROM (
      SELECT id FROM (SELECT * FROM "User" WHERE ${where} ${fence}) AS matches
      ORDER BY ${orderBy} ${limit}
    ) AS page
    JOIN "User" USING (id)
    ORDER BY ${orderBy}`;
  const totalSql = Prisma.sql`SELECT count(*)::int AS total FROM "User" WHERE ${where}`;
  const offset = (query.page - 1) * query.pageSize;
  let rows: ListedRow[];
  let count: { total: number }[];
  if (words.length > 0) {
    // With a search, both statements share one transaction (see withTrigramPlans).
    const pageRows = db.$queryRaw<ListedRow[]>(pageSql(COLUMNS, Prisma.sql`LIMIT ${query.pageSize} OFFSET ${offset}`));
    [rows, count] = await withTrigramPlans(db, words, [pageRows, db.$queryRaw<{ total: number }[]>(totalSql)]);
  } else {
    // Without one (the list as it opens, filters, pages): both statements straight to the pool, side by side,
    // prepared (one text per filter combination and page size; the offset is read through a sub-select so
    // one plan serves every page, as in the visits list): Prisma's runtime was most of the request's CPU.
    if (!Number.isSafeInteger(query.pageSize) || query.pageSize <= 0) throw new Error('invalid page size');
    const limit = Prisma.sql`LIMIT ${Prisma.raw(String(query.pageSize))} OFFSET (SELECT ${offset}::int)`;
    let raw: (Omit<ListedRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string })[];
    [raw, count] = await Promise.all([
      queryRows<(typeof raw)[number]>(db, pageSql(RAW_COLUMNS, limit), { prepare: true }),
      queryRows<{ total: number }>(db, totalSql, { prepare: true }),
    ]);
    rows = raw.map((row) => ({ ...row, createdAt: new Date(Number(row.createdAt)), updatedAt: new Date(Number(row.updatedAt)) }));
  }
  const totalCount = count[0]?.total ?? 0;
  return {
    items: rows.map(({ vehicleCount, visitCount, ...row }) => toUserView(row, { vehicles: vehicleCount, visits: visitCount })),
    total: totalCount,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / query.pageSize)),
  };
}
