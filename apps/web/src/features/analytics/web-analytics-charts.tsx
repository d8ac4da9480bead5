// The web-analytics part of the staff main panel (SPEC §7 analytics calls): a period (two dates, presets),
// an audience switch (public website by default, client or staff area), and four reports: page views over
// time, devices, browsers and popular pages. Queries run only when both dates are set and valid. In
// right-to-left languages time runs from the right and value axes sit on the right.
import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { isRtlLanguage } from '@garage/shared/constants';
import type { AnalyticsArea } from '@garage/shared/schemas/analytics';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ChartCard } from './chart-card.tsx';
import { ANALYTICS_COLORS, useAnalyticsFormat } from './use-analytics-format.ts';

// Same limit as the API (ANALYTICS_LIMITS.maxRangeDays); kept here as a number so this screen does not pull
// the schemas module into the bundle for one constant.
const MAX_RANGE_DAYS = 731;
const AREAS: AnalyticsArea[] = ['public', 'client', 'staff'];
const PRESETS = [
  ['last7', 7],
  ['last30', 30],
  ['last90', 90],
  ['last365', 365],
] as const;
const AXIS = { fontSize: 11, fill: 'var(--muted-foreground)' };
const TOOLTIP_STYLE = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
};

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
function lastDays(days: number): { startDate: string; endDate: string } {
  const end = new Date();
  const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - (days - 1));
  return { startDate: isoDay(start), endDate: isoDay(end) };
}
const dayCount = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export function WebAnalyticsCharts({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('analytics');
  const f = useAnalyticsFormat();
  const trpc = useTRPC();
  const rtl = isRtlLanguage(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const [range, setRange] = useState(() => lastDays(30));
  const [area, setArea] = useState<AnalyticsArea>('public');

  const bothSet = !!range.startDate && !!range.endDate;
  const days = bothSet ? dayCount(range.startDate, range.endDate) : 0;
  const problem = !bothSet
    ? t('range.pickBoth')
    : days < 1
      ? t('range.invalid')
      : days > MAX_RANGE_DAYS
        ? t('range.tooLong', { days: MAX_RANGE_DAYS })
        : null;
  const input = problem ? skipToken : { startDate: range.startDate, endDate: range.endDate, area };

  const overTime = useQuery(trpc.analytics.pageViewsOverTime.queryOptions(input));
  const devices = useQuery(trpc.analytics.deviceDistribution.queryOptions(input));
  const browsers = useQuery(trpc.analytics.browserDistribution.queryOptions(input));
  const sources = useQuery(trpc.analytics.referrers.queryOptions(input));
  const pages = useQuery(
    trpc.analytics.popularPages.queryOptions(problem ? skipToken : { startDate: range.startDate, endDate: range.endDate, area, limit: 10 }),
  );
  const state = <T,>(query: { isPending: boolean; isError: boolean; refetch: () => T }) => (problem ? null : query);

  const xAxis = { reversed: rtl, tick: AXIS, tickLine: false, axisLine: false, minTickGap: 16 } as const;
  // Value labels are numbers: laid out left to right even in rtl, where the SVG would otherwise inherit the
  // page's direction and draw the right-hand axis's labels leftwards, over the plot.
  const yAxis = {
    orientation: rtl ? ('right' as const) : ('left' as const),
    tick: { ...AXIS, direction: 'ltr' },
    tickLine: false,
    axisLine: false,
    width: 44,
    allowDecimals: false,
  } as const;
  const margin = { top: 8, right: 8, bottom: 0, left: 8 };
  const activePreset = PRESETS.find(([, length]) => {
    const preset = lastDays(length);
    return preset.startDate === range.startDate && preset.endDate === range.endDate;
  })?.[0];
  const bucket = overTime.data?.bucket ?? 'day';
  const deviceItems = (devices.data?.items ?? []).map((item) => ({ ...item, label: f.device(item.name) }));
  const browserItems = (browsers.data?.items ?? []).slice(0, 7).map((item) => ({ ...item, label: f.name(item.name) }));
  const topViews = pages.data?.items[0]?.views ?? 0;

  return (
    <section className={cn('flex flex-col gap-4', className)} aria-labelledby="web-analytics-title" data-testid="web-analytics">
      <div className="flex flex-col gap-1">
        <h2 id="web-analytics-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>

      <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm lg:flex-row lg:flex-wrap lg:items-end">
        <div className="flex flex-wrap gap-1" role="group" aria-label={t('range.label')}>
          {PRESETS.map(([key, length]) => (
            <Button
              key={key}
              type="button"
              size="sm"
              variant={activePreset === key ? 'default' : 'outline'}
              aria-pressed={activePreset === key}
              onClick={() => setRange(lastDays(length))}
              data-testid={`analytics-preset-${length}`}
            >
              {t(`range.${key}`)}
            </Button>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor="analytics-from">{t('range.from')}</Label>
            <Input
              id="analytics-from"
              className="min-w-0"
              type="date"
              value={range.startDate}
              max={range.endDate || undefined}
              onChange={(event) => setRange((current) => ({ ...current, startDate: event.target.value }))}
              data-testid="analytics-from"
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor="analytics-to">{t('range.to')}</Label>
            <Input
              id="analytics-to"
              className="min-w-0"
              type="date"
              value={range.endDate}
              min={range.startDate || undefined}
              onChange={(event) => setRange((current) => ({ ...current, endDate: event.target.value }))}
              data-testid="analytics-to"
            />
          </div>
          <div className="col-span-2 flex flex-col gap-1.5">
            <Label htmlFor="analytics-area">{t('area.label')}</Label>
            <Select value={area} onValueChange={(value) => setArea(value as AnalyticsArea)}>
              <SelectTrigger id="analytics-area" className="w-full sm:w-48" data-testid="analytics-area">
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
        </div>
        {problem && (
          <p role="status" className="text-sm text-muted-foreground lg:basis-full" data-testid="analytics-range-problem">
            {problem}
          </p>
        )}
        {!problem && overTime.data && (
          <p className="text-xs text-muted-foreground lg:ms-auto">{t('range.timeZone', { zone: overTime.data.timeZone })}</p>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          id="page-views"
          className="lg:col-span-2"
          title={t('charts.pageViews')}
          aside={
            overTime.data && (
              <span className="flex gap-3">
                <span>{t('charts.totalViews', { value: f.count(overTime.data.totalViews) })}</span>
                <span>{t('charts.totalVisits', { value: f.count(overTime.data.totalVisits) })}</span>
              </span>
            )
          }
          state={state(overTime)}
          empty={!overTime.data?.totalViews}
          errorMessage={t('errors.pageViews')}
          table={
            overTime.data && (
              <table>
                <caption>{t('charts.pageViews')}</caption>
                <thead>
                  <tr>
                    <th>{t('charts.when')}</th>
                    <th>{t('charts.views')}</th>
                    <th>{t('charts.visits')}</th>
                  </tr>
                </thead>
                <tbody>
                  {overTime.data.points.map((point) => (
                    <tr key={point.start}>
                      <td>{f.bucketLong(point.start, bucket)}</td>
                      <td>{f.count(point.views)}</td>
                      <td>{f.count(point.visits)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        >
          <div className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={overTime.data?.points ?? []} margin={margin}>
                <defs>
                  <linearGradient id="analytics-views-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor={ANALYTICS_COLORS[0]} stopOpacity={0.35} />
                    <stop offset="100%" stopColor={ANALYTICS_COLORS[0]} stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="start" tickFormatter={(value: string) => f.bucket(value, bucket)} {...xAxis} />
                <YAxis tickFormatter={f.count} {...yAxis} />
                <Tooltip
                  {...TOOLTIP_STYLE}
                  labelFormatter={(label) => f.bucketLong(String(label), bucket)}
                  formatter={(value, name) => [f.count(Number(value)), t(`charts.${String(name)}`)]}
                />
                <Legend formatter={(name) => t(`charts.${String(name)}`)} wrapperStyle={{ fontSize: 12 }} />
                <Area
                  type="monotone"
                  dataKey="views"
                  stroke={ANALYTICS_COLORS[0]}
                  strokeWidth={2}
                  fill="url(#analytics-views-fill)"
                  isAnimationActive={false}
                />
                <Line
                  type="monotone"
                  dataKey="visits"
                  stroke={ANALYTICS_COLORS[1]}
                  strokeWidth={1.5}
                  dot={false}
                  isAnimationActive={false}
                />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>

        <ChartCard
          id="devices"
          title={t('charts.devices')}
          state={state(devices)}
          empty={!devices.data?.total}
          errorMessage={t('errors.devices')}
          table={<ShareTable caption={t('charts.devices')} items={deviceItems} />}
        >
          <div className="flex h-56 items-center gap-4">
            <div className="h-full min-w-0 flex-1">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie
                    data={deviceItems}
                    dataKey="views"
                    nameKey="label"
                    innerRadius="55%"
                    outerRadius="85%"
                    paddingAngle={2}
                    isAnimationActive={false}
                  >
                    {deviceItems.map((item, index) => (
                      <Cell key={item.name} fill={ANALYTICS_COLORS[index % ANALYTICS_COLORS.length]} stroke="var(--card)" />
                    ))}
                  </Pie>
                  <Tooltip {...TOOLTIP_STYLE} formatter={(value, name) => [f.count(Number(value)), String(name)]} />
                </PieChart>
              </ResponsiveContainer>
            </div>
            <ul className="flex w-36 shrink-0 flex-col gap-2 text-sm sm:w-44">
              {deviceItems.map((item, index) => (
                <li key={item.name} className="flex flex-col">
                  <span className="flex items-center gap-2">
                    <span
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ background: ANALYTICS_COLORS[index % ANALYTICS_COLORS.length] }}
                    />
                    <span className="truncate">{item.label}</span>
                  </span>
                  <span className="ps-4.5 font-medium tabular-nums">{f.percent(item.percentage)}</span>
                </li>
              ))}
            </ul>
          </div>
        </ChartCard>

        <ChartCard
          id="browsers"
          title={t('charts.browsers')}
          state={state(browsers)}
          empty={!browsers.data?.total}
          errorMessage={t('errors.browsers')}
          table={<ShareTable caption={t('charts.browsers')} items={browserItems} />}
        >
          <div className="h-56">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={browserItems} margin={margin}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis
                  dataKey="label"
                  {...xAxis}
                  minTickGap={0}
                  interval={0}
                  tickFormatter={(value: string) => (value.length > 10 ? `${value.slice(0, 9)}…` : value)}
                />
                <YAxis tickFormatter={f.count} {...yAxis} />
                <Tooltip
                  {...TOOLTIP_STYLE}
                  cursor={{ fill: 'var(--muted)' }}
                  formatter={(value) => [f.count(Number(value)), t('charts.views')]}
                />
                <Bar dataKey="views" fill={ANALYTICS_COLORS[0]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>

        <ChartCard
          id="popular-pages"
          title={t('charts.popularPages')}
          state={state(pages)}
          empty={!pages.data?.items.length}
          errorMessage={t('errors.popularPages')}
          chartHidden={false}
        >
          <table className="w-full table-fixed text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="pb-2 text-start font-medium">{t('charts.page')}</th>
                <th className="w-20 pb-2 text-end font-medium">{t('charts.views')}</th>
                <th className="hidden w-24 pb-2 text-end font-medium sm:table-cell">{t('charts.entrances')}</th>
                <th className="w-16 pb-2 text-end font-medium">{t('charts.share')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.data?.items.map((item) => (
                <tr key={item.path} className="border-t">
                  <td className="relative py-1.5 pe-2">
                    <span
                      className="absolute inset-y-1 start-0 rounded bg-primary/10"
                      style={{ inlineSize: `${topViews ? (item.views / topViews) * 100 : 0}%` }}
                      aria-hidden="true"
                    />
                    <span className="relative block truncate px-2 font-mono text-xs" title={item.path}>
                      <bdi dir="ltr">{item.path}</bdi>
                    </span>
                  </td>
                  <td className="py-1.5 text-end tabular-nums">{f.count(item.views)}</td>
                  <td className="hidden py-1.5 text-end tabular-nums sm:table-cell">{f.count(item.visits)}</td>
                  <td className="py-1.5 text-end tabular-nums text-muted-foreground">{f.percent(item.percentage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ChartCard>

        <ChartCard
          id="sources"
          title={t('charts.sources')}
          aside={sources.data && t('charts.totalVisits', { value: f.count(sources.data.total) })}
          state={state(sources)}
          empty={!sources.data?.total}
          errorMessage={t('errors.sources')}
          chartHidden={false}
        >
          <table className="w-full table-fixed text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="pb-2 text-start font-medium">{t('charts.source')}</th>
                <th className="w-20 pb-2 text-end font-medium">{t('charts.visits')}</th>
                <th className="w-16 pb-2 text-end font-medium">{t('charts.share')}</th>
              </tr>
            </thead>
            <tbody>
              {sources.data?.items.map((item) => (
                <tr key={item.name} className="border-t">
                  <td className="relative py-1.5 pe-2">
                    <span
                      className="absolute inset-y-1 start-0 rounded bg-emerald-500/15"
                      style={{ inlineSize: `${item.percentage}%` }}
                      aria-hidden="true"
                    />
                    {item.name === 'Direct' ? (
                      <span className="relative block truncate px-2">{t('realtime.direct')}</span>
                    ) : (
                      <span className="relative block truncate px-2" title={item.name}>
                        <bdi dir="ltr">{item.name}</bdi>
                      </span>
                    )}
                  </td>
                  <td className="py-1.5 text-end tabular-nums">{f.count(item.views)}</td>
                  <td className="py-1.5 text-end tabular-nums text-muted-foreground">{f.percent(item.percentage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ChartCard>
      </div>
    </section>
  );
}

function ShareTable({ caption, items }: { caption: string; items: { name: string; label: string; views: number; percentage: number }[] }) {
  const { t } = useTranslation('analytics');
  const f = useAnalyticsFormat();
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>{t('charts.name')}</th>
          <th>{t('charts.views')}</th>
          <th>{t('charts.share')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.name}>
            <td>{item.label}</td>
            <td>{f.count(item.views)}</td>
            <td>{f.percent(item.percentage)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
