-- Staff search finds a vehicle by the last 6 or 8 characters of its VIN (issue #28): equality on these
-- expressions (apps/api/src/modules/search/search.service.ts vinTailMatch). The whole VIN uses the unique
-- index Vehicle_vin_key. Expression indexes cannot be written in schema.prisma, hence by hand.
CREATE INDEX "Vehicle_vin_last6_idx" ON "Vehicle" (right("vin", 6));
CREATE INDEX "Vehicle_vin_last8_idx" ON "Vehicle" (right("vin", 8));
