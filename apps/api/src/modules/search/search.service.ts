// Staff search: one box over customers (name, phone, email, username), vehicles (plate, brand, model) and
// visits (name). Each word of the query must match one column of the row; ILIKE '%word%' on those columns
// is served by pg_trgm GIN indexes (schema.prisma, migration search_trigram), and top-matches.ts keeps the
// ranking fast for rare and common words alike. The groups are queried in parallel, SEARCH_GROUP_LIMIT each.
import { Prisma, type Db } from '@garage/db';
import { normalizePlate, SEARCH_GROUP_LIMIT, type SearchResult } from '@garage/shared';
import { containsPattern, textSearchWords, trigramSearchable, userTextMatch } from '../users/users.search.ts';
import { inOrder, topMatchingIds } from './top-matches.ts';

function vehicleTextMatch(words: string[], query: string): Prisma.Sql {
  const perWord = words.map((word) => {
    const pattern = containsPattern(word);
    return Prisma.sql`("plateNormalized" LIKE ${containsPattern(normalizePlate(word))} OR "brand" ILIKE ${pattern} OR "model" ILIKE ${pattern})`;
  });
  const all = Prisma.join(perWord, ' AND ');
  // A plate is often typed with spaces ("AB 123 CD"): also try the whole query as one plate.
  return words.length > 1 ? Prisma.sql`((${all}) OR "plateNormalized" LIKE ${containsPattern(normalizePlate(query))})` : all;
}

function visitTextMatch(words: string[]): Prisma.Sql {
  return Prisma.join(words.map((word) => Prisma.sql`"name" ILIKE ${containsPattern(word)}`), ' AND ');
}

async function findCustomers(db: Db, words: string[]) {
  const ids = await topMatchingIds(db, {
    table: 'User',
    words,
    where: Prisma.sql`"deletedAt" IS NULL AND ${userTextMatch(words)}`,
    sortColumns: Prisma.sql`"lastName", "firstName"`,
    orderBy: Prisma.sql`"lastName", "firstName", id`,
    limit: SEARCH_GROUP_LIMIT,
  });
  const rows = await db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true, username: true, email: true, countryCode: true, phoneNumber: true, role: true, imageUrl: true },
  });
  return inOrder(ids, rows);
}

async function findVehicles(db: Db, words: string[], query: string) {
  // Soft-deleting a customer hides their vehicles too, so "deletedAt" covers deleted owners.
  const ids = await topMatchingIds(db, {
    table: 'Vehicle',
    words,
    where: Prisma.sql`"deletedAt" IS NULL AND ${vehicleTextMatch(words, query)}`,
    sortColumns: Prisma.sql`"plateNormalized"`,
    orderBy: Prisma.sql`"plateNormalized"`,
    limit: SEARCH_GROUP_LIMIT,
  });
  const rows = await db.vehicle.findMany({
    where: { id: { in: ids } },
    select: { id: true, ownerId: true, plateNumber: true, brand: true, model: true, year: true, type: true, owner: { select: { firstName: true, lastName: true } } },
  });
  return inOrder(ids, rows).map(({ owner, ...vehicle }) => ({ ...vehicle, ownerName: `${owner.firstName} ${owner.lastName}` }));
}

async function findVisits(db: Db, words: string[]) {
  const ids = await topMatchingIds(db, {
    table: 'Visit',
    words,
    where: Prisma.sql`${visitTextMatch(words)} AND NOT EXISTS (SELECT 1 FROM "User" AS u WHERE u.id = "Visit"."customerId" AND u."deletedAt" IS NOT NULL)`,
    sortColumns: Prisma.sql`"createdAt"`,
    orderBy: Prisma.sql`"createdAt" DESC, id DESC`,
    limit: SEARCH_GROUP_LIMIT,
  });
  const rows = await db.visit.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      name: true,
      customerId: true,
      vehicleId: true,
      status: true,
      visitDate: true,
      customer: { select: { firstName: true, lastName: true } },
      vehicle: { select: { plateNumber: true } },
    },
  });
  return inOrder(ids, rows).map(({ customer, vehicle, visitDate, ...visit }) => ({
    ...visit,
    customerName: `${customer.firstName} ${customer.lastName}`,
    plateNumber: vehicle.plateNumber,
    visitDate: visitDate.toISOString(),
  }));
}

const nothing = (): SearchResult => ({ customers: [], vehicles: [], visits: [] });

/**
 * Words shorter than three letters or digits cannot use the trigram indexes, and scanning every customer,
 * vehicle and visit for "ab" costs more than the answer is worth: such a query searches plates only when it
 * spells one ("AB 12" → AB12), and otherwise answers nothing (the screen asks for at least 3 characters).
 * Next to a longer word, short words still narrow the results.
 */
export async function searchEverything(db: Db, query: string): Promise<SearchResult> {
  const words = textSearchWords(query);
  if (words.length === 0) return nothing();
  if (!words.some(trigramSearchable)) {
    const plate = normalizePlate(query);
    return trigramSearchable(plate) ? { ...nothing(), vehicles: await findVehicles(db, [plate], plate) } : nothing();
  }
  const [customers, vehicles, visits] = await Promise.all([findCustomers(db, words), findVehicles(db, words, query), findVisits(db, words)]);
  return { customers, vehicles, visits };
}
