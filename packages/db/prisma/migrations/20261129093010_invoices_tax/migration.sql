/*
  Warnings:

  - The primary key for the `InvoiceCounter` table will be changed. If it partially fails, the table could be left without primary key constraint.

*/
-- CreateEnum
CREATE TYPE "TaxCountryProfile" AS ENUM ('FR', 'MA', 'SA', 'AE', 'OTHER');

-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('INVOICE', 'CREDIT_NOTE');

-- CreateEnum
CREATE TYPE "FiscalEntryKind" AS ENUM ('INVOICE', 'CREDIT_NOTE', 'PAYMENT', 'REFUND', 'CLOSING');

-- CreateEnum
CREATE TYPE "FiscalPeriod" AS ENUM ('DAY', 'MONTH', 'YEAR');

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "creditedInvoiceId" UUID,
ADD COLUMN     "kind" "InvoiceKind" NOT NULL DEFAULT 'INVOICE',
ADD COLUMN     "netCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "taxCents" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "InvoiceCounter" DROP CONSTRAINT "InvoiceCounter_pkey",
ADD COLUMN     "series" VARCHAR(8) NOT NULL DEFAULT 'INV',
ADD CONSTRAINT "InvoiceCounter_pkey" PRIMARY KEY ("series", "year");

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "accountingAccounts" JSONB,
ADD COLUMN     "defaultFlatTaxRateId" UUID,
ADD COLUMN     "defaultLabourTaxRateId" UUID,
ADD COLUMN     "defaultPartTaxRateId" UUID,
ADD COLUMN     "legalIdentity" JSONB,
ADD COLUMN     "pricesIncludeTax" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "taxProfile" "TaxCountryProfile" NOT NULL DEFAULT 'OTHER';

-- AlterTable
ALTER TABLE "OfferingItem" ADD COLUMN     "taxRateId" UUID;

-- AlterTable
ALTER TABLE "TaskLine" ADD COLUMN     "taxRateId" UUID;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "billing" JSONB;

-- CreateTable
CREATE TABLE "TaxRate" (
    "id" UUID NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "basisPoints" INTEGER NOT NULL,
    "category" VARCHAR(2) NOT NULL DEFAULT 'S',
    "exemptionReason" VARCHAR(200),
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaxRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FiscalJournalEntry" (
    "sequence" INTEGER NOT NULL,
    "kind" "FiscalEntryKind" NOT NULL,
    "documentId" UUID NOT NULL,
    "documentNumber" VARCHAR(32),
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "taxCents" INTEGER NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL,
    "payload" JSONB NOT NULL,
    "previousHash" CHAR(64) NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FiscalJournalEntry_pkey" PRIMARY KEY ("sequence")
);

-- CreateTable
CREATE TABLE "FiscalJournalHead" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "lastSequence" INTEGER NOT NULL DEFAULT 0,
    "lastHash" CHAR(64) NOT NULL,

    CONSTRAINT "FiscalJournalHead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FiscalClosing" (
    "id" UUID NOT NULL,
    "period" "FiscalPeriod" NOT NULL,
    "periodKey" VARCHAR(10) NOT NULL,
    "totals" JSONB NOT NULL,
    "firstSequence" INTEGER,
    "lastSequence" INTEGER,
    "entrySequence" INTEGER NOT NULL,
    "closedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FiscalClosing_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FiscalJournalEntry_hash_key" ON "FiscalJournalEntry"("hash");

-- CreateIndex
CREATE INDEX "FiscalJournalEntry_kind_occurredAt_idx" ON "FiscalJournalEntry"("kind", "occurredAt");

-- CreateIndex
CREATE INDEX "FiscalJournalEntry_documentId_idx" ON "FiscalJournalEntry"("documentId");

-- CreateIndex
CREATE UNIQUE INDEX "FiscalClosing_entrySequence_key" ON "FiscalClosing"("entrySequence");

-- CreateIndex
CREATE UNIQUE INDEX "FiscalClosing_period_periodKey_key" ON "FiscalClosing"("period", "periodKey");

-- CreateIndex
CREATE INDEX "Invoice_creditedInvoiceId_idx" ON "Invoice"("creditedInvoiceId");

-- CreateIndex
CREATE INDEX "Invoice_issuedAt_idx" ON "Invoice"("issuedAt");

-- AddForeignKey
ALTER TABLE "OfferingItem" ADD CONSTRAINT "OfferingItem_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Merchant" ADD CONSTRAINT "Merchant_defaultLabourTaxRateId_fkey" FOREIGN KEY ("defaultLabourTaxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Merchant" ADD CONSTRAINT "Merchant_defaultPartTaxRateId_fkey" FOREIGN KEY ("defaultPartTaxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Merchant" ADD CONSTRAINT "Merchant_defaultFlatTaxRateId_fkey" FOREIGN KEY ("defaultFlatTaxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_creditedInvoiceId_fkey" FOREIGN KEY ("creditedInvoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Part" ADD CONSTRAINT "Part_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskLine" ADD CONSTRAINT "TaskLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ─── Hand-written: rules the database keeps ─────────────────────────────────────────────────────────────

ALTER TABLE "TaxRate" ADD CONSTRAINT "TaxRate_basisPoints_range" CHECK ("basisPoints" BETWEEN 0 AND 10000);
ALTER TABLE "TaxRate" ADD CONSTRAINT "TaxRate_category_code" CHECK ("category" IN ('S', 'Z', 'E', 'AE', 'O'));

-- Invoices issued before taxes existed: prices were what the customer paid, with no tax line.
ALTER TABLE "Invoice" DISABLE TRIGGER "Invoice_refuse_changes";
UPDATE "Invoice" SET "netCents" = "totalCents";
ALTER TABLE "Invoice" ENABLE TRIGGER "Invoice_refuse_changes";

-- An issued invoice or credit note never changes and is never deleted. Only issuedById may still change,
-- to NULL, when a staff account is erased.
CREATE OR REPLACE FUNCTION "invoice_refuse_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Invoice % is issued and cannot be deleted', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW."id", NEW."number", NEW."year", NEW."sequence", NEW."visitId", NEW."customerId", NEW."replacesId",
      NEW."kind", NEW."creditedInvoiceId", NEW."netCents", NEW."taxCents",
      NEW."snapshot", NEW."totalCents", NEW."paidCents", NEW."balanceCents", NEW."currency", NEW."issuedAt")
     IS DISTINCT FROM
     (OLD."id", OLD."number", OLD."year", OLD."sequence", OLD."visitId", OLD."customerId", OLD."replacesId",
      OLD."kind", OLD."creditedInvoiceId", OLD."netCents", OLD."taxCents",
      OLD."snapshot", OLD."totalCents", OLD."paidCents", OLD."balanceCents", OLD."currency", OLD."issuedAt") THEN
    RAISE EXCEPTION 'Invoice % is issued and cannot be changed', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Invoice_refuse_deletes" BEFORE DELETE ON "Invoice"
  FOR EACH ROW EXECUTE FUNCTION "invoice_refuse_changes"();

-- The fiscal journal and its closings are append-only.
CREATE FUNCTION "fiscal_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER "FiscalJournalEntry_append_only" BEFORE UPDATE OR DELETE ON "FiscalJournalEntry"
  FOR EACH ROW EXECUTE FUNCTION "fiscal_append_only"();
CREATE TRIGGER "FiscalClosing_append_only" BEFORE UPDATE OR DELETE ON "FiscalClosing"
  FOR EACH ROW EXECUTE FUNCTION "fiscal_append_only"();
-- TRUNCATE skips row triggers: refuse it too.
CREATE TRIGGER "FiscalJournalEntry_no_truncate" BEFORE TRUNCATE ON "FiscalJournalEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION "fiscal_append_only"();
CREATE TRIGGER "Invoice_no_truncate" BEFORE TRUNCATE ON "Invoice"
  FOR EACH STATEMENT EXECUTE FUNCTION "fiscal_append_only"();

-- The journal's head: no entry yet, the chain starts from 64 zeros.
INSERT INTO "FiscalJournalHead" ("id", "lastSequence", "lastHash") VALUES (1, 0, repeat('0', 64));
