// The count of appointment requests waiting for an answer, on the staff navigation's "Appointments" entry.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { NAV_COUNT_POLLING, NavCountBadge, useRefetchOnNavigation } from '../../components/nav-count-badge.tsx';

export function AppointmentsBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const badge = useQuery({ ...trpc.appointments.badge.queryOptions(), ...NAV_COUNT_POLLING });
  useRefetchOnNavigation(badge.refetch);
  const count = badge.data?.count ?? 0;
  return (
    <NavCountBadge
      count={count}
      label={t('nav.appointmentsWaiting', { count })}
      testId="appointments-badge"
      tone="bg-sky-700"
      compact={compact}
    />
  );
}
