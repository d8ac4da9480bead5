// The colours of an inspection result (issue #29), with a word and an icon each so a result reads without
// colour (colour-blind readers, a black-and-white print of the screen): green good, amber soon, red urgent,
// grey not checked. Every screen showing a result or the counts of an inspection uses these.
import type { InspectionCondition } from '@garage/shared/inspection-rules';
import { CircleCheck, CircleMinus, OctagonAlert, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

export const CONDITION_STYLE: Record<InspectionCondition, { icon: LucideIcon; chip: string; tint: string; stroke: string }> = {
  GOOD: {
    icon: CircleCheck,
    chip: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-500/40 dark:bg-emerald-500/15 dark:text-emerald-100',
    tint: 'border-emerald-500/40',
    stroke: '#059669',
  },
  SOON: {
    icon: TriangleAlert,
    chip: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/15 dark:text-amber-100',
    tint: 'border-amber-500/60 bg-amber-500/5',
    stroke: '#d97706',
  },
  URGENT: {
    icon: OctagonAlert,
    chip: 'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-500/15 dark:text-red-100',
    tint: 'border-red-500/60 bg-red-500/5',
    stroke: '#dc2626',
  },
  SKIPPED: {
    icon: CircleMinus,
    chip: 'border-slate-300 bg-slate-50 text-slate-700 dark:border-slate-500/40 dark:bg-slate-500/15 dark:text-slate-200',
    tint: 'border-border',
    stroke: '#64748b',
  },
};

/** One result: its icon and its word in the colour of the condition. */
export function ConditionMark({ condition, className }: { condition: InspectionCondition; className?: string }) {
  const { t } = useTranslation('inspection-report');
  const style = CONDITION_STYLE[condition];
  const Icon = style.icon;
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium', style.chip, className)}
      data-condition={condition}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`condition.${condition}`)}
    </span>
  );
}

type Counts = Record<InspectionCondition, number> & { unanswered: number };

/** "12 good · 3 soon · 1 urgent" as chips; zero counts are left out, not-checked and unanswered shown when asked. */
export function ConditionChips({ counts, withSkipped = false, className }: { counts: Counts; withSkipped?: boolean; className?: string }) {
  const { t } = useTranslation('inspection-report');
  const shown: InspectionCondition[] = withSkipped ? ['URGENT', 'SOON', 'GOOD', 'SKIPPED'] : ['URGENT', 'SOON', 'GOOD'];
  return (
    <ul className={cn('flex flex-wrap items-center gap-1.5', className)} data-testid="condition-chips">
      {shown
        .filter((condition) => counts[condition] > 0)
        .map((condition) => {
          const style = CONDITION_STYLE[condition];
          const Icon = style.icon;
          return (
            <li
              key={condition}
              className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium tabular-nums', style.chip)}
              data-condition={condition}
              data-count={counts[condition]}
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {t(`counts.${condition}`, { count: counts[condition] })}
            </li>
          );
        })}
      {withSkipped && counts.unanswered > 0 && (
        <li className="text-xs text-muted-foreground" data-condition="unanswered" data-count={counts.unanswered}>
          {t('counts.unanswered', { count: counts.unanswered })}
        </li>
      )}
    </ul>
  );
}
