// The staff inbox of contact messages: list, read, mark read or unread, delete, reply by email.
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
import { z } from 'zod';
import type { DeliveryLog } from '../../lib/mailer.ts';
import { mutation, query } from '../../operations/operation.ts';
import { countUnread, deleteMessage, getMessage, listMessages, replyToMessage, setMessageRead } from './messages.service.ts';

/** Test callers have no request, hence no logger. */
const silentLog: DeliveryLog = { warn: () => undefined, error: () => undefined };

export const messagesOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/messages',
      summary: 'Contact messages, newest first: search, read/unread filter, pages; with the unread count',
    },
    input: listMessagesSchema,
    output: messagePageSchema,
    handler: ({ ctx, input }) => listMessages(ctx.deps, input),
  }),
  unreadCount: query({
    access: 'staff',
    rest: { method: 'GET', path: '/messages/unread-count', summary: 'How many messages are unread (the navigation badge)' },
    input: z.void(),
    output: unreadCountSchema,
    handler: async ({ ctx }) => ({ unreadCount: await countUnread(ctx.deps.db) }),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/messages/:id', summary: 'One message with the replies sent to it' },
    input: messageIdSchema,
    output: contactMessageDetailSchema,
    handler: ({ ctx, input }) => getMessage(ctx.deps.db, input.id),
  }),
  setRead: mutation({
    access: 'staff',
    rest: { method: 'PATCH', path: '/messages/:id/read', summary: 'Mark a message read (keeps the first read time) or unread' },
    input: setMessageReadSchema,
    output: contactMessageViewSchema,
    handler: ({ ctx, input }) => setMessageRead(ctx.deps.db, input.id, input.read),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/messages/:id', summary: 'Delete a message and its replies' },
    input: messageIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteMessage(ctx.deps.db, input.id),
  }),
  reply: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/messages/:id/reply',
      status: 201,
      body: 'data',
      summary: 'Send a reply by email (needs SMTP_URL; 409 otherwise) and record it; marks the message read',
    },
    input: replyToMessageSchema,
    output: contactMessageDetailSchema,
    handler: ({ ctx, input }) => replyToMessage(ctx.deps, ctx.session, input.id, input.data, ctx.req?.log ?? silentLog),
  }),
};
