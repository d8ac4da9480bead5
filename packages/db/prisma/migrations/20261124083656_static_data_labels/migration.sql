-- AlterTable
ALTER TABLE "StaticData" ADD COLUMN     "labels" JSONB NOT NULL DEFAULT '{}';
