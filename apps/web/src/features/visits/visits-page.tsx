// /admin/visits: every visit with the SPEC §4 filters, date filters, sorts and views, paginated (10 by
// default), and the add-visit form. The list state is in the URL; the view is remembered per user.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { FreshDecisionsPanel } from '../approvals/index.ts';
import { AddVisitForm } from './add-visit-form.tsx';
import { browserTimeZone } from '../../lib/formatters.ts';
import { useVisitFilters } from './use-visit-filters.ts';
import { useVisitView } from './use-visit-view.ts';
import { VisitFiltersBar } from './visit-filters-bar.tsx';
import { VisitCards, VisitCompactList, VisitTable } from './visit-list-views.tsx';

export function VisitsPage() {
  const { t } = useTranslation('visits');
  const trpc = useTRPC();
  const filters = useVisitFilters();
  const [view, setView] = useVisitView();
  const [adding, setAdding] = useState(false);
  const { state } = filters;
  const visits = useQuery({
    ...trpc.visits.list.queryOptions({ ...state, timeZone: browserTimeZone() }),
    placeholderData: keepPreviousData,
  });
  const page = visits.data;
  const from = page && page.total > 0 ? (page.page - 1) * page.pageSize + 1 : 0;
  const to = page ? Math.min(page.total, page.page * page.pageSize) : 0;

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/admin/payments">
              <ReceiptText aria-hidden="true" />
              {t('paymentHistory')}
            </Link>
          </Button>
          <Button onClick={() => setAdding(true)} data-testid="open-add-visit">
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        </div>
      </header>

      <FreshDecisionsPanel />
      <VisitFiltersBar filters={filters} view={view} onViewChange={setView} />

      <div aria-live="polite" aria-busy={visits.isFetching} className="flex flex-col gap-4">
        {visits.isLoading && (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-44 rounded-xl" />
            ))}
          </div>
        )}
        {visits.isError && (
          <div className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center" role="alert">
            <p className="font-medium">{t('loadFailed')}</p>
            <Button variant="outline" className="mt-3" onClick={() => visits.refetch()}>
              {t('actions.retry')}
            </Button>
          </div>
        )}
        {page && page.items.length === 0 && (
          <div className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground" data-testid="visits-empty">
            <p>{t('empty')}</p>
            {filters.isFiltered && (
              <Button variant="link" onClick={filters.clear}>
                {t('clearFilters')}
              </Button>
            )}
          </div>
        )}
        {page && page.items.length > 0 && (
          <>
            {view === 'cards' && <VisitCards visits={page.items} />}
            {view === 'table' && <VisitTable visits={page.items} />}
            {view === 'list' && <VisitCompactList visits={page.items} />}
            <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label={t('pagination.label')}>
              <span className="text-muted-foreground" data-testid="visits-range">
                {t('pagination.summary', { from, to, total: page.total })}
              </span>
              <div className="flex items-center gap-2">
                <Button variant="outline" size="sm" disabled={page.page <= 1} onClick={() => filters.update({ page: page.page - 1 })}>
                  <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
                  {t('pagination.previous')}
                </Button>
                <span className="tabular-nums">{t('pagination.page', { page: page.page, pages: page.pageCount })}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page.page >= page.pageCount}
                  onClick={() => filters.update({ page: page.page + 1 })}
                >
                  {t('pagination.next')}
                  <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          </>
        )}
      </div>

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="sm:max-w-4xl" closeLabel={t('actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('form.title')}</DialogTitle>
            <DialogDescription>{t('form.description')}</DialogDescription>
          </DialogHeader>
          {adding && <AddVisitForm onDone={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
