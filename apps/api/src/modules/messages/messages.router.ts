import { z } from 'zod';
import {
  contactMessageDetailSchema,
  contactMessageViewSchema,
  listMessagesSchema,
  messageIdSchema,
  messagePageSchema,
  replyToMessageSchema,
  setMessageReadSchema,
  unreadCountSchema,
} from '@garage/shared';
import type { DeliveryLog } from '../../lib/mailer.ts';
import type { Context } from '../../trpc/context.ts';
import { router, staffProcedure } from '../../trpc/init.ts';
import { countUnread, deleteMessage, getMessage, listMessages, replyToMessage, setMessageRead } from './messages.service.ts';

/** Fastify's request logger when there is a request (tests call without one). */
const logOf = (ctx: Context): DeliveryLog => ctx.req?.log ?? { warn: () => undefined, error: () => undefined };

export const messagesRouter = router({
  list: staffProcedure.input(listMessagesSchema).output(messagePageSchema).query(({ ctx, input }) => listMessages(ctx.deps, input)),
  unreadCount: staffProcedure.output(unreadCountSchema).query(async ({ ctx }) => ({ unreadCount: await countUnread(ctx.deps.db) })),
  get: staffProcedure.input(messageIdSchema).output(contactMessageDetailSchema).query(({ ctx, input }) => getMessage(ctx.deps.db, input.id)),
  setRead: staffProcedure.input(setMessageReadSchema).output(contactMessageViewSchema).mutation(({ ctx, input }) => setMessageRead(ctx.deps.db, input.id, input.read)),
  delete: staffProcedure.input(messageIdSchema).output(z.object({ id: z.string() })).mutation(({ ctx, input }) => deleteMessage(ctx.deps.db, input.id)),
  reply: staffProcedure
    .input(replyToMessageSchema)
    .output(contactMessageDetailSchema)
    .mutation(({ ctx, input }) => replyToMessage(ctx.deps, ctx.session, input.id, input.data, logOf(ctx))),
});
