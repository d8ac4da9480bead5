// A count on a staff navigation entry (unread messages, fresh customer decisions, reminders to contact,
// appointment requests). Each count polls every minute and is asked again on every navigation, so a new one
// shows up without a reload; the badge is hidden at zero and reads "99+" above 99.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { cn } from '../lib/utils.ts';

/** Spread into the count's useQuery options. */
export const NAV_COUNT_POLLING = { refetchInterval: 60_000, staleTime: 5_000 } as const;

/** Asks for the count again whenever the user moves to another screen. */
export function useRefetchOnNavigation(refetch: () => unknown) {
  const { pathname } = useLocation();
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
}

export function NavCountBadge({
  count,
  label,
  testId,
  tone,
  compact,
}: {
  count: number;
  label: string;
  testId: string;
  tone: string;
  compact: boolean;
}) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : new Intl.NumberFormat(i18n.language).format(count);
  return (
    <span
      data-testid={testId}
      title={label}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums',
        tone,
        compact ? 'absolute -end-2 -top-2 min-w-4 px-1 text-[10px] leading-4' : 'ms-auto',
      )}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
