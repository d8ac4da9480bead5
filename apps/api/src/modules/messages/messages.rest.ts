// REST twin of messages.router.ts (staff only; guards run onRequest, before any body validation).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageDetailSchema, contactMessageViewSchema, listMessagesSchema, messagePageSchema, replyInputSchema, unreadCountSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { countUnread, deleteMessage, getMessage, listMessages, replyToMessage, setMessageRead } from './messages.service.ts';

const tags = ['messages'];
const idParams = z.object({ id: z.uuid() });

export function messagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/messages',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Contact messages, newest first: search, read/unread filter, pages; with the unread count', querystring: listMessagesSchema, response: { 200: messagePageSchema } },
      },
      async (request) => listMessages(deps, request.query),
    );
    app.get(
      '/messages/unread-count',
      { onRequest: guards.staff, schema: { tags, summary: 'How many messages are unread (the navigation badge)', response: { 200: unreadCountSchema } } },
      async () => ({ unreadCount: await countUnread(deps.db) }),
    );
    app.get(
      '/messages/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'One message with the replies sent to it', params: idParams, response: { 200: contactMessageDetailSchema } } },
      async (request) => getMessage(deps.db, request.params.id),
    );
    app.patch(
      '/messages/:id/read',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Mark a message read (keeps the first read time) or unread', params: idParams, body: z.object({ read: z.boolean() }), response: { 200: contactMessageViewSchema } },
      },
      async (request) => setMessageRead(deps.db, request.params.id, request.body.read),
    );
    app.delete(
      '/messages/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'Delete a message and its replies', params: idParams, response: { 200: z.object({ id: z.string() }) } } },
      async (request) => deleteMessage(deps.db, request.params.id),
    );
    app.post(
      '/messages/:id/reply',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Send a reply by email (needs SMTP_URL; 409 otherwise) and record it; marks the message read',
          params: idParams,
          body: replyInputSchema,
          response: { 201: contactMessageDetailSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await replyToMessage(deps, sessionOf(request), request.params.id, request.body, request.log)),
    );
  };
}
