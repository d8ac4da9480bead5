// The signed-in person's own account (/admin/user-profile, /client/profile): name, age, picture,
// preferred language and password; email and phone through contact-change.service.ts. Role, username and
// account state stay with staff (users.service.ts).
import { hashPassword, verifyPassword, type Db } from '@garage/db';
import { USER_MESSAGES, type changePasswordSchema, type ProfilePatch, type ProfileView } from '@garage/shared';
import type { z } from 'zod';
import { fieldError, notFound } from '../../lib/errors.ts';
import { revokeUserSessions } from '../../session/refresh-tokens.ts';
import type { Session } from '../../session/session.ts';
import { attachImage } from '../uploads/uploads.service.ts';
import { pendingContactChanges } from './contact-change.service.ts';
import { getUser } from './users.service.ts';

/** The account plus the email/phone changes waiting for their code (contact-change.service.ts). */
export async function getProfile(db: Db, session: Session): Promise<ProfileView> {
  const [user, pendingChanges] = await Promise.all([getUser(db, session.userId), pendingContactChanges(db, session.userId)]);
  return { ...user, pendingChanges };
}

/**
 * Changes only the fields that were sent (see updateUser); null clears the age or picture. The email and
 * phone are not among them: they change through a code sent to the new address.
 */
export async function updateProfile(db: Db, session: Session, input: ProfilePatch): Promise<ProfileView> {
  const id = session.userId;
  const { email: _email, countryCode: _countryCode, phoneNumber: _phoneNumber, ...data } = input;
  const existing = await db.user.findFirst({ where: { id, deletedAt: null }, select: { id: true } });
  if (!existing) throw notFound('user');
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data });
    await attachImage(tx, data.imageUrl, { ownerId: id });
  });
  return getProfile(db, session);
}

/**
 * A new password signs out every other device (someone who knew the old one may be signed in there);
 * `currentRefreshToken`, the caller's own session, stays signed in.
 */
export async function changePassword(
  db: Db,
  session: Session,
  input: z.output<typeof changePasswordSchema>,
  currentRefreshToken: string | undefined,
): Promise<{ message: string }> {
  const user = await db.user.findFirst({ where: { id: session.userId, deletedAt: null }, select: { passwordHash: true } });
  if (!user) throw notFound('user');
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', 'users.wrongPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: session.userId }, data: { passwordHash } });
    await revokeUserSessions(tx, session.userId, { exceptToken: currentRefreshToken });
  });
  return { message: USER_MESSAGES.passwordChanged };
}
