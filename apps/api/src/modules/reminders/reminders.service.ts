// Service reminders: the staff list and badge, "contacted" and "dismiss", the client's own reminders, the
// settings, the unsubscribe link and the sending of reminder emails (run by the job in reminders.job.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@garage/db';
import type {
  ClientReminderView,
  ReminderContactChannel,
  Language,
  ReminderListInput,
  ReminderSettings,
  ReminderState,
  StaffReminderView,
  StatutoryInspectionRule,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { emailSender } from '../../lib/delivery.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DeliveryLog } from '../../lib/mailer.ts';
import { whatsappNumber } from '../approvals/approval-links.ts';
import { reminderMessage } from './reminder-texts.ts';
import { queryReminders, syncReminderRows, type ReminderRow } from './reminders.sql.ts';
import { shopStatutoryRule } from './statutory.ts';

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The public page the emails and texts invite the customer to (the home page's booking form). */
export const bookingUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/#book-a-visit`;

async function shopName(db: Db): Promise<string> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { displayName: true } });
  return merchant?.displayName ?? 'Garage';
}

/**
 * Makes the reminder rows current and answers the shop's statutory inspection rule, which every read of the
 * reminders needs (null: no STATUTORY reminders).
 */
async function prepareReminders(db: Db, now: Date) {
  const statutory = await shopStatutoryRule(db);
  await syncReminderRows(db, statutory, now);
  return statutory;
}

function baseView(row: ReminderRow, statutory: StatutoryInspectionRule | null) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    inspection: row.kind === 'STATUTORY' ? (statutory?.nameKey ?? 'generic') : null,
    state: row.state,
    dueKm: row.dueKm,
    dueDate: isoDay(row.dueDate),
    estimatedKm: row.estimatedKm,
    kmPerDay: row.kmPerDay === null ? null : Math.round(row.kmPerDay * 10) / 10,
    vehicle: { id: row.vehicleId, plateNumber: row.plateNumber, brand: row.brand, model: row.model, distanceUnit: row.distanceUnit },
  };
}

function textsFor(row: ReminderRow, statutory: StatutoryInspectionRule | null, shop: string, baseUrl: string, unsubscribeUrl?: string) {
  return reminderMessage(row.preferredLanguage as Language, {
    firstName: row.firstName,
    shopName: shop,
    kind: row.kind,
    title: row.title,
    inspection: statutory?.nameKey ?? 'generic',
    distanceUnit: row.distanceUnit,
    plateNumber: row.plateNumber,
    state: row.state,
    dueKm: row.dueKm,
    dueDate: isoDay(row.dueDate),
    bookUrl: bookingUrl(baseUrl),
    unsubscribeUrl,
  });
}

function staffView(row: ReminderRow, statutory: StatutoryInspectionRule | null, shop: string, baseUrl: string): StaffReminderView {
  const { short } = textsFor(row, statutory, shop, baseUrl);
  const wa = whatsappNumber(row.countryCode, row.phoneNumber);
  const phone = row.phoneNumber ? `${row.countryCode ?? ''}${row.phoneNumber}`.replace(/[^\d+]/g, '') : null;
  return {
    ...baseView(row, statutory),
    customer: {
      id: row.customerId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone,
      optedOut: row.optedOut,
    },
    contactedAt: iso(row.contactedAt),
    contactedChannel: row.contactedChannel,
    contacted: row.contactedState === row.state,
    notifiedAt: iso(row.notifiedAt),
    notifiedState: row.notifiedState,
    dismissedAt: iso(row.dismissedAt),
    message: short,
    whatsappUrl: wa ? `https://wa.me/${wa}?text=${encodeURIComponent(short)}` : null,
    smsUrl: phone ? `sms:${phone}?body=${encodeURIComponent(short)}` : null,
  };
}

export async function listReminders(db: Db, input: ReminderListInput & { now?: Date }, baseUrl: string): Promise<StaffReminderView[]> {
  const now = input.now ?? new Date();
  const statutory = await prepareReminders(db, now);
  const rows = await queryReminders(db, {
    states: input.states,
    kind: input.kind,
    contact: input.contact,
    vehicleId: input.vehicleId,
    now,
    statutory,
  });
  const shop = await shopName(db);
  return rows.map((row) => staffView(row, statutory, shop, baseUrl));
}

/** The navigation badge: due and overdue reminders nobody has contacted the customer about yet. */
export async function countRemindersToContact(db: Db, now = new Date()): Promise<{ count: number }> {
  const statutory = await prepareReminders(db, now);
  const rows = await queryReminders(db, { states: ['DUE', 'OVERDUE'], contact: 'notContacted', now, statutory });
  return { count: rows.length };
}

async function currentRow(db: Db, id: string, now: Date, statutory: StatutoryInspectionRule | null): Promise<ReminderRow> {
  const [row] = await queryReminders(db, { reminderId: id, now, statutory });
  if (!row) throw notFound('reminder');
  return row;
}

/** One click: the customer was reached in the reminder's current state, through this channel. */
export async function markContacted(
  db: Db,
  actorId: string,
  id: string,
  channel: ReminderContactChannel,
  baseUrl: string,
  now = new Date(),
): Promise<StaffReminderView> {
  const statutory = await shopStatutoryRule(db);
  const row = await currentRow(db, id, now, statutory);
  await db.serviceReminder.update({
    where: { id },
    data: { contactedAt: now, contactedChannel: channel, contactedState: row.state, contactedById: actorId },
  });
  return staffView(await currentRow(db, id, now, statutory), statutory, await shopName(db), baseUrl);
}

export async function dismissReminder(db: Db, actorId: string, id: string, baseUrl: string, now = new Date()): Promise<StaffReminderView> {
  const statutory = await shopStatutoryRule(db);
  await currentRow(db, id, now, statutory);
  await db.serviceReminder.update({ where: { id }, data: { dismissedAt: now, dismissedById: actorId } });
  return staffView(await currentRow(db, id, now, statutory), statutory, await shopName(db), baseUrl);
}

export async function restoreReminder(db: Db, id: string, baseUrl: string, now = new Date()): Promise<StaffReminderView> {
  const statutory = await shopStatutoryRule(db);
  await currentRow(db, id, now, statutory);
  await db.serviceReminder.update({ where: { id }, data: { dismissedAt: null, dismissedById: null } });
  return staffView(await currentRow(db, id, now, statutory), statutory, await shopName(db), baseUrl);
}

/** A client's reminders that ask for action, optionally of one of their vehicles (a foreign one is "not found"). */
export async function listMyReminders(db: Db, ownerId: string, vehicleId?: string, now = new Date()): Promise<ClientReminderView[]> {
  if (vehicleId) {
    const vehicle = await db.vehicle.findFirst({ where: { id: vehicleId, ownerId, deletedAt: null }, select: { id: true } });
    if (!vehicle) throw notFound('vehicle');
  }
  const statutory = await prepareReminders(db, now);
  const rows = await queryReminders(db, { ownerId, vehicleId, states: ['UPCOMING', 'DUE', 'OVERDUE'], now, statutory });
  return rows.map((row) => baseView(row, statutory));
}

const settingsSelect = { reminderOilMonths: true, reminderMarginKm: true, reminderMarginDays: true, appointmentsPerDay: true } as const;

export async function getReminderSettings(db: Db): Promise<ReminderSettings> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: settingsSelect });
  if (!merchant) throw notFound('merchant');
  return merchant;
}

export async function updateReminderSettings(db: Db, input: Partial<ReminderSettings>): Promise<ReminderSettings> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { id: true } });
  if (!merchant) throw notFound('merchant');
  return db.merchant.update({ where: { id: merchant.id }, data: input, select: settingsSelect });
}

// --- Unsubscribe: "<userId>.<HMAC>" signed with the server secret, so the link works without signing in
// and cannot be made for someone else. It only ever turns reminder emails off.
const signature = (userId: string, secret: string) =>
  createHmac('sha256', secret).update(`reminders-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeToken = (userId: string, secret: string) => `${userId}.${signature(userId, secret)}`;
export const unsubscribeUrl = (baseUrl: string, userId: string, secret: string) =>
  `${baseUrl.replace(/\/+$/, '')}/unsubscribe/${unsubscribeToken(userId, secret)}`;

export async function unsubscribe(deps: AppDeps, token: string, now = new Date()): Promise<{ firstName: string; language: Language }> {
  const [userId = '', given = ''] = token.split('.');
  const expected = Buffer.from(signature(userId, deps.jwtSecret));
  const provided = Buffer.from(given);
  const valid = /^[0-9a-f-]{36}$/i.test(userId) && provided.length === expected.length && timingSafeEqual(provided, expected);
  if (!valid) throw new AppError('NOT_FOUND', 'reminders.unsubscribeInvalid');
  const user = await deps.db.user.findFirst({
    where: { id: userId, deletedAt: null },
    select: { id: true, firstName: true, preferredLanguage: true, remindersOptOutAt: true },
  });
  if (!user) throw new AppError('NOT_FOUND', 'reminders.unsubscribeInvalid');
  if (!user.remindersOptOutAt) await deps.db.user.update({ where: { id: user.id }, data: { remindersOptOutAt: now } });
  return { firstName: user.firstName, language: user.preferredLanguage };
}

// --- Sending ------------------------------------------------------------------------------------------

export interface SendResult {
  sent: number;
  failed: number;
}

/**
 * Emails every reminder whose current state (upcoming, due, overdue) was not emailed yet. Each email is
 * claimed first by a conditional UPDATE of notifiedState (only one instance's claim can match), so a
 * reminder is sent at most once per state even when two workers run at the same moment. A failed send gives
 * the claim back so the next run tries again.
 */
export async function sendDueReminders(deps: AppDeps, options: { baseUrl: string; log: DeliveryLog; now?: Date }): Promise<SendResult> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const statutory = await prepareReminders(db, now);
  const rows = await queryReminders(db, { toNotify: true, now, statutory });
  if (rows.length === 0) return { sent: 0, failed: 0 };
  const shop = await shopName(db);
  const sender = emailSender(deps);
  const result: SendResult = { sent: 0, failed: 0 };
  for (const row of rows) {
    const claimed = await db.serviceReminder.updateMany({
      where: { id: row.id, notifiedState: row.notifiedState },
      data: { notifiedState: row.state, notifiedAt: now },
    });
    if (claimed.count !== 1) continue;
    const texts = textsFor(row, statutory, shop, options.baseUrl, unsubscribeUrl(options.baseUrl, row.customerId, deps.jwtSecret));
    try {
      await sender.send({ to: row.email!, subject: texts.subject, text: texts.body }, options.log);
      result.sent += 1;
    } catch (error) {
      options.log.error({ err: error, reminderId: row.id, sender: sender.name }, 'reminder email failed');
      await db.serviceReminder.updateMany({
        where: { id: row.id, notifiedState: row.state, notifiedAt: now },
        data: { notifiedState: row.notifiedState, notifiedAt: row.notifiedAt },
      });
      result.failed += 1;
    }
  }
  return result;
}

export type { ReminderState };
