// The unread-messages count on the staff navigation's "Messages" entry. Polls every minute and asks again
// on every navigation, so a message that arrives shows up without a reload.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';

const POLL_MS = 60_000;

export function UnreadMessagesBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const unread = useQuery({ ...trpc.messages.unreadCount.queryOptions(), refetchInterval: POLL_MS, staleTime: 5_000 });
  const { refetch } = unread;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const count = unread.data?.unreadCount ?? 0;
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : new Intl.NumberFormat(i18n.language).format(count);
  return (
    <span
      data-testid="unread-messages-badge"
      title={t('nav.unreadMessages', { count })}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums',
        compact ? 'absolute -end-2 -top-2 min-w-4 px-1 text-[10px] leading-4' : 'ms-auto',
      )}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('nav.unreadMessages', { count })}</span>
    </span>
  );
}
