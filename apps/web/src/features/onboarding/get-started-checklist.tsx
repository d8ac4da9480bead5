// The "get started" checklist on the staff dashboard after setup: add services, staff, a first customer and
// visit, share the website link. Steps are read from the data (tRPC setup.checklist), so they tick
// themselves as the shop works; the card hides itself when everything is done or when dismissed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ExternalLink, X } from 'lucide-react';
import { Suspense } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Checklist, ChecklistStep } from '@garage/shared/schemas/setup';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';

const STEP_LINKS: Record<Exclude<ChecklistStep, 'website'>, string> = {
  services: '/admin/settings/offering',
  staff: '/admin/users',
  customer: '/admin/users',
  visit: '/admin/visits',
};

export function GetStartedChecklist() {
  const trpc = useTRPC();
  const checklist = useQuery({ ...trpc.setup.checklist.queryOptions(), staleTime: 30_000 });
  const data = checklist.data;
  // Nothing while loading or on failure: the dashboard is what the page is about.
  if (!data || data.allDone || data.dismissed) return null;
  return (
    <Suspense fallback={null}>
      <ChecklistCard data={data} />
    </Suspense>
  );
}

function ChecklistCard({ data }: { data: Checklist }) {
  const { t } = useTranslation('setup');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const store = (next: Checklist) => queryClient.setQueryData(trpc.setup.checklist.queryKey(), next);
  const markShared = useMutation(trpc.setup.markWebsiteShared.mutationOptions({ onSuccess: store }));
  const dismiss = useMutation(trpc.setup.dismissChecklist.mutationOptions({ onSuccess: store }));
  const siteUrl = `${window.location.origin}/`;

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(siteUrl);
      toast.success(t('checklist.linkCopied'));
    } catch {
      // Clipboard refused (permissions, http): the link stays visible to copy by hand.
    }
    markShared.mutate();
  }

  return (
    <Card data-testid="get-started-checklist" className="border-primary/30">
      <CardContent className="flex flex-col gap-4 py-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-lg font-semibold">{t('checklist.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('checklist.subtitle')}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => dismiss.mutate()}
            disabled={dismiss.isPending}
            aria-label={t('checklist.dismissLabel')}
            data-testid="get-started-dismiss"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t('checklist.dismiss')}</span>
          </Button>
        </div>
        <div className="flex items-center gap-3">
          <Progress
            value={(data.completed / data.total) * 100}
            className="h-2 flex-1"
            aria-label={t('checklist.progress', { completed: data.completed, total: data.total })}
          />
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {t('checklist.progress', { completed: data.completed, total: data.total })}
          </span>
        </div>
        <ol className="flex flex-col divide-y">
          {data.steps.map(({ key, done }) => (
            <li
              key={key}
              data-testid={`get-started-${key}`}
              data-done={done}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border',
                  done ? 'border-emerald-600 bg-emerald-600 text-white' : 'text-muted-foreground',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : null}
                <span className="sr-only">{done ? t('checklist.done') : ''}</span>
              </span>
              <div className="flex min-w-0 flex-1 flex-col">
                <span className={cn('text-sm font-medium', done && 'text-muted-foreground line-through')}>
                  {t(`checklist.steps.${key}.title`)}
                </span>
                <span className="text-xs text-muted-foreground">{t(`checklist.steps.${key}.body`)}</span>
              </div>
              {done ? null : key === 'website' ? (
                <span className="flex shrink-0 gap-2">
                  <Button size="sm" variant="outline" onClick={() => void copyLink()} disabled={markShared.isPending}>
                    <Copy aria-hidden="true" className="size-4" />
                    {t(`checklist.steps.website.action`)}
                  </Button>
                  <a
                    href={siteUrl}
                    target="_blank"
                    rel="noreferrer"
                    onClick={() => markShared.mutate()}
                    className={buttonVariants({ size: 'sm', variant: 'ghost' })}
                    aria-label={siteUrl}
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                </span>
              ) : (
                <Link to={STEP_LINKS[key]} className={cn(buttonVariants({ size: 'sm', variant: 'outline' }), 'shrink-0')}>
                  {t(`checklist.steps.${key}.action`)}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
