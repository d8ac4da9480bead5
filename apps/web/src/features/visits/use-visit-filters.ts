// The visits list state lives in the URL (?filter=&payment=&date=&sort=&page=&pageSize=) so a filtered list
// can be shared and reloaded. Unknown values are ignored rather than breaking the page.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DATE_FILTERS, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, VISIT_FILTERS, VISIT_SORTS } from '@garage/shared/constants';
import { VISIT_PAYMENT_FILTERS } from '@garage/shared/schemas/visits';

export type VisitFilter = (typeof VISIT_FILTERS)[number];
export type VisitPaymentFilter = (typeof VISIT_PAYMENT_FILTERS)[number];
export type DateFilter = (typeof DATE_FILTERS)[number];
export type VisitSort = (typeof VISIT_SORTS)[number];

export interface VisitListState {
  filter?: VisitFilter;
  payment?: VisitPaymentFilter;
  date?: DateFilter;
  sort: VisitSort;
  page: number;
  pageSize: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function useVisitFilters() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<VisitListState>(() => {
    const page = Number(params.get('page'));
    const pageSize = Number(params.get('pageSize'));
    return {
      filter: oneOf(VISIT_FILTERS, params.get('filter')),
      payment: oneOf(VISIT_PAYMENT_FILTERS, params.get('payment')),
      date: oneOf(DATE_FILTERS, params.get('date')),
      sort: oneOf(VISIT_SORTS, params.get('sort')) ?? 'newest',
      page: Number.isInteger(page) && page > 0 ? page : 1,
      pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZE_DEFAULT,
    };
  }, [params]);

  /** Changes some keys; any change other than the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<VisitListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const isDefault =
              value === undefined ||
              (key === 'sort' && value === 'newest') ||
              (key === 'page' && value === 1) ||
              (key === 'pageSize' && value === PAGE_SIZE_DEFAULT);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const isFiltered = !!(state.filter || state.payment || state.date);
  return { state, update, clear, isFiltered };
}
