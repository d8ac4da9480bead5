// Statutory inspection reminders (issue #28): the rule of the shop's country or its own, computed in SQL by the
// migration's statutory_due_on (the same rule as @garage/shared nextStatutoryInspection: compared here), one
// STATUTORY reminder per vehicle and cycle created by the reminder job, and its email. The rule is a shop-wide
// setting, so every test here works in an ISOLATED database of its own (createIsolatedDatabase).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db } from '@garage/db';
import { createIsolatedDatabase, type IsolatedDatabase } from '@garage/db/testing/test-database';
import { nextStatutoryInspection } from '@garage/shared';
import type { MessageSender, OutgoingMessage } from '../src/lib/mailer.ts';
import { listReminders, sendDueReminders } from '../src/modules/reminders/reminders.service.ts';
import { getStatutorySettings, updateStatutorySettings } from '../src/modules/reminders/statutory.ts';
import { testDeps, uniqueSuffix } from './helpers.ts';

const silentLog = { warn: () => {}, error: () => {}, info: () => {} };
const ALL_STATES = ['SCHEDULED', 'UPCOMING', 'DUE', 'OVERDUE', 'DONE', 'DISMISSED'] as const;

let iso: IsolatedDatabase;
let db: Db;
beforeAll(async () => {
  iso = await createIsolatedDatabase(inject('databaseUrl'));
  db = createDb(iso.url, { poolSize: 4 });
  await ensureMerchant(db);
  // A French shop by its tax profile; reminders defaults (14 days margin).
  await db.merchant.updateMany({ data: { taxProfile: 'FR', displayName: 'Garage Test' } });
}, 60_000);
afterAll(async () => {
  await db?.$disconnect();
  await iso?.drop();
});

async function customerWithVehicle(firstRegistrationDate: string | null, language: 'en' | 'fr' | 'ar' = 'fr') {
  const suffix = uniqueSuffix();
  const customer = await db.user.create({
    data: {
      firstName: 'Camille',
      lastName: `Client ${suffix}`,
      username: `stat_${suffix}`,
      role: 'CLIENT',
      email: `stat_${suffix}@statutory.test`,
      preferredLanguage: language,
    },
  });
  const plate = `ST${suffix}`.toUpperCase();
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: plate,
      color: 'Blue',
      brand: 'Renault',
      model: 'Clio',
      year: 2021,
      engineType: 'Petrol',
      firstRegistrationDate: firstRegistrationDate ? new Date(`${firstRegistrationDate}T00:00:00.000Z`) : null,
    },
  });
  return { customer, vehicle };
}

const statutoryRows = (vehicleId: string) =>
  db.serviceReminder.findMany({ where: { vehicleId, kind: 'STATUTORY' }, orderBy: { statutoryDueOn: 'asc' } });
const list = (vehicleId: string, now: Date) =>
  listReminders(db, { states: [...ALL_STATES], contact: 'all', vehicleId, kind: 'STATUTORY', now }, 'http://shop.test');

describe('statutory_due_on (SQL) and nextStatutoryInspection (TypeScript)', () => {
  it('agree on any registration date, rule and day', async () => {
    const day = fc
      .date({ min: new Date('1995-01-01'), max: new Date('2045-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const cases = fc.sample(fc.tuple(day, day, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 5 })), 400);
    // 29 February and month ends, where years of different lengths could part the two.
    cases.push(['2020-02-29', '2024-02-28', 4, 1], ['2020-02-29', '2025-03-01', 4, 1], ['2019-12-31', '2023-12-31', 4, 2]);
    const rows = await db.$queryRaw<{ due: Date }[]>`
      SELECT statutory_due_on(c.registered, c.first_after, c.every, c.today) AS due
      FROM unnest(${cases.map((c) => c[0])}::date[], ${cases.map((c) => c[1])}::date[], ${cases.map((c) => c[2])}::int[],
                  ${cases.map((c) => c[3])}::int[]) WITH ORDINALITY AS c(registered, today, first_after, every, n)
      ORDER BY c.n`;
    const fromSql = rows.map((row) => row.due.toISOString().slice(0, 10));
    const fromTs = cases.map(([registered, today, firstAfterYears, thenEveryYears]) =>
      nextStatutoryInspection(registered, { firstAfterYears, thenEveryYears }, today),
    );
    expect(fromSql).toEqual(fromTs);
  });
});

describe('STATUTORY reminders', () => {
  it('the job creates one reminder for a vehicle with a registration date, none without; the email is in French', async () => {
    const sent: OutgoingMessage[] = [];
    const sender: MessageSender = { name: 'capture', send: async (message) => void sent.push(message) };
    const deps = testDeps({ db, senders: { email: sender } });
    const registered = await customerWithVehicle('2021-03-10');
    const unregistered = await customerWithVehicle(null);

    // Two days after the first contrôle technique was due (registered 2021-03-10: at 4 years).
    const now = new Date('2025-03-12T09:00:00.000Z');
    await sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog, now });
    await sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog, now });

    const rows = await statutoryRows(registered.vehicle.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.statutoryDueOn?.toISOString().slice(0, 10)).toBe('2025-03-10');
    expect(await statutoryRows(unregistered.vehicle.id)).toEqual([]);

    const [view] = await list(registered.vehicle.id, now);
    expect(view).toMatchObject({ kind: 'STATUTORY', inspection: 'controleTechnique', state: 'DUE', dueDate: '2025-03-10', dueKm: null });

    const mails = sent.filter((mail) => mail.to === registered.customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`À faire : contrôle technique pour ${registered.vehicle.plateNumber}`);
    expect(mails[0]!.text).toContain("arrive à l'échéance : contrôle technique (le 2025-03-10)");
    expect(mails[0]!.text).toContain('Le contrôle technique est obligatoire');
    expect(sent.filter((mail) => mail.to === unregistered.customer.email)).toEqual([]);
  });

  it('a missed inspection stays due then overdue for the email window, then the next cycle takes its place', async () => {
    const { vehicle } = await customerWithVehicle('2021-03-10');
    expect((await list(vehicle.id, new Date('2025-04-01T00:00:00Z'))).map((r) => [r.dueDate, r.state])).toEqual([
      ['2025-03-10', 'OVERDUE'],
    ]);
    // More than 60 days after: the 2027 cycle is current, the 2025 one is over.
    const later = await list(vehicle.id, new Date('2025-05-20T00:00:00Z'));
    expect(later.map((r) => [r.dueDate, r.state])).toEqual([
      ['2027-03-10', 'SCHEDULED'],
      ['2025-03-10', 'DONE'],
    ]);
  });

  it("the shop's own rule replaces the country's; switched off, no statutory reminder at all", async () => {
    const { vehicle } = await customerWithVehicle('2021-03-10');
    const now = new Date('2025-06-01T00:00:00Z');
    expect((await list(vehicle.id, now)).map((r) => r.dueDate)).toEqual(['2027-03-10']);

    // Yearly after the first: the cycle after 2025-03-10 is 2026-03-10 (2027's row is no longer current).
    const settings = await updateStatutorySettings(db, { statutoryEveryYears: 1 });
    expect(settings).toMatchObject({ countryCode: 'FR', rule: { firstAfterYears: 4, thenEveryYears: 1, nameKey: 'controleTechnique' } });
    const yearly = await list(vehicle.id, now);
    expect(yearly.filter((r) => r.state !== 'DONE').map((r) => r.dueDate)).toEqual(['2026-03-10']);

    await updateStatutorySettings(db, { statutoryInspectionEnabled: false });
    expect(await list(vehicle.id, now)).toEqual([]);
    expect((await getStatutorySettings(db)).rule).toBeNull();

    await updateStatutorySettings(db, { statutoryInspectionEnabled: true, statutoryEveryYears: null });
    expect((await getStatutorySettings(db)).rule).toEqual({ firstAfterYears: 4, thenEveryYears: 2, nameKey: 'controleTechnique' });
  });

  it('the country comes from the legal address: a UK shop reminds of the MOT at 3 years, then yearly', async () => {
    await db.merchant.updateMany({ data: { legalIdentity: { address: { countryCode: 'GB' }, identifiers: {} } } });
    try {
      const { vehicle } = await customerWithVehicle('2022-09-01', 'en');
      const rows = await list(vehicle.id, new Date('2025-09-03T00:00:00Z'));
      expect(rows.map((r) => [r.inspection, r.dueDate, r.state])).toEqual([['mot', '2025-09-01', 'DUE']]);
      expect(rows[0]!.message).toContain('MOT test');
      expect((await list(vehicle.id, new Date('2025-11-15T00:00:00Z'))).map((r) => r.dueDate)).toEqual(['2026-09-01', '2025-09-01']);
    } finally {
      await db.merchant.updateMany({ data: { legalIdentity: null as never } });
    }
  });
});
