-- Trigram matching for staff search and the users list (ILIKE '%word%' served by GIN indexes).
-- Hand-added: Prisma does not manage extensions without a preview feature.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_firstName_trgm_idx" ON "User" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_lastName_trgm_idx" ON "User" USING GIN ("lastName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_username_trgm_idx" ON "User" USING GIN ("username" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_phoneNumber_trgm_idx" ON "User" USING GIN ("phoneNumber" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Vehicle_plateNormalized_trgm_idx" ON "Vehicle" USING GIN ("plateNormalized" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Vehicle_brand_trgm_idx" ON "Vehicle" USING GIN ("brand" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Vehicle_model_trgm_idx" ON "Vehicle" USING GIN ("model" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Visit_name_trgm_idx" ON "Visit" USING GIN ("name" gin_trgm_ops);
