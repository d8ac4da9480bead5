-- DropIndex
DROP INDEX "Visit_totalCostCents_idx";

-- CreateIndex
CREATE INDEX "Visit_totalCostCents_createdAt_idx" ON "Visit"("totalCostCents", "createdAt" DESC);
