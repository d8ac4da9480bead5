// The signed-in person's own account (/admin/user-profile, /client/profile): contact details, picture,
// preferred language and password. Role, username and account state stay with staff (users.service.ts).
import { hashPassword, verifyPassword, type Db } from '@garage/db';
import { USER_MESSAGES, type changePasswordSchema, type ProfilePatch, type UserView } from '@garage/shared';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors.ts';
import { revokeUserSessions } from '../auth/refresh-tokens.ts';
import type { Session } from '../auth/session.ts';
import { attachImage } from '../uploads/uploads.service.ts';
import { assertIdentityFree, withIdentityConflicts } from './users.conflicts.ts';
import { getUser } from './users.service.ts';

export const getProfile = (db: Db, session: Session): Promise<UserView> => getUser(db, session.userId);

/** Changes only the fields that were sent (see updateUser); null or "" clears the email, null the age or picture. */
export async function updateProfile(db: Db, session: Session, input: ProfilePatch): Promise<UserView> {
  const id = session.userId;
  const existing = await db.user.findFirst({ where: { id, deletedAt: null }, select: { countryCode: true, phoneNumber: true } });
  if (!existing) throw new AppError('NOT_FOUND', 'User not found');
  const data = { ...input, email: input.email === undefined ? undefined : input.email || null };
  const phoneChanged = data.countryCode !== undefined || data.phoneNumber !== undefined;
  await assertIdentityFree(
    db,
    {
      email: data.email,
      ...(phoneChanged ? { countryCode: data.countryCode ?? existing.countryCode, phoneNumber: data.phoneNumber ?? existing.phoneNumber } : {}),
    },
    id,
  );
  await withIdentityConflicts(() =>
    db.$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data });
      await attachImage(tx, data.imageUrl, { ownerId: id });
    }),
  );
  return getUser(db, id);
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
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', USER_MESSAGES.wrongPassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: session.userId }, data: { passwordHash } });
    await revokeUserSessions(tx, session.userId, { exceptToken: currentRefreshToken });
  });
  return { message: USER_MESSAGES.passwordChanged };
}
