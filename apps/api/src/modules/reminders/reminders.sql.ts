// Service reminders in SQL: creating the reminder rows from their sources, and computing every reminder's
// due km/date, estimated odometer and state in one statement (the rule is described in
// packages/shared/src/schemas/reminders.ts).
//
// Why SQL: the state depends on the vehicle's readings, later services and the merchant's settings; one
// statement reads them all consistently and filters by state in the database (the badge counts, the job
// picks only what needs an email), instead of loading every oil change into the process.
import { Prisma, type Db } from '@garage/db';
import {
  REMINDER_EMAIL_MAX_OVERDUE_DAYS,
  type DistanceUnit,
  type ReminderContactChannel,
  type ReminderKind,
  type ReminderState,
  type StatutoryInspectionRule,
} from '@garage/shared';

type Executor = Pick<Db, '$executeRaw' | '$queryRaw'>;

/**
 * The statutory inspection cycle a vehicle is in, as SQL: the first due day on or after (today − the overdue
 * window), by the migration's statutory_due_on function (the rule of nextStatutoryInspection). A missed
 * inspection stays the current one, due then overdue, for as long as it would still be emailed
 * (REMINDER_EMAIL_MAX_OVERDUE_DAYS); after that the next cycle takes its place (nothing here records that an
 * inspection was done: it happens at an approved centre). Null without a rule or a registration date.
 */
function currentStatutoryCycle(registration: Prisma.Sql, rule: StatutoryInspectionRule | null, now: Date): Prisma.Sql {
  return Prisma.sql`statutory_due_on(${registration}, ${rule?.firstAfterYears ?? null}::int, ${rule?.thenEveryYears ?? null}::int,
    (${now}::timestamp)::date - ${REMINDER_EMAIL_MAX_OVERDUE_DAYS}::int)`;
}

/**
 * Makes sure every source has its reminder row (idempotent; safe on several instances at once thanks to
 * the unique source columns): the latest oil change of each vehicle, and each completed task that asked
 * for a reminder. A SERVICE reminder's due km/date are fixed at that moment from the vehicle's km and the
 * task's completion date. Older oil changes keep the rows they got while they were the latest (now DONE).
 */
export async function syncReminderRows(db: Executor, statutory: StatutoryInspectionRule | null = null, now = new Date()): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "ServiceReminder" (id, "vehicleId", kind, "oilChangeId", "updatedAt")
    SELECT gen_random_uuid(), o."vehicleId", 'OIL_CHANGE', o.id, now()
    FROM (SELECT DISTINCT ON ("vehicleId") id, "vehicleId" FROM "OilChange" ORDER BY "vehicleId", "createdAt" DESC, id DESC) o
    WHERE NOT EXISTS (SELECT 1 FROM "ServiceReminder" r WHERE r."oilChangeId" = o.id)
    ON CONFLICT ("oilChangeId") DO NOTHING`;
  await db.$executeRaw`
    INSERT INTO "ServiceReminder" (id, "vehicleId", kind, "taskId", "dueKm", "dueDate", "updatedAt")
    SELECT gen_random_uuid(), v."vehicleId", 'SERVICE', t.id,
           CASE WHEN t."remindInKm" IS NOT NULL THEN ve."latestKm" + t."remindInKm" END,
           CASE WHEN t."remindInMonths" IS NOT NULL THEN coalesce(t."completedOn", t."updatedAt") + make_interval(months => t."remindInMonths") END,
           now()
    FROM "Task" t
    JOIN "Visit" v ON v.id = t."visitId"
    JOIN "Vehicle" ve ON ve.id = v."vehicleId"
    WHERE t.status = 'COMPLETED' AND (t."remindInMonths" IS NOT NULL OR t."remindInKm" IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM "ServiceReminder" r WHERE r."taskId" = t.id)
    ON CONFLICT ("taskId") DO NOTHING`;
  // One STATUTORY row per vehicle with a first registration date and its current cycle (the due day is the key;
  // rows of past cycles stay, computed as DONE, with what staff did with them).
  if (statutory) {
    await db.$executeRaw`
      INSERT INTO "ServiceReminder" (id, "vehicleId", kind, "dueDate", "statutoryDueOn", "updatedAt")
      SELECT gen_random_uuid(), c.id, 'STATUTORY', c.due::timestamp, c.due, now()
      FROM (
        SELECT ve.id, ${currentStatutoryCycle(Prisma.sql`ve."firstRegistrationDate"`, statutory, now)} AS due
        FROM "Vehicle" ve WHERE ve."firstRegistrationDate" IS NOT NULL AND ve."deletedAt" IS NULL
      ) c
      WHERE c.due IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "ServiceReminder" r WHERE r."vehicleId" = c.id AND r."statutoryDueOn" = c.due)
      ON CONFLICT ("vehicleId", "statutoryDueOn") DO NOTHING`;
  }
}

export interface ReminderFilter {
  states?: readonly ReminderState[];
  kind?: ReminderKind;
  contact?: 'all' | 'contacted' | 'notContacted';
  vehicleId?: string;
  ownerId?: string;
  reminderId?: string;
  /** Only reminders whose email for the current state is still to send (the job). */
  toNotify?: boolean;
  now?: Date;
  /** The shop's statutory inspection rule; null (off, or none for its country) leaves STATUTORY reminders out. */
  statutory?: StatutoryInspectionRule | null;
}

export interface ReminderRow {
  id: string;
  kind: ReminderKind;
  title: string | null;
  state: ReminderState;
  dueKm: number | null;
  dueDate: Date | null;
  estimatedKm: number | null;
  kmPerDay: number | null;
  vehicleId: string;
  plateNumber: string;
  brand: string;
  model: string;
  distanceUnit: DistanceUnit;
  customerId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  countryCode: string | null;
  phoneNumber: string | null;
  preferredLanguage: 'en' | 'fr' | 'ar';
  optedOut: boolean;
  contactedAt: Date | null;
  contactedChannel: ReminderContactChannel | null;
  contactedState: string | null;
  notifiedAt: Date | null;
  notifiedState: string | null;
  dismissedAt: Date | null;
}

/**
 * Every reminder (of live vehicles of live owners) with its computed state, filtered.
 *
 * Estimated km: the latest reading plus the vehicle's daily average times the days since that reading. The
 * daily average is (highest − lowest reading) / days between the first and the last reading, over every
 * reading recorded (the oil changes', the visits' in and out, and the vehicle's latest km); it needs at least a
 * day between readings, else the latest reading stands. A vehicle with no reading has no estimated km: only its
 * due date can make it due.
 */
export async function queryReminders(db: Executor, filter: ReminderFilter = {}): Promise<ReminderRow[]> {
  const now = filter.now ?? new Date();
  const statutory = filter.statutory ?? null;
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (!statutory) conditions.push(Prisma.sql`c.kind::text <> 'STATUTORY'`);
  if (filter.states?.length) conditions.push(Prisma.sql`c.state = ANY(${[...filter.states]}::text[])`);
  if (filter.kind) conditions.push(Prisma.sql`c.kind::text = ${filter.kind}`);
  if (filter.contact === 'contacted') conditions.push(Prisma.sql`c."contactedState" = c.state`);
  if (filter.contact === 'notContacted') conditions.push(Prisma.sql`c."contactedState" IS DISTINCT FROM c.state`);
  if (filter.toNotify) {
    conditions.push(Prisma.sql`c.state IN ('UPCOMING', 'DUE', 'OVERDUE') AND c."notifiedState" IS DISTINCT FROM c.state`);
    conditions.push(Prisma.sql`c.email IS NOT NULL AND NOT c."optedOut" AND c.active`);
    conditions.push(
      Prisma.sql`(c.due_date IS NULL OR c.due_date >= ${now}::timestamp - make_interval(days => ${REMINDER_EMAIL_MAX_OVERDUE_DAYS}))`,
    );
  }
  const scope: Prisma.Sql[] = [Prisma.sql`ve."deletedAt" IS NULL AND u."deletedAt" IS NULL`];
  if (filter.vehicleId) scope.push(Prisma.sql`sr."vehicleId" = ${filter.vehicleId}::uuid`);
  if (filter.ownerId) scope.push(Prisma.sql`ve."ownerId" = ${filter.ownerId}::uuid`);
  if (filter.reminderId) scope.push(Prisma.sql`sr.id = ${filter.reminderId}::uuid`);

  return db.$queryRaw<ReminderRow[]>`
    WITH settings AS (
      SELECT coalesce((SELECT "reminderOilMonths" FROM "Merchant" ORDER BY "createdAt" LIMIT 1), 6) AS oil_months,
             coalesce((SELECT "reminderMarginKm" FROM "Merchant" ORDER BY "createdAt" LIMIT 1), 500) AS margin_km,
             coalesce((SELECT "reminderMarginDays" FROM "Merchant" ORDER BY "createdAt" LIMIT 1), 14) AS margin_days
    ),
    scoped AS (
      SELECT sr.*, ve."plateNumber", ve.brand, ve.model, ve."distanceUnit"::text AS "distanceUnit", ve."latestKm", ve."lastKmUpdate",
             ve."ownerId", ve."firstRegistrationDate",
             u."firstName", u."lastName", u.email, u."countryCode", u."phoneNumber", u."preferredLanguage"::text AS "preferredLanguage",
             u."remindersOptOutAt" IS NOT NULL AS "optedOut", u.active
      FROM "ServiceReminder" sr
      JOIN "Vehicle" ve ON ve.id = sr."vehicleId"
      JOIN "User" u ON u.id = ve."ownerId"
      WHERE ${Prisma.join(scope, ' AND ')}
    ),
    readings AS (
      SELECT o."vehicleId", o."createdAt" AS at, o."currentKm" AS km
      FROM "OilChange" o WHERE o."vehicleId" IN (SELECT "vehicleId" FROM scoped)
      UNION ALL
      SELECT v."vehicleId", v."visitDate", v."odometerInKm"
      FROM "Visit" v WHERE v."vehicleId" IN (SELECT "vehicleId" FROM scoped) AND v."odometerInKm" IS NOT NULL
      UNION ALL
      SELECT v."vehicleId", coalesce(v."completedAt", v."visitDate"), v."odometerOutKm"
      FROM "Visit" v WHERE v."vehicleId" IN (SELECT "vehicleId" FROM scoped) AND v."odometerOutKm" IS NOT NULL
      UNION ALL
      SELECT ve.id, ve."lastKmUpdate", ve."latestKm"
      FROM "Vehicle" ve WHERE ve.id IN (SELECT "vehicleId" FROM scoped) AND ve."latestKm" IS NOT NULL AND ve."lastKmUpdate" IS NOT NULL
    ),
    pace AS (
      SELECT "vehicleId",
             CASE WHEN extract(epoch FROM max(at) - min(at)) >= 86400 AND max(km) > min(km)
                  THEN (max(km) - min(km)) / (extract(epoch FROM max(at) - min(at)) / 86400.0) END AS km_per_day
      FROM readings GROUP BY "vehicleId"
    ),
    computed AS (
      SELECT s.*,
             CASE s.kind WHEN 'OIL_CHANGE' THEN o."nextChangeKm" ELSE s."dueKm" END AS due_km,
             CASE s.kind WHEN 'OIL_CHANGE' THEN o."createdAt" + make_interval(months => st.oil_months) ELSE s."dueDate" END AS due_date,
             t.title,
             p.km_per_day,
             CASE WHEN s."latestKm" IS NULL THEN NULL
                  WHEN p.km_per_day IS NULL OR s."lastKmUpdate" IS NULL THEN s."latestKm"
                  ELSE s."latestKm" + round(p.km_per_day * greatest(0, extract(epoch FROM ${now}::timestamp - s."lastKmUpdate") / 86400.0))::int
             END AS est_km,
             CASE s.kind
               WHEN 'OIL_CHANGE' THEN EXISTS (
                 SELECT 1 FROM "OilChange" o2 WHERE o2."vehicleId" = s."vehicleId" AND (o2."createdAt", o2.id) > (o."createdAt", o.id))
               -- A cycle that is no longer the vehicle's current one (the next took its place, or the registration
               -- date or the shop's rule changed) is over.
               WHEN 'STATUTORY' THEN
                 s."statutoryDueOn" IS DISTINCT FROM ${currentStatutoryCycle(Prisma.sql`s."firstRegistrationDate"`, statutory, now)}
               ELSE EXISTS (
                 SELECT 1 FROM "Task" t2 JOIN "Visit" v2 ON v2.id = t2."visitId"
                 WHERE v2."vehicleId" = s."vehicleId" AND t2.id <> t.id AND t2.status = 'COMPLETED'
                   AND lower(btrim(t2.title)) = lower(btrim(t.title))
                   AND coalesce(t2."completedOn", t2."updatedAt") > coalesce(t."completedOn", t."updatedAt"))
             END AS done,
             st.margin_km, st.margin_days
      FROM scoped s
      CROSS JOIN settings st
      LEFT JOIN "OilChange" o ON o.id = s."oilChangeId"
      LEFT JOIN "Task" t ON t.id = s."taskId"
      LEFT JOIN pace p ON p."vehicleId" = s."vehicleId"
    ),
    c AS (
      SELECT computed.*,
             CASE
               WHEN done THEN 'DONE'
               WHEN "dismissedAt" IS NOT NULL THEN 'DISMISSED'
               WHEN est_km >= due_km + margin_km OR ${now}::timestamp >= due_date + make_interval(days => margin_days) THEN 'OVERDUE'
               WHEN est_km >= due_km OR ${now}::timestamp >= due_date THEN 'DUE'
               WHEN est_km >= due_km - margin_km OR ${now}::timestamp >= due_date - make_interval(days => margin_days) THEN 'UPCOMING'
               ELSE 'SCHEDULED'
             END AS state
      FROM computed
    )
    SELECT c.id, c.kind::text AS kind, c.title, c.state, c.due_km AS "dueKm", c.due_date AS "dueDate", c.est_km AS "estimatedKm",
           c.km_per_day::float8 AS "kmPerDay", c."vehicleId", c."plateNumber", c.brand, c.model, c."distanceUnit",
           c."ownerId" AS "customerId",
           c."firstName", c."lastName", c.email, c."countryCode", c."phoneNumber", c."preferredLanguage", c."optedOut",
           c."contactedAt", c."contactedChannel"::text AS "contactedChannel", c."contactedState", c."notifiedAt", c."notifiedState", c."dismissedAt"
    FROM c
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY CASE c.state WHEN 'OVERDUE' THEN 0 WHEN 'DUE' THEN 1 WHEN 'UPCOMING' THEN 2 WHEN 'SCHEDULED' THEN 3 ELSE 4 END,
             c.due_date NULLS LAST, c.id`;
}
