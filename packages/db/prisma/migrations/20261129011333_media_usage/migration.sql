-- CreateTable
CREATE TABLE "MediaUsage" (
    "userId" UUID NOT NULL,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "MediaUsage_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "MediaUsage" ADD CONSTRAINT "MediaUsage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: what the quota counted until now (the sizes of the rows each user uploaded).
INSERT INTO "MediaUsage" ("userId", "bytes")
SELECT "uploadedById", SUM("sizeBytes") FROM "MediaFile" WHERE "uploadedById" IS NOT NULL GROUP BY "uploadedById";

-- Every insert, delete and change of size or uploader of a MediaFile row moves its uploader's bytes, in
-- the same transaction as the row (uploads, deletions, user erasure, offering clean-up, imports alike).
CREATE FUNCTION "media_usage_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."uploadedById" IS NOT NULL THEN
      UPDATE "MediaUsage" SET "bytes" = "bytes" - OLD."sizeBytes" WHERE "userId" = OLD."uploadedById";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."uploadedById" IS NOT NULL THEN
      INSERT INTO "MediaUsage" ("userId", "bytes") VALUES (NEW."uploadedById", NEW."sizeBytes")
      ON CONFLICT ("userId") DO UPDATE SET "bytes" = "MediaUsage"."bytes" + EXCLUDED."bytes";
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "MediaFile_media_usage" AFTER INSERT OR DELETE OR UPDATE OF "sizeBytes", "uploadedById" ON "MediaFile"
FOR EACH ROW EXECUTE FUNCTION "media_usage_count"();
