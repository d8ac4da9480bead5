// Activate/deactivate and delete, shared by the list and the detail page: mutation, cache refresh and the
// toast that says what happened (a user with history is deactivated and hidden rather than erased).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { errorMessageOf } from '../../lib/form-errors.ts';

export function useUserActions() {
  const { t } = useTranslation(['users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });

  const setActive = useMutation(
    trpc.users.setActive.mutationOptions({
      onSuccess: async (user) => {
        await refresh();
        toast.success(t(user.active ? 'users:toasts.activated' : 'users:toasts.deactivated'));
      },
      onError: (error) => toast.error(errorMessageOf(t, error) ?? t('users:toasts.updateFailed')),
    }),
  );

  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        if (result.outcome === 'deleted') toast.success(t('users:server.deleted'));
        else toast(t('users:server.deactivatedInstead'), { icon: 'ℹ️', duration: 8000 });
      },
      onError: (error) => toast.error(errorMessageOf(t, error) ?? t('users:toasts.deleteFailed')),
    }),
  );

  return { setActive, remove };
}
