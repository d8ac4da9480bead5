// /admin/dashboard/main-panel: the shop's KPIs for a period against the previous one, the figures of right
// now, the charts and the oil changes due soon. Every figure links to the list behind it. Data: tRPC
// dashboard.kpis (apps/api/src/modules/dashboard), computed in the browser's time zone.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardKpis } from '@garage/shared/schemas/dashboard';
import {
  AlarmClock,
  Banknote,
  Car,
  CircleCheck,
  ClipboardList,
  Droplets,
  FileSpreadsheet,
  HandCoins,
  PackageCheck,
  Plus,
  Receipt,
  Star,
  UserPlus,
  Wrench,
  PackageMinus,
  TrendingUp,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { GetStartedChecklist } from '../onboarding/index.ts';
import { browserTimeZone } from '../../lib/formatters.ts';
import { WebAnalyticsCharts } from '../analytics/index.ts';
import { DashboardCharts } from './dashboard-charts.tsx';
import { useDashboardFormat } from './dashboard-format.ts';
import { InspectionsCard } from './inspections-card.tsx';
import { KpiCard, NowTile } from './kpi-card.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { SectionBoundary } from './section-boundary.tsx';
import { useDashboardPeriod, visitsDateFilter, type DashboardPeriodState } from './use-dashboard-period.ts';
import { Ltr } from '../../components/ltr.tsx';

const visitsLink = (params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
  const text = query.toString();
  return text ? `/admin/visits?${text}` : '/admin/visits';
};

export function MainPanelPage() {
  const { t } = useTranslation('dashboard');
  const trpc = useTRPC();
  const { state, choose } = useDashboardPeriod();
  const f = useDashboardFormat();
  const kpis = useQuery({
    ...trpc.dashboard.kpis.queryOptions({ ...state, timeZone: browserTimeZone() }),
    placeholderData: keepPreviousData,
  });
  const data = kpis.data;
  const date = visitsDateFilter(state.period);

  return (
    <div className="flex flex-col gap-5" data-testid="main-panel">
      <GetStartedChecklist />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground" data-testid="period-range">
            {data ? t('range', { from: f.day(data.period.firstDay), to: f.day(data.period.lastDay) }) : t('subtitle')}
            {data && (
              <span className="hidden sm:inline">
                {' '}
                · {t('comparedWith', { from: f.day(data.period.previous.firstDay), to: f.day(data.period.previous.lastDay) })}
              </span>
            )}
          </p>
        </div>
        <Link to="/admin/dashboard/reports" className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="open-reports">
          <FileSpreadsheet aria-hidden="true" />
          {t('shell:pages.reports')}
        </Link>
      </header>

      <PeriodPicker value={state} onChange={choose} />

      <div aria-live="polite" aria-busy={kpis.isFetching} className="flex flex-col gap-5">
        {kpis.isLoading && <MainPanelSkeleton />}
        {kpis.isError && !data && (
          <div
            className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center"
            role="alert"
            data-testid="main-panel-error"
          >
            <p className="font-medium">{t('loadFailed')}</p>
            <Button variant="outline" className="mt-3" onClick={() => kpis.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {data && <MainPanelBody data={data} date={date} period={state} />}
      </div>
    </div>
  );
}

function MainPanelBody({ data, date, period }: { data: DashboardKpis; date: string | undefined; period: DashboardPeriodState }) {
  const { t } = useTranslation(['dashboard', 'tasks']);
  const f = useDashboardFormat();
  const location = useLocation();
  const { kpis, now } = data;
  const money = (cents: number) => f.money(Math.round(cents));
  const periodVisits = visitsLink({ date });
  const newShop =
    kpis.visitsOpened.value === 0 &&
    kpis.visitsOpened.previous === 0 &&
    kpis.revenueCents.value === 0 &&
    kpis.revenueCents.previous === 0 &&
    now.openVisits === 0 &&
    now.outstandingVisits === 0 &&
    now.readyForPickup === 0;

  return (
    <>
      <section aria-labelledby="kpis-title" className="flex flex-col gap-3">
        <h2 id="kpis-title" className="sr-only">
          {t('kpisTitle')}
        </h2>
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          <KpiCard id="revenue" label={t('kpis.revenue')} kpi={kpis.revenueCents} format={money} to="/admin/payments" icon={<Banknote />} />
          <KpiCard
            id="visitsOpened"
            label={t('kpis.visitsOpened')}
            kpi={kpis.visitsOpened}
            format={f.count}
            to={periodVisits}
            icon={<ClipboardList />}
          />
          <KpiCard
            id="visitsCompleted"
            label={t('kpis.visitsCompleted')}
            kpi={kpis.visitsCompleted}
            format={f.count}
            to={visitsLink({ filter: 'completed', date })}
            icon={<CircleCheck />}
          />
          <KpiCard
            id="averageRepairOrder"
            label={t('kpis.averageRepairOrder')}
            kpi={kpis.averageRepairOrderCents}
            format={money}
            to={visitsLink({ filter: 'completed', date, sort: 'highestCost' })}
            icon={<Receipt />}
          />
          <KpiCard id="carCount" label={t('kpis.carCount')} kpi={kpis.carCount} format={f.count} to={periodVisits} icon={<Car />} />
          <KpiCard
            id="outstanding"
            label={t('kpis.outstanding')}
            kpi={kpis.outstandingCents}
            format={money}
            better="down"
            to={visitsLink({ filter: 'unpaid', date })}
            icon={<HandCoins />}
          />
          <KpiCard
            id="newCustomers"
            label={t('kpis.newCustomers')}
            kpi={kpis.newCustomers}
            format={f.count}
            to="/admin/users?role=CLIENT&sort=newest"
            icon={<UserPlus />}
          />
          <KpiCard
            id="averageRating"
            label={t('kpis.averageRating')}
            kpi={kpis.averageRating}
            format={(value) => t('ratingValue', { value: f.decimal(value) })}
            to="/admin/messages/rate"
            icon={<Star />}
            footnote={t('ratingCount', { value: f.count(kpis.ratings.value ?? 0) })}
          />
        </div>
      </section>

      <section aria-labelledby="now-title" className="flex flex-col gap-3">
        <h2 id="now-title" className="text-lg font-semibold">
          {t('now.title')}
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <NowTile
            id="overdue"
            label={t('now.overdue')}
            value={f.count(now.overdueVisits)}
            to={visitsLink({ filter: 'overdue', sort: 'dueDate' })}
            tone={now.overdueVisits > 0 ? 'danger' : 'neutral'}
            icon={<AlarmClock />}
          />
          <NowTile
            id="open"
            label={t('now.open')}
            value={f.count(now.openVisits)}
            to={visitsLink({ filter: 'pending' })}
            icon={<Wrench />}
          />
          <NowTile
            id="readyForPickup"
            label={t('now.readyForPickup')}
            value={f.count(now.readyForPickup)}
            to={visitsLink({ filter: 'readyForPickup' })}
            icon={<PackageCheck />}
          />
          <NowTile
            id="outstanding"
            label={t('now.outstanding')}
            value={money(now.outstandingCents)}
            detail={t('now.outstandingVisits', { value: f.count(now.outstandingVisits) })}
            to={visitsLink({ filter: 'unpaid', sort: 'highestCost' })}
            tone={now.outstandingCents > 0 ? 'warning' : 'neutral'}
            icon={<HandCoins />}
          />
          <NowTile
            id="oilDueSoon"
            label={t('now.oilDueSoon')}
            value={f.count(now.oilDueSoon.total)}
            detail={t('now.oilBreakdown', { byKm: f.count(now.oilDueSoon.byKm), byDate: f.count(now.oilDueSoon.byDate) })}
            to={`${location.pathname}${location.search}#oil-due`}
            tone={now.oilDueSoon.total > 0 ? 'warning' : 'neutral'}
            icon={<Droplets />}
          />
          <NowTile
            id="lowStock"
            label={t('now.lowStock')}
            value={f.count(data.parts.lowStock)}
            to="/admin/parts?lowStock=true"
            tone={data.parts.lowStock > 0 ? 'warning' : 'neutral'}
            icon={<PackageMinus />}
          />
          {/* Costs and margins: the API sends the parts margin to admins only (null for other staff). */}
          {data.parts.margin && (
            <NowTile
              id="partsMargin"
              label={t('now.partsMargin')}
              value={data.parts.margin.marginBasisPoints === null ? '—' : f.percent(data.parts.margin.marginBasisPoints / 10_000)}
              detail={t('now.partsMarginDetail', {
                sales: money(data.parts.margin.salesCents),
                cost: money(data.parts.margin.costCents),
              })}
              to="/admin/dashboard/reports?report=parts-sales"
              icon={<TrendingUp />}
            />
          )}
        </div>
      </section>

      {newShop ? (
        <section
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card p-10 text-center"
          data-testid="main-panel-empty"
        >
          <h2 className="text-lg font-semibold">{t('emptyTitle')}</h2>
          <p className="max-w-md text-sm text-muted-foreground">{t('emptyText')}</p>
          <Link to="/admin/visits" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {t('addVisit')}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="charts-title" className="flex flex-col gap-3">
          <h2 id="charts-title" className="text-lg font-semibold">
            {t('charts.title')}
          </h2>
          <DashboardCharts data={data} links={{ visits: periodVisits, payments: '/admin/payments' }} />
        </section>
      )}

      <div className="grid gap-4 lg:grid-cols-5">
        <TasksByStatus data={data} to={periodVisits} />
        <OilDueSoon data={data} />
      </div>

      {/* Digital inspections over the same period (issue #29): their own query, so the KPIs never wait for them. */}
      <InspectionsCard period={period} />

      {/* The web-analytics part (the analytics feature's own section, with its own period and audience). */}
      <div className="flex flex-col gap-2" data-testid="web-analytics-section">
        <SectionBoundary
          fallback={(retry) => (
            <div
              className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center"
              role="alert"
              data-testid="web-analytics-failed"
            >
              <p className="font-medium">{t('webAnalytics.failed')}</p>
              <Button variant="outline" className="mt-3" onClick={retry}>
                {t('retry')}
              </Button>
            </div>
          )}
        >
          <WebAnalyticsCharts />
        </SectionBoundary>
        <Link
          to="/admin/dashboard/real-time"
          className="self-end text-sm text-primary underline-offset-4 hover:underline dark:text-brand-200"
        >
          {t('webAnalytics.realTime')}
        </Link>
      </div>
    </>
  );
}

function TasksByStatus({ data, to }: { data: DashboardKpis; to: string }) {
  const { t } = useTranslation(['dashboard', 'tasks']);
  const f = useDashboardFormat();
  const total = data.tasksByStatus.reduce((sum, row) => sum + row.count, 0);
  const tone: Record<string, string> = {
    PENDING: 'bg-slate-400',
    IN_PROGRESS: 'bg-amber-500',
    COMPLETED: 'bg-emerald-500',
    CANCELLED: 'bg-red-500',
    REOPENED: 'bg-violet-500',
  };
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm lg:col-span-2"
      aria-labelledby="tasks-status-title"
      data-testid="tasks-by-status"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 id="tasks-status-title" className="font-medium">
          {t('charts.tasksByStatus')}
        </h3>
        <Link to={to} className="text-xs text-primary underline-offset-4 hover:underline dark:text-brand-200">
          {t('charts.openVisits')}
        </Link>
      </header>
      <ul className="flex flex-col gap-2.5">
        {data.tasksByStatus.map((row) => (
          <li key={row.status} className="flex flex-col gap-1 text-sm">
            <span className="flex items-center justify-between gap-2">
              <span>{t(`tasks:status.${row.status}`)}</span>
              <span className="tabular-nums text-muted-foreground">
                <span className="font-medium text-foreground">{f.count(row.count)}</span>
                <span className="sr-only"> · </span>
                <span className="ms-2 text-xs">{t('previousValue', { value: f.count(row.previous) })}</span>
              </span>
            </span>
            <span className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <span
                className={`block h-full rounded-full ${tone[row.status]}`}
                style={{ width: `${total ? (row.count / total) * 100 : 0}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OilDueSoon({ data }: { data: DashboardKpis }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  return (
    <section
      id="oil-due"
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm lg:col-span-3"
      aria-labelledby="oil-due-title"
      data-testid="oil-due"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="oil-due-title" className="font-medium">
          {t('oil.title')}
        </h3>
        {data.now.oilDueSoon.total > data.oilDueSoon.length && (
          <span className="text-xs text-muted-foreground">
            {t('oil.showing', { shown: f.count(data.oilDueSoon.length), total: f.count(data.now.oilDueSoon.total) })}
          </span>
        )}
      </header>
      {data.oilDueSoon.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('oil.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {data.oilDueSoon.map((row) => {
            const overdueKm = row.dueInKm !== null && row.dueInKm <= 0;
            const overdueDate = row.nextChangeDate <= data.period.today;
            return (
              <li key={row.vehicleId}>
                <Link
                  to={`/admin/user/oil/${row.ownerId}/${row.vehicleId}`}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm hover:bg-accent/30"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium">
                      <Ltr>{row.plateNumber}</Ltr> · {row.brand} {row.model}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{row.ownerName}</span>
                  </span>
                  <span className="flex flex-col items-end text-xs">
                    {row.dueByKm && row.dueInKm !== null && (
                      <span className={overdueKm ? 'font-medium text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}>
                        {overdueKm ? t('oil.overdueKm', { km: f.km(-row.dueInKm) }) : t('oil.dueInKm', { km: f.km(row.dueInKm) })}
                      </span>
                    )}
                    {row.dueByDate && (
                      <span className={overdueDate ? 'font-medium text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}>
                        {overdueDate
                          ? t('oil.overdueSince', { date: f.day(row.nextChangeDate) })
                          : t('oil.dueOn', { date: f.day(row.nextChangeDate) })}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function MainPanelSkeleton() {
  return (
    <div className="flex flex-col gap-5" data-testid="main-panel-loading">
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-72 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
