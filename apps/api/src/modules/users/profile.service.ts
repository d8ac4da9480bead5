// The signed-in person's own account (/admin/user-profile, /client/profile): contact details, picture,
// preferred language and password. Role, username and account state stay with staff (users.service.ts).
import { hashPassword, verifyPassword, type Db } from '@garage/db';
import { USER_MESSAGES, type changePasswordSchema, type profileInputSchema, type UserView } from '@garage/shared';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors.ts';
import { revokeUserSessions } from '../auth/refresh-tokens.ts';
import type { Session } from '../auth/session.ts';
import { attachImage } from '../uploads/uploads.service.ts';
import { assertIdentityFree, withIdentityConflicts } from './users.conflicts.ts';
import { getUser } from './users.service.ts';

export const getProfile = (db: Db, session: Session): Promise<UserView> => getUser(db, session.userId);

export async function updateProfile(db: Db, session: Session, input: z.output<typeof profileInputSchema>): Promise<UserView> {
  const id = session.userId;
  await getUser(db, id);
  const data = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email || null,
    countryCode: input.countryCode,
    phoneNumber: input.phoneNumber,
    age: input.age ?? null,
    preferredLanguage: input.preferredLanguage,
    ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
  };
  await assertIdentityFree(db, data, id);
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
