-- CreateIndex
CREATE INDEX "Visit_completedAt_idx" ON "Visit"("completedAt");
