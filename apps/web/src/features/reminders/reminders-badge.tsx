// The count of due and overdue reminders nobody has contacted the customer about, on the staff
// navigation's "Reminders" entry.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { NAV_COUNT_POLLING, NavCountBadge, useRefetchOnNavigation } from '../../components/nav-count-badge.tsx';

export function RemindersBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const badge = useQuery({ ...trpc.reminders.badge.queryOptions(), ...NAV_COUNT_POLLING });
  useRefetchOnNavigation(badge.refetch);
  const count = badge.data?.count ?? 0;
  return (
    <NavCountBadge
      count={count}
      label={t('nav.remindersToContact', { count })}
      testId="reminders-badge"
      tone="bg-amber-600"
      compact={compact}
    />
  );
}
