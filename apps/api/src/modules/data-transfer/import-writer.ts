// Writes one batch of validated units: customers, vehicles, visits (with their task and payment) and oil
// changes, each as one INSERT ... SELECT FROM unnest(<one array per column>) (Prisma's createMany spends
// seconds building queries for thousands of rows; see packages/db/src/dataset/bulk-insert.ts). Runs inside
// the caller's transaction. What it learns (new ids per customer key and plate) is returned, and the caller
// keeps it only once the transaction committed, so a failed batch leaves no trace in memory either.
import type { Prisma } from '@garage/db';
import { journalPayments } from '@garage/db/fiscal-journal';
import {
  derivePaymentStatus,
  deriveVisitStatus,
  paidCents,
  visitTotalCents,
  type DuplicateAction,
  type ImportSummary,
  type Role,
} from '@garage/shared';
import { canChangeAccount, importActor } from '../users/users.access.ts';
import { uuidV7, type Unit } from './import-units.ts';
import { flatLineTaxRateId } from '../task-lines/task-line-pricing.ts';

type Tx = Prisma.TransactionClient;

export interface KnownVehicle {
  id: string;
  ownerId: string;
}

export interface WriterState {
  customers: Map<string, string>;
  vehicles: Map<string, KnownVehicle>;
  usernames: Set<string>;
}

export interface BatchInput {
  units: { unit: Unit; customerKey: string | null; ownerKey: string | null }[];
  duplicates: DuplicateAction;
  actorId: string;
}

/** A row the writer refused (its customer matched a staff account, or its plate is another customer's vehicle): reported as a row error. */
export interface RefusedRow {
  row: number;
  field: 'email' | 'phoneNumber' | 'plateNumber';
  message: string;
}

/** What a row imported differently from the file, found while writing (a VIN another vehicle has). */
export interface WrittenWarning {
  row: number;
  field: 'vin';
  message: string;
}

export interface BatchResult {
  refused: RefusedRow[];
  warnings: WrittenWarning[];
  customers: Map<string, string>;
  vehicles: Map<string, KnownVehicle>;
  usernames: Set<string>;
  summary: ImportSummary;
  failedRows: number;
}

const emptyCounts = () => ({ created: 0, updated: 0, skipped: 0 });
export const emptySummary = (): ImportSummary => ({
  customers: emptyCounts(),
  vehicles: emptyCounts(),
  visits: emptyCounts(),
  oilChanges: emptyCounts(),
  failedRows: 0,
});

async function insert(
  tx: Tx,
  table: string,
  columns: [string, string][],
  rows: unknown[][],
  conflict = 'ON CONFLICT DO NOTHING',
): Promise<string[]> {
  if (rows.length === 0) return [];
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const values = columns.map((_, index) => rows.map((row) => row[index] ?? null));
  const inserted = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays}) ${conflict} RETURNING id::text`,
    ...values,
  );
  return inserted.map((row) => row.id);
}

const usernameBase = (unit: Unit) => {
  const customer = unit.record.customer!;
  const wanted = unit.source?.username ?? (customer.email ? customer.email.split('@')[0]! : `${customer.firstName}.${customer.lastName}`);
  const base = wanted
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+/, '')
    .slice(0, 40);
  return /[a-z]/.test(base) && base.length >= 3 ? base : `customer${base}`.slice(0, 40);
};

async function chooseUsernames(tx: Tx, bases: string[], used: Set<string>): Promise<string[]> {
  const taken = new Set(
    (await tx.$queryRawUnsafe<{ username: string }[]>('SELECT username FROM "User" WHERE username = ANY($1::text[])', bases)).map(
      (row) => row.username,
    ),
  );
  return bases.map((base) => {
    let name = base;
    while (taken.has(name) || used.has(name)) name = `${base}.${Math.random().toString(36).slice(2, 6)}`;
    used.add(name);
    return name;
  });
}

const iso = (day: string) => `${day}T00:00:00.000Z`;

const billingJson = (unit: Unit) => (unit.record.customer?.billing ? JSON.stringify(unit.record.customer.billing) : null);

export async function writeBatch(tx: Tx, state: WriterState, input: BatchInput): Promise<BatchResult> {
  const summary = emptySummary();
  const customers = new Map<string, string>();
  const vehicles = new Map<string, KnownVehicle>();
  const usernames = new Set(state.usernames);
  const customerId = (key: string | null) => (key ? (customers.get(key) ?? state.customers.get(key)) : undefined);
  const vehicleOf = (plateKey: string) => vehicles.get(plateKey) ?? state.vehicles.get(plateKey);
  const update = input.duplicates === 'update';
  let failedRows = 0;
  const refused: RefusedRow[] = [];
  const warnings: WrittenWarning[] = [];
  /** Customer keys whose match is a staff account: every unit of them is left out, nothing is written. */
  const refusedKeys = new Map<string, RefusedRow['field']>();

  // Customers ------------------------------------------------------------------------------------------
  const newCustomers = input.units.filter(
    ({ unit, customerKey }) => unit.record.customer && customerKey && customerId(customerKey) === undefined,
  );
  const seen = new Set<string>();
  const firstOfKey = newCustomers.filter(({ customerKey }) => !seen.has(customerKey!) && seen.add(customerKey!));
  if (firstOfKey.length > 0) {
    const emails = firstOfKey.map(({ unit }) => unit.record.customer!.email).filter((email): email is string => !!email);
    const codes = firstOfKey.map(({ unit }) => unit.record.customer!.countryCode);
    const phones = firstOfKey.map(({ unit }) => unit.record.customer!.phoneNumber);
    const existing = await tx.$queryRawUnsafe<
      { id: string; email: string | null; countryCode: string | null; phoneNumber: string | null; role: Role; deleted: boolean }[]
    >(
      `SELECT id::text, email, "countryCode", "phoneNumber", role::text AS role, "deletedAt" IS NOT NULL AS deleted FROM "User"
        WHERE email = ANY($1::text[]) OR ("countryCode", "phoneNumber") IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
      emails,
      codes,
      phones,
    );
    const byEmail = new Map(existing.filter((row) => row.email).map((row) => [row.email!, row]));
    const byPhone = new Map(existing.filter((row) => row.phoneNumber).map((row) => [`${row.countryCode} ${row.phoneNumber}`, row]));
    const toInsert: { unit: Unit; key: string }[] = [];
    const toUpdate: { id: string; unit: Unit; setEmail: boolean; setPhone: boolean }[] = [];
    for (const { unit, customerKey } of firstOfKey) {
      const customer = unit.record.customer!;
      const phoneKey = customer.phoneNumber ? `${customer.countryCode} ${customer.phoneNumber}` : '';
      const match = (customer.email ? byEmail.get(customer.email) : undefined) ?? byPhone.get(phoneKey);
      if (!match) {
        toInsert.push({ unit, key: customerKey! });
        continue;
      }
      // The accounts rule (users.access.ts): an import changes CLIENT accounts only, whoever runs it. A staff
      // account matched by email or phone is neither updated nor linked to the row's vehicles and visits.
      const staffMatch = [customer.email ? byEmail.get(customer.email) : undefined, byPhone.get(phoneKey)].find(
        (row) => row && !canChangeAccount(importActor(), row.role, 'CLIENT'),
      );
      if (staffMatch) {
        refusedKeys.set(customerKey!, customer.email && byEmail.get(customer.email) === staffMatch ? 'email' : 'phoneNumber');
        continue;
      }
      customers.set(customerKey!, match.id);
      if (update && !match.deleted) {
        const emailOwner = customer.email ? byEmail.get(customer.email) : undefined;
        const phoneOwner = byPhone.get(phoneKey);
        toUpdate.push({
          id: match.id,
          unit,
          setEmail: !!customer.email && (!emailOwner || emailOwner.id === match.id),
          setPhone: !phoneOwner || phoneOwner.id === match.id,
        });
        summary.customers.updated++;
      } else summary.customers.skipped++;
    }
    if (toUpdate.length > 0) {
      const column = <T>(pick: (entry: (typeof toUpdate)[number]) => T) => toUpdate.map(pick);
      await tx.$executeRawUnsafe(
        `UPDATE "User" u SET "firstName" = v.first, "lastName" = v.last, "preferredLanguage" = v.lang,
            email = CASE WHEN v.set_email THEN v.email ELSE u.email END,
            "countryCode" = CASE WHEN v.set_phone THEN v.code ELSE u."countryCode" END,
            "phoneNumber" = CASE WHEN v.set_phone THEN v.phone ELSE u."phoneNumber" END,
            -- A company column names the business; the address and identifiers staff typed stay.
            billing = CASE WHEN v.billing IS NULL THEN u.billing WHEN u.billing IS NULL THEN v.billing
                           ELSE u.billing || jsonb_build_object('companyName', v.billing->'companyName') END,
            "updatedAt" = now()
          FROM unnest($1::uuid[], $2::text[], $3::text[], $4::"Language"[], $5::text[], $6::bool[], $7::text[], $8::text[], $9::bool[], $10::jsonb[])
            AS v(id, first, last, lang, email, set_email, code, phone, set_phone, billing)
         WHERE u.id = v.id`,
        column((e) => e.id),
        column((e) => e.unit.record.customer!.firstName),
        column((e) => e.unit.record.customer!.lastName),
        column((e) => e.unit.record.customer!.preferredLanguage),
        column((e) => e.unit.record.customer!.email),
        column((e) => e.setEmail),
        column((e) => e.unit.record.customer!.countryCode),
        column((e) => e.unit.record.customer!.phoneNumber),
        column((e) => e.setPhone),
        column((e) => billingJson(e.unit)),
      );
    }
    if (toInsert.length > 0) {
      // New accounts are customers, by the accounts rule (users.access.ts): never a staff role from a file.
      const role: Role = 'CLIENT';
      if (!canChangeAccount(importActor(), null, role)) throw new Error('An import creates customer accounts only');
      const names = await chooseUsernames(
        tx,
        toInsert.map(({ unit }) => usernameBase(unit)),
        usernames,
      );
      const now = new Date().toISOString();
      const rows = toInsert.map(({ unit }, index) => {
        const customer = unit.record.customer!;
        const id = unit.source?.customerId ?? uuidV7();
        const created = unit.source?.createdAt ?? now;
        return [
          id,
          customer.firstName,
          customer.lastName,
          names[index],
          customer.email,
          customer.countryCode,
          customer.phoneNumber,
          role,
          customer.preferredLanguage,
          billingJson(unit),
          created,
          now,
        ];
      });
      const ids = new Set(
        await insert(
          tx,
          'User',
          [
            ['id', 'uuid'],
            ['firstName', 'text'],
            ['lastName', 'text'],
            ['username', 'text'],
            ['email', 'text'],
            ['countryCode', 'text'],
            ['phoneNumber', 'text'],
            ['role', '"Role"'],
            ['preferredLanguage', '"Language"'],
            ['billing', 'jsonb'],
            ['createdAt', 'timestamp(3)'],
            ['updatedAt', 'timestamp(3)'],
          ],
          rows,
        ),
      );
      rows.forEach((row, index) => {
        const key = toInsert[index]!.key;
        if (ids.has(row[0] as string)) {
          customers.set(key, row[0] as string);
          summary.customers.created++;
        } else failedRows++;
      });
    }
  }

  // Rows of a refused customer: a row error each, and none of their vehicles, visits or oil changes.
  const units = input.units.filter(({ unit, customerKey, ownerKey }) => {
    const field = refusedKeys.get(customerKey ?? '') ?? refusedKeys.get(ownerKey ?? '');
    if (!field) return true;
    refused.push({ row: unit.row, field, message: 'import.staffAccount' });
    failedRows++;
    return false;
  });

  /**
   * A row whose customer is not the owner of the vehicle its plate names: refused (a row error), nothing
   * written from it, as the visit form refuses another customer's vehicle. Rows naming no customer attach to
   * the owner and are kept.
   */
  const foreignRows = new Set<number>();
  const onForeignVehicle = (item: (typeof units)[number], ownerId: string): boolean => {
    const rowCustomer = customerId(item.ownerKey ?? item.customerKey);
    if (rowCustomer === undefined || rowCustomer === ownerId) return false;
    if (foreignRows.has(item.unit.row)) return true;
    foreignRows.add(item.unit.row);
    refused.push({ row: item.unit.row, field: 'plateNumber', message: 'import.vehicleOfAnotherCustomer' });
    failedRows++;
    return true;
  };

  // Vehicles -------------------------------------------------------------------------------------------
  const plateKeys = [
    ...new Set(units.flatMap(({ unit }) => [unit.record.vehicle?.plateKey, unit.vehiclePlateKey]).filter((key): key is string => !!key)),
  ].filter((key) => !vehicleOf(key));
  if (plateKeys.length > 0) {
    const existing = await tx.$queryRawUnsafe<{ id: string; plate: string; ownerId: string }[]>(
      'SELECT id::text, "plateNormalized" AS plate, "ownerId"::text AS "ownerId" FROM "Vehicle" WHERE "plateNormalized" = ANY($1::text[])',
      plateKeys,
    );
    const byPlate = new Map(existing.map((row) => [row.plate, row]));
    const vinOf = await vinsToWrite(tx, units, warnings);
    const toInsert: unknown[][] = [];
    const toUpdate: Unit[] = [];
    const handled = new Set<string>();
    for (const item of units) {
      const { unit, customerKey, ownerKey } = item;
      const vehicle = unit.record.vehicle;
      if (!vehicle || handled.has(vehicle.plateKey) || vehicleOf(vehicle.plateKey)) continue;
      handled.add(vehicle.plateKey);
      const found = byPlate.get(vehicle.plateKey);
      if (found) {
        vehicles.set(vehicle.plateKey, { id: found.id, ownerId: found.ownerId });
        if (vehicle.reference) continue;
        // Another customer's vehicle is neither updated nor written on (its visits and oil changes below).
        if (onForeignVehicle(item, found.ownerId)) continue;
        if (update) {
          toUpdate.push(unit);
          summary.vehicles.updated++;
        } else summary.vehicles.skipped++;
        continue;
      }
      const ownerId = customerId(ownerKey ?? customerKey);
      if (!ownerId || vehicle.reference) {
        failedRows++;
        continue;
      }
      const id = unit.source?.vehicleId ?? uuidV7();
      const now = new Date().toISOString();
      vehicles.set(vehicle.plateKey, { id, ownerId });
      toInsert.push([
        id,
        ownerId,
        vehicle.type,
        vehicle.plateNumber,
        vehicle.plateKey,
        vehicle.color,
        vehicle.brand,
        vehicle.model,
        vehicle.year,
        vehicle.engineType,
        vehicle.status,
        vinOf.get(unit.row) ?? null,
        vehicle.trim,
        vehicle.plateRegion,
        vehicle.firstRegistrationDate,
        vehicle.distanceUnit,
        unit.source?.createdAt ?? now,
        now,
      ]);
    }
    if (toUpdate.length > 0) {
      const v = toUpdate.map((unit) => unit.record.vehicle!);
      // What the file leaves empty (VIN, trim, region, first registration) keeps what the vehicle has; its unit
      // changes only when the row names one.
      await tx.$executeRawUnsafe(
        `UPDATE "Vehicle" t SET type = v.type, "plateNumber" = v.plate, color = v.color, brand = v.brand, model = v.model, year = v.year,
            "engineType" = v.engine, vin = COALESCE(v.vin, t.vin), trim = COALESCE(v.trim, t.trim),
            "plateRegion" = COALESCE(v.region, t."plateRegion"), "firstRegistrationDate" = COALESCE(v.registered, t."firstRegistrationDate"),
            "distanceUnit" = COALESCE(v.unit, t."distanceUnit"), "updatedAt" = now()
          FROM unnest($1::text[], $2::"VehicleType"[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int4[], $8::text[],
                      $9::text[], $10::text[], $11::text[], $12::date[], $13::"DistanceUnit"[])
            AS v(key, type, plate, color, brand, model, year, engine, vin, trim, region, registered, unit)
         WHERE t."plateNormalized" = v.key`,
        v.map((x) => x.plateKey),
        v.map((x) => x.type),
        v.map((x) => x.plateNumber),
        v.map((x) => x.color),
        v.map((x) => x.brand),
        v.map((x) => x.model),
        v.map((x) => x.year),
        v.map((x) => x.engineType),
        toUpdate.map((unit) => vinOf.get(unit.row) ?? null),
        v.map((x) => x.trim),
        v.map((x) => x.plateRegion),
        v.map((x) => x.firstRegistrationDate),
        v.map((x) => (x.unitFromRow ? x.distanceUnit : null)),
      );
    }
    const inserted = new Set(
      await insert(
        tx,
        'Vehicle',
        [
          ['id', 'uuid'],
          ['ownerId', 'uuid'],
          ['type', '"VehicleType"'],
          ['plateNumber', 'text'],
          ['plateNormalized', 'text'],
          ['color', 'text'],
          ['brand', 'text'],
          ['model', 'text'],
          ['year', 'int4'],
          ['engineType', 'text'],
          ['status', '"VehicleStatus"'],
          ['vin', 'text'],
          ['trim', 'text'],
          ['plateRegion', 'text'],
          ['firstRegistrationDate', 'date'],
          ['distanceUnit', '"DistanceUnit"'],
          ['createdAt', 'timestamp(3)'],
          ['updatedAt', 'timestamp(3)'],
        ],
        toInsert,
      ),
    );
    for (const row of toInsert) {
      if (inserted.has(row[0] as string)) summary.vehicles.created++;
      else {
        vehicles.delete(row[4] as string);
        failedRows++;
      }
    }
  }

  // Visits, tasks, payments ------------------------------------------------------------------------------
  const visitUnits = units.filter(({ unit }) => unit.record.visit || unit.visit);
  if (visitUnits.length > 0) {
    const vehicleIds = [
      ...new Set(
        visitUnits
          .map(({ unit }) => vehicleOf(unit.vehiclePlateKey ?? unit.record.vehicle!.plateKey)?.id)
          .filter((id): id is string => !!id),
      ),
    ];
    const existing = new Set(
      (
        await tx.$queryRawUnsafe<{ key: string }[]>(
          `SELECT "vehicleId"::text || ' ' || to_char("visitDate", 'YYYY-MM-DD') || ' ' || lower(name) AS key FROM "Visit" WHERE "vehicleId" = ANY($1::uuid[])`,
          vehicleIds,
        )
      ).map((row) => row.key),
    );
    const visits: unknown[][] = [];
    const tasks: unknown[][] = [];
    const payments: unknown[][] = [];
    for (const item of visitUnits) {
      const { unit, customerKey, ownerKey } = item;
      const vehicle = vehicleOf(unit.vehiclePlateKey ?? unit.record.vehicle!.plateKey);
      if (!vehicle) {
        failedRows++;
        continue;
      }
      if (onForeignVehicle(item, vehicle.ownerId)) continue;
      const customer = customerId(ownerKey ?? customerKey) ?? vehicle.ownerId;
      const now = new Date().toISOString();
      if (unit.visit) {
        const v = unit.visit;
        const total = visitTotalCents(v.tasks);
        const paid = paidCents(v.payments);
        visits.push([
          v.id,
          v.name,
          v.visitDate,
          v.dueDate,
          customer,
          vehicle.id,
          total,
          paid,
          v.status,
          derivePaymentStatus(total, paid),
          v.completedAt,
          v.notes,
          v.odometerInKm ?? null,
          v.odometerOutKm ?? null,
          v.createdAt,
          now,
        ]);
        for (const t of v.tasks)
          tasks.push([
            t.id,
            v.id,
            t.title,
            t.description,
            t.service,
            t.status,
            t.priority,
            t.costCents,
            t.soldForCents,
            t.dueDate,
            t.completedOn,
            t.createdAt,
            now,
          ]);
        for (const p of v.payments) payments.push([p.id, v.id, p.amountCents, p.method, p.status, p.notes, p.refundOfId, p.createdAt, now]);
        continue;
      }
      const visit = unit.record.visit!;
      const key = `${vehicle.id} ${visit.visitDate} ${visit.name.toLowerCase()}`;
      if (existing.has(key)) {
        summary.visits.skipped++;
        continue;
      }
      existing.add(key);
      const id = uuidV7(Date.parse(iso(visit.visitDate)));
      const day = iso(visit.visitDate);
      const status = deriveVisitStatus(['COMPLETED'], 'PICKED_UP');
      visits.push([
        id,
        visit.name,
        day,
        day,
        customer,
        vehicle.id,
        visit.totalCents,
        visit.paidCents,
        status,
        derivePaymentStatus(visit.totalCents, visit.paidCents),
        day,
        visit.notes,
        visit.odometerInKm,
        null,
        day,
        now,
      ]);
      tasks.push([
        uuidV7(Date.parse(day)),
        id,
        visit.name,
        null,
        'MAINTENANCE',
        'COMPLETED',
        'NORMAL',
        0,
        visit.totalCents,
        null,
        day,
        day,
        now,
      ]);
      if (visit.paidCents > 0) payments.push([uuidV7(Date.parse(day)), id, visit.paidCents, 'CASH', 'SUCCESS', 'Imported', null, day, now]);
    }
    const created = new Set(
      await insert(
        tx,
        'Visit',
        [
          ['id', 'uuid'],
          ['name', 'text'],
          ['visitDate', 'timestamp(3)'],
          ['dueDate', 'timestamp(3)'],
          ['customerId', 'uuid'],
          ['vehicleId', 'uuid'],
          ['totalCostCents', 'int4'],
          ['paidCents', 'int4'],
          ['status', '"VisitStatus"'],
          ['paymentStatus', '"PaymentStatus"'],
          ['completedAt', 'timestamp(3)'],
          ['notes', 'text'],
          ['odometerInKm', 'int4'],
          ['odometerOutKm', 'int4'],
          ['createdAt', 'timestamp(3)'],
          ['updatedAt', 'timestamp(3)'],
        ],
        visits,
      ),
    );
    summary.visits.created += created.size;
    summary.visits.skipped += visits.length - created.size;
    await insert(
      tx,
      'Task',
      [
        ['id', 'uuid'],
        ['visitId', 'uuid'],
        ['title', 'text'],
        ['description', 'text'],
        ['service', '"TaskService"'],
        ['status', '"TaskStatus"'],
        ['priority', '"TaskPriority"'],
        ['costCents', 'int4'],
        ['soldForCents', 'int4'],
        ['dueDate', 'timestamp(3)'],
        ['completedOn', 'timestamp(3)'],
        ['createdAt', 'timestamp(3)'],
        ['updatedAt', 'timestamp(3)'],
      ],
      tasks.filter((task) => created.has(task[1] as string)),
    );
    // Each imported task is one flat line carrying its price and cost, as the migration made of the tasks
    // from before lines existed (a task's price is the sum of its lines). Its tax rate: the shop's default for
    // flat lines (tax-resolution.ts, nothing else applies to a typed flat line).
    const flatTaxRateId = await flatLineTaxRateId(tx);
    await insert(
      tx,
      'TaskLine',
      [
        ['id', 'uuid'],
        ['taskId', 'uuid'],
        ['position', 'int4'],
        ['kind', '"TaskLineKind"'],
        ['description', 'text'],
        ['quantityMilli', 'int4'],
        ['unitCostCents', 'int4'],
        ['unitPriceCents', 'int4'],
        ['totalCents', 'int4'],
        ['taxRateId', 'uuid'],
        ['createdAt', 'timestamp(3)'],
        ['updatedAt', 'timestamp(3)'],
      ],
      tasks
        .filter((task) => created.has(task[1] as string))
        .map((task) => [
          uuidV7(Date.parse(task[11] as string)),
          task[0],
          0,
          'FLAT',
          task[2],
          1000,
          task[7],
          task[8],
          task[8],
          flatTaxRateId,
          task[11],
          task[12],
        ]),
    );
    // Refunds point at payments of the same visit: payments first, refunds after.
    const kept = payments.filter((payment) => created.has(payment[1] as string));
    const columns: [string, string][] = [
      ['id', 'uuid'],
      ['visitId', 'uuid'],
      ['amountCents', 'int4'],
      ['method', '"PaymentMethod"'],
      ['status', '"PaymentRecordStatus"'],
      ['notes', 'text'],
      ['refundOfId', 'uuid'],
      ['createdAt', 'timestamp(3)'],
      ['updatedAt', 'timestamp(3)'],
    ];
    await insert(
      tx,
      'Payment',
      columns,
      kept.filter((payment) => !payment[6]),
    );
    await insert(
      tx,
      'Payment',
      columns,
      kept.filter((payment) => payment[6]),
    );
    // Money received and returned is a fiscal record, imported or not (docs/invoicing.md).
    await journalPayments(
      tx,
      kept.map((payment) => payment[0] as string),
    );
  }

  // Oil changes and odometers -----------------------------------------------------------------------------
  const oilUnits = units.filter(({ unit }) => unit.record.oilChange);
  const readings = new Map<string, { km: number; at: string }>();
  const reading = (vehicleId: string, km: number | null, at: string) => {
    if (km === null) return;
    const current = readings.get(vehicleId);
    if (!current || current.km < km) readings.set(vehicleId, { km, at });
  };
  if (oilUnits.length > 0) {
    const vehicleIds = [
      ...new Set(
        oilUnits.map(({ unit }) => vehicleOf(unit.vehiclePlateKey ?? unit.record.vehicle!.plateKey)?.id).filter((id): id is string => !!id),
      ),
    ];
    const existing = new Set(
      (
        await tx.$queryRawUnsafe<{ key: string }[]>(
          `SELECT "vehicleId"::text || ' ' || "currentKm" || ' ' || lower("oilName") AS key FROM "OilChange" WHERE "vehicleId" = ANY($1::uuid[])`,
          vehicleIds,
        )
      ).map((row) => row.key),
    );
    const rows: unknown[][] = [];
    for (const item of oilUnits) {
      const { unit } = item;
      const oil = unit.record.oilChange!;
      const vehicle = vehicleOf(unit.vehiclePlateKey ?? unit.record.vehicle!.plateKey);
      if (!vehicle) {
        failedRows++;
        continue;
      }
      if (onForeignVehicle(item, vehicle.ownerId)) continue;
      const key = `${vehicle.id} ${oil.currentKm} ${oil.oilName.toLowerCase()}`;
      if (existing.has(key)) {
        summary.oilChanges.skipped++;
        continue;
      }
      existing.add(key);
      const at = unit.source?.createdAt ?? (oil.date ? iso(oil.date) : new Date().toISOString());
      rows.push([
        unit.source?.oilChangeId ?? uuidV7(Date.parse(at)),
        vehicle.id,
        oil.oilName,
        oil.oilType,
        oil.currentKm,
        oil.nextChangeKm,
        oil.filterChanged,
        input.actorId,
        at,
        at,
      ]);
      reading(vehicle.id, oil.currentKm, at);
    }
    const created = await insert(
      tx,
      'OilChange',
      [
        ['id', 'uuid'],
        ['vehicleId', 'uuid'],
        ['oilName', 'text'],
        ['oilType', 'text'],
        ['currentKm', 'int4'],
        ['nextChangeKm', 'int4'],
        ['filterChanged', 'bool'],
        ['recordedById', 'uuid'],
        ['createdAt', 'timestamp(3)'],
        ['updatedAt', 'timestamp(3)'],
      ],
      rows,
    );
    summary.oilChanges.created += created.length;
    summary.oilChanges.skipped += rows.length - created.length;
  }
  for (const { unit } of units) {
    const vehicle = unit.record.vehicle;
    if (!vehicle || vehicle.odometerKm === null || foreignRows.has(unit.row)) continue;
    const known = vehicleOf(vehicle.plateKey);
    if (known) reading(known.id, vehicle.odometerKm, unit.record.visit ? iso(unit.record.visit.visitDate) : new Date().toISOString());
  }
  if (readings.size > 0) {
    // The odometer only moves forward (docs/features.md, odometer), as with a reading typed by staff.
    const entries = [...readings];
    await tx.$executeRawUnsafe(
      `UPDATE "Vehicle" t SET "latestKm" = v.km, "lastKmUpdate" = v.at FROM unnest($1::uuid[], $2::int4[], $3::timestamp(3)[]) AS v(id, km, at)
        WHERE t.id = v.id AND (t."latestKm" IS NULL OR t."latestKm" < v.km)`,
      entries.map(([id]) => id),
      entries.map(([, value]) => value.km),
      entries.map(([, value]) => value.at),
    );
  }
  summary.failedRows = failedRows;
  return { refused, warnings, customers, vehicles, usernames, summary, failedRows };
}

/**
 * The VIN each vehicle row may write (by row number): a VIN is unique in the shop, so one that another vehicle
 * (another plate) already has, or an earlier row of the batch gave another plate, is left out with a warning;
 * the vehicle is imported without it.
 */
async function vinsToWrite(tx: Tx, units: BatchInput['units'], warnings: WrittenWarning[]): Promise<Map<number, string>> {
  const rows = units.filter(({ unit }) => unit.record.vehicle?.vin && !unit.record.vehicle.reference);
  const owners = new Map(
    (
      await tx.$queryRawUnsafe<{ vin: string; plate: string }[]>(
        'SELECT vin, "plateNormalized" AS plate FROM "Vehicle" WHERE vin = ANY($1::text[])',
        rows.map(({ unit }) => unit.record.vehicle!.vin),
      )
    ).map((row) => [row.vin, row.plate]),
  );
  const kept = new Map<number, string>();
  for (const { unit } of rows) {
    const { vin, plateKey } = unit.record.vehicle!;
    const owner = owners.get(vin!);
    if (owner !== undefined && owner !== plateKey) {
      warnings.push({ row: unit.row, field: 'vin', message: 'import.vinTaken' });
      continue;
    }
    owners.set(vin!, plateKey);
    kept.set(unit.row, vin!);
  }
  return kept;
}
