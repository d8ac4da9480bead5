// "Measurements over time" on the staff vehicle page (issue #29): one small line chart per measured key of
// the vehicle's inspections (tread depth per wheel, pad thickness, battery voltage...), dates along the x
// axis, each reading dotted in its colour (green, amber, red), the amber and red thresholds drawn when the
// series carries them. Right to left in Arabic (time runs from the right, values on the right), like the
// dashboard's charts. This module holds recharts: the page loads it lazily (vehicle-measurements-card.tsx).
import { isRtlLanguage } from '@garage/shared/constants';
import type { InspectionCondition } from '@garage/shared/inspection-rules';
import type { InspectionUnit } from '@garage/shared/inspection-rules';
import type { z } from 'zod';
import type { measurementSeriesSchema } from '@garage/shared/schemas/inspections';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { CONDITION_STYLE, formatMeasurement } from '../inspection-report/index.ts';

/** A series as the API sends it; the thresholds are read when present (the latest item's amber and red). */
type Series = z.infer<typeof measurementSeriesSchema>;

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

type DotProps = { cx?: number; cy?: number; payload?: { condition: InspectionCondition | null }; index?: number };

/** A reading's dot in the colour its inspection gave it (grey when none). */
function ConditionDot({ cx, cy, payload, index }: DotProps) {
  if (cx === undefined || cy === undefined) return null;
  const fill = payload?.condition ? CONDITION_STYLE[payload.condition].stroke : 'var(--muted-foreground)';
  return <circle key={index} cx={cx} cy={cy} r={4} fill={fill} stroke="var(--card)" strokeWidth={1.5} />;
}

function SeriesChart({ series }: { series: Series }) {
  const { t, i18n } = useTranslation(['vehicles', 'inspection-report']);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const rtl = isRtlLanguage(language);
  // The year on the axis only when the readings span more than one (a car's history often does).
  const years = new Set(series.points.map((point) => point.date.slice(0, 4)));
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', ...(years.size > 1 ? { year: 'numeric' } : {}) });
  const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const label = pickLocalized(series.label, language);
  const unit = series.unit as InspectionUnit;
  const value = (number: number) => formatMeasurement(t, language, number, unit);
  const points = series.points.map((point, index) => ({ ...point, index }));
  const latest = series.points.at(-1);
  const titleId = `measure-${series.key}`;
  return (
    <section
      className="flex min-w-0 flex-col gap-2 rounded-lg border p-3"
      aria-labelledby={titleId}
      data-testid="measurement-series"
      data-key={series.key}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-sm font-medium" dir="auto">
          {label}
        </h3>
        {latest && <span className="text-sm font-semibold tabular-nums">{value(latest.value)}</span>}
      </header>
      <div className="h-32 w-full sm:h-40" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="index"
              type="category"
              reversed={rtl}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              minTickGap={12}
              tickFormatter={(index: number) => (points[index] ? day.format(new Date(points[index].date)) : '')}
            />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={44}
              domain={[0, 'auto']}
              tickFormatter={(number: number) => new Intl.NumberFormat(`${language.slice(0, 2)}-u-nu-latn`).format(number)}
            />
            {typeof series.amberAt === 'number' && (
              <ReferenceLine y={series.amberAt} stroke={CONDITION_STYLE.SOON.stroke} strokeDasharray="4 4" ifOverflow="extendDomain" />
            )}
            {typeof series.redAt === 'number' && (
              <ReferenceLine y={series.redAt} stroke={CONDITION_STYLE.URGENT.stroke} strokeDasharray="4 4" ifOverflow="extendDomain" />
            )}
            <Tooltip
              {...TOOLTIP_STYLE}
              labelFormatter={(index) => (points[Number(index)] ? longDay.format(new Date(points[Number(index)]!.date)) : '')}
              formatter={(reading) => [value(Number(reading)), label]}
            />
            <Line
              type="monotone"
              dataKey="value"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={ConditionDot}
              activeDot={{ r: 6 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* The readings as a table for screen readers (the chart itself is hidden from them). */}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th>{t('vehicles:measurements.date')}</th>
            <th>{t('vehicles:measurements.value')}</th>
            <th>{t('vehicles:measurements.condition')}</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((point) => (
            <tr key={`${point.visitId}-${point.date}`}>
              <td>{longDay.format(new Date(point.date))}</td>
              <td>{value(point.value)}</td>
              <td>{point.condition ? t(`inspection-report:condition.${point.condition}`) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(typeof series.amberAt === 'number' || typeof series.redAt === 'number') && (
        <p className="text-xs text-muted-foreground">
          {[
            typeof series.amberAt === 'number' && t('vehicles:measurements.amberAt', { value: value(series.amberAt) }),
            typeof series.redAt === 'number' && t('vehicles:measurements.redAt', { value: value(series.redAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </section>
  );
}

/** A series read once: no line to draw yet, so its reading is listed compactly under the charts. */
function SingleReadings({ series }: { series: Series[] }) {
  const { t, i18n } = useTranslation(['vehicles', 'inspection-report']);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  if (series.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="measure-single" data-testid="measurement-single">
      <h3 id="measure-single" className="text-sm font-medium text-muted-foreground">
        {t('vehicles:measurements.readOnce')}
      </h3>
      <ul className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3">
        {series.map((one) => {
          const point = one.points[0]!;
          const style = point.condition ? CONDITION_STYLE[point.condition] : null;
          return (
            <li key={one.key} className="flex items-center gap-2 border-b py-1.5" data-key={one.key}>
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: style?.stroke ?? 'var(--muted-foreground)' }}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1 truncate" dir="auto" title={pickLocalized(one.label, language)}>
                {pickLocalized(one.label, language)}
              </span>
              <span className="font-medium tabular-nums">{formatMeasurement(t, language, point.value, one.unit as InspectionUnit)}</span>
              <span className="sr-only">
                {point.condition ? t(`inspection-report:condition.${point.condition}`) : ''} · {longDay.format(new Date(point.date))}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function VehicleMeasurementsCharts({ series }: { series: Series[] }) {
  // A line needs two readings; a key measured once is listed instead of drawn as a lone dot.
  const trends = series.filter((one) => one.points.length > 1);
  const once = series.filter((one) => one.points.length === 1);
  return (
    <div className="flex flex-col gap-4" data-testid="vehicle-measurements-charts">
      {trends.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {trends.map((one) => (
            <SeriesChart key={one.key} series={one} />
          ))}
        </div>
      )}
      <SingleReadings series={once} />
    </div>
  );
}
