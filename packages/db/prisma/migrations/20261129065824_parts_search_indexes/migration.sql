-- CreateIndex
CREATE INDEX "Part_brand_trgm_idx" ON "Part" USING GIN ("brand" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Part_name_id_idx" ON "Part"("name", "id");
