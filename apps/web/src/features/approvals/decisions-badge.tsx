// The count of fresh customer decisions (approved or declined proposals staff have not marked seen) on the
// staff navigation's "Visits" entry. Polls every minute and asks again on every navigation.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';

const POLL_MS = 60_000;

export function useFreshDecisions() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.approvals.fresh.queryOptions(), refetchInterval: POLL_MS, staleTime: 5_000 });
}

export function CustomerDecisionsBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const { pathname } = useLocation();
  const fresh = useFreshDecisions();
  const { refetch } = fresh;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const count = fresh.data?.count ?? 0;
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : new Intl.NumberFormat(i18n.language).format(count);
  return (
    <span
      data-testid="customer-decisions-badge"
      title={t('nav.customerDecisions', { count })}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums',
        compact ? 'absolute -end-2 -top-2 min-w-4 px-1 text-[10px] leading-4' : 'ms-auto',
      )}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('nav.customerDecisions', { count })}</span>
    </span>
  );
}
