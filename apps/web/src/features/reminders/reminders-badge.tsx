// The count of due and overdue reminders nobody has contacted the customer about, on the staff
// navigation's "Reminders" entry. Polls every minute and asks again on every navigation (as the messages badge).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';

const POLL_MS = 60_000;

export function RemindersBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const badge = useQuery({ ...trpc.reminders.badge.queryOptions(), refetchInterval: POLL_MS, staleTime: 5_000 });
  const { refetch } = badge;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const count = badge.data?.count ?? 0;
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : new Intl.NumberFormat(i18n.language).format(count);
  return (
    <span
      data-testid="reminders-badge"
      title={t('nav.remindersToContact', { count })}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-amber-600 px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums',
        compact ? 'absolute -end-2 -top-2 min-w-4 px-1 text-[10px] leading-4' : 'ms-auto',
      )}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('nav.remindersToContact', { count })}</span>
    </span>
  );
}
