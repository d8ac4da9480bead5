-- CreateTable
CREATE TABLE "VehicleSpec" (
    "vehicleId" UUID NOT NULL,
    "oilGrade" VARCHAR(40),
    "oilCapacityDl" INTEGER,
    "oilFilterRef" VARCHAR(50),
    "airFilterRef" VARCHAR(50),
    "cabinFilterRef" VARCHAR(50),
    "fuelFilterRef" VARCHAR(50),
    "tyreSizeFront" VARCHAR(30),
    "tyreSizeRear" VARCHAR(30),
    "tyrePressureFrontKpa" INTEGER,
    "tyrePressureRearKpa" INTEGER,
    "wiperDriver" VARCHAR(20),
    "wiperPassenger" VARCHAR(20),
    "wiperRear" VARCHAR(20),
    "battery" VARCHAR(50),
    "sparkPlugs" VARCHAR(50),
    "notes" VARCHAR(2000),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VehicleSpec_pkey" PRIMARY KEY ("vehicleId")
);

-- AddForeignKey
ALTER TABLE "VehicleSpec" ADD CONSTRAINT "VehicleSpec_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
