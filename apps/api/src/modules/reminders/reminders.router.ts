// Service reminders over tRPC: the staff screen, badge and actions, the settings, and the client's own
// reminders. The unsubscribe link is REST only (reminders.rest.ts): it needs no session nor tRPC client.
import {
  clientReminderViewSchema,
  markContactedSchema,
  myRemindersInputSchema,
  reminderIdSchema,
  reminderListInputSchema,
  reminderSettingsSchema,
  staffReminderViewSchema,
  updateReminderSettingsSchema,
} from '@garage/shared';
import { z } from 'zod';
import { clientProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { publicBaseUrl } from '../approvals/public-url.ts';
import {
  countRemindersToContact,
  dismissReminder,
  getReminderSettings,
  listMyReminders,
  listReminders,
  markContacted,
  restoreReminder,
  updateReminderSettings,
} from './reminders.service.ts';

export const remindersRouter = router({
  list: staffProcedure
    .input(reminderListInputSchema)
    .output(z.array(staffReminderViewSchema))
    .query(({ ctx, input }) => listReminders(ctx.deps.db, input, publicBaseUrl(ctx.deps.config, ctx.req))),
  badge: staffProcedure.output(z.object({ count: z.number() })).query(({ ctx }) => countRemindersToContact(ctx.deps.db)),
  markContacted: staffProcedure
    .input(markContactedSchema)
    .output(staffReminderViewSchema)
    .mutation(({ ctx, input }) => markContacted(ctx.deps.db, ctx.session.userId, input.id, input.channel, publicBaseUrl(ctx.deps.config, ctx.req))),
  dismiss: staffProcedure
    .input(reminderIdSchema)
    .output(staffReminderViewSchema)
    .mutation(({ ctx, input }) => dismissReminder(ctx.deps.db, ctx.session.userId, input.id, publicBaseUrl(ctx.deps.config, ctx.req))),
  restore: staffProcedure
    .input(reminderIdSchema)
    .output(staffReminderViewSchema)
    .mutation(({ ctx, input }) => restoreReminder(ctx.deps.db, input.id, publicBaseUrl(ctx.deps.config, ctx.req))),
  settings: staffProcedure.output(reminderSettingsSchema).query(({ ctx }) => getReminderSettings(ctx.deps.db)),
  updateSettings: staffProcedure
    .input(updateReminderSettingsSchema)
    .output(reminderSettingsSchema)
    .mutation(({ ctx, input }) => updateReminderSettings(ctx.deps.db, input)),
});

export const myRemindersRouter = router({
  list: clientProcedure
    .input(myRemindersInputSchema)
    .output(z.array(clientReminderViewSchema))
    .query(({ ctx, input }) => listMyReminders(ctx.deps.db, ctx.session.userId, input.vehicleId)),
});
