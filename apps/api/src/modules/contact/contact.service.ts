// Public contact form: stores a ContactMessage (SPEC §2, §3) that staff read in their messages screen.
// Throttled per client IP with the shared attempt table, so a script cannot flood the inbox. A filled
// honeypot field marks a bot: it gets the same answer as a person (so it learns nothing) and nothing is stored.
import { randomBytes } from 'node:crypto';
import type { Db } from '@garage/db';
import { CONTACT_THROTTLE, type ContactMessageInput } from '@garage/shared';
import { reserveAttempt } from '../../http/throttle.ts';

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
  await reserveAttempt(db, [{ bucket: `contact:ip:${sender.ip}`, ...CONTACT_THROTTLE, messageCode: 'contact.tooMany' }]);
  if (input.website?.trim()) return { id: decoyId(), createdAt: new Date().toISOString() };
  const row = await db.contactMessage.create({
    data: { fullName: input.fullName, email: input.email.toLowerCase(), message: input.message, userId: sender.userId ?? null },
    select: { id: true, createdAt: true },
  });
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

/** An id shaped like the stored ones (UUIDv7: time first), so the decoy answer looks like a real one. */
function decoyId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
