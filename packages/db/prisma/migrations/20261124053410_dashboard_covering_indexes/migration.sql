-- DropIndex
DROP INDEX "Visit_completedAt_idx";

-- CreateIndex
CREATE INDEX "Payment_createdAt_status_method_amountCents_idx" ON "Payment"("createdAt", "status", "method", "amountCents");

-- CreateIndex
CREATE INDEX "Task_createdAt_status_service_soldForCents_idx" ON "Task"("createdAt", "status", "service", "soldForCents");

-- CreateIndex
CREATE INDEX "Visit_completedAt_status_idx" ON "Visit"("completedAt", "status");
