// Who may do what, by role (SPEC §6). MANAGER counts as staff for reading and everyday work but is not an
// admin; /admin itself admits ADMIN and EMPLOYEE (SPEC §2). See ARCHITECTURE.md "Roles".
import { STAFF_ROLES, type Role } from '@garage/shared';

export type RoleRequirement = 'staff' | 'admin' | 'client';

const ALLOWED: Record<RoleRequirement, readonly Role[]> = {
  staff: STAFF_ROLES,
  admin: ['ADMIN'],
  client: ['CLIENT'],
};

export function hasAnyRole(roles: readonly Role[], required: RoleRequirement): boolean {
  return roles.some((role) => ALLOWED[required].includes(role));
}
