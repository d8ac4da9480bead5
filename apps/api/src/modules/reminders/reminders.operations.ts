// Service reminders, each defined once: the staff screen, badge, actions and settings (reminders), the
// signed unsubscribe link of the reminder emails (public, no sign-in), and the client's own (myReminders).
import {
  clientReminderViewSchema,
  LANGUAGES,
  markContactedSchema,
  myRemindersInputSchema,
  reminderIdSchema,
  reminderListInputSchema,
  reminderSettingsSchema,
  staffReminderViewSchema,
  statutorySettingsViewSchema,
  unsubscribeInputSchema,
  updateReminderSettingsSchema,
  updateStatutorySettingsSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { publicBaseUrl } from '../approvals/public-url.ts';
import {
  countRemindersToContact,
  dismissReminder,
  getReminderSettings,
  listMyReminders,
  listReminders,
  markContacted,
  restoreReminder,
  unsubscribe,
  updateReminderSettings,
} from './reminders.service.ts';
import { getStatutorySettings, updateStatutorySettings } from './statutory.ts';

export const remindersOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/reminders',
      summary: 'Service reminders by state (repeated or comma-separated states), kind, contact and vehicle',
    },
    input: reminderListInputSchema,
    output: z.array(staffReminderViewSchema),
    handler: ({ ctx, input }) => listReminders(ctx.deps.db, input, publicBaseUrl(ctx.deps.config, ctx.req)),
  }),
  badge: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/reminders/to-contact-count',
      summary: 'How many reminders wait for staff to contact the customer (the navigation badge)',
    },
    input: z.void(),
    output: z.object({ count: z.number() }),
    handler: ({ ctx }) => countRemindersToContact(ctx.deps.db),
  }),
  markContacted: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/reminders/:id/contacted',
      summary: 'Record that staff contacted the customer about a reminder, and by which channel',
    },
    input: markContactedSchema,
    output: staffReminderViewSchema,
    handler: ({ ctx, input }) =>
      markContacted(ctx.deps.db, ctx.session.userId, input.id, input.channel, publicBaseUrl(ctx.deps.config, ctx.req)),
  }),
  dismiss: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/reminders/:id/dismiss', summary: 'Dismiss a reminder' },
    input: reminderIdSchema,
    output: staffReminderViewSchema,
    handler: ({ ctx, input }) => dismissReminder(ctx.deps.db, ctx.session.userId, input.id, publicBaseUrl(ctx.deps.config, ctx.req)),
  }),
  restore: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/reminders/:id/restore', summary: 'Bring a dismissed reminder back' },
    input: reminderIdSchema,
    output: staffReminderViewSchema,
    handler: ({ ctx, input }) => restoreReminder(ctx.deps.db, input.id, publicBaseUrl(ctx.deps.config, ctx.req)),
  }),
  settings: query({
    access: 'staff',
    rest: { method: 'GET', path: '/reminders/settings', summary: 'The reminder settings' },
    input: z.void(),
    output: reminderSettingsSchema,
    handler: ({ ctx }) => getReminderSettings(ctx.deps.db),
  }),
  updateSettings: mutation({
    access: 'staff',
    rest: { method: 'PATCH', path: '/reminders/settings', summary: 'Change the reminder settings: only the fields sent change' },
    input: updateReminderSettingsSchema,
    output: reminderSettingsSchema,
    handler: ({ ctx, input }) => updateReminderSettings(ctx.deps.db, input),
  }),
  statutorySettings: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/reminders/statutory-settings',
      summary: "The statutory inspection rule: the shop's settings, its country's law and the rule applied",
    },
    input: z.void(),
    output: statutorySettingsViewSchema,
    handler: ({ ctx }) => getStatutorySettings(ctx.deps.db),
  }),
  // A shop-wide rule with legal weight: admins only (the other reminder settings are everyday staff work).
  updateStatutorySettings: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/reminders/statutory-settings',
      summary: "Statutory inspection reminders on or off, the shop's own years (null: the country's); only the fields sent change",
    },
    input: updateStatutorySettingsSchema,
    output: statutorySettingsViewSchema,
    handler: ({ ctx, input }) => updateStatutorySettings(ctx.deps.db, input),
  }),
  unsubscribe: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/reminders/unsubscribe',
      summary: 'Stop service reminder emails (signed link from a reminder email; no sign-in)',
    },
    input: unsubscribeInputSchema,
    output: z.object({ firstName: z.string(), language: z.enum(LANGUAGES) }),
    handler: ({ ctx, input }) => unsubscribe(ctx.deps, input.token),
  }),
};

export const myRemindersOperations = {
  list: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/reminders', summary: 'The service reminders of my vehicles (or of one)', tag: 'client area' },
    input: myRemindersInputSchema,
    output: z.array(clientReminderViewSchema),
    handler: ({ ctx, input }) => listMyReminders(ctx.deps.db, ctx.session.userId, input.vehicleId),
  }),
};
