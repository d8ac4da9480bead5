// Staff search: one box over customers (name, phone, email, username), vehicles (plate, brand, model) and
// visits (name). Each word of the query must match one column of the row; ILIKE '%word%' on those columns
// is served by pg_trgm GIN indexes (schema.prisma, migration search_trigram), and top-matches.ts keeps the
// ranking fast for rare and common words alike. The three groups (SEARCH_GROUP_LIMIT rows each) are ranked
// in one transaction, each statement answering the columns shown.
import { Prisma, type Db } from '@garage/db';
import { mirrorPlateKey, normaliseVin, normalizePlate, SEARCH_GROUP_LIMIT, type SearchResult } from '@garage/shared';
import { containsPattern, textSearchWords, trigramSearchable, userTextMatch } from '../users/users.search.ts';
import { topMatches, type TopMatchesQuery } from './top-matches.ts';

function vehicleTextMatch(words: string[], query: string): Prisma.Sql {
  const perWord = words.map((word) => {
    const pattern = containsPattern(word);
    return Prisma.sql`("plateNormalized" LIKE ${containsPattern(normalizePlate(word))} OR "brand" ILIKE ${pattern} OR "model" ILIKE ${pattern})`;
  });
  const all = Prisma.join(perWord, ' AND ');
  // A plate is often typed with spaces ("AB 123 CD"): also try the whole query as one plate, and as the other
  // script reads it (a Saudi plate's Arabic line read right to left: plates.ts mirrorPlateKey).
  const wholeQuery = words.length > 1 ? Prisma.sql` OR "plateNormalized" LIKE ${containsPattern(normalizePlate(query))}` : Prisma.empty;
  return Prisma.sql`((${all})${wholeQuery}${mirroredPlateMatch(query)}${vinTailMatch(query)})`;
}

/**
 * A VIN is found by its last 6 or 8 characters (what staff read off a document or the windscreen) or whole:
 * equality on right("vin", 6) / right("vin", 8) / "vin", each served by a btree index (migration vin_search).
 */
function vinTailMatch(query: string): Prisma.Sql {
  const key = normaliseVin(query);
  if (!/^[A-HJ-NPR-Z0-9]+$/.test(key)) return Prisma.empty;
  if (key.length === 6) return Prisma.sql` OR right("vin", 6) = ${key}`;
  if (key.length === 8) return Prisma.sql` OR right("vin", 8) = ${key}`;
  if (key.length === 17) return Prisma.sql` OR "vin" = ${key}`;
  return Prisma.empty;
}

/**
 * Plates are searched by their key (plates.ts normalizePlate: one key across scripts, digits and separators), so
 * `12345 a 6` finds `12345 أ 6`. The mirrored key is tried too when it differs and is long enough for trigrams.
 */
function mirroredPlateMatch(query: string): Prisma.Sql {
  const key = normalizePlate(query);
  const mirrored = mirrorPlateKey(key);
  return mirrored !== key && trigramSearchable(mirrored)
    ? Prisma.sql` OR "plateNormalized" LIKE ${containsPattern(mirrored)}`
    : Prisma.empty;
}

function visitTextMatch(words: string[]): Prisma.Sql {
  return Prisma.join(
    words.map((word) => Prisma.sql`"name" ILIKE ${containsPattern(word)}`),
    ' AND ',
  );
}

function customersQuery(words: string[]): TopMatchesQuery {
  return {
    table: 'User',
    where: Prisma.sql`"deletedAt" IS NULL AND ${userTextMatch(words)}`,
    sortColumns: Prisma.sql`"lastName", "firstName"`,
    orderBy: Prisma.sql`"lastName", "firstName", id`,
    limit: SEARCH_GROUP_LIMIT,
    columns: Prisma.sql`t.id, t."firstName", t."lastName", t.username, t.email, t."countryCode", t."phoneNumber", t.role::text AS role, t."imageUrl"`,
  };
}

function vehiclesQuery(words: string[], query: string): TopMatchesQuery {
  // Soft-deleting a customer hides their vehicles too, so "deletedAt" covers deleted owners.
  return {
    table: 'Vehicle',
    where: Prisma.sql`"deletedAt" IS NULL AND ${vehicleTextMatch(words, query)}`,
    sortColumns: Prisma.sql`"plateNormalized"`,
    orderBy: Prisma.sql`"plateNormalized"`,
    limit: SEARCH_GROUP_LIMIT,
    columns: Prisma.sql`t.id, t."ownerId", owner."firstName" || ' ' || owner."lastName" AS "ownerName", t."plateNumber", t.brand, t.model, t.year, t.type::text AS type`,
    joins: Prisma.sql`JOIN "User" AS owner ON owner.id = t."ownerId"`,
  };
}

function visitsQuery(words: string[]): TopMatchesQuery {
  return {
    table: 'Visit',
    where: Prisma.sql`${visitTextMatch(words)} AND NOT EXISTS (SELECT 1 FROM "User" AS u WHERE u.id = "Visit"."customerId" AND u."deletedAt" IS NOT NULL)`,
    sortColumns: Prisma.sql`"createdAt"`,
    orderBy: Prisma.sql`"createdAt" DESC, id DESC`,
    limit: SEARCH_GROUP_LIMIT,
    columns: Prisma.sql`t.id, t.name, t."customerId", customer."firstName" || ' ' || customer."lastName" AS "customerName", t."vehicleId",
      vehicle."plateNumber", t.status::text AS status, to_char(t."visitDate", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "visitDate"`,
    joins: Prisma.sql`JOIN "User" AS customer ON customer.id = t."customerId" JOIN "Vehicle" AS vehicle ON vehicle.id = t."vehicleId"`,
  };
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
    if (!trigramSearchable(plate)) return nothing();
    const [vehicles] = await topMatches(db, [plate], [vehiclesQuery([plate], plate)]);
    return { ...nothing(), vehicles: vehicles as SearchResult['vehicles'] };
  }
  const [customers, vehicles, visits] = await topMatches(db, words, [
    customersQuery(words),
    vehiclesQuery(words, query),
    visitsQuery(words),
  ]);
  return {
    customers: customers as SearchResult['customers'],
    vehicles: vehicles as SearchResult['vehicles'],
    visits: visits as SearchResult['visits'],
  };
}
