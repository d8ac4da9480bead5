-- First-run setup and the "get started" checklist (apps/api/src/modules/setup).
-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "defaultLanguage" VARCHAR(6) NOT NULL DEFAULT 'en',
ADD COLUMN     "demoSeededAt" TIMESTAMP(3),
ADD COLUMN     "onboardingDismissedAt" TIMESTAMP(3),
ADD COLUMN     "setupCodeHash" VARCHAR(64),
ADD COLUMN     "setupCodeIssuedAt" TIMESTAMP(3),
ADD COLUMN     "setupCompletedAt" TIMESTAMP(3),
ADD COLUMN     "singleton" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "timezone" VARCHAR(64) NOT NULL DEFAULT 'UTC',
ADD COLUMN     "websiteSharedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "Merchant_singleton_key" ON "Merchant"("singleton");
