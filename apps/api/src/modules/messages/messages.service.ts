// The staff inbox (/admin/messages): messages of the public contact form and the client's get-in-touch form,
// newest first, with search, a read/unread filter, marking read/unread, deletion and replies by email.
// Sending a reply needs SMTP (or an injected sender): the reply is recorded in the same transaction that
// sends it, so a failed send leaves no record and a recorded reply was handed to the mail server.
import type { Db, Prisma } from '@garage/db';
import {
  type ContactMessageDetail,
  type ContactMessageView,
  type ListMessagesQuery,
  type MessagePage,
  type ReplyInput,
  listMessagesSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { emailSender } from '../../lib/delivery.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DeliveryLog } from '../../lib/mailer.ts';
import type { Session } from '../../session/session.ts';

const personSelect = { select: { id: true, firstName: true, lastName: true } } as const;
const messageSelect = {
  id: true,
  fullName: true,
  email: true,
  message: true,
  read: true,
  readAt: true,
  repliedAt: true,
  createdAt: true,
  user: personSelect,
} satisfies Prisma.ContactMessageSelect;
type MessageRow = Prisma.ContactMessageGetPayload<{ select: typeof messageSelect }>;

function toView(row: MessageRow): ContactMessageView {
  return {
    ...row,
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Replies can be sent from the screen when SMTP is configured (or a sender was injected, as in tests). */
export function canReplyByEmail(deps: AppDeps): boolean {
  return Boolean(deps.config.SMTP_URL || deps.senders?.email);
}

/** Every word must appear in the name, the address or the text. */
function searchWhere(search: string | undefined): Prisma.ContactMessageWhereInput {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return {
    AND: words.map((word) => ({
      OR: [
        { fullName: { contains: word, mode: 'insensitive' as const } },
        { email: { contains: word, mode: 'insensitive' as const } },
        { message: { contains: word, mode: 'insensitive' as const } },
      ],
    })),
  };
}

export async function listMessages(deps: AppDeps, query: ListMessagesQuery): Promise<MessagePage> {
  const { page, pageSize, search, status } = listMessagesSchema.parse(query);
  const where: Prisma.ContactMessageWhereInput = {
    ...searchWhere(search),
    ...(status === 'all' ? {} : { read: status === 'read' }),
  };
  const [rows, total, unreadCount] = await Promise.all([
    deps.db.contactMessage.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: messageSelect,
    }),
    deps.db.contactMessage.count({ where }),
    countUnread(deps.db),
  ]);
  return {
    items: rows.map(toView),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    unreadCount,
    canReplyByEmail: canReplyByEmail(deps),
  };
}

export function countUnread(db: Db): Promise<number> {
  return db.contactMessage.count({ where: { read: false } });
}

export async function getMessage(db: Db, id: string): Promise<ContactMessageDetail> {
  const row = await db.contactMessage.findUnique({
    where: { id },
    select: {
      ...messageSelect,
      replies: { orderBy: { sentAt: 'asc' }, select: { id: true, subject: true, body: true, sentAt: true, author: personSelect } },
    },
  });
  if (!row) throw notFound('message');
  const { replies, ...message } = row;
  return { ...toView(message), replies: replies.map((reply) => ({ ...reply, sentAt: reply.sentAt.toISOString() })) };
}

/** Marking read keeps the first read time; marking unread clears it. */
export async function setMessageRead(db: Db, id: string, read: boolean, now = new Date()): Promise<ContactMessageView> {
  const changed = await db.contactMessage.updateMany({
    where: { id, read: !read },
    data: { read, readAt: read ? now : null },
  });
  if (changed.count === 0 && !(await db.contactMessage.findUnique({ where: { id }, select: { id: true } }))) throw notFound('message');
  return toView(await db.contactMessage.findUniqueOrThrow({ where: { id }, select: messageSelect }));
}

export async function deleteMessage(db: Db, id: string): Promise<{ id: string }> {
  const { count } = await db.contactMessage.deleteMany({ where: { id } });
  if (count === 0) throw notFound('message');
  return { id };
}

export async function replyToMessage(
  deps: AppDeps,
  actor: Session,
  id: string,
  input: ReplyInput,
  log: DeliveryLog,
): Promise<ContactMessageDetail> {
  if (!canReplyByEmail(deps)) throw new AppError('CONFLICT', 'messageReplies.replyUnavailable');
  const sender = emailSender(deps);
  await deps.db.$transaction(
    async (tx) => {
      // Locks the message: a concurrent delete waits, and a deleted message gets no reply.
      const [message] = await tx.$queryRaw<
        { email: string; read: boolean }[]
      >`SELECT "email", "read" FROM "ContactMessage" WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!message) throw notFound('message');
      const now = new Date();
      await tx.contactReply.create({
        data: { messageId: id, authorId: actor.userId, subject: input.subject, body: input.body, sentAt: now },
      });
      // Answering a message means it was read.
      await tx.contactMessage.update({ where: { id }, data: { repliedAt: now, ...(message.read ? {} : { read: true, readAt: now }) } });
      try {
        await sender.send({ to: message.email, subject: input.subject, text: input.body }, log);
      } catch (error) {
        log.error({ err: error, messageId: id }, 'contact reply could not be sent');
        throw new AppError('CONFLICT', 'messageReplies.replyFailed');
      }
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  return getMessage(deps.db, id);
}
