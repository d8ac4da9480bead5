// "Rate your visits": the client's completed visits with their rating, each with the rating dialog. Meant
// for the client dashboard; reads ratings.mine.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { RateVisitButton } from './rate-visit-button.tsx';
import { StarRow } from './stars.tsx';
import { Ltr } from '../../components/ltr.tsx';

export function MyRatingsCard({ limit = 5 }: { limit?: number }) {
  return (
    <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
      <MyRatings limit={limit} />
    </Suspense>
  );
}

function MyRatings({ limit }: { limit: number }) {
  const { t } = useTranslation('ratings');
  const trpc = useTRPC();
  const format = useFormatters();
  const mine = useQuery(trpc.ratings.mine.queryOptions());
  // Visits still waiting for a rating first, then the latest rated: what the client most likely wants.
  const visits = [...(mine.data?.visits ?? [])]
    .sort((a, b) => Number(!!a.rating) - Number(!!b.rating) || (b.rating?.updatedAt ?? '').localeCompare(a.rating?.updatedAt ?? ''))
    .slice(0, limit);
  return (
    <Card data-testid="my-ratings">
      <CardHeader>
        <CardTitle>{t('mine.title')}</CardTitle>
        <CardDescription>{t('mine.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {mine.isPending ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-12 w-full" />
            ))}
          </div>
        ) : mine.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('mine.loadFailed')}
          </p>
        ) : visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('mine.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {visits.map(({ visit, rating }) => (
              <li key={visit.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="my-rating-row">
                {/* A basis wide enough for the name: on a phone the rating and its button wrap below it. */}
                <div className="min-w-0 flex-1 basis-48">
                  {/* dir="auto": a name typed in a left-to-right language is cut at its end, not its start, in Arabic. */}
                  <Link
                    to={`/client/overview/${visit.vehicle.id}/${visit.id}`}
                    dir="auto"
                    className="block truncate font-medium hover:underline"
                  >
                    {visit.name}
                  </Link>
                  <p className="truncate text-xs text-muted-foreground">
                    <bdi>
                      {visit.vehicle.brand} {visit.vehicle.model}
                    </bdi>{' '}
                    · <Ltr>{visit.vehicle.plateNumber}</Ltr> · <bdi>{format.dateTime(visit.completedAt ?? visit.visitDate)}</bdi>
                  </p>
                </div>
                <div className="ms-auto flex shrink-0 items-center gap-3">
                  {rating ? (
                    <StarRow stars={rating.stars} label={t('rate.yourRating', { stars: rating.stars })} />
                  ) : (
                    <span className="text-xs text-muted-foreground">{t('mine.notRated')}</span>
                  )}
                  <RateVisitButton visitId={visit.id} visitName={visit.name} rating={rating} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
