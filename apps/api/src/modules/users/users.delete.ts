// Deleting a user (ARCHITECTURE.md "Deleting things"). A user with history (visits as customer or on their
// vehicles, payments or oil changes they recorded, oil changes on their vehicles, media beyond their
// pictures, a rating) is soft-deleted: hidden, deactivated, sessions revoked, vehicles hidden, and the answer
// says so. A user without history is erased with their vehicles and pictures. Nothing is lost silently.
import { Prisma, type Db, type FileStorage } from '@garage/db';
import { USER_MESSAGES, type DeleteResult } from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import { revokeUserSessions } from '../../session/refresh-tokens.ts';
import type { Session } from '../../session/session.ts';
import { PICTURE_SECTIONS, removeStoredFiles } from '../uploads/uploads.service.ts';
import { assertCanChangeAccount, assertNotSelf } from './users.access.ts';

async function hasHistory(db: Db, userId: string): Promise<boolean> {
  const [visits, payments, oilChanges, media, ratings] = await Promise.all([
    db.visit.count({ where: { OR: [{ customerId: userId }, { vehicle: { ownerId: userId } }] } }),
    db.payment.count({ where: { recordedById: userId } }),
    db.oilChange.count({ where: { OR: [{ recordedById: userId }, { vehicle: { ownerId: userId } }] } }),
    db.mediaFile.count({
      where: { OR: [{ ownerId: userId }, { vehicle: { ownerId: userId } }], section: { notIn: [...PICTURE_SECTIONS] } },
    }),
    db.rating.count({ where: { userId } }),
  ]);
  return visits + payments + oilChanges + media + ratings > 0;
}

export async function deleteUser(db: Db, storage: FileStorage, actor: Session, id: string): Promise<DeleteResult> {
  const user = await db.user.findFirst({ where: { id, deletedAt: null }, select: { id: true, role: true } });
  if (!user) throw notFound('user');
  assertCanChangeAccount(actor, user.role);
  assertNotSelf(actor, id);

  if (await hasHistory(db, id)) return softDelete(db, id);
  let storageKeys: string[];
  try {
    storageKeys = await eraseUser(db, id);
  } catch (error) {
    // History written between the check and the delete: the RESTRICT foreign keys refuse, keep the user.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') return softDelete(db, id);
    throw error;
  }
  // Bytes go only after the rows are gone, so a failed transaction never leaves rows without files.
  await removeStoredFiles(storage, storageKeys);
  return { outcome: 'deleted', message: USER_MESSAGES.deleted };
}

async function softDelete(db: Db, id: string): Promise<DeleteResult> {
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { deletedAt: now, active: false } });
    await tx.vehicle.updateMany({ where: { ownerId: id, deletedAt: null }, data: { deletedAt: now } });
    await revokeUserSessions(tx, id);
  });
  return { outcome: 'deactivated', message: USER_MESSAGES.deactivatedInstead };
}

function eraseUser(db: Db, id: string): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const pictures = await tx.mediaFile.findMany({
      where: { OR: [{ ownerId: id }, { vehicle: { ownerId: id } }] },
      select: { id: true, storageKey: true },
    });
    await tx.mediaFile.deleteMany({ where: { id: { in: pictures.map((picture) => picture.id) } } });
    await tx.vehicle.deleteMany({ where: { ownerId: id } });
    await tx.user.delete({ where: { id } });
    return pictures.map((picture) => picture.storageKey);
  });
}
