// Mirrors the API's rule (docs/features.md "Customers, vehicles..."): ADMIN manages every account, other
// staff only CLIENT accounts, and nobody deletes or deactivates themselves. Actions that would be refused
// are not offered (a refused request would also count as a failed session check in api-fetch).
import type { UserView } from '@garage/shared/schemas/users';
import { useAuth } from '../../lib/auth/session.ts';

export function useCanManage() {
  const { roles, user } = useAuth();
  const isAdmin = roles.includes('ADMIN');
  return {
    isAdmin,
    canEdit: (target: Pick<UserView, 'role'>) => isAdmin || target.role === 'CLIENT',
    canRemove: (target: Pick<UserView, 'id' | 'role'>) => (isAdmin || target.role === 'CLIENT') && target.id !== user?.id,
  };
}
