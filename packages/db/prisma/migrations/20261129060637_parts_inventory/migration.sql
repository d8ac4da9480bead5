-- CreateEnum
CREATE TYPE "TaskLineKind" AS ENUM ('PART', 'LABOUR', 'FLAT');

-- CreateEnum
CREATE TYPE "PartLineStock" AS ENUM ('QUOTED', 'RESERVED', 'BACKORDERED', 'USED');

-- CreateEnum
CREATE TYPE "PartUnit" AS ENUM ('PIECE', 'SET', 'LITRE', 'KILOGRAM', 'METRE');

-- CreateEnum
CREATE TYPE "StockMovementKind" AS ENUM ('RECEIVED', 'USED', 'RETURNED', 'ADJUSTED', 'COUNTED');

-- CreateEnum
CREATE TYPE "PurchaseOrderStatus" AS ENUM ('DRAFT', 'SENT', 'PARTLY_RECEIVED', 'RECEIVED', 'CANCELLED');

-- CreateTable
CREATE TABLE "Supplier" (
    "id" UUID NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "contactName" VARCHAR(120),
    "email" VARCHAR(254),
    "phone" VARCHAR(30),
    "accountNumber" VARCHAR(60),
    "leadTimeDays" INTEGER,
    "notes" VARCHAR(2000),
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Supplier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Part" (
    "id" UUID NOT NULL,
    "partNumber" VARCHAR(60) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "brand" VARCHAR(80),
    "category" VARCHAR(80),
    "barcode" VARCHAR(14),
    "unit" "PartUnit" NOT NULL DEFAULT 'PIECE',
    "costCents" INTEGER NOT NULL DEFAULT 0,
    "priceCents" INTEGER,
    "taxRateId" UUID,
    "onHandMilli" INTEGER NOT NULL DEFAULT 0,
    "binLocation" VARCHAR(40),
    "reorderPointMilli" INTEGER,
    "reorderQuantityMilli" INTEGER,
    "supplierId" UUID,
    "notes" VARCHAR(2000),
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Part_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PartMarkupBand" (
    "id" UUID NOT NULL,
    "upToCostCents" INTEGER,
    "markupBasisPoints" INTEGER NOT NULL,

    CONSTRAINT "PartMarkupBand_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LabourRate" (
    "id" UUID NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "rateCents" INTEGER NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LabourRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskLine" (
    "id" UUID NOT NULL,
    "taskId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "TaskLineKind" NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "partId" UUID,
    "partNumber" VARCHAR(60),
    "labourRateId" UUID,
    "quantityMilli" INTEGER NOT NULL,
    "unitCostCents" INTEGER NOT NULL DEFAULT 0,
    "unitPriceCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "stock" "PartLineStock",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaskLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockMovement" (
    "id" UUID NOT NULL,
    "partId" UUID NOT NULL,
    "kind" "StockMovementKind" NOT NULL,
    "quantityMilli" INTEGER NOT NULL,
    "unitCostCents" INTEGER NOT NULL,
    "onHandAfterMilli" INTEGER NOT NULL,
    "reason" VARCHAR(300),
    "taskLineId" UUID,
    "purchaseOrderId" UUID,
    "userId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockMovement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderCounter" (
    "year" INTEGER NOT NULL,
    "lastNumber" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PurchaseOrderCounter_pkey" PRIMARY KEY ("year")
);

-- CreateTable
CREATE TABLE "PurchaseOrder" (
    "id" UUID NOT NULL,
    "number" VARCHAR(20) NOT NULL,
    "supplierId" UUID NOT NULL,
    "status" "PurchaseOrderStatus" NOT NULL DEFAULT 'DRAFT',
    "notes" VARCHAR(2000),
    "expectedOn" DATE,
    "sentAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3),
    "createdById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PurchaseOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderLine" (
    "id" UUID NOT NULL,
    "purchaseOrderId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "partId" UUID NOT NULL,
    "quantityMilli" INTEGER NOT NULL,
    "receivedMilli" INTEGER NOT NULL DEFAULT 0,
    "unitCostCents" INTEGER NOT NULL,

    CONSTRAINT "PurchaseOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OfferingItemLine" (
    "id" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "TaskLineKind" NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "partId" UUID,
    "labourRateId" UUID,
    "quantityMilli" INTEGER NOT NULL,
    "unitPriceCents" INTEGER,

    CONSTRAINT "OfferingItemLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Supplier_name_idx" ON "Supplier"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Part_partNumber_key" ON "Part"("partNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Part_barcode_key" ON "Part"("barcode");

-- CreateIndex
CREATE INDEX "Part_supplierId_idx" ON "Part"("supplierId");

-- CreateIndex
CREATE INDEX "Part_category_idx" ON "Part"("category");

-- CreateIndex
CREATE INDEX "Part_name_trgm_idx" ON "Part" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Part_partNumber_trgm_idx" ON "Part" USING GIN ("partNumber" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "PartMarkupBand_upToCostCents_key" ON "PartMarkupBand"("upToCostCents");

-- CreateIndex
CREATE INDEX "TaskLine_taskId_position_idx" ON "TaskLine"("taskId", "position");

-- CreateIndex
CREATE INDEX "TaskLine_partId_stock_createdAt_idx" ON "TaskLine"("partId", "stock", "createdAt");

-- CreateIndex
CREATE INDEX "StockMovement_partId_createdAt_idx" ON "StockMovement"("partId", "createdAt");

-- CreateIndex
CREATE INDEX "StockMovement_createdAt_kind_idx" ON "StockMovement"("createdAt", "kind");

-- CreateIndex
CREATE INDEX "StockMovement_taskLineId_idx" ON "StockMovement"("taskLineId");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_number_key" ON "PurchaseOrder"("number");

-- CreateIndex
CREATE INDEX "PurchaseOrder_status_createdAt_idx" ON "PurchaseOrder"("status", "createdAt");

-- CreateIndex
CREATE INDEX "PurchaseOrder_supplierId_createdAt_idx" ON "PurchaseOrder"("supplierId", "createdAt");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_purchaseOrderId_position_idx" ON "PurchaseOrderLine"("purchaseOrderId", "position");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_partId_idx" ON "PurchaseOrderLine"("partId");

-- CreateIndex
CREATE INDEX "OfferingItemLine_itemId_position_idx" ON "OfferingItemLine"("itemId", "position");

-- AddForeignKey
ALTER TABLE "Part" ADD CONSTRAINT "Part_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskLine" ADD CONSTRAINT "TaskLine_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskLine" ADD CONSTRAINT "TaskLine_partId_fkey" FOREIGN KEY ("partId") REFERENCES "Part"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskLine" ADD CONSTRAINT "TaskLine_labourRateId_fkey" FOREIGN KEY ("labourRateId") REFERENCES "LabourRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_partId_fkey" FOREIGN KEY ("partId") REFERENCES "Part"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_taskLineId_fkey" FOREIGN KEY ("taskLineId") REFERENCES "TaskLine"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_purchaseOrderId_fkey" FOREIGN KEY ("purchaseOrderId") REFERENCES "PurchaseOrder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_purchaseOrderId_fkey" FOREIGN KEY ("purchaseOrderId") REFERENCES "PurchaseOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_partId_fkey" FOREIGN KEY ("partId") REFERENCES "Part"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferingItemLine" ADD CONSTRAINT "OfferingItemLine_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "OfferingItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferingItemLine" ADD CONSTRAINT "OfferingItemLine_partId_fkey" FOREIGN KEY ("partId") REFERENCES "Part"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferingItemLine" ADD CONSTRAINT "OfferingItemLine_labourRateId_fkey" FOREIGN KEY ("labourRateId") REFERENCES "LabourRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every task from before lines existed becomes one flat line carrying its price and cost, so no task,
-- visit, invoice or report total changes. uuid v7-like ids are not needed for these rows' order: each
-- task has exactly one line at position 0.
INSERT INTO "TaskLine" ("id", "taskId", "position", "kind", "description", "quantityMilli", "unitCostCents", "unitPriceCents", "totalCents", "createdAt", "updatedAt")
SELECT gen_random_uuid(), t."id", 0, 'FLAT', t."title", 1000, t."costCents", t."soldForCents", t."soldForCents", t."createdAt", t."updatedAt"
FROM "Task" t;
