-- DropIndex
DROP INDEX "Rating_userId_key";

-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN     "repliedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Rating" ADD COLUMN     "showOnWebsite" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "testimonial" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "visitId" UUID;

-- CreateTable
CREATE TABLE "ContactReply" (
    "id" UUID NOT NULL,
    "messageId" UUID NOT NULL,
    "authorId" UUID,
    "subject" VARCHAR(200) NOT NULL,
    "body" VARCHAR(10000) NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactReply_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContactReply_messageId_sentAt_idx" ON "ContactReply"("messageId", "sentAt");

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Rating_visitId_key" ON "Rating"("visitId");

-- CreateIndex
CREATE INDEX "Rating_userId_createdAt_idx" ON "Rating"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Rating_stars_createdAt_idx" ON "Rating"("stars", "createdAt");

-- CreateIndex
CREATE INDEX "Rating_testimonial_createdAt_idx" ON "Rating"("testimonial", "createdAt");

-- AddForeignKey
ALTER TABLE "ContactReply" ADD CONSTRAINT "ContactReply_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "ContactMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactReply" ADD CONSTRAINT "ContactReply_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_visitId_fkey" FOREIGN KEY ("visitId") REFERENCES "Visit"("id") ON DELETE SET NULL ON UPDATE CASCADE;



-- Ratings become per visit. A rating written when there was one per client is tied to that client's last
-- visit completed before the rating was last saved (the job it most plausibly judged); with no such visit it
-- keeps visitId NULL and stays an overall opinion. Stars, feedback and dates are kept; no consent was asked
-- for those ratings, so none of them may be shown on the website.
UPDATE "Rating" AS r
SET "visitId" = (
  SELECT v."id" FROM "Visit" AS v
  WHERE v."customerId" = r."userId"
    AND v."status" IN ('COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP')
    AND v."completedAt" IS NOT NULL
    AND v."completedAt" <= r."updatedAt"
  ORDER BY v."completedAt" DESC, v."id" DESC
  LIMIT 1
)
WHERE r."visitId" IS NULL;

-- Rules the database keeps even if a service forgets them.
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_stars_range" CHECK ("stars" BETWEEN 1 AND 5);
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_testimonial_needs_consent" CHECK (NOT "testimonial" OR "showOnWebsite");
