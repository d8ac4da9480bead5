// Customers and staff accounts: list (users.list.ts), read, create, update, activate/deactivate. Deletion
// lives in users.delete.ts. Role rules in users.access.ts; duplicate detection in users.conflicts.ts.
import { Prisma, hashPassword, type Db } from '@garage/db';
import type { CustomerBilling, createUserSchema, userInputSchema, UserPatch, UserView } from '@garage/shared';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { revokeUserSessions } from '../../session/refresh-tokens.ts';
import { revokeAccessTokens } from '../../session/session-revocations.ts';
import type { Session } from '../../session/session.ts';
import { attachImage } from '../uploads/uploads.service.ts';
import { assertCanChangeAccount, assertNotSelf } from './users.access.ts';
import { assertIdentityFree, withIdentityConflicts } from './users.conflicts.ts';
import { countsFor, toUserView, userSelect } from './users.view.ts';
import { checkedIdentifiers } from '../tax/tax-settings.service.ts';
import { readShopTaxSettings } from '../tax/tax-settings.ts';

type UserInput = z.output<typeof userInputSchema>;
type CreateUserInput = z.output<typeof createUserSchema>;

export async function getUser(db: Db, id: string): Promise<UserView> {
  const row = await db.user.findFirst({ where: { id, deletedAt: null }, select: userSelect });
  if (!row) throw notFound('user');
  return toUserView(row, (await countsFor(db, [row.id])).get(row.id));
}

/** The columns written from the form; an empty email means none. */
function userData(input: UserInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    email: input.email || null,
    countryCode: input.countryCode,
    phoneNumber: input.phoneNumber,
    role: input.role,
    age: input.age ?? null,
    imageUrl: input.imageUrl,
    preferredLanguage: input.preferredLanguage,
    verified: input.verified,
    active: input.active,
  };
}

/**
 * A business customer's billing details as stored: identifiers compacted and checked by the shop's country
 * profile (field errors `billing.identifiers.<name>`); null clears them (a private customer); undefined keeps.
 */
async function billingData(db: Db, billing: CustomerBilling | null | undefined) {
  if (billing === undefined) return undefined;
  if (billing === null) return Prisma.DbNull;
  const { profile } = await readShopTaxSettings(db);
  return { ...billing, identifiers: checkedIdentifiers(profile, billing.identifiers, 'billing.identifiers') };
}

export async function createUser(db: Db, actor: Session, input: CreateUserInput): Promise<UserView> {
  assertCanChangeAccount(actor, null, input.role);
  const data = { ...userData(input), billing: await billingData(db, input.billing) };
  await assertIdentityFree(db, data);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { id } = await withIdentityConflicts(() =>
    db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { ...data, passwordHash }, select: { id: true } });
      await attachImage(tx, data.imageUrl, { ownerId: user.id });
      return user;
    }),
  );
  return getUser(db, id);
}

async function findManageable(db: Db, actor: Session, id: string) {
  const existing = await db.user.findFirst({
    where: { id, deletedAt: null },
    select: { id: true, role: true, active: true, countryCode: true, phoneNumber: true },
  });
  if (!existing) throw notFound('user');
  assertCanChangeAccount(actor, existing.role);
  return existing;
}

/**
 * Changes only the fields that were sent (PATCH semantics, `userPatchSchema`): an omitted field keeps its
 * value (Prisma leaves undefined columns alone); null or "" clears the email, null clears the age.
 */
export async function updateUser(db: Db, actor: Session, id: string, input: UserPatch): Promise<UserView> {
  const existing = await findManageable(db, actor, id);
  if (input.role !== undefined) assertCanChangeAccount(actor, existing.role, input.role);
  if ((input.role !== undefined && input.role !== existing.role) || input.active === false) assertNotSelf(actor, id);
  const data = {
    ...input,
    email: input.email === undefined ? undefined : input.email || null,
    age: input.age === undefined ? undefined : input.age,
    billing: await billingData(db, input.billing),
  };
  // A phone is unique with its country code: check the pair as it will be stored.
  const phoneChanged = data.countryCode !== undefined || data.phoneNumber !== undefined;
  await assertIdentityFree(
    db,
    {
      username: data.username,
      email: data.email,
      ...(phoneChanged
        ? { countryCode: data.countryCode ?? existing.countryCode, phoneNumber: data.phoneNumber ?? existing.phoneNumber }
        : {}),
    },
    id,
  );
  await withIdentityConflicts(() =>
    db.$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data });
      await attachImage(tx, data.imageUrl, { ownerId: id });
      if (existing.active && data.active === false) await revokeUserSessions(tx, id);
      // A token carries the role: a changed role takes effect on the next request (the browser renews silently).
      else if (data.role !== undefined && data.role !== existing.role) await revokeAccessTokens(tx, id);
    }),
  );
  return getUser(db, id);
}

export async function setUserActive(db: Db, actor: Session, id: string, active: boolean): Promise<UserView> {
  const existing = await findManageable(db, actor, id);
  if (!active) assertNotSelf(actor, id);
  if (existing.active !== active) {
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data: { active } });
      if (!active) await revokeUserSessions(tx, id);
    });
  }
  return getUser(db, id);
}
