// One KPI of the main panel: the figure, its change against the previous period (arrow, coloured by what
// the change means: more revenue is good, more money owed is not) and the previous value, the whole card a
// link to the list behind the figure. The change is also told in words for screen readers.
import type { Kpi } from '@garage/shared/schemas/dashboard';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/utils.ts';
import { useDashboardFormat } from './dashboard-format.ts';

export type Better = 'up' | 'down';

export function KpiCard({
  id,
  label,
  kpi,
  format,
  better = 'up',
  to,
  icon,
  footnote,
}: {
  id: string;
  label: string;
  kpi: Kpi;
  format: (value: number) => string;
  better?: Better;
  to: string;
  icon: ReactNode;
  footnote?: string;
}) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const { value, previous, change } = kpi;
  const shown = value === null ? '—' : format(value);
  const previousShown = previous === null ? '—' : format(previous);

  let direction: 'up' | 'down' | 'flat' | 'new' | 'none';
  if (value === null || previous === null) direction = 'none';
  else if (value === previous) direction = 'flat';
  else if (previous === 0) direction = value > 0 ? 'new' : 'none';
  else direction = value > previous ? 'up' : 'down';
  const good = direction === 'up' || direction === 'new' ? better === 'up' : direction === 'down' ? better === 'down' : null;
  const words =
    direction === 'up' || direction === 'down' ? t(`change.${direction}`, { percent: f.percent(change ?? 0) }) : t(`change.${direction}`);
  const Arrow = direction === 'up' || direction === 'new' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;

  return (
    <Link
      to={to}
      data-testid={`kpi-${id}`}
      className="group flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 shadow-sm sm:p-4 transition-colors hover:border-primary/50 hover:bg-accent/30 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span className="line-clamp-2 sm:truncate">{label}</span>
        <span className="text-primary/70 [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </span>
      <span className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl" data-testid={`kpi-${id}-value`}>
        {shown}
      </span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span
          className={cn(
            'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-medium',
            good === true && 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
            good === false && 'bg-red-500/15 text-red-800 dark:text-red-300',
            good === null && 'bg-muted text-muted-foreground',
          )}
          data-testid={`kpi-${id}-change`}
          data-direction={direction}
        >
          <Arrow className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
          <span aria-hidden="true">{direction === 'up' || direction === 'down' ? f.percent(change ?? 0) : t(`change.${direction}`)}</span>
          <span className="sr-only">{t('changeSr', { change: words, previous: previousShown })}</span>
        </span>
        <span className="text-muted-foreground" aria-hidden="true">
          {t('previousValue', { value: previousShown })}
        </span>
      </span>
      {footnote && <span className="text-xs text-muted-foreground">{footnote}</span>}
    </Link>
  );
}

/** A figure of right now (no comparison), linking to its list. */
export function NowTile({
  id,
  label,
  value,
  detail,
  to,
  tone = 'neutral',
  icon,
}: {
  id: string;
  label: string;
  value: string;
  detail?: string;
  to: string;
  tone?: 'neutral' | 'warning' | 'danger';
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      data-testid={`now-${id}`}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-sm transition-colors hover:bg-accent/30 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        tone === 'danger' && 'border-red-500/40',
        tone === 'warning' && 'border-amber-500/40',
      )}
    >
      <span
        className={cn(
          'grid size-9 shrink-0 place-items-center rounded-lg [&_svg]:size-4',
          tone === 'danger'
            ? 'bg-red-500/15 text-red-800 dark:text-red-300'
            : tone === 'warning'
              ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300'
              : 'bg-primary/10 text-primary',
        )}
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs leading-tight text-muted-foreground">{label}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid={`now-${id}-value`}>
          {value}
        </span>
        {detail && <span className="text-xs leading-tight text-muted-foreground">{detail}</span>}
      </span>
    </Link>
  );
}
