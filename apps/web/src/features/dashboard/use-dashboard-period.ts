// The main panel's period lives in the URL (?period=&from=&to=) so a view can be shared and reloaded.
// Unknown values fall back to the last 30 days; a custom period is only used once both days are valid.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DASHBOARD_LIMITS, DASHBOARD_PERIODS, daysBetween, type DashboardPeriod } from '@garage/shared/schemas/dashboard';
import { isIsoDate } from '@garage/shared/visit-rules';

export interface DashboardPeriodState {
  period: DashboardPeriod;
  from?: string;
  to?: string;
}

/** A custom range the API accepts: both days, in order, at most a year long. */
export function isValidCustomRange(from?: string, to?: string): boolean {
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to) || to < from) return false;
  return daysBetween(from, to) + 1 <= DASHBOARD_LIMITS.customMaxDays;
}

export function useDashboardPeriod() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<DashboardPeriodState>(() => {
    const requested = params.get('period');
    const period = (DASHBOARD_PERIODS as readonly string[]).includes(requested ?? '') ? (requested as DashboardPeriod) : 'last30Days';
    if (period !== 'custom') return { period };
    const from = params.get('from') ?? undefined;
    const to = params.get('to') ?? undefined;
    return isValidCustomRange(from, to) ? { period, from, to } : { period: 'last30Days' };
  }, [params]);

  const choose = useCallback(
    (next: DashboardPeriodState) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of ['period', 'from', 'to']) updated.delete(key);
        if (next.period !== 'last30Days') updated.set('period', next.period);
        if (next.period === 'custom' && next.from && next.to) {
          updated.set('from', next.from);
          updated.set('to', next.to);
        }
        return updated;
      });
    },
    [setParams],
  );
  return { state, choose };
}

/** The visits list's date filter that matches a period (the list has no custom ranges). */
export function visitsDateFilter(period: DashboardPeriod): string | undefined {
  return period === 'custom' ? undefined : period;
}
