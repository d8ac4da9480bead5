// Customers and staff accounts: list, read, create, update, activate/deactivate. Deletion lives in
// users.delete.ts. Role rules in users.access.ts; duplicate detection in users.conflicts.ts.
import { hashPassword, Prisma, type Db } from '@garage/db';
import type { createUserSchema, listUsersSchema, userInputSchema, UserPage, UserView } from '@garage/shared';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { Session } from '../auth/session.ts';
import { attachImage } from '../uploads/uploads.service.ts';
import { assertCanManage, assertNotSelf } from './users.access.ts';
import { assertIdentityFree, withIdentityConflicts } from './users.conflicts.ts';
import { matchingUserIds, textSearchWords } from './users.search.ts';
import { countsFor, toUserView, userSelect, type UserRow } from './users.view.ts';

type ListUsersQuery = z.output<typeof listUsersSchema>;
type UserInput = z.output<typeof userInputSchema>;
type CreateUserInput = z.output<typeof createUserSchema>;

const SORTS: Record<ListUsersQuery['sort'], Prisma.UserOrderByWithRelationInput[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'desc' }],
  oldest: [{ createdAt: 'asc' }, { id: 'asc' }],
  name: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  username: [{ username: 'asc' }],
};
const SQL_SORTS: Record<ListUsersQuery['sort'], Prisma.Sql> = {
  newest: Prisma.sql`"createdAt" DESC, id DESC`,
  oldest: Prisma.sql`"createdAt" ASC, id ASC`,
  name: Prisma.sql`"lastName" ASC, "firstName" ASC, id ASC`,
  username: Prisma.sql`"username" ASC`,
};

export async function listUsers(db: Db, query: ListUsersQuery): Promise<UserPage> {
  const skip = (query.page - 1) * query.pageSize;
  const words = textSearchWords(query.search);
  let rows: UserRow[];
  let total: number;
  if (words.length > 0) {
    // Text search: match through the trigram indexes first (users.search.ts), then read the page's rows.
    const conditions = [
      ...(query.role ? [Prisma.sql`"role" = ${query.role}::"Role"`] : []),
      ...(query.active !== undefined ? [Prisma.sql`"active" = ${query.active}`] : []),
      ...(query.verified !== undefined ? [Prisma.sql`"verified" = ${query.verified}`] : []),
    ];
    const match = await matchingUserIds(db, { words, conditions, orderBy: SQL_SORTS[query.sort], limit: query.pageSize, offset: skip });
    const found = await db.user.findMany({ where: { id: { in: match.ids } }, select: userSelect });
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = match.ids.map((id) => byId.get(id)).filter((row): row is UserRow => !!row);
    total = match.total;
  } else {
    const where: Prisma.UserWhereInput = {
      deletedAt: null,
      ...(query.role ? { role: query.role } : {}),
      ...(query.active !== undefined ? { active: query.active } : {}),
      ...(query.verified !== undefined ? { verified: query.verified } : {}),
    };
    [rows, total] = await Promise.all([
      db.user.findMany({ where, orderBy: SORTS[query.sort], skip, take: query.pageSize, select: userSelect }),
      db.user.count({ where }),
    ]);
  }
  const counts = await countsFor(db, rows.map((row) => row.id));
  return {
    items: rows.map((row) => toUserView(row, counts)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

export async function getUser(db: Db, id: string): Promise<UserView> {
  const row = await db.user.findFirst({ where: { id, deletedAt: null }, select: userSelect });
  if (!row) throw notFound('User');
  return toUserView(row, await countsFor(db, [row.id]));
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

export async function createUser(db: Db, actor: Session, input: CreateUserInput): Promise<UserView> {
  assertCanManage(actor, input.role);
  const data = userData(input);
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
  const existing = await db.user.findFirst({ where: { id, deletedAt: null }, select: { id: true, role: true, active: true } });
  if (!existing) throw notFound('User');
  assertCanManage(actor, existing.role);
  return existing;
}

export async function updateUser(db: Db, actor: Session, id: string, input: UserInput): Promise<UserView> {
  const existing = await findManageable(db, actor, id);
  assertCanManage(actor, input.role);
  if (input.role !== existing.role || !input.active) assertNotSelf(actor, id);
  const data = userData(input);
  await assertIdentityFree(db, data, id);
  await withIdentityConflicts(() =>
    db.$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data });
      await attachImage(tx, data.imageUrl, { ownerId: id });
      if (existing.active && !data.active) await revokeSessions(tx, id);
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
      if (!active) await revokeSessions(tx, id);
    });
  }
  return getUser(db, id);
}

/** A deactivated or deleted account must not keep renewing its access tokens. */
export async function revokeSessions(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}
