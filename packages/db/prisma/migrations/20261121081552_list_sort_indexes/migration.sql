-- DropIndex
DROP INDEX "User_createdAt_idx";

-- DropIndex
DROP INDEX "User_lastName_firstName_idx";

-- DropIndex
DROP INDEX "Visit_createdAt_idx";

-- DropIndex
DROP INDEX "Visit_dueDate_idx";

-- CreateIndex
CREATE INDEX "User_lastName_firstName_id_deletedAt_idx" ON "User"("lastName", "firstName", "id", "deletedAt");

-- CreateIndex
CREATE INDEX "User_createdAt_id_deletedAt_idx" ON "User"("createdAt", "id", "deletedAt");

-- CreateIndex
CREATE INDEX "Visit_dueDate_status_idx" ON "Visit"("dueDate", "status");

-- CreateIndex
CREATE INDEX "Visit_createdAt_id_idx" ON "Visit"("createdAt", "id");
