// The unread-messages count on the staff navigation's "Messages" entry.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { NAV_COUNT_POLLING, NavCountBadge, useRefetchOnNavigation } from '../../components/nav-count-badge.tsx';

export function UnreadMessagesBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const unread = useQuery({ ...trpc.messages.unreadCount.queryOptions(), ...NAV_COUNT_POLLING });
  useRefetchOnNavigation(unread.refetch);
  const count = unread.data?.unreadCount ?? 0;
  return (
    <NavCountBadge
      count={count}
      label={t('nav.unreadMessages', { count })}
      testId="unread-messages-badge"
      tone="bg-destructive"
      compact={compact}
    />
  );
}
