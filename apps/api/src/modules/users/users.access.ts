// Who may manage which account (ARCHITECTURE.md "Roles"): ADMIN manages everyone; other staff manage CLIENT
// accounts only, so only an administrator can create, promote, change or delete staff accounts.
import { USER_MESSAGES, type Role } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';


export const isAdmin = (actor: Session) => actor.roles.includes('ADMIN');

export function canManageRole(actor: Session, role: Role): boolean {
  return isAdmin(actor) || role === 'CLIENT';
}

export function assertCanManage(actor: Session, ...roles: Role[]): void {
  if (!roles.every((role) => canManageRole(actor, role))) {
    throw new AppError('FORBIDDEN', USER_MESSAGES.staffAccountsAdminOnly, {
      fieldErrors: { role: [USER_MESSAGES.staffAccountsAdminOnly] },
    });
  }
}

export function assertNotSelf(actor: Session, userId: string): void {
  if (actor.userId === userId) throw new AppError('BAD_REQUEST', USER_MESSAGES.notOnYourself);
}
