// The count of fresh customer decisions (approved or declined proposals staff have not marked seen) on the
// staff navigation's "Visits" entry.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { NAV_COUNT_POLLING, NavCountBadge, useRefetchOnNavigation } from '../../components/nav-count-badge.tsx';

export function useFreshDecisions() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.approvals.fresh.queryOptions(), ...NAV_COUNT_POLLING });
}

export function CustomerDecisionsBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const fresh = useFreshDecisions();
  useRefetchOnNavigation(fresh.refetch);
  const count = fresh.data?.count ?? 0;
  return (
    <NavCountBadge
      count={count}
      label={t('nav.customerDecisions', { count })}
      testId="customer-decisions-badge"
      tone="bg-amber-500"
      compact={compact}
    />
  );
}
