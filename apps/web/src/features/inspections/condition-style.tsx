// Green, amber, red and "not checked" as every inspection screen draws them: a colour never stands alone, it
// comes with its icon and its word (colour-blind technicians, sunlight on a phone).
import type { InspectionCondition } from '@garage/shared/inspection-rules';
import { CircleCheck, CircleMinus, OctagonAlert, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

export const CONDITION_ICON: Record<InspectionCondition, LucideIcon> = {
  GOOD: CircleCheck,
  SOON: TriangleAlert,
  URGENT: OctagonAlert,
  SKIPPED: CircleMinus,
};

/** A chosen result: strong colour. */
export const CONDITION_SOLID: Record<InspectionCondition, string> = {
  GOOD: 'border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800',
  SOON: 'border-amber-400 bg-amber-400 text-amber-950 hover:bg-amber-500',
  URGENT: 'border-red-700 bg-red-700 text-white hover:bg-red-800',
  SKIPPED: 'border-slate-600 bg-slate-600 text-white hover:bg-slate-700',
};

/** A result not chosen: its colour on the border and the icon only. */
export const CONDITION_OUTLINE: Record<InspectionCondition, string> = {
  GOOD: 'border-emerald-600/60 bg-card text-emerald-800 hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-emerald-950',
  SOON: 'border-amber-500/70 bg-card text-amber-900 hover:bg-amber-50 dark:text-amber-200 dark:hover:bg-amber-950',
  URGENT: 'border-red-600/60 bg-card text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950',
  SKIPPED: 'border-slate-400 bg-card text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-900',
};

/** A small marker of a result: icon and word in the result's colour. */
export function ConditionChip({ condition, className }: { condition: InspectionCondition; className?: string }) {
  const { t } = useTranslation('inspections');
  const Icon = CONDITION_ICON[condition];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        CONDITION_SOLID[condition],
        className,
      )}
      data-testid="condition-chip"
      data-condition={condition}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`condition.${condition}`)}
    </span>
  );
}

/** The counts of an inspection by colour ("3 good, 2 soon, 1 urgent"), the ones that are not zero. */
export function ConditionCounts({ counts }: { counts: Record<'GOOD' | 'SOON' | 'URGENT' | 'SKIPPED', number> }) {
  const { t } = useTranslation('inspections');
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('counts.label')} data-testid="condition-counts">
      {(['URGENT', 'SOON', 'GOOD', 'SKIPPED'] as const)
        .filter((condition) => counts[condition] > 0)
        .map((condition) => {
          const Icon = CONDITION_ICON[condition];
          return (
            <li
              key={condition}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
                CONDITION_SOLID[condition],
              )}
              data-condition={condition}
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {t(`counts.${condition}`, { count: counts[condition] })}
            </li>
          );
        })}
    </ul>
  );
}
