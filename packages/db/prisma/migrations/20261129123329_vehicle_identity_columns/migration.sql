-- CreateEnum
CREATE TYPE "DistanceUnit" AS ENUM ('KM', 'MI');

-- AlterTable
ALTER TABLE "Vehicle" ADD COLUMN     "distanceUnit" "DistanceUnit" NOT NULL DEFAULT 'KM',
ADD COLUMN     "firstRegistrationDate" DATE,
ADD COLUMN     "plateRegion" VARCHAR(50),
ADD COLUMN     "trim" VARCHAR(50),
ADD COLUMN     "vin" VARCHAR(17);

-- AlterTable
ALTER TABLE "Visit" ADD COLUMN     "odometerInKm" INTEGER,
ADD COLUMN     "odometerOutKm" INTEGER;

-- A VIN is unique in the shop (several vehicles may have none).
CREATE UNIQUE INDEX "Vehicle_vin_key" ON "Vehicle"("vin");
