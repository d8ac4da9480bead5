// What the auth screens pass each other through router state (SPEC §2, §4: the origin, the error, the
// required role).
import type { Role } from '@garage/shared/constants';
import type { SessionProblem } from '../../lib/auth/check-session.ts';

export interface LoginState {
  /** Path (with query and hash) the user was sent away from. */
  from?: string;
  problem?: SessionProblem;
  notice?: 'passwordReset';
}

export interface NotAuthorizedState {
  from?: string;
  requiredRoles?: readonly Role[];
}

export function readState<T extends object>(state: unknown): T {
  return state && typeof state === 'object' ? (state as T) : ({} as T);
}
