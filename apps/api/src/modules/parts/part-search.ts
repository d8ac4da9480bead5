// Part search through the PartSearchTerm index (migration part_search_terms, issue 26's "p95 <= 30 ms at 50,000
// parts"). The search's meaning is parts.service.ts's and does not change: every word is a part of the number,
// the name or the brand (ILIKE '%word%'), or a whole barcode; the exact part first, then the chosen order; an
// exact count. Only how the matches are found changes.
//
// Why: a common word ("filter": 11,000 of 50,000 parts) made PostgreSQL fetch and recheck every match from the
// trigram indexes (lossy) and sort them all, ~8 ms of CPU; 20 callers on 2 cores then queue past 30 ms. The
// term table holds, per part, every suffix (3+ characters, cut at 16) of each lower-cased word of its number,
// name and brand, with the part's name, in a btree (term, name, partId, archived). A search word of 3+
// characters matches a part exactly when one of the part's terms starts with it (the word never holds white
// space, so it lies inside one word of the text), which is a range of that index, read without touching the
// parts:
// - one word whose range holds a single term (the usual case: "filter", "bosch", "clio") is already in the
//   list's order: the page is the first entries of the range, the count an index-only count;
// - otherwise the words' ranges are gathered and grouped by part (a part is kept when every word matched it);
//   the page is sorted from those (id, name) pairs;
// - the parts themselves are read only for what the terms cannot say: words under 3 characters, words over 16
//   (rechecked on the text), the category, supplier and low-stock filters, other orders, and an exact part
//   number or barcode (it goes first).
// Searches with no word of 3+ characters, and barcodes, keep the trigram path (parts.service.ts searchPage).
import { Prisma, type Db } from '@garage/db';
import { poolOf } from '@garage/db/client';
import type { listPartsSchema } from '@garage/shared';
import type { z } from 'zod';
import { MARKUP_BANDS_JSON, type MarkupBandRow } from './markup.service.ts';
import { PART_VIEW_COLUMNS, type PartRow } from './part-views.ts';

type ListPartsQuery = z.output<typeof listPartsSchema>;

export interface SearchRead {
  rows: PartRow[];
  /** Exact, as the search always counted (only the list without a search stops counting at 1,000). */
  total: number;
  capped: false;
  bands: MarkupBandRow[];
}

/**
 * `enabled` off: every search takes the trigram path (parts.service.ts searchPage); only bench/parts-search.ts
 * and the tests turn it off, to compare both paths on the same data. `afterProbe`: tests only, to write parts
 * between the probe and the page.
 */
export const termSearch: { enabled: boolean; afterProbe?: () => Promise<void> } = { enabled: true };

/** Terms are cut to this many characters (the migration's part_search_terms); longer words are rechecked. */
const TERM_LENGTH = 16;
/** Shortest term: a word of fewer characters cannot use the index. */
const MIN_TERM_LENGTH = 3;

/** A word the term index can look up: 3+ characters (code points; lower() never makes a word shorter). */
export const termSearchable = (word: string) => [...word].length >= MIN_TERM_LENGTH;

/** A word that may be a whole barcode: it also matches the part with exactly that barcode (parts.service.ts). */
export const barcodeLike = (word: string) => /^\d{8,14}$/.test(word);

/** The index key a word's matches start with: its first 16 lower-cased characters as UTF-8. */
const termKey = (word: string) => Prisma.sql`convert_to(left(lower(${word}), ${TERM_LENGTH}), 'UTF8')`;

/**
 * Terms starting with the word's key. UTF-8 never holds the byte 0xFF, so [key, key || 0xFF) is exactly the
 * byte strings that start with key (bytea compares bytes, whatever the database's collation).
 */
const termRange = (alias: string, word: string) =>
  Prisma.sql`${Prisma.raw(alias)}.term >= ${termKey(word)} AND ${Prisma.raw(alias)}.term < ${termKey(word)} || decode('ff', 'hex')`;

interface Probe {
  /** Per searchable word: the first and last term of its range (null: none), and whether it is over 16 characters. */
  words: { first: Buffer | null; last: Buffer | null; long: boolean }[];
  /** Some part has the search as its barcode or part number (that part goes first, if it matches). */
  hasExact: boolean;
}

interface SearchParams {
  words: string[];
  query: ListPartsQuery;
  /** The list's other conditions on Part aliased `p`: archived state, category, supplier, low stock. */
  filters: Prisma.Sql;
  /** Some filter goes beyond the archived state (which the terms carry). */
  filtered: boolean;
  offset: number;
  /** One word's condition on Part aliased `p`, as the trigram path has it (to recheck short and long words). */
  wordMatch: (word: string) => Prisma.Sql;
  /** The search's order on Part aliased `p` (exact part first). */
  orderBy: Prisma.Sql;
}

/** The search through the term index, or null when it cannot serve (no word of 3+ characters). */
export async function searchByTerms(db: Db, params: SearchParams): Promise<SearchRead | null> {
  const { words, query } = params;
  const indexed = words.filter(termSearchable);
  // A scanned or typed barcode (every word all digits, 8-14 of them) is one unique-index lookup on the trigram
  // path, measured cheaper there (0.5 ms of database CPU against 1.45 through the terms).
  if (indexed.length === 0 || words.every(barcodeLike) || !termSearch.enabled) return null;
  const search = query.search?.trim() ?? '';

  // One round trip of index probes: each word's first and last term, whether an exact part exists, and the
  // markup bands (a handful of rows, for the selling prices).
  const [probeRow] = await read<Record<string, unknown>>(
    db,
    Prisma.sql`SELECT ${Prisma.join(
      indexed.map(
        (word, index) => Prisma.sql`
          char_length(lower(${word})) > ${TERM_LENGTH} AS ${Prisma.raw(`"long${index}"`)},
          (SELECT min(t.term) FROM "PartSearchTerm" AS t WHERE ${termRange('t', word)}) AS ${Prisma.raw(`"first${index}"`)},
          (SELECT max(t.term) FROM "PartSearchTerm" AS t WHERE ${termRange('t', word)}) AS ${Prisma.raw(`"last${index}"`)}`,
      ),
      ', ',
    )}, ${exactPartExists(search)} AS "hasExact",
${MARKUP_BANDS_JSON} AS bands`,
  );
  const probe: Probe = {
    words: indexed.map((_, index) => ({
      first: probeRow![`first${index}`] as Buffer | null,
      last: probeRow![`last${index}`] as Buffer | null,
      long: probeRow![`long${index}`] as boolean,
    })),
    hasExact: probeRow!.hasExact as boolean,
  };
  const bands = probeRow!.bands as MarkupBandRow[];

  // A word with no term in its range matches nothing (unless it may be a barcode): the probe's answer.
  if (indexed.some((word, index) => probe.words[index]!.first === null && !barcodeLike(word))) {
    return { rows: [], total: 0, capped: false, bands };
  }

  // The page's statement reads its own snapshot: when the probe's findings it relies on no longer hold (a part
  // written in between), it says so and runs again relying on none of them.
  await termSearch.afterProbe?.();
  let rows = await read<PageRow>(db, pageStatement(params, indexed, probe, search, false));
  if (rows[0]?.valid === false) rows = await read<PageRow>(db, pageStatement(params, indexed, probe, search, true));
  return { rows: rows.filter((row) => row.id !== null), total: rows[0]?.matchCount ?? 0, capped: false, bands };
}

type PageRow = PartRow & { valid: boolean; matchCount: number };

const exactPartExists = (search: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "Part" AS p WHERE p.barcode = ${search} OR p."partNumber" = ${search} OR p."partNumber" = upper(${search}))`;

/**
 * The count and the page's parts in one statement: a row per part of the page (one row of nulls for an empty
 * page), each with the count and whether the probe's findings still held (`valid`). `general`: rely on none of
 * them (each word's range gathered, the parts read for the order): right whatever happened since the probe.
 */
function pageStatement(params: SearchParams, indexed: string[], probe: Probe, search: string, general: boolean): Prisma.Sql {
  const { words, query, offset } = params;
  const archived = (alias: string) => (query.includeArchived ? Prisma.sql`TRUE` : Prisma.sql`NOT ${Prisma.raw(alias)}.archived`);
  const recheckWords = words.filter((word) => !termSearchable(word) || probe.words[indexed.indexOf(word)]!.long);
  // The parts are read for the matches only when the terms cannot say it all (see the header).
  const readsParts = general || recheckWords.length > 0 || params.filtered || query.sort !== 'name' || probe.hasExact;
  const page = Prisma.sql`LIMIT ${query.pageSize} OFFSET ${offset}`;
  // Every word's range holds one term (the usual case: "filter", "bosch", "oil filter"): no part is found twice
  // by one word, and one term's index entries are in the list's order (name, id).
  const singleTerms = probe.words.every((word) => word.first !== null && word.last?.equals(word.first)) && !indexed.some(barcodeLike);
  const inTerm = (alias: string, index: number) =>
    Prisma.sql`${Prisma.raw(alias)}.term = ${probe.words[index]!.first} AND ${archived(alias)}`;
  // What the paths below rely on: still no exact part (it would go first), still one term per word.
  const noExact = Prisma.sql`NOT ${exactPartExists(search)}`;
  const stillSingle = Prisma.join(
    indexed.map(
      (
        word,
        index,
      ) => Prisma.sql`(SELECT min(t.term) FROM "PartSearchTerm" AS t WHERE ${termRange('t', word)}) = ${probe.words[index]!.first}
        AND (SELECT max(t.term) FROM "PartSearchTerm" AS t WHERE ${termRange('t', word)}) = ${probe.words[index]!.first}`,
    ),
    ' AND ',
  );

  let ctes: Prisma.Sql[] = [];
  let counted: Prisma.Sql;
  let paged: Prisma.Sql;
  let valid: Prisma.Sql;
  if (!readsParts && singleTerms && indexed.length === 1) {
    // The page is the range's first entries, the count an index-only count.
    counted = Prisma.sql`SELECT count(*) FROM "PartSearchTerm" AS t WHERE ${inTerm('t', 0)}`;
    paged = Prisma.sql`SELECT t."partId" AS id FROM "PartSearchTerm" AS t WHERE ${inTerm('t', 0)} ORDER BY t.name, t."partId" ${page}`;
    valid = Prisma.sql`${noExact} AND ${stillSingle}`;
  } else if (!readsParts && singleTerms) {
    // Several words: the parts in every word's term, one hash join (fenced subqueries: probing the primary key
    // once per part of the first word, the planner's other choice, measured 5-10 times slower).
    const [first, ...others] = indexed.map(
      (_, index) => Prisma.sql`(SELECT t."partId" AS id, t.name FROM "PartSearchTerm" AS t WHERE ${inTerm('t', index)} OFFSET 0)`,
    );
    ctes = [
      Prisma.sql`matches AS MATERIALIZED (
        SELECT w0.id, w0.name FROM ${first} AS w0
        ${Prisma.join(
          others.map((other, index) => Prisma.sql`JOIN ${other} AS ${Prisma.raw(`w${index + 1}`)} USING (id)`),
          ' ',
        )})`,
    ];
    counted = Prisma.sql`SELECT count(*) FROM matches`;
    paged = Prisma.sql`SELECT m.id FROM matches AS m ORDER BY m.name, m.id ${page}`;
    valid = Prisma.sql`${noExact} AND ${stillSingle}`;
  } else {
    // Each word's ranges (and, for a barcode-like word, the part with that barcode), grouped by part: a part
    // every word found. Words are bits: a part found twice by one word still counts once.
    const branches = indexed.flatMap((word, index) => {
      const bit = 2 ** index;
      return [
        Prisma.sql`SELECT t."partId" AS id, t.name, ${bit}::int AS bit FROM "PartSearchTerm" AS t WHERE ${termRange('t', word)} AND ${archived('t')}`,
        ...(barcodeLike(word)
          ? [
              Prisma.sql`SELECT p.id, p.name, ${bit}::int AS bit FROM "Part" AS p WHERE p.barcode = ${word}
                AND ${query.includeArchived ? Prisma.sql`TRUE` : Prisma.sql`p."archivedAt" IS NULL`}`,
            ]
          : []),
      ];
    });
    ctes = [
      Prisma.sql`hits AS MATERIALIZED (
        SELECT h.id, min(h.name) AS name FROM (${Prisma.join(branches, ' UNION ALL ')}) AS h
        GROUP BY h.id HAVING bit_or(h.bit) = ${2 ** indexed.length - 1})`,
    ];
    if (readsParts) {
      // The rest of the search on the parts found: short and long words, the filters, the order.
      const recheck = Prisma.join([params.filters, ...recheckWords.map(params.wordMatch)], ' AND ');
      ctes.push(
        Prisma.sql`matches AS MATERIALIZED (
          SELECT p.id, p.name, p."partNumber", p.barcode, p."onHandMilli", p."updatedAt"
          FROM hits JOIN "Part" AS p USING (id) WHERE ${recheck})`,
      );
      counted = Prisma.sql`SELECT count(*) FROM matches`;
      paged = Prisma.sql`SELECT p.id FROM matches AS p ORDER BY ${params.orderBy} ${page}`;
      valid = Prisma.sql`TRUE`;
    } else {
      counted = Prisma.sql`SELECT count(*) FROM hits`;
      paged = Prisma.sql`SELECT h.id FROM hits AS h ORDER BY h.name, h.id ${page}`;
      valid = noExact;
    }
  }
  return Prisma.sql`
    WITH ${Prisma.join([...ctes, Prisma.sql`page AS MATERIALIZED (${paged})`], ', ')}
    SELECT head.valid, head."matchCount", parts.*
    FROM (SELECT ${valid} AS valid, (${counted})::int AS "matchCount") AS head
    LEFT JOIN LATERAL (
      SELECT ${PART_VIEW_COLUMNS}, row_number() OVER (ORDER BY ${params.orderBy}) AS position
      FROM page JOIN "Part" AS p USING (id)
      LEFT JOIN "Supplier" AS s ON s.id = p."supplierId"
    ) AS parts ON TRUE
    ORDER BY parts.position`;
}

// ─── Prepared statements ───────────────────────────────────────────────────────────────────────────────

/** One statement on the pool (on its own: one snapshot), prepared per text. */
async function read<Row>(db: Db, statement: Prisma.Sql): Promise<Row[]> {
  const response = await poolOf(db).query({ name: statementName(statement.text), text: statement.text, values: statement.values });
  return response.rows as Row[];
}

// Statement texts come from a fixed set (words, flags and filters vary the shape, values are parameters):
// named per text up to a cap, past it unnamed (as queryRows does; a prepared statement holds ~90 KB per connection).
const MAX_PREPARED = 60;
const preparedNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `part_search_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}
