// Duplicate username, email or phone → 409 naming every field that clashes. Checked before writing (so
// all clashes are reported at once) and again from the database's unique constraints (so a race between two
// requests still ends in a clean 409, never a 500).
import type { Db } from '@garage/db';
import { USER_MESSAGES } from '@garage/shared';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import { uniqueViolationFields, violates } from '../../lib/unique-violation.ts';

interface Identity {
  username?: string;
  email?: string | null;
  countryCode?: string | null;
  phoneNumber?: string | null;
}

function conflictError(fieldErrors: FieldErrors): AppError {
  const message = Object.values(fieldErrors)[0]?.[0] ?? USER_MESSAGES.usernameTaken;
  return new AppError('CONFLICT', message, { fieldErrors });
}

/** Soft-deleted accounts still hold their username, email and phone (they may be restored). */
export async function assertIdentityFree(db: Db, identity: Identity, exceptUserId?: string): Promise<void> {
  const or = [
    ...(identity.username ? [{ username: identity.username }] : []),
    ...(identity.email ? [{ email: identity.email }] : []),
    ...(identity.countryCode && identity.phoneNumber ? [{ countryCode: identity.countryCode, phoneNumber: identity.phoneNumber }] : []),
  ];
  if (or.length === 0) return;
  const clashes = await db.user.findMany({
    where: { OR: or, ...(exceptUserId ? { id: { not: exceptUserId } } : {}) },
    select: { username: true, email: true, countryCode: true, phoneNumber: true },
    take: 3,
  });
  const fieldErrors: FieldErrors = {};
  for (const clash of clashes) {
    if (identity.username && clash.username === identity.username) fieldErrors.username = [USER_MESSAGES.usernameTaken];
    if (identity.email && clash.email === identity.email) fieldErrors.email = [USER_MESSAGES.emailTaken];
    if (identity.phoneNumber && clash.phoneNumber === identity.phoneNumber && clash.countryCode === identity.countryCode) {
      fieldErrors.phoneNumber = [USER_MESSAGES.phoneTaken];
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw conflictError(fieldErrors);
}

/** Runs a write; a unique violation on users becomes the same 409 as the pre-check. */
export async function withIdentityConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const fields = uniqueViolationFields(error);
    if (!fields) throw error;
    const fieldErrors: FieldErrors = {};
    if (violates(fields, 'username')) fieldErrors.username = [USER_MESSAGES.usernameTaken];
    if (violates(fields, 'email')) fieldErrors.email = [USER_MESSAGES.emailTaken];
    if (violates(fields, 'phoneNumber')) fieldErrors.phoneNumber = [USER_MESSAGES.phoneTaken];
    if (Object.keys(fieldErrors).length === 0) fieldErrors.username = [USER_MESSAGES.usernameTaken];
    throw conflictError(fieldErrors);
  }
}
