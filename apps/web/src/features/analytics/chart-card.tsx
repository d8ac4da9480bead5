// One report's frame: title, then its loading skeleton, its error (SPEC §8 "Failed to generate reports")
// with a retry, its empty state, or the chart. Charts are drawn for sighted users; `table` carries the same
// figures for screen readers.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';

export interface ChartState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export function ChartCard({
  id,
  title,
  aside,
  state,
  empty,
  errorMessage,
  table,
  className,
  chartHidden = true,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  state: ChartState | null;
  empty: boolean;
  errorMessage: string;
  table?: ReactNode;
  className?: string;
  /** False when the body is itself readable (a table), not a drawing. */
  chartHidden?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  return (
    <section
      className={cn('flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm', className)}
      aria-labelledby={`analytics-${id}-title`}
      data-testid={`analytics-${id}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`analytics-${id}-title`} className="font-medium">
          {title}
        </h3>
        {aside && <div className="text-xs text-muted-foreground">{aside}</div>}
      </header>
      {!state ? (
        <div className="h-56 rounded-lg border border-dashed" />
      ) : state.isPending ? (
        <Skeleton className="h-56 w-full" data-testid={`analytics-${id}-loading`} />
      ) : state.isError ? (
        <div role="alert" className="flex h-56 flex-col items-center justify-center gap-3 text-center text-sm">
          <p className="text-destructive">{errorMessage}</p>
          <Button size="sm" variant="outline" onClick={() => void state.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : empty ? (
        <p className="grid h-56 place-items-center text-sm text-muted-foreground" data-testid={`analytics-${id}-empty`}>
          {t('charts.noData')}
        </p>
      ) : (
        <>
          <div aria-hidden={chartHidden || undefined}>{children}</div>
          {table && <div className="sr-only">{table}</div>}
        </>
      )}
    </section>
  );
}
