// Duplicate username, email or phone → 409 naming every field that clashes. Checked before writing (so
// all clashes are reported at once) and again from the database's unique constraints (so a race between two
// requests still ends in a clean 409, never a 500).
import type { Db } from '@garage/db';
import type { CodedMessage } from '@garage/shared';
import { AppError, type FieldErrorCodes } from '../../lib/errors.ts';
import { uniqueViolationFields, violates } from '../../lib/unique-violation.ts';

export const USERNAME_TAKEN: CodedMessage = { code: 'users.usernameTaken', params: {} };
export const EMAIL_TAKEN: CodedMessage = { code: 'users.emailTaken', params: {} };
export const PHONE_TAKEN: CodedMessage = { code: 'users.phoneTaken', params: {} };

interface Identity {
  username?: string;
  email?: string | null;
  countryCode?: string | null;
  phoneNumber?: string | null;
}

function conflictError(fieldErrors: FieldErrorCodes): AppError {
  const first = Object.values(fieldErrors)[0]?.[0] ?? USERNAME_TAKEN;
  return new AppError('CONFLICT', first.code, { fieldErrors });
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
  const fieldErrors: FieldErrorCodes = {};
  for (const clash of clashes) {
    if (identity.username && clash.username === identity.username) fieldErrors.username = [USERNAME_TAKEN];
    if (identity.email && clash.email === identity.email) fieldErrors.email = [EMAIL_TAKEN];
    if (identity.phoneNumber && clash.phoneNumber === identity.phoneNumber && clash.countryCode === identity.countryCode) {
      fieldErrors.phoneNumber = [PHONE_TAKEN];
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
    const fieldErrors: FieldErrorCodes = {};
    if (violates(fields, 'username')) fieldErrors.username = [USERNAME_TAKEN];
    if (violates(fields, 'email')) fieldErrors.email = [EMAIL_TAKEN];
    if (violates(fields, 'phoneNumber')) fieldErrors.phoneNumber = [PHONE_TAKEN];
    if (Object.keys(fieldErrors).length === 0) fieldErrors.username = [USERNAME_TAKEN];
    throw conflictError(fieldErrors);
  }
}
