-- CreateIndex
CREATE INDEX "Visit_customerId_status_idx" ON "Visit"("customerId", "status");
