-- CreateIndex
CREATE INDEX "TaskLine_taxRateId_idx" ON "TaskLine"("taxRateId");
