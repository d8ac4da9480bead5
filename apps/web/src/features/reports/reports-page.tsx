// /admin/dashboard/reports: the ten staff reports (SPEC §1, §8), and for admins the five parts reports (issue #26). Pick a report and its filters, read the
// preview (first rows and totals, tRPC reports.preview), download CSV, XLSX or PDF (REST GET
// /backend/reports/:report, generated and streamed by the server in the UI language). Columns, their
// headers and the totals come from the API (one definition per report in packages/shared reports.ts); a
// failure shows the SPEC §8 toast of that report.
import { plateInOrder } from '@garage/shared/plates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_KINDS, REPORT_LIMITS, REPORTS, type ReportKind, type ReportPreview } from '@garage/shared/schemas/reports';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { CustomerPicker, type PickedCustomer } from '../visits/index.ts';
import { ReportDownloads } from './report-downloads.tsx';
import { InspectionFiguresTable } from './inspection-figures-table.tsx';
import { ReportPreviewTable, ReportTotals } from './report-preview.tsx';
import { PERIOD_PRESETS, presetRange, type PeriodPreset } from './report-period.ts';

const SHOP_REPORTS = REPORT_KINDS.filter((kind) => !REPORTS[kind].analytics && !REPORTS[kind].adminOnly);
/** Parts and inventory reports: costs and margins, so only offered to admins (the API refuses others). */
const PARTS_REPORTS = REPORT_KINDS.filter((kind) => REPORTS[kind].adminOnly && !REPORTS[kind].accounting);
const ACCOUNTING_REPORTS = REPORT_KINDS.filter((kind) => REPORTS[kind].accounting);
const WEBSITE_REPORTS = REPORT_KINDS.filter((kind) => REPORTS[kind].analytics);
const isReportKind = (value: string | null): value is ReportKind => !!value && (REPORT_KINDS as readonly string[]).includes(value);

export interface ReportRequest {
  report: ReportKind;
  from?: string;
  to?: string;
  customerId?: string;
  vehicleId?: string;
  /** Slow movers: days without use. */
  days?: number;
  lang: 'en' | 'fr' | 'ar';
}

export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const { roles } = useAuth();
  const isAdmin = roles.includes('ADMIN');
  const asked = params.get('report');
  const report: ReportKind = isReportKind(asked) && (isAdmin || !REPORTS[asked].adminOnly) ? asked : 'repair';
  const definition = REPORTS[report];
  const lang = (['en', 'fr', 'ar'].includes(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : 'en') as ReportRequest['lang'];
  const [range, setRange] = useState(() => presetRange('thisMonth'));
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [vehicleId, setVehicleId] = useState('');
  const [days, setDays] = useState(String(REPORT_LIMITS.slowMoverDefaultDays));
  const vehicles = useQuery({ ...trpc.vehicles.listByOwner.queryOptions({ userId: customer?.id ?? '' }), enabled: !!customer });
  useEffect(() => setVehicleId(''), [customer]);
  // A car file is a vehicle's whole history unless a period is chosen.
  useEffect(() => {
    if (definition.requiresVehicle) setRange({ from: '', to: '' });
  }, [definition]);

  const takes = (filter: 'period' | 'customer' | 'vehicle' | 'days') => definition.filters.includes(filter);
  const dayCount = Number(days);
  const validDays = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= REPORT_LIMITS.slowMoverMaxDays;
  const request: ReportRequest = {
    report,
    lang,
    ...(takes('period') && range.from ? { from: range.from } : {}),
    ...(takes('period') && range.to ? { to: range.to } : {}),
    ...((takes('customer') || takes('vehicle')) && customer ? { customerId: customer.id } : {}),
    ...(takes('vehicle') && vehicleId ? { vehicleId } : {}),
    ...(takes('days') && validDays ? { days: dayCount } : {}),
  };
  // What the server would refuse is not asked: car files need a vehicle, website reports a whole period.
  const missing =
    definition.requiresVehicle && !request.vehicleId
      ? t('vehicleRequired')
      : definition.analytics && (!request.from || !request.to)
        ? t('periodRequired')
        : null;
  const preview = useQuery({
    ...trpc.reports.preview.queryOptions(request),
    enabled: !missing,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (preview.isError) toast.error(t(`errors.${report}`), { id: `report-${report}` });
  }, [preview.isError, preview.errorUpdatedAt, report, t]);

  const choose = (next: string) => {
    const search = new URLSearchParams(params);
    search.set('report', next);
    setParams(search, { replace: true });
  };
  const data: ReportPreview | undefined = preview.data?.report === report ? preview.data : undefined;

  return (
    <div className="flex flex-col gap-5" data-testid="reports-page">
      <header className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>

      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('report')}>
        <Field className="sm:col-span-2 lg:col-span-1">
          <FieldLabel htmlFor="report-kind">{t('report')}</FieldLabel>
          <Select value={report} onValueChange={choose}>
            <SelectTrigger id="report-kind" className="w-full" data-testid="report-kind">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectGroup>
                <SelectLabel>{t('groups.shop')}</SelectLabel>
                {SHOP_REPORTS.map((kind) => (
                  <SelectItem key={kind} value={kind} data-testid={`report-option-${kind}`}>
                    {REPORTS[kind].title[lang]}
                  </SelectItem>
                ))}
              </SelectGroup>
              {isAdmin && (
                <SelectGroup>
                  <SelectLabel>{t('groups.parts')}</SelectLabel>
                  {PARTS_REPORTS.map((kind) => (
                    <SelectItem key={kind} value={kind} data-testid={`report-option-${kind}`}>
                      {REPORTS[kind].title[lang]}
                    </SelectItem>
                  ))}
                </SelectGroup>
              )}
              {isAdmin && (
                <SelectGroup>
                  <SelectLabel>{t('groups.accounting')}</SelectLabel>
                  {ACCOUNTING_REPORTS.map((kind) => (
                    <SelectItem key={kind} value={kind} data-testid={`report-option-${kind}`}>
                      {REPORTS[kind].title[lang]}
                    </SelectItem>
                  ))}
                </SelectGroup>
              )}
              <SelectGroup>
                <SelectLabel>{t('groups.website')}</SelectLabel>
                {WEBSITE_REPORTS.map((kind) => (
                  <SelectItem key={kind} value={kind} data-testid={`report-option-${kind}`}>
                    {REPORTS[kind].title[lang]}
                  </SelectItem>
                ))}
              </SelectGroup>
            </SelectContent>
          </Select>
        </Field>

        {takes('period') && (
          <>
            <Field>
              <FieldLabel htmlFor="report-from">{t('from')}</FieldLabel>
              <Input
                id="report-from"
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(event) => setRange({ ...range, from: event.target.value })}
                data-testid="report-from"
              />
            </Field>
            <Field>
              <FieldLabel htmlFor="report-to">{t('to')}</FieldLabel>
              <Input
                id="report-to"
                type="date"
                value={range.to}
                min={range.from || undefined}
                onChange={(event) => setRange({ ...range, to: event.target.value })}
                data-testid="report-to"
              />
            </Field>
            <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1" role="group" aria-label={t('from')}>
              {PERIOD_PRESETS.map((preset: PeriodPreset) => (
                <Button
                  key={preset}
                  size="sm"
                  variant="outline"
                  className="rounded-full"
                  onClick={() => setRange(presetRange(preset))}
                  data-testid={`report-preset-${preset}`}
                >
                  {t(`presets.${preset}`)}
                </Button>
              ))}
              {!definition.analytics && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="rounded-full"
                  onClick={() => setRange({ from: '', to: '' })}
                  data-testid="report-all-dates"
                >
                  {t('allDates')}
                </Button>
              )}
            </div>
          </>
        )}

        {takes('days') && (
          <Field>
            <FieldLabel htmlFor="report-days">{t('days')}</FieldLabel>
            <Input
              id="report-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={REPORT_LIMITS.slowMoverMaxDays}
              className="h-11"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              aria-describedby="report-days-hint"
              data-testid="report-days"
            />
            <p id="report-days-hint" className="text-xs text-muted-foreground">
              {t('daysHint')}
            </p>
          </Field>
        )}

        {(takes('customer') || takes('vehicle')) && (
          <Field className="sm:col-span-2">
            <FieldLabel htmlFor="report-customer">{t('customer')}</FieldLabel>
            <CustomerPicker id="report-customer" value={customer} onChange={setCustomer} />
          </Field>
        )}
        {takes('vehicle') && (
          <Field className="sm:col-span-2">
            <FieldLabel htmlFor="report-vehicle">{t('vehicle')}</FieldLabel>
            <Select value={vehicleId} onValueChange={setVehicleId} disabled={!customer}>
              <SelectTrigger id="report-vehicle" className="w-full" data-testid="report-vehicle">
                <SelectValue
                  placeholder={customer ? (definition.requiresVehicle ? t('chooseVehicle') : t('anyVehicle')) : t('customerFirst')}
                />
              </SelectTrigger>
              <SelectContent>
                {vehicles.data?.map((vehicle) => (
                  <SelectItem key={vehicle.id} value={vehicle.id}>
                    <span dir="ltr" className="font-mono">
                      {plateInOrder(vehicle.plateNumber)}
                    </span>{' '}
                    · {vehicle.brand} {vehicle.model}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        )}
      </section>

      <ReportDownloads request={request} disabled={!!missing} />

      <section aria-labelledby="report-preview-title" aria-busy={preview.isFetching} className="flex flex-col gap-3">
        <h2 id="report-preview-title" className="text-lg font-semibold">
          {t('preview')} · {definition.title[lang]}
        </h2>
        {missing && (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="report-missing">
            {missing}
          </p>
        )}
        {!missing && preview.isLoading && (
          <div className="flex flex-col gap-2" role="status" aria-label={t('loading')}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        )}
        {!missing && preview.isError && !data && (
          <div className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center" role="alert" data-testid="report-error">
            <p className="font-medium">{t(`errors.${report}`)}</p>
            <Button variant="outline" className="mt-3" onClick={() => preview.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {!missing && data && (
          // The previous period's figures stay on screen, dimmed, until the new ones arrive.
          <div
            className={cn('flex flex-col gap-3 transition-opacity', preview.isPlaceholderData && 'opacity-60')}
            data-testid="report-result"
            data-stale={preview.isPlaceholderData}
          >
            {data.subject && (
              <p className="text-sm text-muted-foreground" dir="auto">
                {data.subject}
              </p>
            )}
            <ReportTotals preview={data} lang={lang} />
            <ReportPreviewTable preview={data} lang={lang} />
            {data.truncated && (
              <p className="text-sm text-muted-foreground" data-testid="report-truncated">
                {t('previewNote', { count: REPORT_LIMITS.previewRows })}
              </p>
            )}
          </div>
        )}
      </section>

      {/* Inspections per technician over the same period (issue #29); the dashboard's card links here. */}
      <InspectionFiguresTable from={range.from} to={range.to} />
    </div>
  );
}
