-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "OtpPurpose" ADD VALUE 'CHANGE_EMAIL';
ALTER TYPE "OtpPurpose" ADD VALUE 'CHANGE_PHONE';

-- AlterTable
ALTER TABLE "OneTimeCode" ADD COLUMN     "newCountryCode" VARCHAR(10),
ADD COLUMN     "newEmail" VARCHAR(100),
ADD COLUMN     "newPhoneNumber" VARCHAR(15);
