// /admin/dashboard/real-time (SPEC §2, §7 "last-minute active users"): who is on the website right now.
// Active users of the last minute (and, labelled, 5 and 30 minutes), a live feed of page views, and the top
// pages and devices of the last 30 minutes, pushed by the server (features/analytics/use-realtime-stream.ts)
// whenever any app instance stores a visit. The audience switch shows the client or staff area instead.
import { Monitor, Smartphone, Tablet, HelpCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsArea, RealtimeSnapshot } from '@garage/shared/schemas/analytics';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { ANALYTICS_COLORS, useAnalyticsFormat, useRealtimeStream, type StreamStatus } from '../analytics/index.ts';

const AREAS: AnalyticsArea[] = ['public', 'client', 'staff'];
const DEVICE_ICONS: Record<string, typeof Monitor> = { mobile: Smartphone, tablet: Tablet, desktop: Monitor };

function LiveBadge({ status }: { status: StreamStatus }) {
  const { t } = useTranslation('analytics');
  const live = status === 'live';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium',
        live ? 'border-emerald-500/40 text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
      )}
      data-testid="realtime-status"
      data-status={status}
    >
      <span className="relative flex size-2">
        {live && <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60" />}
        <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-emerald-500' : 'bg-muted-foreground')} />
      </span>
      {t(live ? 'realtime.live' : status === 'connecting' ? 'realtime.connecting' : 'realtime.reconnecting')}
    </span>
  );
}

function Stat({
  label,
  hint,
  value,
  big,
  testId,
}: {
  label: string;
  hint?: string;
  value: number | undefined;
  big?: boolean;
  testId: string;
}) {
  const f = useAnalyticsFormat();
  return (
    <div
      className={cn('flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm', big && 'sm:col-span-2 lg:col-span-1 border-primary/40')}
    >
      <span className="text-sm text-muted-foreground">{label}</span>
      {value === undefined ? (
        <Skeleton className="h-9 w-16" />
      ) : (
        <span className={cn('font-semibold tabular-nums', big ? 'text-4xl' : 'text-3xl')} data-testid={testId}>
          {f.count(value)}
        </span>
      )}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}

function Feed({ items }: { items: RealtimeSnapshot['recent'] }) {
  const { t } = useTranslation('analytics');
  const f = useAnalyticsFormat();
  if (!items.length)
    return (
      <p className="py-8 text-center text-sm text-muted-foreground" data-testid="realtime-feed-empty">
        {t('realtime.feedEmpty')}
      </p>
    );
  return (
    <ol className="flex flex-col divide-y" aria-live="polite" data-testid="realtime-feed">
      {items.map((item) => {
        const Icon = DEVICE_ICONS[item.deviceType ?? ''] ?? HelpCircle;
        return (
          <li key={item.id} className="flex items-center gap-3 py-2 text-sm" data-testid="realtime-feed-item">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-label={f.device(item.deviceType ?? 'Unknown')} />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-mono text-xs" title={item.path}>
                <bdi dir="ltr">{item.path}</bdi>
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {[item.browser, item.os].filter(Boolean).join(' · ') || t('unknown')}
                {item.referrer ? ` · ${t('realtime.from', { source: item.referrer })}` : ''}
              </span>
            </div>
            <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {f.clock(item.at)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

function Bars({ items, label, testId }: { items: { key: string; label: ReactNode; views: number }[]; label: string; testId: string }) {
  const { t } = useTranslation('analytics');
  const f = useAnalyticsFormat();
  const top = items[0]?.views ?? 0;
  if (!items.length) return <p className="py-6 text-center text-sm text-muted-foreground">{t('charts.noData')}</p>;
  return (
    <table className="w-full table-fixed text-sm" data-testid={testId}>
      <thead className="sr-only">
        <tr>
          <th>{label}</th>
          <th>{t('realtime.views')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={item.key}>
            <td className="relative py-1.5 pe-2">
              <span
                className="absolute inset-y-1 start-0 rounded"
                style={{
                  inlineSize: `${top ? (item.views / top) * 100 : 0}%`,
                  background: ANALYTICS_COLORS[index % ANALYTICS_COLORS.length],
                  opacity: 0.15,
                }}
                aria-hidden="true"
              />
              <span className="relative block truncate px-2">{item.label}</span>
            </td>
            <td className="w-16 py-1.5 text-end tabular-nums">{f.count(item.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RealTimePage() {
  const { t } = useTranslation('analytics');
  const f = useAnalyticsFormat();
  const [area, setArea] = useState<AnalyticsArea>('public');
  const { snapshot, status, failed } = useRealtimeStream(area);
  const active = snapshot?.activeUsers;

  return (
    <div className="flex flex-col gap-6" data-testid="realtime-page">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{t('realtime.title')}</h1>
            <LiveBadge status={status} />
          </div>
          <p className="text-sm text-muted-foreground">{t('realtime.subtitle')}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="realtime-area">{t('area.label')}</Label>
          <Select value={area} onValueChange={(value) => setArea(value as AnalyticsArea)}>
            <SelectTrigger id="realtime-area" className="w-full sm:w-48" data-testid="realtime-area">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {AREAS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`area.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </header>

      {failed && !snapshot && (
        <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive">
          {t('errors.realtime')}
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat big label={t('realtime.activeNow')} hint={t('realtime.activeHint')} value={active?.lastMinute} testId="realtime-active" />
        <Stat label={t('realtime.last5')} value={active?.lastFiveMinutes} testId="realtime-active-5" />
        <Stat label={t('realtime.last30')} value={active?.lastThirtyMinutes} testId="realtime-active-30" />
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm" aria-labelledby="realtime-feed-title">
          <h2 id="realtime-feed-title" className="font-medium">
            {t('realtime.feed')}
          </h2>
          {snapshot ? <Feed items={snapshot.recent} /> : <Skeleton className="h-64 w-full" />}
        </section>
        <div className="flex min-w-0 flex-col gap-4">
          <section className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm" aria-labelledby="realtime-pages-title">
            <h2 id="realtime-pages-title" className="font-medium">
              {t('realtime.topPages')}
            </h2>
            {snapshot ? (
              <Bars
                testId="realtime-top-pages"
                label={t('charts.page')}
                items={snapshot.topPages.map((page) => ({
                  key: page.path,
                  views: page.views,
                  label: (
                    <bdi dir="ltr" className="font-mono text-xs">
                      {page.path}
                    </bdi>
                  ),
                }))}
              />
            ) : (
              <Skeleton className="h-32 w-full" />
            )}
          </section>
          <section className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm" aria-labelledby="realtime-devices-title">
            <h2 id="realtime-devices-title" className="font-medium">
              {t('realtime.devices')}
            </h2>
            {snapshot ? (
              <Bars
                testId="realtime-devices"
                label={t('charts.devices')}
                items={snapshot.devices.map((device) => ({ key: device.name, views: device.views, label: f.device(device.name) }))}
              />
            ) : (
              <Skeleton className="h-24 w-full" />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
