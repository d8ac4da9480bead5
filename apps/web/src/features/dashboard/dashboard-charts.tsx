// The main panel's charts (recharts): revenue per day against the previous period, visits opened and
// completed per day, tasks by service and payment methods. In right-to-left languages time runs from the
// right (reversed x axis, values axis on the right). Each chart has a table of its figures for screen
// readers and links to the list behind it. This module is only loaded with the main panel (lazy route).
import type { DashboardKpis } from '@garage/shared/schemas/dashboard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
import { useDashboardFormat } from './dashboard-format.ts';

const COLORS = {
  current: 'var(--primary)',
  previous: 'var(--muted-foreground)',
  opened: 'var(--primary)',
  completed: '#10b981',
  methods: ['var(--primary)', '#10b981', '#f59e0b'],
};
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

function ChartCard({
  id,
  title,
  link,
  children,
  table,
  empty,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
  table: ReactNode;
  empty: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <section
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby={`chart-${id}-title`}
      data-testid={`chart-${id}`}
    >
      <header className="flex items-center justify-between gap-2">
        <h3 id={`chart-${id}-title`} className="font-medium">
          {title}
        </h3>
        {link && (
          <Link to={link.to} className="text-xs text-primary underline-offset-4 hover:underline dark:text-brand-200">
            {link.label}
          </Link>
        )}
      </header>
      <div className="relative h-56 w-full" aria-hidden="true">
        {children}
        {empty && <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">{t('charts.noData')}</p>}
      </div>
      <div className="sr-only">{table}</div>
    </section>
  );
}

export function DashboardCharts({ data, links }: { data: DashboardKpis; links: { visits: string; payments: string } }) {
  const { t, i18n } = useTranslation(['dashboard', 'tasks', 'payments']);
  const f = useDashboardFormat();
  const rtl = isRtlLanguage(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const xAxis = { reversed: rtl, tick: AXIS, tickLine: false, axisLine: false, minTickGap: 12 } as const;
  const yAxis = {
    orientation: rtl ? ('right' as const) : ('left' as const),
    tick: AXIS,
    tickLine: false,
    axisLine: false,
    width: 56,
  } as const;
  const margin = { top: 8, right: 8, bottom: 0, left: 8 };

  // The charts plot minor units as they are (cents, fils, yen: money.ts) and their axes and tooltips format
  // them with the shop's currency: no conversion here, and a power of ten keeps the axis ticks round.
  const days = data.days.map((day) => ({
    ...day,
    revenue: day.revenueCents,
    previous: day.previousRevenueCents,
  }));
  const revenueEmpty = data.days.every((day) => day.revenueCents === 0 && !day.previousRevenueCents);
  const visitsEmpty = data.days.every((day) => day.opened === 0 && day.completed === 0);
  const services = data.tasksByService.map((row) => ({ ...row, label: t(`tasks:service.${row.service}`) }));
  const servicesEmpty = services.every((row) => row.count === 0 && row.previous === 0);
  const methods = data.paymentMethods.map((row) => ({
    ...row,
    label: t(`payments:method.${row.method}`),
    amount: Math.max(0, row.amountCents),
  }));
  const methodsEmpty = methods.every((row) => row.amount === 0);
  const revenueLabel = t('charts.revenueCurrent');
  const previousLabel = t('charts.revenuePrevious');

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        id="revenue"
        title={t('charts.revenue')}
        link={{ to: links.payments, label: t('charts.openPayments') }}
        empty={revenueEmpty}
        table={
          <table>
            <caption>{t('charts.revenue')}</caption>
            <thead>
              <tr>
                <th>{t('charts.day')}</th>
                <th>{revenueLabel}</th>
                <th>{previousLabel}</th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr key={day.date}>
                  <td>{f.longDay(day.date)}</td>
                  <td>{f.money(day.revenueCents)}</td>
                  <td>{day.previousRevenueCents === null ? '—' : f.money(day.previousRevenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={days} margin={margin}>
            <defs>
              <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={COLORS.current} stopOpacity={0.35} />
                <stop offset="100%" stopColor={COLORS.current} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="date" tickFormatter={f.shortDay} {...xAxis} />
            <YAxis tickFormatter={(value: number) => f.compactMoney(value)} {...yAxis} />
            <Tooltip
              {...TOOLTIP_STYLE}
              labelFormatter={(label) => f.longDay(String(label))}
              formatter={(value, name) => [f.money(Math.round(Number(value))), name === 'previous' ? previousLabel : revenueLabel]}
            />
            <Legend formatter={(name) => (name === 'previous' ? previousLabel : revenueLabel)} wrapperStyle={{ fontSize: 12 }} />
            <Area
              type="monotone"
              dataKey="revenue"
              stroke={COLORS.current}
              strokeWidth={2}
              fill="url(#revenue-fill)"
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="previous"
              stroke={COLORS.previous}
              strokeDasharray="4 4"
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        id="visits"
        title={t('charts.visits')}
        link={{ to: links.visits, label: t('charts.openVisits') }}
        empty={visitsEmpty}
        table={
          <table>
            <caption>{t('charts.visits')}</caption>
            <thead>
              <tr>
                <th>{t('charts.day')}</th>
                <th>{t('charts.opened')}</th>
                <th>{t('charts.completed')}</th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr key={day.date}>
                  <td>{f.longDay(day.date)}</td>
                  <td>{f.count(day.opened)}</td>
                  <td>{f.count(day.completed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.days} margin={margin}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="date" tickFormatter={f.shortDay} {...xAxis} />
            <YAxis allowDecimals={false} tickFormatter={f.count} {...yAxis} width={36} />
            <Tooltip
              {...TOOLTIP_STYLE}
              cursor={{ fill: 'var(--muted)' }}
              labelFormatter={(label) => f.longDay(String(label))}
              formatter={(value, name) => [f.count(Number(value)), t(`charts.${String(name)}`)]}
            />
            <Legend formatter={(name) => t(`charts.${String(name)}`)} wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="opened" fill={COLORS.opened} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="completed" fill={COLORS.completed} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        id="services"
        title={t('charts.tasksByService')}
        link={{ to: links.visits, label: t('charts.openVisits') }}
        empty={servicesEmpty}
        table={
          <table>
            <caption>{t('charts.tasksByService')}</caption>
            <thead>
              <tr>
                <th>{t('charts.service')}</th>
                <th>{t('charts.tasks')}</th>
                <th>{t('charts.previousTasks')}</th>
                <th>{t('charts.soldFor')}</th>
              </tr>
            </thead>
            <tbody>
              {services.map((row) => (
                <tr key={row.service}>
                  <td>{row.label}</td>
                  <td>{f.count(row.count)}</td>
                  <td>{f.count(row.previous)}</td>
                  <td>{f.money(row.soldForCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={services} margin={margin}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="label" {...xAxis} minTickGap={0} />
            <YAxis allowDecimals={false} tickFormatter={f.count} {...yAxis} width={36} />
            <Tooltip
              {...TOOLTIP_STYLE}
              cursor={{ fill: 'var(--muted)' }}
              formatter={(value, name) => [f.count(Number(value)), name === 'previous' ? t('charts.previousTasks') : t('charts.tasks')]}
            />
            <Legend
              formatter={(name) => (name === 'previous' ? t('charts.previousTasks') : t('charts.tasks'))}
              wrapperStyle={{ fontSize: 12 }}
            />
            <Bar dataKey="count" fill={COLORS.current} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="previous" fill={COLORS.previous} fillOpacity={0.45} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        id="methods"
        title={t('charts.paymentMethods')}
        link={{ to: links.payments, label: t('charts.openPayments') }}
        empty={methodsEmpty}
        table={
          <table>
            <caption>{t('charts.paymentMethods')}</caption>
            <thead>
              <tr>
                <th>{t('charts.method')}</th>
                <th>{t('charts.amount')}</th>
                <th>{t('charts.payments')}</th>
              </tr>
            </thead>
            <tbody>
              {methods.map((row) => (
                <tr key={row.method}>
                  <td>{row.label}</td>
                  <td>{f.money(row.amountCents)}</td>
                  <td>{f.count(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <div className="flex h-full items-center gap-4">
          <div className="h-full min-w-0 flex-1">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={methods}
                  dataKey="amount"
                  nameKey="label"
                  innerRadius="55%"
                  outerRadius="85%"
                  paddingAngle={2}
                  isAnimationActive={false}
                >
                  {methods.map((row, index) => (
                    <Cell key={row.method} fill={COLORS.methods[index % COLORS.methods.length]} stroke="var(--card)" />
                  ))}
                </Pie>
                <Tooltip {...TOOLTIP_STYLE} formatter={(value, name) => [f.money(Math.round(Number(value))), String(name)]} />
              </PieChart>
            </ResponsiveContainer>
          </div>
          <ul className="flex w-40 shrink-0 flex-col gap-2 text-sm">
            {methods.map((row, index) => (
              <li key={row.method} className="flex flex-col">
                <span className="flex items-center gap-2">
                  <span className="size-2.5 shrink-0 rounded-full" style={{ background: COLORS.methods[index % COLORS.methods.length] }} />
                  <span className="truncate">{row.label}</span>
                </span>
                <span className="ps-4.5 font-medium tabular-nums">{f.money(row.amountCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      </ChartCard>
    </div>
  );
}
