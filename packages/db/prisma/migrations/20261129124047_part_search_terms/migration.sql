-- CreateTable
CREATE TABLE "PartSearchTerm" (
    "partId" UUID NOT NULL,
    "term" BYTEA NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "archived" BOOLEAN NOT NULL,

    CONSTRAINT "PartSearchTerm_pkey" PRIMARY KEY ("partId","term")
);

-- CreateIndex
CREATE INDEX "PartSearchTerm_term_name_partId_archived_idx" ON "PartSearchTerm"("term", "name", "partId", "archived");

-- The search terms of a part: for each word (text between ASCII white space) of its lower-cased number, name
-- and brand, every suffix of 3 characters or more, cut to 16 characters, as UTF-8 bytes. A search word of 3+
-- characters (it never holds white space) is a part of a column (ILIKE '%word%', i.e. lower(column) contains
-- lower(word)) exactly when some term of the part starts with lower(word) (or, for longer words, with its first
-- 16 characters: the search rechecks those on the part). Splitting only on ASCII white space, which every
-- search word is cut at too, keeps that exact; other spaces stay inside words (more terms, never fewer).
CREATE FUNCTION "part_search_terms"(part_number TEXT, name TEXT, brand TEXT) RETURNS TABLE (term BYTEA)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT convert_to(left(substr(word, start), 16), 'UTF8')
  FROM unnest(string_to_array(translate(lower(concat_ws(' ', part_number, name, brand)), E'\t\n\x0B\f\r', '     '), ' ')) AS word,
       generate_series(1, char_length(word) - 2) AS start
$$;

-- Backfill: the terms of the parts there are.
INSERT INTO "PartSearchTerm" ("partId", "term", "name", "archived")
SELECT p."id", t."term", p."name", p."archivedAt" IS NOT NULL
FROM "Part" AS p, "part_search_terms"(p."partNumber", p."name", p."brand") AS t;

-- Kept by triggers in the transaction that writes the part, whatever writes it (API, imports, bulk loads).
-- Inserts and deletes per statement (one pass over a bulk insert's rows); an update per row, and only when
-- the number, name, brand or archived state really changed (stock movements update parts all day).
-- Concurrent writes of one part queue on its row lock, and each trigger statement reads the terms as
-- committed by the write before it (READ COMMITTED), so the terms always end as the last write left them.
CREATE FUNCTION "part_search_terms_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "PartSearchTerm" ("partId", "term", "name", "archived")
  SELECT p."id", t."term", p."name", p."archivedAt" IS NOT NULL
  FROM inserted AS p, "part_search_terms"(p."partNumber", p."name", p."brand") AS t;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "part_search_terms_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "PartSearchTerm" WHERE "partId" IN (SELECT "id" FROM deleted);
  RETURN NULL;
END;
$$;

CREATE FUNCTION "part_search_terms_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" = OLD."id" AND NEW."partNumber" = OLD."partNumber" AND NEW."name" = OLD."name"
     AND NEW."brand" IS NOT DISTINCT FROM OLD."brand" THEN
    -- Archived or restored only: the terms stay, their flag follows.
    UPDATE "PartSearchTerm" SET "archived" = NEW."archivedAt" IS NOT NULL WHERE "partId" = NEW."id";
  ELSE
    DELETE FROM "PartSearchTerm" WHERE "partId" = OLD."id";
    INSERT INTO "PartSearchTerm" ("partId", "term", "name", "archived")
    SELECT NEW."id", t."term", NEW."name", NEW."archivedAt" IS NOT NULL
    FROM "part_search_terms"(NEW."partNumber", NEW."name", NEW."brand") AS t;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Part_search_terms_insert" AFTER INSERT ON "Part"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "part_search_terms_insert"();

CREATE TRIGGER "Part_search_terms_delete" AFTER DELETE ON "Part"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "part_search_terms_delete"();

CREATE TRIGGER "Part_search_terms_update" AFTER UPDATE OF "id", "partNumber", "name", "brand", "archivedAt" ON "Part"
FOR EACH ROW WHEN (
  OLD."id" IS DISTINCT FROM NEW."id" OR OLD."partNumber" IS DISTINCT FROM NEW."partNumber" OR OLD."name" IS DISTINCT FROM NEW."name"
  OR OLD."brand" IS DISTINCT FROM NEW."brand" OR (OLD."archivedAt" IS NULL) <> (NEW."archivedAt" IS NULL)
) EXECUTE FUNCTION "part_search_terms_update"();
