-- CreateEnum
CREATE TYPE "ReminderKind" AS ENUM ('OIL_CHANGE', 'SERVICE');

-- CreateEnum
CREATE TYPE "ContactChannel" AS ENUM ('EMAIL', 'PHONE', 'WHATSAPP', 'SMS', 'IN_PERSON');

-- CreateEnum
CREATE TYPE "AppointmentStatus" AS ENUM ('REQUESTED', 'PROPOSED', 'ACCEPTED', 'DECLINED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "DayPart" AS ENUM ('MORNING', 'AFTERNOON', 'ANY');

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "appointmentsPerDay" INTEGER NOT NULL DEFAULT 4,
ADD COLUMN     "reminderMarginDays" INTEGER NOT NULL DEFAULT 14,
ADD COLUMN     "reminderMarginKm" INTEGER NOT NULL DEFAULT 500,
ADD COLUMN     "reminderOilMonths" INTEGER NOT NULL DEFAULT 6;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "remindInKm" INTEGER,
ADD COLUMN     "remindInMonths" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "remindersOptOutAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ServiceReminder" (
    "id" UUID NOT NULL,
    "vehicleId" UUID NOT NULL,
    "kind" "ReminderKind" NOT NULL,
    "oilChangeId" UUID,
    "taskId" UUID,
    "dueKm" INTEGER,
    "dueDate" TIMESTAMP(3),
    "dismissedAt" TIMESTAMP(3),
    "dismissedById" UUID,
    "contactedAt" TIMESTAMP(3),
    "contactedChannel" "ContactChannel",
    "contactedState" VARCHAR(20),
    "contactedById" UUID,
    "notifiedState" VARCHAR(20),
    "notifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceReminder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Appointment" (
    "id" UUID NOT NULL,
    "fullName" VARCHAR(200) NOT NULL,
    "email" VARCHAR(100),
    "phone" VARCHAR(30),
    "vehicleDescription" VARCHAR(200) NOT NULL,
    "vehicleId" UUID,
    "customerId" UUID,
    "serviceItemIds" UUID[],
    "day" DATE NOT NULL,
    "dayPart" "DayPart" NOT NULL DEFAULT 'ANY',
    "message" VARCHAR(1000),
    "language" "Language" NOT NULL DEFAULT 'en',
    "status" "AppointmentStatus" NOT NULL DEFAULT 'REQUESTED',
    "scheduledAt" TIMESTAMP(3),
    "staffNote" VARCHAR(500),
    "visitId" UUID,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Appointment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ServiceReminder_oilChangeId_key" ON "ServiceReminder"("oilChangeId");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceReminder_taskId_key" ON "ServiceReminder"("taskId");

-- CreateIndex
CREATE INDEX "ServiceReminder_vehicleId_idx" ON "ServiceReminder"("vehicleId");

-- CreateIndex
CREATE UNIQUE INDEX "Appointment_visitId_key" ON "Appointment"("visitId");

-- CreateIndex
CREATE INDEX "Appointment_day_status_idx" ON "Appointment"("day", "status");

-- CreateIndex
CREATE INDEX "Appointment_customerId_idx" ON "Appointment"("customerId");

-- AddForeignKey
ALTER TABLE "ServiceReminder" ADD CONSTRAINT "ServiceReminder_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceReminder" ADD CONSTRAINT "ServiceReminder_oilChangeId_fkey" FOREIGN KEY ("oilChangeId") REFERENCES "OilChange"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceReminder" ADD CONSTRAINT "ServiceReminder_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceReminder" ADD CONSTRAINT "ServiceReminder_contactedById_fkey" FOREIGN KEY ("contactedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceReminder" ADD CONSTRAINT "ServiceReminder_dismissedById_fkey" FOREIGN KEY ("dismissedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_visitId_fkey" FOREIGN KEY ("visitId") REFERENCES "Visit"("id") ON DELETE SET NULL ON UPDATE CASCADE;
