// Mark read / unread and delete, with the toasts and the refresh of every messages query (list, detail,
// navigation badge).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';

export function useMessageActions() {
  const { t } = useTranslation('messages');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
  const setRead = useMutation(
    trpc.messages.setRead.mutationOptions({
      onSuccess: async (message) => {
        toast.success(t(message.read ? 'toast.markedRead' : 'toast.markedUnread'));
        await refresh();
      },
      onError: () => toast.error(t('toast.actionFailed')),
    }),
  );
  const remove = useMutation(
    trpc.messages.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.deleted'));
        await refresh();
      },
      onError: () => toast.error(t('toast.actionFailed')),
    }),
  );
  return { setRead, remove, refresh };
}
