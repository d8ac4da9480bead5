// The public contact form (SPEC §2 home page, client get-in-touch; §5: all fields required, valid email).
// One contract for the form (zodResolver) and the API. Messages are codes (msg()).
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';
import { pageOf, paginationSchema } from './users.ts';

export const CONTACT_MESSAGE_MAX = 5000;
/** Name of the honeypot field: a plausible field that autofilling bots complete. */
export const CONTACT_HONEYPOT_FIELD = 'website';

const requiredText = (fieldName: string, max: number) =>
  z
    .string({ error: msg('required', { fieldName }) })
    .trim()
    .min(1, msg('required', { fieldName }))
    .max(max, msg('maxLength', { fieldName, maxLength: max }));

export const contactMessageInputSchema = z.object({
  fullName: requiredText('fullName', LIMITS.nameMax),
  email: requiredText('email', LIMITS.emailMax).pipe(z.email(msg('email', { fieldName: 'email' }))),
  message: requiredText('message', CONTACT_MESSAGE_MAX),
  /**
   * Honeypot: the form hides this field from people (off-screen, aria-hidden, no tab stop), so only a bot
   * fills it. The API then answers exactly as for a stored message and stores nothing.
   */
  [CONTACT_HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

/** Per-IP limit on public contact messages: enough for people, not for a spam script. */
export const CONTACT_THROTTLE = { limit: 10, windowSeconds: 15 * 60 } as const;
export const CONTACT_MESSAGES = {
  tooMany: 'You have sent several messages in a short time. Please try again later.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Staff inbox (/admin/messages): the messages of the contact and get-in-touch forms.

export const MESSAGE_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type MessageReadFilter = (typeof MESSAGE_READ_FILTERS)[number];

export const listMessagesSchema = paginationSchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(MESSAGE_READ_FILTERS).default('all'),
});
export type ListMessagesQuery = z.input<typeof listMessagesSchema>;

const personRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const contactMessageViewSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  message: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The client account that wrote it (get-in-touch form, or the public form while signed in). */
  user: personRefSchema.nullable(),
});
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;

export const contactReplyViewSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string(),
  author: personRefSchema.nullable(),
});
export type ContactReplyView = z.infer<typeof contactReplyViewSchema>;

export const contactMessageDetailSchema = contactMessageViewSchema.extend({ replies: z.array(contactReplyViewSchema) });
export type ContactMessageDetail = z.infer<typeof contactMessageDetailSchema>;

export const messagePageSchema = pageOf(contactMessageViewSchema).extend({
  unreadCount: z.number(),
  /** SMTP is configured: staff can send a reply from the screen (otherwise only through their mail client). */
  canReplyByEmail: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageIdSchema = z.object({ id: z.uuid() });
export const setMessageReadSchema = z.object({ id: z.uuid(), read: z.boolean() });
export const unreadCountSchema = z.object({ unreadCount: z.number() });

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;
export const replyInputSchema = z.object({
  subject: requiredText('subject', REPLY_SUBJECT_MAX),
  body: requiredText('body', REPLY_BODY_MAX),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;
export const replyToMessageSchema = z.object({ id: z.uuid(), data: replyInputSchema });

export const MESSAGE_API_MESSAGES = {
  replyUnavailable: 'Sending replies needs an SMTP server (SMTP_URL). Reply from your mail client instead.',
  replyFailed: 'The reply could not be sent. Check the mail server settings and try again.',
} as const;
