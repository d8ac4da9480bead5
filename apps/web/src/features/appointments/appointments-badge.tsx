// The count of appointment requests waiting for an answer, on the staff navigation's "Appointments" entry
// (polled like the messages badge).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';

export function AppointmentsBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const badge = useQuery({ ...trpc.appointments.badge.queryOptions(), refetchInterval: 60_000, staleTime: 5_000 });
  const { refetch } = badge;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const count = badge.data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span
      data-testid="appointments-badge"
      title={t('nav.appointmentsWaiting', { count })}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-sky-700 px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums',
        compact ? 'absolute -end-2 -top-2 min-w-4 px-1 text-[10px] leading-4' : 'ms-auto',
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : new Intl.NumberFormat(i18n.language).format(count)}</span>
      <span className="sr-only">{t('nav.appointmentsWaiting', { count })}</span>
    </span>
  );
}
