-- AlterEnum
ALTER TYPE "ReminderKind" ADD VALUE 'STATUTORY';

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "statutoryEveryYears" INTEGER,
ADD COLUMN     "statutoryFirstAfterYears" INTEGER,
ADD COLUMN     "statutoryInspectionEnabled" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "ServiceReminder" ADD COLUMN     "statutoryDueOn" DATE;

-- One STATUTORY reminder per vehicle and inspection cycle (other kinds leave statutoryDueOn null: NULLs are distinct).
CREATE UNIQUE INDEX "ServiceReminder_vehicleId_statutoryDueOn_key" ON "ServiceReminder"("vehicleId", "statutoryDueOn");

-- The first statutory inspection due on or after `reference` for a vehicle first registered on `registered`:
-- cycle n (n >= 0) is due on registered + (first_after + n * every) years, each counted from the registration
-- day (29 February gives 28 February in other years). The same rule as nextStatutoryInspection in
-- packages/shared/src/statutory-inspections.ts; apps/api/test/statutory-inspections.test.ts compares the two.
-- The whole years elapsed since the first due day give the cycle on or just before `reference`; the loop steps
-- at most twice from there. PL/pgSQL, not a SQL body with generate_series: the reminder statements call it for
-- every registered vehicle, and the set-returning version cost 0.35 ms a call.
CREATE FUNCTION statutory_due_on(registered date, first_after integer, every integer, reference date) RETURNS date
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  cycle integer;
  due date;
BEGIN
  IF every < 1 OR first_after < 0 THEN
    RETURN NULL;
  END IF;
  cycle := greatest(0, extract(year FROM age(reference, registered + make_interval(years => first_after)))::integer / every);
  LOOP
    due := (registered + make_interval(years => first_after + cycle * every))::date;
    EXIT WHEN due >= reference;
    cycle := cycle + 1;
  END LOOP;
  RETURN due;
END
$$;
