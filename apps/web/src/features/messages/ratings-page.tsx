// /admin/messages/rate: what clients think of each visit. The average and the 1-5 distribution for the
// chosen period, then the ratings (client, visit, stars, feedback) filtered by stars and period, paged on
// the server. Staff choose testimonials for the home page here, only among ratings whose client agreed.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, CircleCheck, CircleSlash, MessageSquareQuote, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { RATING_PERIODS, RATING_STARS, type RatingPeriod, type RatingSummary, type RatingView } from '@garage/shared/schemas/ratings';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { StarRow } from '../ratings/index.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { Ltr } from '../../components/ltr.tsx';

const ANY = 'any';

export function RatingsPage() {
  const { t, i18n } = useTranslation(['ratings', 'common']);
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const period: RatingPeriod = RATING_PERIODS.find((value) => value === params.get('period')) ?? 'all';
  const stars = RATING_STARS.find((value) => String(value) === params.get('stars'));

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === ANY) next.delete(name);
        else next.set(name, value);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  const summary = useQuery({ ...trpc.ratings.summary.queryOptions({ period }), placeholderData: keepPreviousData });
  const list = useQuery({ ...trpc.ratings.list.queryOptions({ page, period, stars }), placeholderData: keepPreviousData });
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('staff.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('staff.subtitle')}</p>
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Select value={period} onValueChange={(value) => setParam('period', value === 'all' ? null : value)}>
            <SelectTrigger className="w-full sm:w-44" aria-label={t('staff.filterPeriod')} data-testid="ratings-period">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RATING_PERIODS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`staff.periods.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={stars ? String(stars) : ANY} onValueChange={(value) => setParam('stars', value)}>
            <SelectTrigger className="w-full sm:w-44" aria-label={t('staff.filterStars')} data-testid="ratings-stars">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('staff.anyStars')}</SelectItem>
              {[...RATING_STARS].reverse().map((value) => (
                <SelectItem key={value} value={String(value)}>
                  {t('staff.starsOption', { stars: number.format(value) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </header>

      <SummaryCards
        summary={summary.data}
        loading={summary.isPending}
        failed={summary.isError}
        selected={stars}
        onPick={(value) => setParam('stars', value === stars ? null : String(value))}
      />

      {list.isPending ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-destructive">{t('staff.loadFailed')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Card>
      ) : list.data.items.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">{t('staff.empty')}</Card>
      ) : (
        <ul className={cn('flex flex-col gap-2 transition-opacity', list.isPlaceholderData && 'opacity-60')} data-testid="ratings-list">
          {list.data.items.map((rating) => (
            <RatingItem key={rating.id} rating={rating} />
          ))}
        </ul>
      )}

      {list.data && list.data.total > 0 && (
        <nav
          className="flex flex-wrap items-center justify-between gap-3 text-sm"
          aria-label={t('staff.pager', { page, pageCount: list.data.pageCount, total: list.data.total })}
        >
          <span className="text-muted-foreground">
            {t('staff.pager', {
              page: number.format(list.data.page),
              pageCount: number.format(list.data.pageCount),
              total: number.format(list.data.total),
            })}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={list.data.page <= 1} onClick={() => setParam('page', String(list.data.page - 1))}>
              <ChevronLeft className="rtl:rotate-180" />
              {t('staff.previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={list.data.page >= list.data.pageCount}
              onClick={() => setParam('page', String(list.data.page + 1))}
            >
              {t('staff.next')}
              <ChevronRight className="rtl:rotate-180" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}

function SummaryCards({
  summary,
  loading,
  failed,
  selected,
  onPick,
}: {
  summary?: RatingSummary;
  loading: boolean;
  failed: boolean;
  selected?: number;
  onPick: (stars: number) => void;
}) {
  const { t, i18n } = useTranslation('ratings');
  const number = new Intl.NumberFormat(i18n.language);
  const averageFormat = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const percentFormat = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  if (loading)
    return (
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-44 rounded-xl md:col-span-2" />
      </div>
    );
  if (failed || !summary)
    return (
      <Card role="alert" className="p-6 text-center text-destructive">
        {t('staff.loadFailed')}
      </Card>
    );
  const largest = Math.max(1, ...summary.distribution.map((row) => row.count));
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card className="justify-center">
        <CardContent className="flex flex-col items-center gap-2 text-center">
          <p className="text-sm font-medium text-muted-foreground">{t('staff.average')}</p>
          {summary.average === null ? (
            <p className="py-4 text-muted-foreground">{t('staff.noRatings')}</p>
          ) : (
            <>
              <p className="flex items-baseline gap-2">
                <span className="text-5xl font-bold tabular-nums" data-testid="ratings-average">
                  {averageFormat.format(summary.average)}
                </span>
                <span className="text-muted-foreground">{t('staff.outOf')}</span>
              </p>
              <StarRow stars={summary.average} label={t('testimonials.rating', { stars: summary.average })} className="[&>svg]:size-5" />
              <p className="text-sm text-muted-foreground" data-testid="ratings-count">
                {t('staff.count', { total: number.format(summary.count) })}
              </p>
            </>
          )}
        </CardContent>
      </Card>
      <Card className="md:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">{t('staff.distribution')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2" data-testid="ratings-distribution">
            {[...summary.distribution].reverse().map((row) => {
              const share = summary.count ? row.count / summary.count : 0;
              return (
                <li key={row.stars}>
                  <button
                    type="button"
                    onClick={() => onPick(row.stars)}
                    aria-pressed={selected === row.stars}
                    className={cn(
                      'grid w-full grid-cols-[3rem_1fr_4.5rem] items-center gap-3 rounded-md px-1 py-0.5 text-sm hover:bg-accent',
                      selected === row.stars && 'bg-accent',
                    )}
                  >
                    <span className="flex items-center gap-1 tabular-nums">
                      {number.format(row.stars)}
                      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                      <span className="sr-only">{t('staff.starsUnit')}</span>
                    </span>
                    <span className="h-3 overflow-hidden rounded-full bg-muted">
                      <span
                        className="block h-full rounded-full bg-amber-400 transition-[width]"
                        style={{ width: `${(row.count / largest) * 100}%` }}
                      />
                    </span>
                    <span className="text-end text-muted-foreground tabular-nums">
                      {number.format(row.count)} · {percentFormat.format(share)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function RatingItem({ rating }: { rating: RatingView }) {
  const { t } = useTranslation('ratings');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const toggle = useMutation(
    trpc.ratings.setTestimonial.mutationOptions({
      onSuccess: async (updated) => {
        toast.success(t(updated.testimonial ? 'staff.testimonialOn' : 'staff.testimonialOff'));
        await queryClient.invalidateQueries({ queryKey: trpc.ratings.list.pathKey() });
      },
      onError: () => toast.error(t('staff.testimonialFailed')),
    }),
  );
  const canShow = rating.showOnWebsite && !!rating.feedback;
  const client = `${rating.client.firstName} ${rating.client.lastName}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs md:flex-row md:items-start" data-testid="rating-row">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StarRow stars={rating.stars} label={t('testimonials.rating', { stars: rating.stars })} />
          <Link to={`/admin/users/${rating.client.id}`} className="font-medium hover:underline">
            {client}
          </Link>
          <time dateTime={rating.createdAt} className="text-xs text-muted-foreground">
            {format.dateTime(rating.createdAt)}
          </time>
        </div>
        <p className="text-sm text-muted-foreground">
          {rating.visit ? (
            <Link
              to={`/admin/users/${rating.client.id}/vehicle/${rating.visit.vehicle.id}/visit/${rating.visit.id}`}
              className="hover:text-foreground hover:underline"
            >
              <bdi>{rating.visit.name}</bdi> ·{' '}
              <bdi>
                {rating.visit.vehicle.brand} {rating.visit.vehicle.model}
              </bdi>{' '}
              · <Ltr>{rating.visit.vehicle.plateNumber}</Ltr>
            </Link>
          ) : (
            t('staff.noVisit')
          )}
        </p>
        {rating.feedback ? (
          <blockquote className="flex gap-2 text-sm">
            <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-muted-foreground rtl:-scale-x-100" aria-hidden="true" />
            <span dir="auto" className="min-w-0 break-words whitespace-pre-wrap">
              {rating.feedback}
            </span>
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground italic">{t('staff.noFeedback')}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-2 md:w-56 md:items-end">
        <Badge variant="outline" className={cn(!rating.showOnWebsite && 'text-muted-foreground')}>
          {rating.showOnWebsite ? <CircleCheck className="text-success" aria-hidden="true" /> : <CircleSlash aria-hidden="true" />}
          {t(rating.showOnWebsite ? 'staff.consentGiven' : 'staff.noConsent')}
        </Badge>
        <label className={cn('flex items-center gap-2 text-sm', !canShow && 'text-muted-foreground')}>
          <Switch
            checked={rating.testimonial}
            disabled={toggle.isPending || (!canShow && !rating.testimonial)}
            onCheckedChange={(checked) => toggle.mutate({ id: rating.id, testimonial: checked })}
            data-testid="testimonial-toggle"
          />
          {t('staff.testimonialToggle')}
        </label>
      </div>
    </li>
  );
}
