// Public contact form: stores a ContactMessage (SPEC §2, §3) that staff read in their messages screen.
// Throttled per client IP with the shared attempt table, so a script cannot flood the inbox.
import type { Db } from '@garage/db';
import { CONTACT_MESSAGES, CONTACT_THROTTLE, type ContactMessageInput } from '@garage/shared';
import { reserveAttempt } from '../auth/throttle.ts';

export interface ContactSender {
  ip: string;
  /** Set when a signed-in user writes, so staff see who it was. */
  userId?: string | null;
}

export interface ContactMessageReceipt {
  id: string;
  createdAt: string;
}

export async function sendContactMessage(db: Db, input: ContactMessageInput, sender: ContactSender): Promise<ContactMessageReceipt> {
  await reserveAttempt(db, [{ bucket: `contact:ip:${sender.ip}`, ...CONTACT_THROTTLE, message: CONTACT_MESSAGES.tooMany }]);
  const row = await db.contactMessage.create({
    data: { fullName: input.fullName, email: input.email.toLowerCase(), message: input.message, userId: sender.userId ?? null },
    select: { id: true, createdAt: true },
  });
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
