// Who may change which account (ARCHITECTURE.md "Roles"). ONE rule, used by every path that creates or changes
// a user account: REST and tRPC user create/update/activate/delete (users.service.ts, users.delete.ts), the
// import (data-transfer/import-writer.ts, import.service.ts), the setup screen, ADMIN_EMAIL at boot and
// `pnpm create-admin` (setup/setup.service.ts). Why one rule: a path that checks on its own drifts, and a
// path that forgets lets an employee take over an administrator (an import once rewrote an admin's email,
// and a password reset then gave the employee an admin session). Keep every account write behind it.
//
// - A signed-in person: ADMIN changes everyone; other staff change CLIENT accounts only, so only an
//   administrator can create, promote, change or delete staff accounts.
// - An import (whoever runs it, administrators included): creates and updates CLIENT accounts only. A file is
//   bulk data matched by email/phone, not a deliberate edit of one account: it never touches a staff account.
// - The system (setup screen, ADMIN_EMAIL at boot, the CLI): creates the first administrator only, while no
//   administrator exists; it changes no existing account.
import type { Role } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';

/** The installation itself creating its first admin; `adminExists` is read under the installation lock. */
export interface SystemActor {
  kind: 'system';
  adminExists: boolean;
}

/** An import run by `session`: bound by the import's own limit (CLIENT accounts only) whatever the role. */
export interface ImportActor {
  kind: 'import';
  session?: Session;
}

export type AccountActor = Session | SystemActor | ImportActor;

export const systemActor = (adminExists: boolean): SystemActor => ({ kind: 'system', adminExists });
export const importActor = (session?: Session): ImportActor => ({ kind: 'import', session });

const isSession = (actor: AccountActor): actor is Session => !('kind' in actor);

export const isAdmin = (actor: Session) => actor.roles.includes('ADMIN');

/**
 * May `actor` change an account whose role is `targetRole` (null: the account does not exist yet, a creation)
 * so that its role becomes `newRole` (omitted: the role stays)? Deleting or (de)activating is a change with
 * no new role.
 */
export function canChangeAccount(actor: AccountActor, targetRole: Role | null, newRole?: Role): boolean {
  if (!isSession(actor)) {
    if (actor.kind === 'system') return targetRole === null && newRole === 'ADMIN' && !actor.adminExists;
    return (
      (targetRole === null || targetRole === 'CLIENT') &&
      (newRole === undefined || newRole === 'CLIENT') &&
      (targetRole !== null || newRole !== undefined)
    );
  }
  const roles = [targetRole, newRole].filter((role): role is Role => !!role);
  return roles.length > 0 && roles.every((role) => isAdmin(actor) || role === 'CLIENT');
}

/** A signed-in person may manage accounts of `role` (the rule above, for one role). */
export function canManageRole(actor: Session, role: Role): boolean {
  return canChangeAccount(actor, role);
}

/** 403 unless the rule allows `actor` to change an account of `targetRole` into `newRole`. */
export function assertCanChangeAccount(actor: AccountActor, targetRole: Role | null, newRole?: Role): void {
  if (!canChangeAccount(actor, targetRole, newRole)) {
    throw new AppError('FORBIDDEN', 'users.staffAccountsAdminOnly', {
      field: 'role',
    });
  }
}

/** The REST/tRPC adapters' form: every role given (the existing one, the new one) must be manageable. */
export function assertCanManage(actor: Session, ...roles: Role[]): void {
  for (const role of roles) assertCanChangeAccount(actor, role);
}

export function assertNotSelf(actor: Session, userId: string): void {
  if (actor.userId === userId) throw new AppError('BAD_REQUEST', 'users.notOnYourself');
}
