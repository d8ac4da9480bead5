-- CreateTable
CREATE TABLE "ImportJob" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "storageKey" VARCHAR(300) NOT NULL,
    "view" JSONB NOT NULL,
    "invalidRows" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "validatedFor" TEXT,
    "runnerId" UUID,
    "heartbeatAt" TIMESTAMP(3),
    "usedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportJob_usedAt_idx" ON "ImportJob"("usedAt");
