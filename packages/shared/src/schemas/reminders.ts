// Service reminders: the contract for the staff reminders screen, the portal and the settings. The state
// of a reminder is computed by the API in SQL (apps/api/src/modules/reminders/reminders.sql.ts); the rule
// is written once here in words and there in SQL.
//
//   DONE       a later matching service exists (a newer oil change; a later completed task with the same title); for a
//              statutory inspection, its cycle is no longer the vehicle's current one (statutory-inspections.ts)
//   DISMISSED  staff dismissed it
//   OVERDUE    past the due km or date by more than the margin
//   DUE        due km (estimated from the readings' daily average) or due date reached
//   UPCOMING   within the margin before the due km or date
//   SCHEDULED  further away
import { z } from 'zod';
import { DISTANCE_UNITS } from '../distance.ts';
import { msg } from '../messages.ts';
import { STATUTORY_INSPECTION_NAMES, STATUTORY_LIMITS } from '../statutory-inspections.ts';

export const REMINDER_STATES = ['SCHEDULED', 'UPCOMING', 'DUE', 'OVERDUE', 'DONE', 'DISMISSED'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];
/** States that ask for action: listed for staff, shown to clients, emailed (once each). */
export const ACTIVE_REMINDER_STATES = ['UPCOMING', 'DUE', 'OVERDUE'] as const satisfies readonly ReminderState[];
/** STATUTORY: the legal roadworthiness test, from the vehicle's first registration (statutory-inspections.ts). */
export const REMINDER_KINDS = ['OIL_CHANGE', 'SERVICE', 'STATUTORY'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_CONTACT_CHANNELS = ['EMAIL', 'PHONE', 'WHATSAPP', 'SMS', 'IN_PERSON'] as const;
export type ReminderContactChannel = (typeof REMINDER_CONTACT_CHANNELS)[number];

/** Bounds of the settings and of a task's "remind in" fields. */
export const REMINDER_LIMITS = {
  oilMonthsMax: 36,
  marginKmMax: 10_000,
  marginDaysMax: 90,
  remindInMonthsMax: 60,
  remindInKmMax: 200_000,
  appointmentsPerDayMax: 100,
} as const;

export const REMINDER_DEFAULTS = { oilMonths: 6, marginKm: 500, marginDays: 14, appointmentsPerDay: 4 } as const;

/**
 * Reminders whose due date passed longer ago than this are not emailed (staff still see them and can contact
 * the customer by hand): a shop importing years of history must not mail every old customer on its first day.
 */
export const REMINDER_EMAIL_MAX_OVERDUE_DAYS = 60;

export const REMINDER_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

const int = (fieldName: string, minValue: number, maxValue: number) =>
  z
    .number({ error: msg('required', { fieldName }) })
    .int(msg('number', { fieldName }))
    .min(minValue, msg('minValue', { fieldName, minValue }))
    .max(maxValue, msg('maxValue', { fieldName, maxValue }));

export const reminderSettingsSchema = z.object({
  reminderOilMonths: int('reminderOilMonths', 1, REMINDER_LIMITS.oilMonthsMax),
  reminderMarginKm: int('reminderMarginKm', 0, REMINDER_LIMITS.marginKmMax),
  reminderMarginDays: int('reminderMarginDays', 0, REMINDER_LIMITS.marginDaysMax),
  appointmentsPerDay: int('appointmentsPerDay', 1, REMINDER_LIMITS.appointmentsPerDayMax),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
/** PATCH: only the settings sent change. */
export const updateReminderSettingsSchema = reminderSettingsSchema.partial();

/** The statutory inspection rule of the shop (admins): off, or the shop's own years (null: the country's). */
export const statutorySettingsSchema = z.object({
  statutoryInspectionEnabled: z.boolean({ error: msg('required', { fieldName: 'statutoryInspectionEnabled' }) }),
  statutoryFirstAfterYears: int('statutoryFirstAfterYears', 0, STATUTORY_LIMITS.firstAfterYearsMax).nullable(),
  statutoryEveryYears: int('statutoryEveryYears', 1, STATUTORY_LIMITS.everyYearsMax).nullable(),
});
export type StatutorySettingsInput = z.infer<typeof statutorySettingsSchema>;
/** PATCH: only the settings sent change; null gives a year back to the country's rule. */
export const updateStatutorySettingsSchema = statutorySettingsSchema.partial();

const statutoryRuleSchema = z.object({
  firstAfterYears: z.number(),
  thenEveryYears: z.number(),
  nameKey: z.enum(STATUTORY_INSPECTION_NAMES),
});
/** The settings with what they mean: the shop's country, its law, and the rule applied (null: no reminders). */
export const statutorySettingsViewSchema = statutorySettingsSchema.extend({
  countryCode: z.string().nullable(),
  countryRule: statutoryRuleSchema.nullable(),
  rule: statutoryRuleSchema.nullable(),
});
export type StatutorySettingsView = z.infer<typeof statutorySettingsViewSchema>;

/** A task's "remind in N months / at N more km" (both optional; null clears). */
export const remindInMonthsSchema = int('remindInMonths', 1, REMINDER_LIMITS.remindInMonthsMax).nullish();
export const remindInKmSchema = int('remindInKm', 1, REMINDER_LIMITS.remindInKmMax).nullish();

export const reminderListInputSchema = z.object({
  // A REST query string carries one state as text, several as repeated or comma-separated `states`.
  states: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(z.enum(REMINDER_STATES))
      .min(1)
      .max(REMINDER_STATES.length)
      .default([...ACTIVE_REMINDER_STATES]),
  ),
  kind: z.enum(REMINDER_KINDS).optional(),
  /** contacted: staff reached the customer in the current state; notContacted: not yet. */
  contact: z.enum(['all', 'contacted', 'notContacted']).default('all'),
  vehicleId: z.uuid().optional(),
});
export type ReminderListInput = z.output<typeof reminderListInputSchema>;

export const markContactedSchema = z.object({ id: z.uuid(), channel: z.enum(REMINDER_CONTACT_CHANNELS) });
export const reminderIdSchema = z.object({ id: z.uuid() });
export const myRemindersInputSchema = z.object({ vehicleId: z.uuid().optional() });
export const unsubscribeInputSchema = z.object({ token: z.string().min(1).max(200) });

export const reminderViewSchema = z.object({
  id: z.string(),
  kind: z.enum(REMINDER_KINDS),
  /** The task's title for SERVICE reminders; null for oil changes and inspections (the screens name them). */
  title: z.string().nullable(),
  /** STATUTORY reminders: which inspection (the shop country's name: contrôle technique, visite technique, MOT). */
  inspection: z.enum(STATUTORY_INSPECTION_NAMES).nullable(),
  state: z.enum(REMINDER_STATES),
  /** Kilometres, as every distance is stored: shown in vehicle.distanceUnit (formatDistance). */
  dueKm: z.number().nullable(),
  dueDate: z.string().nullable(),
  /** Today's odometer as estimated from the readings' daily average (null without any reading). */
  estimatedKm: z.number().nullable(),
  kmPerDay: z.number().nullable(),
  vehicle: z.object({
    id: z.string(),
    plateNumber: z.string(),
    brand: z.string(),
    model: z.string(),
    distanceUnit: z.enum(DISTANCE_UNITS),
  }),
  customer: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    optedOut: z.boolean(),
  }),
  contactedAt: z.string().nullable(),
  contactedChannel: z.enum(REMINDER_CONTACT_CHANNELS).nullable(),
  /** Contacted in the reminder's current state. */
  contacted: z.boolean(),
  notifiedAt: z.string().nullable(),
  notifiedState: z.string().nullable(),
  dismissedAt: z.string().nullable(),
});
export type ReminderView = z.infer<typeof reminderViewSchema>;

/** Staff view: the ready-to-send texts in the customer's language (click-to-send, no paid provider). */
export const staffReminderViewSchema = reminderViewSchema.extend({
  message: z.string(),
  whatsappUrl: z.string().nullable(),
  smsUrl: z.string().nullable(),
});
export type StaffReminderView = z.infer<typeof staffReminderViewSchema>;

/** What a client sees (no contact bookkeeping). */
export const clientReminderViewSchema = reminderViewSchema.pick({
  id: true,
  kind: true,
  title: true,
  inspection: true,
  state: true,
  dueKm: true,
  dueDate: true,
  estimatedKm: true,
  vehicle: true,
});
export type ClientReminderView = z.infer<typeof clientReminderViewSchema>;
