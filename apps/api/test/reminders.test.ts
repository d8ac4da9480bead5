// Service reminders: due computation on km (estimated from the readings' daily average) and on date,
// done/dismissed, contact bookkeeping, the client's view, oil-change corrections, the unsubscribe link, and
// "sent once" across two pg-boss workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import { inject } from 'vitest';
import type { App } from '../src/app.ts';
import type { MessageSender, OutgoingMessage } from '../src/lib/mailer.ts';
import { REMINDER_EMAIL_MAX_OVERDUE_DAYS } from '@garage/shared';
import { startJobs, type JobRunner } from '../src/jobs.ts';
import { REMINDER_QUEUE } from '../src/modules/reminders/reminders.job.ts';
import { sendDueReminders, unsubscribeToken } from '../src/modules/reminders/reminders.service.ts';
import { buildTestApp, testDb, testDeps, TEST_JWT_SECRET, uniqueSuffix } from './helpers.ts';
import { signedInCustomer } from './approvals-fixtures.ts';
import { createCustomer, signedIn } from './visits-fixtures.ts';

const DAY = 86_400_000;
const daysAgo = (days: number, from = Date.now()) => new Date(from - days * DAY);
const silentLog = { warn: () => {}, error: () => {}, info: () => {} };

function captureSender() {
  const sent: OutgoingMessage[] = [];
  const sender: MessageSender = { name: 'capture', send: async (message) => void sent.push(message) };
  return { sender, sent };
}

async function customerWithEmail(language: 'en' | 'fr' | 'ar' = 'en') {
  const owner = await signedInCustomer();
  const email = `rem_${uniqueSuffix()}@reminders.test`;
  await testDb().user.update({
    where: { id: owner.customer.id },
    data: { email, preferredLanguage: language, countryCode: '+212', phoneNumber: `6${Date.now() % 100_000_000}` },
  });
  return { ...owner, email };
}

/** An oil change recorded `days` ago, with the vehicle's latest reading set as given. */
async function oilChange(vehicleId: string, at: Date, currentKm: number, nextChangeKm: number) {
  return testDb().oilChange.create({
    data: { vehicleId, oilName: 'Total 5W30', oilType: 'Synthetic', currentKm, nextChangeKm, createdAt: at },
  });
}
async function reading(vehicleId: string, km: number, at: Date) {
  await testDb().vehicle.update({ where: { id: vehicleId }, data: { latestKm: km, lastKmUpdate: at } });
}

let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  staff = await signedIn('EMPLOYEE');
  // Defaults (6 months, 500 km, 14 days): other tests in this file change them and put them back.
  await staff.caller.reminders.updateSettings({ reminderOilMonths: 6, reminderMarginKm: 500, reminderMarginDays: 14 });
});

const stateOf = async (vehicleId: string, now: Date) => {
  const { listReminders } = await import('../src/modules/reminders/reminders.service.ts');
  const rows = await listReminders(
    testDb(),
    { states: ['SCHEDULED', 'UPCOMING', 'DUE', 'OVERDUE', 'DONE', 'DISMISSED'], contact: 'all', vehicleId, now },
    'http://shop.test',
  );
  return rows;
};

describe('due computation', () => {
  it("by km: estimates today's odometer from the daily average when no new reading came in", async () => {
    const { vehicle } = await createCustomer();
    const t0 = Date.now();
    // 10 000 km 100 days ago, 14 000 km 10 days ago: 44.4 km a day. Next change at 15 000 km.
    await oilChange(vehicle.id, daysAgo(100, t0), 10_000, 15_000);
    await reading(vehicle.id, 14_000, daysAgo(10, t0));
    const [today] = await stateOf(vehicle.id, new Date(t0));
    expect(today!.kmPerDay).toBeCloseTo(44.4, 1);
    expect(today!.estimatedKm).toBe(14_444);
    // Without the estimate it would still read 14 000 (scheduled); with it, 14 444 < 14 500: still scheduled.
    expect(today!.state).toBe('SCHEDULED');
    expect((await stateOf(vehicle.id, new Date(t0 + 3 * DAY)))[0]!.state).toBe('UPCOMING'); // ≈14 578
    expect((await stateOf(vehicle.id, new Date(t0 + 20 * DAY)))[0]!.state).toBe('DUE'); // ≈15 333
    expect((await stateOf(vehicle.id, new Date(t0 + 40 * DAY)))[0]!.state).toBe('OVERDUE'); // ≈16 222
  });

  it('by date: the oil interval in months (one reading, so no daily average), with the margin in days', async () => {
    const now = new Date();
    const cases = [
      { ago: 175, expected: 'UPCOMING' }, // due in ≈ 8 days (< 14)
      { ago: 190, expected: 'DUE' }, // due ≈ 7 days ago
      { ago: 200, expected: 'OVERDUE' }, // due ≈ 17 days ago (> 14)
      { ago: 100, expected: 'SCHEDULED' },
    ];
    for (const { ago, expected } of cases) {
      const { vehicle } = await createCustomer();
      await oilChange(vehicle.id, daysAgo(ago, now.getTime()), 50_000, 60_000);
      await reading(vehicle.id, 50_000, daysAgo(ago, now.getTime()));
      const [row] = await stateOf(vehicle.id, now);
      expect({ ago, state: row!.state, kmPerDay: row!.kmPerDay, estimatedKm: row!.estimatedKm }).toEqual({
        ago,
        state: expected,
        kmPerDay: null,
        estimatedKm: 50_000,
      });
    }
  });

  it('the interval follows the setting', async () => {
    const { vehicle } = await createCustomer();
    await oilChange(vehicle.id, daysAgo(100), 1_000, 9_000);
    expect((await stateOf(vehicle.id, new Date()))[0]!.state).toBe('SCHEDULED');
    await staff.caller.reminders.updateSettings({ reminderOilMonths: 3 });
    try {
      expect((await stateOf(vehicle.id, new Date()))[0]!.state).toBe('DUE');
    } finally {
      await staff.caller.reminders.updateSettings({ reminderOilMonths: 6 });
    }
  });

  it('a vehicle with no readings: a task reminder is due by date only, its km part stays empty', async () => {
    const { customer, vehicle } = await createCustomer();
    expect(vehicle.latestKm).toBeNull();
    const visit = await testDb().visit.create({
      data: {
        name: 'Brakes',
        customerId: customer.id,
        vehicleId: vehicle.id,
        visitDate: daysAgo(100),
        dueDate: daysAgo(100),
        status: 'COMPLETED',
      },
    });
    await testDb().task.create({
      data: {
        visitId: visit.id,
        title: 'Brake check',
        service: 'INSPECTION',
        status: 'COMPLETED',
        soldForCents: 0,
        completedOn: daysAgo(100),
        remindInMonths: 3,
        remindInKm: 5_000,
      },
    });
    const [row] = await stateOf(vehicle.id, new Date());
    expect(row).toMatchObject({ kind: 'SERVICE', title: 'Brake check', dueKm: null, estimatedKm: null, state: 'DUE' });
    // Nothing due by km alone on a vehicle without readings.
    const other = await createCustomer();
    const visit2 = await testDb().visit.create({
      data: {
        name: 'Tyres',
        customerId: other.customer.id,
        vehicleId: other.vehicle.id,
        visitDate: daysAgo(400),
        dueDate: daysAgo(400),
        status: 'COMPLETED',
      },
    });
    await testDb().task.create({
      data: {
        visitId: visit2.id,
        title: 'Tyre rotation',
        service: 'MAINTENANCE',
        status: 'COMPLETED',
        soldForCents: 0,
        completedOn: daysAgo(400),
        remindInKm: 10_000,
      },
    });
    expect((await stateOf(other.vehicle.id, new Date()))[0]).toMatchObject({ state: 'SCHEDULED', dueKm: null, dueDate: null });
  });

  it('done: a later matching service closes it (a newer oil change; a later completed task of the same title)', async () => {
    const { customer, vehicle } = await createCustomer();
    const first = await oilChange(vehicle.id, daysAgo(200), 20_000, 25_000);
    expect((await stateOf(vehicle.id, new Date()))[0]!.state).toBe('OVERDUE');
    await staff.caller.oilChanges.create({
      vehicleId: vehicle.id,
      data: { oilName: 'Total', oilType: 'Synthetic', currentKm: 26_000, nextChangeKm: 31_000 },
    });
    const rows = await stateOf(vehicle.id, new Date());
    expect(rows.map((r) => r.state).sort()).toEqual(['DONE', 'SCHEDULED']);
    expect(rows.find((r) => r.state === 'DONE')!.dueKm).toBe(first.nextChangeKm);

    const visit = await testDb().visit.create({
      data: {
        name: 'Brakes',
        customerId: customer.id,
        vehicleId: vehicle.id,
        visitDate: daysAgo(300),
        dueDate: daysAgo(300),
        status: 'COMPLETED',
      },
    });
    await testDb().task.create({
      data: {
        visitId: visit.id,
        title: 'Brake check',
        service: 'INSPECTION',
        status: 'COMPLETED',
        soldForCents: 0,
        completedOn: daysAgo(300),
        remindInMonths: 6,
      },
    });
    expect((await stateOf(vehicle.id, new Date())).find((r) => r.kind === 'SERVICE')!.state).toBe('OVERDUE');
    await testDb().task.create({
      data: {
        visitId: visit.id,
        title: ' brake CHECK ',
        service: 'INSPECTION',
        status: 'COMPLETED',
        soldForCents: 0,
        completedOn: daysAgo(1),
      },
    });
    expect((await stateOf(vehicle.id, new Date())).find((r) => r.kind === 'SERVICE')!.state).toBe('DONE');
  });
});

describe('staff screen, contact and dismiss; the client view', () => {
  it('lists due reminders, filters by kind and contact status, marks contacted with the channel, dismisses', async () => {
    const owner = await customerWithEmail('fr');
    await oilChange(owner.vehicle.id, daysAgo(190), 30_000, 40_000);
    const due = await staff.caller.reminders.list({ vehicleId: owner.vehicle.id });
    expect(due).toHaveLength(1);
    const [reminder] = due;
    expect(reminder).toMatchObject({ state: 'DUE', contacted: false, kind: 'OIL_CHANGE' });
    // Click-to-send texts in the customer's language (French), with the number for wa.me.
    expect(reminder!.message).toContain('vidange');
    expect(reminder!.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2126\d+\?text=Bonjour/);
    expect(reminder!.smsUrl).toMatch(/^sms:\+2126\d+\?body=/);
    expect(await staff.caller.reminders.list({ vehicleId: owner.vehicle.id, kind: 'SERVICE' })).toHaveLength(0);

    const badgeBefore = (await staff.caller.reminders.badge()).count;
    const contacted = await staff.caller.reminders.markContacted({ id: reminder!.id, channel: 'WHATSAPP' });
    expect(contacted).toMatchObject({ contacted: true, contactedChannel: 'WHATSAPP' });
    expect((await staff.caller.reminders.badge()).count).toBeLessThan(badgeBefore + 1);
    expect(await staff.caller.reminders.list({ vehicleId: owner.vehicle.id, contact: 'notContacted' })).toHaveLength(0);
    expect(await staff.caller.reminders.list({ vehicleId: owner.vehicle.id, contact: 'contacted' })).toHaveLength(1);

    // The client sees it on their dashboard and vehicle; another client's vehicle looks missing.
    expect(await owner.caller.myReminders.list({})).toEqual([expect.objectContaining({ id: reminder!.id, state: 'DUE' })]);
    const stranger = await signedInCustomer();
    await expect(stranger.caller.myReminders.list({ vehicleId: owner.vehicle.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stranger.caller.myReminders.list({})).toEqual([]);

    const dismissed = await staff.caller.reminders.dismiss({ id: reminder!.id });
    expect(dismissed.state).toBe('DISMISSED');
    expect(await staff.caller.reminders.list({ vehicleId: owner.vehicle.id })).toHaveLength(0);
    expect(await owner.caller.myReminders.list({ vehicleId: owner.vehicle.id })).toEqual([]);
    expect((await staff.caller.reminders.restore({ id: reminder!.id })).state).toBe('DUE');
    await expect(staff.caller.reminders.dismiss({ id: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('settings: PATCH semantics and bounds', async () => {
    const before = await staff.caller.reminders.settings();
    const after = await staff.caller.reminders.updateSettings({ appointmentsPerDay: before.appointmentsPerDay });
    expect(after).toEqual(before);
    await expect(staff.caller.reminders.updateSettings({ reminderMarginKm: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('oil-change corrections', () => {
  it('update (only what was sent) and delete: the latest km and the reminder follow', async () => {
    const { vehicle } = await createCustomer();
    const older = await staff.caller.oilChanges.create({
      vehicleId: vehicle.id,
      data: { oilName: 'A', oilType: 'Synthetic', currentKm: 10_000, nextChangeKm: 15_000 },
    });
    const typo = await staff.caller.oilChanges.create({
      vehicleId: vehicle.id,
      data: { oilName: 'B', oilType: 'Synthetic', currentKm: 120_000, nextChangeKm: 125_000, notes: 'keep me' },
    });
    expect((await staff.caller.oilChanges.list({ vehicleId: vehicle.id })).summary.latestKm).toBe(120_000);

    const fixed = await staff.caller.oilChanges.update({ id: typo.id, data: { currentKm: 12_000, nextChangeKm: 17_000 } });
    expect(fixed).toMatchObject({ oilName: 'B', notes: 'keep me', currentKm: 12_000, nextChangeKm: 17_000 });
    expect((await staff.caller.oilChanges.list({ vehicleId: vehicle.id })).summary).toMatchObject({
      latestKm: 12_000,
      nextChangeKm: 17_000,
    });
    expect((await staff.caller.reminders.list({ vehicleId: vehicle.id, states: ['SCHEDULED'] }))[0]!.dueKm).toBe(17_000);

    await expect(staff.caller.oilChanges.update({ id: typo.id, data: { nextChangeKm: 11_000 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });

    const removed = await staff.caller.oilChanges.delete({ id: typo.id });
    expect(removed.summary).toMatchObject({ latestKm: 10_000, nextChangeKm: 15_000 });
    const reminders = await staff.caller.reminders.list({
      vehicleId: vehicle.id,
      states: ['SCHEDULED', 'UPCOMING', 'DUE', 'OVERDUE', 'DONE'],
    });
    expect(reminders.map((r) => r.dueKm)).toEqual([15_000]);
    await expect(staff.caller.oilChanges.delete({ id: typo.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(older.id).toBeTruthy();
  });
});

describe('sending and unsubscribing', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('two pg-boss workers on one database send each reminder once per state; a new state sends once more', async () => {
    const owner = await customerWithEmail('ar');
    await oilChange(owner.vehicle.id, daysAgo(190), 30_000, 40_000);
    const mail = captureSender();
    const deps = testDeps({ senders: { email: mail.sender } });
    const workers: JobRunner[] = [];
    try {
      for (let i = 0; i < 2; i += 1)
        workers.push(await startJobs(deps, inject('databaseUrl'), silentLog, { schedule: false, pollingIntervalSeconds: 0.5 }));
      // Both instances ask for a run at once (as two cron ticks would), and each instance also runs a scan.
      await Promise.all(workers.map((worker) => worker.boss.send(REMINDER_QUEUE, {})));
      await Promise.all([
        sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog }),
        sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog }),
      ]);
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await workers[0]!.boss.getQueueSize(REMINDER_QUEUE, { before: 'completed' })) > 0)
        await new Promise((r) => setTimeout(r, 200));
      const mine = () => mail.sent.filter((message) => message.to === owner.email);
      expect(mine()).toHaveLength(1);
      expect(mine()[0]!.subject).toContain('تغيير الزيت');
      expect(mine()[0]!.text).toContain(`http://shop.test/unsubscribe/${unsubscribeToken(owner.customer.id, TEST_JWT_SECRET)}`);

      // Same state again: nothing. Overdue (a later "now"): one more email.
      await sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog });
      expect(mine()).toHaveLength(1);
      await sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog, now: new Date(Date.now() + 30 * DAY) });
      expect(mine()).toHaveLength(2);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });

  it('a failed send is retried on the next run', async () => {
    const owner = await customerWithEmail('en');
    await oilChange(owner.vehicle.id, daysAgo(190), 30_000, 40_000);
    let fail = true;
    const sent: OutgoingMessage[] = [];
    const flaky: MessageSender = {
      name: 'flaky',
      send: async (message) => {
        if (message.to === owner.email && fail) throw new Error('SMTP down');
        sent.push(message);
      },
    };
    const deps = testDeps({ senders: { email: flaky } });
    await sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog });
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(0);
    fail = false;
    await sendDueReminders(deps, { baseUrl: 'http://shop.test', log: silentLog });
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(1);
  });

  it('a reminder whose due date passed more than REMINDER_EMAIL_MAX_OVERDUE_DAYS ago is listed but not emailed (imported history)', async () => {
    const old = await customerWithEmail('en');
    const recent = await customerWithEmail('en');
    // Six-month interval: due 6 months after the change, so the old one is ~ a year overdue, the recent one days.
    await oilChange(old.vehicle.id, daysAgo(365 + 180), 30_000, 40_000);
    await oilChange(recent.vehicle.id, daysAgo(190), 30_000, 40_000);
    const mail = captureSender();
    await sendDueReminders(testDeps({ senders: { email: mail.sender } }), { baseUrl: 'http://shop.test', log: silentLog });
    expect(mail.sent.filter((m) => m.to === old.email)).toHaveLength(0);
    expect(mail.sent.filter((m) => m.to === recent.email)).toHaveLength(1);
    const [row] = await stateOf(old.vehicle.id, new Date());
    expect(row).toMatchObject({ state: 'OVERDUE', notifiedState: null });
    expect(REMINDER_EMAIL_MAX_OVERDUE_DAYS).toBeLessThan(365);
  });

  it('the unsubscribe link works without signing in, only with a valid signature, and stops the emails', async () => {
    const owner = await customerWithEmail('en');
    await oilChange(owner.vehicle.id, daysAgo(190), 30_000, 40_000);
    const token = unsubscribeToken(owner.customer.id, TEST_JWT_SECRET);
    const forged = `${owner.customer.id}.${'A'.repeat(43)}`;
    const bad = await app.inject({ method: 'POST', url: '/backend/reminders/unsubscribe', payload: { token: forged } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe('This unsubscribe link is not valid');
    const good = await app.inject({ method: 'POST', url: '/backend/reminders/unsubscribe', payload: { token } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ firstName: owner.customer.firstName, language: 'en' });
    // Twice is fine (a second click).
    expect((await app.inject({ method: 'POST', url: '/backend/reminders/unsubscribe', payload: { token } })).statusCode).toBe(200);

    const mail = captureSender();
    await sendDueReminders(testDeps({ senders: { email: mail.sender } }), { baseUrl: 'http://shop.test', log: silentLog });
    expect(mail.sent.filter((m) => m.to === owner.email)).toHaveLength(0);
    // Staff still see it (to call), marked as opted out.
    expect((await staff.caller.reminders.list({ vehicleId: owner.vehicle.id }))[0]!.customer.optedOut).toBe(true);
  });

  it('pg-boss keeps its own schema in the database', async () => {
    const boss = new PgBoss({ connectionString: inject('databaseUrl'), schema: 'pgboss', max: 1 });
    await boss.start();
    try {
      expect(await boss.getQueue(REMINDER_QUEUE)).toMatchObject({ name: REMINDER_QUEUE, policy: 'singleton' });
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
