-- CreateEnum
CREATE TYPE "TaskApproval" AS ENUM ('PENDING', 'APPROVED', 'DECLINED');

-- CreateEnum
CREATE TYPE "ApprovalChannel" AS ENUM ('PORTAL', 'LINK');

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "approval" "TaskApproval",
ADD COLUMN     "approvalChannel" "ApprovalChannel",
ADD COLUMN     "approvalComment" VARCHAR(500),
ADD COLUMN     "approvalDecidedAt" TIMESTAMP(3),
ADD COLUMN     "approvalDecidedById" UUID,
ADD COLUMN     "approvalSeenAt" TIMESTAMP(3),
ADD COLUMN     "proposedAt" TIMESTAMP(3),
ADD COLUMN     "proposedById" UUID;

-- CreateTable
CREATE TABLE "ApprovalLink" (
    "id" UUID NOT NULL,
    "visitId" UUID NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "createdById" UUID,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "emailedTo" VARCHAR(100),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApprovalLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalLink_tokenHash_key" ON "ApprovalLink"("tokenHash");

-- CreateIndex
CREATE INDEX "ApprovalLink_visitId_createdAt_idx" ON "ApprovalLink"("visitId", "createdAt");

-- CreateIndex
CREATE INDEX "Task_approval_approvalSeenAt_idx" ON "Task"("approval", "approvalSeenAt");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_proposedById_fkey" FOREIGN KEY ("proposedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_approvalDecidedById_fkey" FOREIGN KEY ("approvalDecidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalLink" ADD CONSTRAINT "ApprovalLink_visitId_fkey" FOREIGN KEY ("visitId") REFERENCES "Visit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalLink" ADD CONSTRAINT "ApprovalLink_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
