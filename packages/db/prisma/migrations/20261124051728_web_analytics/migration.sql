/*
  Warnings:

  - You are about to drop the column `ipAddress` on the `PageViewEvent` table. All the data in the column will be lost.
  - You are about to drop the column `userAgent` on the `PageViewEvent` table. All the data in the column will be lost.
  - You are about to alter the column `referrer` on the `PageViewEvent` table. The data in that column could be lost. The data in that column will be cast from `VarChar(500)` to `VarChar(255)`.

*/
-- DropIndex
DROP INDEX "PageViewEvent_sessionId_occurredAt_idx";

-- AlterTable
ALTER TABLE "PageViewEvent" DROP COLUMN "ipAddress",
DROP COLUMN "userAgent",
ADD COLUMN     "area" VARCHAR(8) NOT NULL DEFAULT 'public',
ADD COLUMN     "isEntry" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "visitorId" BIGINT NOT NULL DEFAULT 0,
ALTER COLUMN "referrer" SET DATA TYPE VARCHAR(255);

-- CreateTable
CREATE TABLE "PageViewHourly" (
    "area" VARCHAR(8) NOT NULL,
    "dimension" VARCHAR(10) NOT NULL,
    "bucket" TIMESTAMP(3) NOT NULL,
    "value" VARCHAR(500) NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "entries" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PageViewHourly_pkey" PRIMARY KEY ("area","dimension","bucket","value")
);

-- CreateTable
CREATE TABLE "PageViewDaily" (
    "area" VARCHAR(8) NOT NULL,
    "dimension" VARCHAR(10) NOT NULL,
    "day" DATE NOT NULL,
    "value" VARCHAR(500) NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "entries" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PageViewDaily_pkey" PRIMARY KEY ("area","dimension","day","value")
);

-- CreateTable
CREATE TABLE "AnalyticsSalt" (
    "day" DATE NOT NULL,
    "salt" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnalyticsSalt_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "AnalyticsState" (
    "key" VARCHAR(50) NOT NULL,
    "value" VARCHAR(200) NOT NULL,

    CONSTRAINT "AnalyticsState_pkey" PRIMARY KEY ("key")
);
