// The rating section of the client's visit page (client-portal CLIENT_VISIT_SECTIONS): once the visit is
// completed, the client's rating of it (stars and feedback) or an invitation to rate, with the rating dialog.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLETED_VISIT_STATUSES } from '@garage/shared/visit-rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { RateVisitButton } from './rate-visit-button.tsx';
import { StarRow } from './stars.tsx';

interface RatedVisit {
  id: string;
  name: string;
  status: string;
}

export function VisitRatingSection({ visit }: { visit: RatedVisit }) {
  if (!(COMPLETED_VISIT_STATUSES as readonly string[]).includes(visit.status)) return null;
  return (
    <Suspense fallback={<Skeleton className="h-32 w-full rounded-xl" />}>
      <VisitRating visit={visit} />
    </Suspense>
  );
}

function VisitRating({ visit }: { visit: RatedVisit }) {
  const { t } = useTranslation('ratings');
  const trpc = useTRPC();
  const rating = useQuery(trpc.ratings.forVisit.queryOptions({ visitId: visit.id }));
  return (
    <Card className="gap-4" data-testid="visit-rating">
      <CardHeader>
        <CardTitle className="text-lg">{t('rate.title')}</CardTitle>
        <CardDescription>{t('rate.description', { visit: visit.name })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        {rating.isPending ? (
          <Skeleton className="h-9 w-40" />
        ) : rating.data ? (
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <StarRow stars={rating.data.stars} label={t('rate.yourRating', { stars: rating.data.stars })} className="[&>svg]:size-5" />
            {rating.data.feedback && (
              <p dir="auto" className="text-sm break-words whitespace-pre-wrap text-muted-foreground">
                {rating.data.feedback}
              </p>
            )}
          </div>
        ) : (
          <p className="min-w-0 flex-1 text-sm text-muted-foreground">{t('mine.notRated')}</p>
        )}
        {!rating.isPending && (
          <RateVisitButton visitId={visit.id} visitName={visit.name} rating={rating.data ?? null} variant="default" size="default" />
        )}
      </CardContent>
    </Card>
  );
}
