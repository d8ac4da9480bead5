// Filters, sort and view of the visits list. Every choice goes to the URL (use-visit-filters.ts); the view
// is remembered per user (use-visit-view.ts).
import { DATE_FILTERS, VISIT_FILTERS, VISIT_SORTS } from '@garage/shared/constants';
import { VISIT_PAYMENT_FILTERS } from '@garage/shared/schemas/visits';
import { LayoutGrid, List, Table2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { cn } from '../../lib/utils.ts';
import type { useVisitFilters } from './use-visit-filters.ts';
import type { VisitView } from './use-visit-view.ts';

const ALL = 'all';

function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  allLabel,
  optionLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: T | undefined;
  options: readonly T[];
  allLabel?: string;
  optionLabel: (option: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={`${id}-label`} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : (next as T))}>
        <SelectTrigger aria-labelledby={`${id}-label`} data-testid={`${id}-select`} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
          {options.map((option) => (
            <SelectItem key={option} value={option} data-testid={`${id}-option-${option}`}>
              {optionLabel(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const VIEW_ICONS: Record<VisitView, typeof LayoutGrid> = { cards: LayoutGrid, table: Table2, list: List };

export function VisitFiltersBar({
  filters,
  view,
  onViewChange,
}: {
  filters: ReturnType<typeof useVisitFilters>;
  view: VisitView;
  onViewChange: (view: VisitView) => void;
}) {
  const { t } = useTranslation('visits');
  const { state, update, clear, isFiltered } = filters;
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:p-4">
      {/* Quick filters: the SPEC §4 visit filters as one-tap chips. */}
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label={t('filters.label')}>
        {[undefined, ...VISIT_FILTERS].map((filter) => {
          const active = state.filter === filter;
          return (
            <Button
              key={filter ?? ALL}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              data-testid={`filter-${filter ?? ALL}`}
              onClick={() => update({ filter })}
              className="rounded-full"
            >
              {t(`filters.${filter ?? ALL}`)}
            </Button>
          );
        })}
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(3,minmax(0,12rem))_1fr_auto] md:items-end">
        <FilterSelect
          id="payment"
          label={t('paymentFilters.label')}
          value={state.payment}
          options={VISIT_PAYMENT_FILTERS}
          allLabel={t('paymentFilters.all')}
          optionLabel={(o) => t(`paymentFilters.${o}`)}
          onChange={(payment) => update({ payment })}
        />
        <FilterSelect
          id="date"
          label={t('dateFilters.label')}
          value={state.date}
          options={DATE_FILTERS}
          allLabel={t('dateFilters.all')}
          optionLabel={(o) => t(`dateFilters.${o}`)}
          onChange={(date) => update({ date })}
        />
        <FilterSelect
          id="sort"
          label={t('sorts.label')}
          value={state.sort}
          options={VISIT_SORTS}
          optionLabel={(o) => t(`sorts.${o}`)}
          onChange={(sort) => update({ sort: sort ?? 'newest' })}
        />
        <div className="flex items-end">
          {isFiltered && (
            <Button variant="ghost" size="sm" onClick={clear} data-testid="clear-filters">
              <X aria-hidden="true" />
              {t('clearFilters')}
            </Button>
          )}
        </div>
        <div
          className="col-span-2 flex items-center gap-1 justify-self-end rounded-lg border p-0.5 md:col-span-1"
          role="group"
          aria-label={t('views.label')}
        >
          {(Object.keys(VIEW_ICONS) as VisitView[]).map((option) => {
            const Icon = VIEW_ICONS[option];
            return (
              <Button
                key={option}
                size="sm"
                variant="ghost"
                aria-pressed={view === option}
                data-testid={`view-${option}`}
                onClick={() => onViewChange(option)}
                className={cn(view === option && 'bg-accent text-accent-foreground')}
              >
                <Icon aria-hidden="true" />
                <span className="max-sm:sr-only">{t(`views.${option}`)}</span>
              </Button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
