-- Credit notes (issue #27): each series is numbered on its own, so (year, sequence) is unique per kind.
DROP INDEX "Invoice_year_sequence_key";
CREATE UNIQUE INDEX "Invoice_kind_year_sequence_key" ON "Invoice"("kind", "year", "sequence");

-- ─── Data step: today's corrections become credit notes (every existing number kept) ─────────────────────
-- Before #27 an invoice B with replacesId = A corrected A by replacing it. From now on only a credit note
-- corrects an invoice, so each such A gets a full credit note: CN-<year>-<6 digits>, numbered in the order
-- of the corrections within the year of B's issue (shop time zone), issued when B was (by whoever issued B).
-- Its snapshot is A's version-1 snapshot marked as a credit of A (kind, credits) with every amount negated,
-- so the version-1 renderer prints it. B keeps its number and its replacesId. Inserts only: no issued row
-- changes. Idempotent (an A that already has a credit note is skipped), so apps/api/test/invoices-legal.test.ts
-- runs this step again on rows it made the old way. Not recorded in the fiscal journal: invoices issued
-- before the journal existed are not in it either; the journal starts with the first document after #27.
WITH shop AS (
  SELECT COALESCE((SELECT "timezone" FROM "Merchant" ORDER BY "createdAt" LIMIT 1), 'UTC') AS tz
),
corrections AS (
  SELECT a."id", a."number", a."visitId", a."customerId", a."snapshot", a."totalCents", a."netCents", a."taxCents", a."currency",
         b."id" AS "correctionId", b."issuedAt" AS "creditedAt", b."issuedById" AS "creditedById",
         EXTRACT(YEAR FROM (b."issuedAt" AT TIME ZONE 'UTC') AT TIME ZONE shop.tz)::int AS "cnYear"
  FROM "Invoice" b
  JOIN "Invoice" a ON a."id" = b."replacesId"
  CROSS JOIN shop
  WHERE a."kind" = 'INVOICE'
    AND a."snapshot"->>'version' = '1'
    AND NOT EXISTS (SELECT 1 FROM "Invoice" c WHERE c."creditedInvoiceId" = a."id")
),
numbered AS (
  SELECT c.*,
         COALESCE((SELECT ic."lastNumber" FROM "InvoiceCounter" ic WHERE ic."series" = 'CN' AND ic."year" = c."cnYear"), 0)
           + row_number() OVER (PARTITION BY c."cnYear" ORDER BY c."creditedAt", c."correctionId") AS "cnSequence"
  FROM corrections c
),
labelled AS (
  SELECT n.*,
         'CN-' || n."cnYear" || '-' || lpad(n."cnSequence"::text, GREATEST(6, length(n."cnSequence"::text)), '0') AS "cnNumber",
         to_char(n."creditedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "cnIssuedAt"
  FROM numbered n
)
INSERT INTO "Invoice" ("id", "number", "year", "sequence", "visitId", "customerId", "kind", "replacesId", "creditedInvoiceId",
                       "snapshot", "netCents", "taxCents", "totalCents", "paidCents", "balanceCents", "currency", "issuedById", "issuedAt")
SELECT gen_random_uuid(), l."cnNumber", l."cnYear", l."cnSequence", l."visitId", l."customerId", 'CREDIT_NOTE', NULL, l."id",
       l."snapshot" || jsonb_build_object(
         'number', l."cnNumber",
         'issuedAt', l."cnIssuedAt",
         'kind', 'CREDIT_NOTE',
         'replaces', NULL,
         -- The same words as INVOICE_CORRECTION_REASON (packages/shared/src/schemas/invoices.ts): the PDF translates them.
         'credits', jsonb_build_object('id', l."id", 'number', l."number", 'issuedAt', l."snapshot"->>'issuedAt',
                                       'reason', 'Corrected by a new invoice', 'full', true),
         'lines', COALESCE((
           SELECT jsonb_agg(
                    line
                    || jsonb_build_object('amountCents', -(line->>'amountCents')::int)
                    || CASE WHEN line ? 'items' THEN jsonb_build_object('items', COALESCE((
                         SELECT jsonb_agg(item || jsonb_build_object('quantity', -(item->>'quantity')::numeric,
                                                                     'totalCents', -(item->>'totalCents')::int)
                                          ORDER BY itemIndex)
                         FROM jsonb_array_elements(line->'items') WITH ORDINALITY AS items(item, itemIndex)), '[]'::jsonb))
                       ELSE '{}'::jsonb END
                    ORDER BY lineIndex)
           FROM jsonb_array_elements(l."snapshot"->'lines') WITH ORDINALITY AS lines(line, lineIndex)), '[]'::jsonb),
         'payments', '[]'::jsonb,
         'totalCents', -l."totalCents",
         'paidCents', 0,
         'balanceCents', -l."totalCents"),
       -l."netCents", -l."taxCents", -l."totalCents", 0, -l."totalCents", l."currency", l."creditedById", l."creditedAt"
FROM labelled l;

-- The CN counters continue after the numbers given above.
INSERT INTO "InvoiceCounter" ("series", "year", "lastNumber")
SELECT 'CN', "year", MAX("sequence") FROM "Invoice" WHERE "kind" = 'CREDIT_NOTE' GROUP BY "year"
ON CONFLICT ("series", "year") DO UPDATE SET "lastNumber" = GREATEST("InvoiceCounter"."lastNumber", EXCLUDED."lastNumber");
