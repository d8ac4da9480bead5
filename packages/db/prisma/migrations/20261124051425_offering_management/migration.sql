-- AlterTable
ALTER TABLE "OfferingCategory" ADD COLUMN     "priceCurrency" CHAR(3);

-- AlterTable
ALTER TABLE "OfferingItem" ADD COLUMN     "service" "TaskService" NOT NULL DEFAULT 'MAINTENANCE';

-- SPEC §5: category order, item price and duration are non-negative (the API checks first; this is the floor).
ALTER TABLE "OfferingCategory" ADD CONSTRAINT "OfferingCategory_sortOrder_check" CHECK ("sortOrder" >= 0);
ALTER TABLE "OfferingCategory" ADD CONSTRAINT "OfferingCategory_priceRange_check" CHECK ("minPriceCents" IS NULL OR "maxPriceCents" IS NULL OR "minPriceCents" <= "maxPriceCents");
ALTER TABLE "OfferingItem" ADD CONSTRAINT "OfferingItem_priceCents_check" CHECK ("priceCents" >= 0);
ALTER TABLE "OfferingItem" ADD CONSTRAINT "OfferingItem_durationMinutes_check" CHECK ("durationMinutes" >= 0);
ALTER TABLE "OfferingItem" ADD CONSTRAINT "OfferingItem_sortOrder_check" CHECK ("sortOrder" >= 0);

-- The price range of existing categories, recomputed from their visible items (it was seeded by hand).
UPDATE "OfferingCategory" c SET
  "minPriceCents" = r.min_price,
  "maxPriceCents" = r.max_price,
  "priceCurrency" = r.currency
FROM (
  SELECT cat.id,
         CASE WHEN count(DISTINCT i.currency) = 1 THEN min(i."priceCents") END AS min_price,
         CASE WHEN count(DISTINCT i.currency) = 1 THEN max(i."priceCents") END AS max_price,
         CASE WHEN count(DISTINCT i.currency) = 1 THEN min(i.currency) END AS currency
  FROM "OfferingCategory" cat
  LEFT JOIN "OfferingItem" i ON i."categoryId" = cat.id AND i.visible
  GROUP BY cat.id
) r
WHERE r.id = c.id;
