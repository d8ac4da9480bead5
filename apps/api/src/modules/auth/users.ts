// Finding the account behind an identifier, and the user as the API shows it (no secrets).
import type { Db, Prisma } from '@garage/db';
import type { AuthUser, Identifier } from '@garage/shared';

export const authUserSelect = {
  id: true,
  firstName: true,
  lastName: true,
  username: true,
  email: true,
  role: true,
  imageUrl: true,
  preferredLanguage: true,
  verified: true,
} satisfies Prisma.UserSelect;

const accountSelect = {
  ...authUserSelect,
  active: true,
  deletedAt: true,
  passwordHash: true,
  countryCode: true,
  phoneNumber: true,
} satisfies Prisma.UserSelect;

export type Account = Prisma.UserGetPayload<{ select: typeof accountSelect }>;

export function toAuthUser(account: Account | AuthUser): AuthUser {
  const { id, firstName, lastName, username, email, role, imageUrl, preferredLanguage, verified } = account;
  return { id, firstName, lastName, username, email, role, imageUrl, preferredLanguage, verified };
}

export const canSignIn = (account: Pick<Account, 'active' | 'deletedAt'>) => account.active && !account.deletedAt;

/** Country codes are 1-4 digits; stored as "+1" (and tolerated as "1"). */
function phoneCandidates(digits: string, hasCountryCode: boolean): Prisma.UserWhereInput[] {
  const candidates: Prisma.UserWhereInput[] = hasCountryCode ? [] : [{ phoneNumber: digits }];
  for (let length = 1; length <= 4 && length < digits.length; length++) {
    const code = digits.slice(0, length);
    candidates.push({ countryCode: { in: [`+${code}`, code] }, phoneNumber: digits.slice(length) });
  }
  return candidates;
}

/**
 * The account for an identifier (emails and usernames are stored lower-case and parseIdentifier lower-cases
 * the input, so the unique indexes answer case-insensitively), including deactivated and soft-deleted ones (the caller decides, after the
 * password check, so the answer does not enumerate). A phone number that matches several accounts (same
 * number in two countries, typed without a country code) matches none.
 */
export async function findAccount(db: Db, identifier: Identifier): Promise<Account | null> {
  if (identifier.kind === 'email') {
    return db.user.findUnique({ where: { email: identifier.email }, select: accountSelect });
  }
  if (identifier.kind === 'username') {
    return db.user.findUnique({ where: { username: identifier.username }, select: accountSelect });
  }
  const matches = await db.user.findMany({
    where: { OR: phoneCandidates(identifier.digits, identifier.hasCountryCode) },
    select: accountSelect,
    take: 2,
  });
  return matches.length === 1 ? matches[0]! : null;
}
