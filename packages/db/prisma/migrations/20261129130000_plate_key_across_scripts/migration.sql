-- Plates across scripts (issue #28). Vehicle.plateNormalized becomes the key of normalizePlate in
-- packages/shared/src/plates.ts (its header explains every rule and the sources of the letter tables), so
-- `12345 أ 6`, `12345-أ-6`, `12345 a 6`, `١٢٣٤٥ أ ٦` and `12345|A|6` are one car.
--
-- plate_key(text) is the same key in SQL, written once here to recompute the existing rows.
-- apps/api/test/plates-sql.test.ts runs it against normalizePlate on thousands of generated plates, so the two
-- cannot drift: a change to the tables in plates.ts needs a new migration replacing this function.
-- Steps, each a translate() (a character listed in the first string becomes the character at the same place in
-- the second, or is dropped when the second is shorter):
--   1. drop separators and invisible marks: spaces of every kind (NBSP too), - | / \ · • . _ dashes and minus,
--      tatweel, bidi marks (LRM, RLM, ALM, embeddings, isolates), zero-width characters, Arabic diacritics;
--   2. Arabic-Indic ٠-٩ and Persian ۰-۹ digits → 0-9;
--   3. Arabic variants: أ إ آ ٱ → ا, ة ھ ہ → ه, ي ی ئ → ى, ک → ك;
--   4. Latin: the aliases of the Saudi and Moroccan tables → their Arabic letter, other letters upper-cased;
--   5. a lone W (no W next to it) → و: the Moroccan و; "WW" is a Latin series and stays.
CREATE OR REPLACE FUNCTION plate_key(plate text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(
    translate(
      translate(
        translate(
          translate(
            plate,
            U&'\0009\000A\000B\000C\000D\0020\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000\FEFF'
              || U&'\002D\007C\002F\005C\00B7\2022\002E\005F\2010\2011\2012\2013\2014\2015\2212\0640'
              || U&'\200E\200F\061C\202A\202B\202C\202D\202E\2066\2067\2068\2069\200B\200C\200D\2060'
              || U&'\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0656\0657\0658\0659\065A\065B\065C\065D\065E\065F\0670',
            ''),
          '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
          '01234567890123456789'),
        'أإآٱةھہيیئک',
        'ااااهههىىىك'),
      'AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz',
      'ااببCCددععFFققههIIححككللممننووPPQQررسسططووىىWWصصىىمم'),
    '(?<!W)W(?!W)', 'و', 'g');
$$;

-- Recompute every vehicle's key. If two vehicles now share a key (one typed `12345 أ 6`, the other `12345 a 6`),
-- the migration must not fail: the live one keeps the key over a deleted one, then the older over the newer;
-- each other one gets `key#n` (n numbers all such vehicles, so the suffixed keys are unique even when a long key
-- is cut to fit the 20 characters; a real key never holds '#', as a plate holds letters, digits and spaces).
-- NOTE for staff: such a vehicle keeps its plate as typed and is found by it in search, but saving it again
-- answers plateTaken until its plate is corrected or the duplicate merged: it is very likely the same car twice.
-- The unique index is dropped for the update (PostgreSQL checks it row by row, so two keys trading places would
-- fail half-way) and created again after.
-- recompute:begin (apps/api/test/plates-sql.test.ts runs this block again on a database of its own)
DROP INDEX "Vehicle_plateNormalized_key";
WITH keyed AS (
  SELECT id, plate_key("plateNumber") AS key,
    row_number() OVER (PARTITION BY plate_key("plateNumber") ORDER BY "deletedAt" IS NOT NULL, "createdAt", id) AS rank
  FROM "Vehicle"
), numbered AS (
  SELECT id, key, rank, row_number() OVER (PARTITION BY rank = 1 ORDER BY key, rank) AS n FROM keyed
), renamed AS (
  SELECT id, CASE WHEN rank = 1 THEN key ELSE left(key, 20 - length('#' || n)) || '#' || n END AS new_key FROM numbered
)
UPDATE "Vehicle" AS v SET "plateNormalized" = renamed.new_key
FROM renamed
WHERE renamed.id = v.id AND v."plateNormalized" IS DISTINCT FROM renamed.new_key;
CREATE UNIQUE INDEX "Vehicle_plateNormalized_key" ON "Vehicle"("plateNormalized");
-- recompute:end
