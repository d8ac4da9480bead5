// A real SMTP conversation (smtp-server on 127.0.0.1, nodemailer configured by SMTP_URL as in production):
// the reminder email and the appointment answer go out in the customer's language with the right links,
// and the reminder's unsubscribe link works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { sendDueReminders } from '../src/modules/reminders/reminders.service.ts';
import { acceptAppointment } from '../src/modules/appointments/appointments.service.ts';
import { startSmtpSink } from './auth-fixtures.ts';
import { signedInCustomer } from './approvals-fixtures.ts';
import { buildTestApp, testDb, testDeps, uniqueSuffix } from './helpers.ts';
import { inject } from 'vitest';
import { addDays, calendarDateIn } from '@garage/shared';
import { createTestUser } from './helpers.ts';
import type { App } from '../src/app.ts';

const DAY = 86_400_000;
const silentLog = { warn: () => {}, error: () => {} };

function headerOf(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
}
/** Subject (RFC 2047 words decoded) and text body (quoted-printable or base64) of a raw message. */
function decode(raw: string): { subject: string; text: string } {
  const split = /\r?\n\r?\n/.exec(raw)!;
  const head = raw.slice(0, split.index);
  const body = raw.slice(split.index + split[0].length);
  const subject = headerOf(head, 'Subject').replace(/=\?[\w-]+\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const encoding = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { subject, text };
}

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let app: App;
let deps: ReturnType<typeof testDeps>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: testDeps().config.DATA_DIR,
      DATABASE_URL: inject('databaseUrl'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Garage <shop@garage.test>',
    }),
  };
  deps = testDeps({ config });
  app = await buildTestApp({ config });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function waitForMail(to: string, count = 1) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = smtp.mails.filter((mail) => mail.to === to);
    if (found.length >= count) return found.map((mail) => decode(mail.raw));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe('reminder email over SMTP', () => {
  for (const [language, subject, body] of [
    ['en', 'Due: oil change for', 'is due for its oil change'],
    ['fr', 'À faire : vidange pour', "arrive à l'échéance : vidange"],
    ['ar', 'حان موعد تغيير الزيت للمركبة', 'حان موعد تغيير الزيت لمركبتك'],
  ] as const) {
    it(`goes out in ${language} with the booking and unsubscribe links, and the unsubscribe link works`, async () => {
      const owner = await signedInCustomer();
      const email = `smtp_${uniqueSuffix()}@reminders.test`;
      await testDb().user.update({ where: { id: owner.customer.id }, data: { email, preferredLanguage: language } });
      await testDb().oilChange.create({
        data: {
          vehicleId: owner.vehicle.id,
          oilName: 'Total',
          oilType: 'Synthetic',
          currentKm: 40_000,
          nextChangeKm: 50_000,
          createdAt: new Date(Date.now() - 190 * DAY),
        },
      });

      await sendDueReminders(deps, { baseUrl: 'https://shop.example', log: silentLog });
      const [mail] = await waitForMail(email);
      expect(mail!.subject).toContain(subject);
      expect(mail!.subject).toContain(owner.vehicle.plateNumber);
      expect(mail!.text).toContain(body);
      expect(mail!.text).toContain('https://shop.example/#book-a-visit');
      const token = /https:\/\/shop\.example\/unsubscribe\/([\w.-]+)/.exec(mail!.text)?.[1];
      expect(token).toBeTruthy();

      const answer = await app.inject({ method: 'POST', url: '/backend/reminders/unsubscribe', payload: { token } });
      expect(answer.statusCode).toBe(200);
      expect((await testDb().user.findUniqueOrThrow({ where: { id: owner.customer.id } })).remindersOptOutAt).not.toBeNull();
    });
  }
});

describe('appointment answer over SMTP', () => {
  it('the accepted request is confirmed in the language it was booked in, with the time in shop time', async () => {
    const merchant = await testDb().merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { timezone: true } });
    const day = addDays(calendarDateIn(new Date(), merchant?.timezone ?? 'UTC'), 45);
    const email = `smtp_${uniqueSuffix()}@booking.test`;
    const row = await testDb().appointment.create({
      data: { fullName: 'Amina Tazi', email, vehicleDescription: 'Kia Picanto', day: new Date(`${day}T00:00:00Z`), language: 'ar' },
    });
    const { user } = await createTestUser('EMPLOYEE');
    await acceptAppointment(
      deps,
      { id: row.id, scheduledAt: `${day}T09:30:00.000Z`, note: 'أحضري المفتاح الاحتياطي', createVisit: false },
      { actorId: user.id, baseUrl: 'https://shop.example', log: silentLog },
    );
    const [mail] = await waitForMail(email);
    expect(mail!.subject).toContain('تم تأكيد موعد زيارتك');
    expect(mail!.text).toContain('مرحباً Amina');
    expect(mail!.text).toContain('أحضري المفتاح الاحتياطي');
    // A visitor without an account gets no portal link.
    expect(mail!.text).not.toContain('/client/dashboard');
  });
});
