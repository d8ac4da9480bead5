// /client/dashboard: what a client wants to know first: what they owe, which visits are still open and in
// what state, when each vehicle needs its next oil change, and their last visits, each linking to its page.
// Data: tRPC dashboard.mine (only the signed-in client's rows; apps/api/src/modules/dashboard).
import { useQuery } from '@tanstack/react-query';
import type { ClientDashboard, ClientDashboardVisit } from '@garage/shared/schemas/dashboard';
import { COMPLETED_VISIT_STATUSES } from '@garage/shared/visit-rules';
import { Car, ChevronRight, ClipboardList, Droplets, HandCoins } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { browserTimeZone } from '../../lib/formatters.ts';
import { OverdueBadge, PaymentStatusBadge, VisitStatusBadge } from '../../components/status-badges.tsx';
import { MyRatingsCard, RateVisitButton } from '../ratings/index.ts';
import { useDashboardFormat } from './dashboard-format.ts';
import { MyRemindersCard } from '../reminders/index.ts';
import { MyAppointmentsCard } from '../appointments/index.ts';
import { Ltr } from '../../components/ltr.tsx';

const visitPath = (visit: { vehicleId: string; id: string }) => `/client/overview/${visit.vehicleId}/${visit.id}`;

export function ClientDashboardPage() {
  const { t } = useTranslation('dashboard');
  const trpc = useTRPC();
  const { user } = useAuth();
  const mine = useQuery(trpc.dashboard.mine.queryOptions({ timeZone: browserTimeZone() }));

  return (
    <div className="flex flex-col gap-5" data-testid="client-dashboard">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">
          {user ? t('client.greeting', { name: user.firstName }) : t('client.title')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('client.subtitle')}</p>
      </header>
      <div aria-live="polite" aria-busy={mine.isFetching} className="flex flex-col gap-5">
        {mine.isLoading && <ClientSkeleton />}
        {mine.isError && (
          <div className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center" role="alert">
            <p className="font-medium">{t('client.loadFailed')}</p>
            <Button variant="outline" className="mt-3" onClick={() => mine.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {mine.data && <ClientDashboardBody data={mine.data} />}
      </div>
    </div>
  );
}

function ClientDashboardBody({ data }: { data: ClientDashboard }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  return (
    <>
      <section className="grid grid-cols-3 gap-2 sm:gap-3" aria-label={t('client.summary')}>
        <SummaryTile
          id="balance"
          icon={<HandCoins />}
          label={t('client.balanceDue')}
          value={f.money(Math.max(0, data.balanceDueCents))}
          detail={data.visitsWithBalance > 0 ? t('client.balanceVisits', { value: f.count(data.visitsWithBalance) }) : t('client.allPaid')}
          tone={data.balanceDueCents > 0 ? 'warning' : 'ok'}
        />
        <SummaryTile id="open" icon={<ClipboardList />} label={t('client.openVisits')} value={f.count(data.openVisits.length)} />
        <SummaryTile id="vehicles" icon={<Car />} label={t('client.vehicles')} value={f.count(data.vehicles.length)} />
      </section>

      <MyRemindersCard />
      <MyAppointmentsCard />

      <section aria-labelledby="open-visits-title" className="flex flex-col gap-3">
        <h2 id="open-visits-title" className="text-lg font-semibold">
          {t('client.openVisits')}
        </h2>
        {data.openVisits.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            {t('client.noOpenVisits')}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="client-open-visits">
            {data.openVisits.map((visit) => (
              <li key={visit.id}>
                <VisitCard visit={visit} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="vehicles-title" className="flex flex-col gap-3">
        <header className="flex items-center justify-between gap-2">
          <h2 id="vehicles-title" className="text-lg font-semibold">
            {t('client.vehicles')}
          </h2>
          <Link to="/client/overview" className="text-sm text-primary underline-offset-4 hover:underline dark:text-brand-200">
            {t('client.allVehicles')}
          </Link>
        </header>
        {data.vehicles.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">{t('client.noVehicles')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="client-vehicles">
            {data.vehicles.map((vehicle) => (
              <li key={vehicle.id}>
                <VehicleCard vehicle={vehicle} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recent-visits-title" className="flex flex-col gap-3">
        <h2 id="recent-visits-title" className="text-lg font-semibold">
          {t('client.recentVisits')}
        </h2>
        {data.recentVisits.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">{t('client.noVisits')}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-xl border bg-card" data-testid="client-recent-visits">
            {data.recentVisits.map((visit) => (
              <RecentVisitRow key={visit.id} visit={visit} />
            ))}
          </ul>
        )}
      </section>

      {/* Rating each finished job: the completed visits with their rating, whatever is open right now. */}
      <MyRatingsCard />
    </>
  );
}

function SummaryTile({
  id,
  icon,
  label,
  value,
  detail,
  tone = 'neutral',
}: {
  id: string;
  icon: ReactNode;
  label: string;
  value: string;
  detail?: string;
  tone?: 'neutral' | 'warning' | 'ok';
}) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4" data-testid={`client-summary-${id}`}>
      <span
        className={cn(
          'hidden size-10 shrink-0 place-items-center rounded-lg sm:grid [&_svg]:size-5',
          tone === 'warning'
            ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300'
            : tone === 'ok'
              ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
              : 'bg-primary/10 text-primary',
        )}
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs leading-tight text-muted-foreground">{label}</span>
        <span className="text-lg font-semibold tabular-nums sm:text-xl" data-testid={`client-summary-${id}-value`}>
          {value}
        </span>
        {detail && <span className="text-xs leading-tight text-muted-foreground">{detail}</span>}
      </span>
    </div>
  );
}

// Its list is `grid-cols-1` (minmax(0, 1fr)), not a bare grid: a long visit name then truncates instead of
// widening the column past a phone's width.
function VisitCard({ visit }: { visit: ClientDashboardVisit }) {
  const { t } = useTranslation(['dashboard', 'visits']);
  const f = useDashboardFormat();
  return (
    <Link
      to={visitPath(visit)}
      className="flex h-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/30"
      data-testid="client-open-visit"
    >
      <span className="flex items-start justify-between gap-2">
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{visit.name}</span>
          <span className="text-xs text-muted-foreground">
            <Ltr>{visit.plateNumber}</Ltr>
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden="true" />
      </span>
      <span className="flex flex-wrap gap-1.5">
        <VisitStatusBadge status={visit.status} />
        <PaymentStatusBadge status={visit.paymentStatus} />
        {visit.overdue && <OverdueBadge />}
      </span>
      <span className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{t('visits:due', { date: f.day(visit.dueDate) })}</span>
        {visit.balanceCents > 0 && <span className="font-medium">{t('client.balance', { amount: f.money(visit.balanceCents) })}</span>}
      </span>
    </Link>
  );
}

function VehicleCard({ vehicle }: { vehicle: ClientDashboard['vehicles'][number] }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const { oil } = vehicle;
  const stateTone = {
    ok: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
    soon: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
    overdue: 'bg-red-500/15 text-red-800 dark:text-red-300',
    unknown: 'bg-muted text-muted-foreground',
  }[oil.state];
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="client-vehicle">
      <header className="flex items-start justify-between gap-2">
        <Link to={`/client/overview/${vehicle.id}`} className="flex min-w-0 flex-col hover:underline">
          <span className="font-semibold">
            <Ltr>{vehicle.plateNumber}</Ltr>
          </span>
          <span className="truncate text-sm text-muted-foreground">
            {vehicle.brand} {vehicle.model} · <Ltr>{vehicle.year}</Ltr>
          </span>
        </Link>
        {vehicle.openVisits > 0 && (
          <span className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary">
            {t('client.inShop', { value: f.count(vehicle.openVisits) })}
          </span>
        )}
      </header>
      {vehicle.latestKm !== null && <p className="text-sm text-muted-foreground">{t('client.latestKm', { km: f.km(vehicle.latestKm) })}</p>}
      <Link
        to={`/client/overview/oil/${vehicle.id}`}
        className="mt-auto flex flex-col gap-1 rounded-lg border p-3 text-sm hover:bg-accent/30"
        data-testid="client-vehicle-oil"
        data-state={oil.state}
      >
        <span className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-1.5 font-medium">
            <Droplets className="size-4 text-primary" aria-hidden="true" />
            {t('client.oil.title')}
          </span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', stateTone)}>{t(`client.oil.states.${oil.state}`)}</span>
        </span>
        {oil.state === 'unknown' ? (
          <span className="text-muted-foreground">{t('client.oil.unknown')}</span>
        ) : (
          <>
            {oil.nextChangeKm !== null && (
              <span>
                {t('client.oil.atKm', { km: f.km(oil.nextChangeKm) })}
                {oil.dueInKm !== null && (
                  <span className="text-muted-foreground">
                    {' · '}
                    {oil.dueInKm > 0
                      ? t('client.oil.dueInKm', { km: f.km(oil.dueInKm) })
                      : t('client.oil.overdueKm', { km: f.km(-oil.dueInKm) })}
                  </span>
                )}
              </span>
            )}
            {oil.nextChangeDate && (
              <span className="text-muted-foreground">{t('client.oil.byDate', { date: f.day(oil.nextChangeDate) })}</span>
            )}
          </>
        )}
      </Link>
    </article>
  );
}

function RecentVisitRow({ visit }: { visit: ClientDashboardVisit }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const done = (COMPLETED_VISIT_STATUSES as readonly string[]).includes(visit.status);
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4" data-testid="client-recent-visit">
      <Link to={visitPath(visit)} className="flex min-w-0 flex-col hover:underline sm:flex-1">
        <span className="truncate font-medium">{visit.name}</span>
        <span className="text-xs text-muted-foreground">
          {f.instantDay(visit.visitDate)} · <Ltr>{visit.plateNumber}</Ltr>
        </span>
      </Link>
      <span className="flex flex-wrap items-center gap-2">
        <VisitStatusBadge status={visit.status} />
        <span className="text-sm font-medium tabular-nums">{f.money(visit.totalCostCents)}</span>
        {/* A finished visit can be rated right here (features/ratings). */}
        {done && <RateVisitButton visitId={visit.id} visitName={visit.name} />}
      </span>
    </li>
  );
}

function ClientSkeleton() {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} className="h-32 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-44 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
