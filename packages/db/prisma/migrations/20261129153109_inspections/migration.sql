-- CreateEnum
CREATE TYPE "InspectionItemKind" AS ENUM ('CHECK', 'MEASUREMENT');

-- CreateEnum
CREATE TYPE "InspectionCondition" AS ENUM ('GOOD', 'SOON', 'URGENT', 'SKIPPED');

-- CreateEnum
CREATE TYPE "InspectionUnit" AS ENUM ('MM', 'VOLT', 'AMP', 'PERCENT', 'BAR');

-- CreateEnum
CREATE TYPE "InspectionStatus" AS ENUM ('IN_PROGRESS', 'COMPLETED', 'SENT');

-- AlterTable
ALTER TABLE "MediaFile" ADD COLUMN     "inspectionItemId" UUID;

-- CreateTable
CREATE TABLE "InspectionTemplate" (
    "id" UUID NOT NULL,
    "name" JSONB NOT NULL,
    "description" JSONB,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "archivedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InspectionTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InspectionTemplateItem" (
    "id" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "section" JSONB NOT NULL,
    "label" JSONB NOT NULL,
    "key" VARCHAR(60),
    "kind" "InspectionItemKind" NOT NULL,
    "unit" "InspectionUnit",
    "minMilli" INTEGER,
    "maxMilli" INTEGER,
    "amberAtMilli" INTEGER,
    "redAtMilli" INTEGER,
    "lowerIsWorse" BOOLEAN NOT NULL DEFAULT true,
    "photoRequired" BOOLEAN NOT NULL DEFAULT false,
    "offeringItemId" UUID,

    CONSTRAINT "InspectionTemplateItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Inspection" (
    "id" UUID NOT NULL,
    "visitId" UUID NOT NULL,
    "templateId" UUID,
    "name" JSONB NOT NULL,
    "status" "InspectionStatus" NOT NULL DEFAULT 'IN_PROGRESS',
    "assignedToId" UUID,
    "createdById" UUID,
    "completedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Inspection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InspectionItem" (
    "id" UUID NOT NULL,
    "inspectionId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "section" JSONB NOT NULL,
    "label" JSONB NOT NULL,
    "key" VARCHAR(60),
    "kind" "InspectionItemKind" NOT NULL,
    "unit" "InspectionUnit",
    "minMilli" INTEGER,
    "maxMilli" INTEGER,
    "amberAtMilli" INTEGER,
    "redAtMilli" INTEGER,
    "lowerIsWorse" BOOLEAN NOT NULL DEFAULT true,
    "photoRequired" BOOLEAN NOT NULL DEFAULT false,
    "offeringItemId" UUID,
    "condition" "InspectionCondition",
    "valueMilli" INTEGER,
    "note" VARCHAR(1000),
    "taskId" UUID,
    "answeredAt" TIMESTAMP(3),
    "answeredById" UUID,

    CONSTRAINT "InspectionItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InspectionTemplate_archivedAt_sortOrder_idx" ON "InspectionTemplate"("archivedAt", "sortOrder");

-- CreateIndex
CREATE INDEX "InspectionTemplateItem_templateId_position_idx" ON "InspectionTemplateItem"("templateId", "position");

-- CreateIndex
CREATE INDEX "InspectionTemplateItem_offeringItemId_idx" ON "InspectionTemplateItem"("offeringItemId");

-- CreateIndex
CREATE INDEX "Inspection_visitId_createdAt_idx" ON "Inspection"("visitId", "createdAt");

-- CreateIndex
CREATE INDEX "Inspection_assignedToId_status_idx" ON "Inspection"("assignedToId", "status");

-- CreateIndex
CREATE INDEX "Inspection_completedAt_idx" ON "Inspection"("completedAt");

-- CreateIndex
CREATE UNIQUE INDEX "InspectionItem_taskId_key" ON "InspectionItem"("taskId");

-- CreateIndex
CREATE INDEX "InspectionItem_inspectionId_position_idx" ON "InspectionItem"("inspectionId", "position");

-- CreateIndex
CREATE INDEX "InspectionItem_key_idx" ON "InspectionItem"("key");

-- CreateIndex
CREATE INDEX "InspectionItem_offeringItemId_idx" ON "InspectionItem"("offeringItemId");

-- CreateIndex
CREATE INDEX "MediaFile_inspectionItemId_createdAt_idx" ON "MediaFile"("inspectionItemId", "createdAt");

-- AddForeignKey
ALTER TABLE "MediaFile" ADD CONSTRAINT "MediaFile_inspectionItemId_fkey" FOREIGN KEY ("inspectionItemId") REFERENCES "InspectionItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionTemplateItem" ADD CONSTRAINT "InspectionTemplateItem_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "InspectionTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionTemplateItem" ADD CONSTRAINT "InspectionTemplateItem_offeringItemId_fkey" FOREIGN KEY ("offeringItemId") REFERENCES "OfferingItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_visitId_fkey" FOREIGN KEY ("visitId") REFERENCES "Visit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "InspectionTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_assignedToId_fkey" FOREIGN KEY ("assignedToId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionItem" ADD CONSTRAINT "InspectionItem_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionItem" ADD CONSTRAINT "InspectionItem_offeringItemId_fkey" FOREIGN KEY ("offeringItemId") REFERENCES "OfferingItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionItem" ADD CONSTRAINT "InspectionItem_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;
