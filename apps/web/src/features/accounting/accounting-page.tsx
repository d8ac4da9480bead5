// /admin/accounting (admins): the accounting files of a period (FEC, journal CSV), the fiscal journal's state
// and its verification, the closings (close yesterday, close a month) and the yearly archive. The files are
// downloads: asked through apiFetch (the session refreshes like any call), saved under the server's name.
import type { FiscalClosingView, FiscalVerificationView } from '@garage/shared/schemas/fiscal';
import { addDays, calendarDateIn } from '@garage/shared/visit-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, CheckCircle2, Download, Lock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { env } from '../../env.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useAuth } from '../../lib/auth/session.ts';
import { failureMessage, renderCode } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';

const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads a file; a refusal with a message code (no SIREN for the FEC) is shown in the user's language. */
function useDownload() {
  const { t } = useTranslation(['accounting', 'common']);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (key: string, path: string, fallbackName: string) => {
    setBusy(key);
    try {
      const response = await apiFetch(`${env.apiUrl}${path}`);
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { messageCode?: string; params?: Record<string, string> } | null;
        toast.error(body?.messageCode ? renderCode(t, body.messageCode, body.params ?? {}) : t('downloadFailed'), { id: key });
        return;
      }
      saveBlob(await response.blob(), fileNameOf(response, fallbackName));
    } catch {
      toast.error(t('downloadFailed'), { id: key });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

export function AccountingPage() {
  const { t } = useTranslation('accounting');
  const { roles } = useAuth();
  if (!roles.includes('ADMIN')) {
    return (
      <section className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('adminOnly')}</p>
      </section>
    );
  }
  return <AccountingScreens />;
}

function AccountingScreens() {
  const { t } = useTranslation('accounting');
  const trpc = useTRPC();
  const status = useQuery(trpc.accounting.journalStatus.queryOptions({}));
  const timeZone = status.data?.timezone ?? 'UTC';
  const today = calendarDateIn(new Date(), timeZone);

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      <ExportsCard today={today} />
      <JournalCard />
      <ClosingsCard today={today} />
      <ArchiveCard years={status.data?.years ?? []} loading={status.isLoading} />
    </section>
  );
}

function ExportsCard({ today }: { today: string }) {
  const { t } = useTranslation('accounting');
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const { busy, download } = useDownload();
  const valid = !!from && !!to && from <= to;
  const query = new URLSearchParams({ from, to }).toString();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('exports.title')}</CardTitle>
        <CardDescription>{t('exports.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:max-w-md">
          <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            {t('exports.from')}
            <Input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} data-testid="accounting-from" />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            {t('exports.to')}
            <Input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} data-testid="accounting-to" />
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={!valid || busy !== null}
            onClick={() => download('fec', `/accounting/fec?${query}`, `FEC${to.replace(/-/g, '')}.txt`)}
            data-testid="download-fec"
          >
            {busy === 'fec' ? <Spinner /> : <Download aria-hidden="true" />}
            {t('exports.fec')}
          </Button>
          <Button
            variant="outline"
            disabled={!valid || busy !== null}
            onClick={() => download('csv', `/accounting/journal.csv?${query}`, `journal-${from}-${to}.csv`)}
            data-testid="download-journal-csv"
          >
            {busy === 'csv' ? <Spinner /> : <Download aria-hidden="true" />}
            {t('exports.csv')}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{t('exports.fecNote')}</p>
      </CardContent>
    </Card>
  );
}

function VerificationResult({ result }: { result: FiscalVerificationView }) {
  const { t } = useTranslation('accounting');
  if (result.ok) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400"
        data-testid="journal-ok"
      >
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        {t('journal.ok', { count: result.entries })}
      </p>
    );
  }
  const problem = result.firstProblem!;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      data-testid="journal-broken"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div>
        <p className="font-medium">
          {problem.sequence === null
            ? t('journal.brokenDocument', { id: problem.documentId ?? '' })
            : t('journal.brokenAt', { sequence: problem.sequence })}
        </p>
        <p className="text-muted-foreground">{t(`journal.problems.${problem.problem}`)}</p>
      </div>
    </div>
  );
}

function JournalCard() {
  const { t } = useTranslation('accounting');
  const trpc = useTRPC();
  const format = useFormatters();
  const status = useQuery(trpc.accounting.journalStatus.queryOptions({}));
  // Recomputes every hash: only when asked.
  const verification = useQuery({ ...trpc.accounting.verifyJournal.queryOptions({}), enabled: false, gcTime: 0 });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('journal.title')}</CardTitle>
        <CardDescription>{t('journal.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isLoading && <Skeleton className="h-16 rounded-lg" />}
        {status.data && (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">{t('journal.entries')}</dt>
              <dd className="font-semibold tabular-nums">{status.data.entries}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('journal.lastClosedDay')}</dt>
              <dd className="font-semibold">{status.data.lastClosedDay ? format.day(status.data.lastClosedDay) : t('journal.none')}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted-foreground">{t('journal.head')}</dt>
              <dd className="truncate font-mono text-xs" dir="ltr" title={status.data.headHash}>
                {status.data.headHash}
              </dd>
            </div>
          </dl>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button variant="outline" onClick={() => verification.refetch()} disabled={verification.isFetching} data-testid="verify-journal">
            {verification.isFetching ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
            {t('journal.verify')}
          </Button>
          {verification.isError && (
            <p role="alert" className="text-sm text-destructive">
              {t('journal.verifyFailed')}
            </p>
          )}
          {verification.data && !verification.isFetching && <VerificationResult result={verification.data} />}
        </div>
      </CardContent>
    </Card>
  );
}

function ClosingRow({ closing }: { closing: FiscalClosingView }) {
  const { t } = useTranslation('accounting');
  const format = useFormatters();
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid="closing-row">
      <div className="flex items-center gap-2">
        <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="font-medium">{t(`closings.period.${closing.period}`)}</span>
        <bdi className="tabular-nums">{closing.periodKey}</bdi>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground sm:justify-end">
        <span>
          {t('closings.invoiced')} <span className="font-medium text-foreground">{format.money(closing.totals.grandTotalCents)}</span>
        </span>
        <span>
          {t('closings.received')} <span className="font-medium text-foreground">{format.money(closing.totals.receivedCents)}</span>
        </span>
        <span>
          {t('closings.perpetual')} <span className="font-medium text-foreground">{format.money(closing.totals.perpetualTotalCents)}</span>
        </span>
      </div>
    </li>
  );
}

function ClosingsCard({ today }: { today: string }) {
  const { t } = useTranslation(['accounting', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const closings = useQuery(trpc.accounting.closings.queryOptions({ limit: 60 }));
  const yesterday = addDays(today, -1);
  const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const [month, setMonth] = useState(lastMonth);
  const close = useMutation(
    trpc.accounting.close.mutationOptions({
      onSuccess: (closing) => {
        toast.success(t('closings.closed', { key: closing.periodKey }));
        void queryClient.invalidateQueries({ queryKey: trpc.accounting.closings.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.accounting.journalStatus.queryKey() });
      },
      onError: (error) => toast.error(failureMessage(t, error, t('closings.failed'))),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('closings.title')}</CardTitle>
        <CardDescription>{t('closings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <Button onClick={() => close.mutate({ period: 'DAY', key: yesterday })} disabled={close.isPending} data-testid="close-yesterday">
            <Lock aria-hidden="true" />
            {t('closings.closeYesterday', { day: yesterday })}
          </Button>
          <div className="flex items-end gap-2">
            <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
              {t('closings.month')}
              <Input
                type="month"
                value={month}
                max={lastMonth}
                onChange={(event) => setMonth(event.target.value)}
                data-testid="closing-month"
              />
            </label>
            <Button
              variant="outline"
              onClick={() => close.mutate({ period: 'MONTH', key: month })}
              disabled={close.isPending || !/^\d{4}-\d{2}$/.test(month)}
              data-testid="close-month"
            >
              {t('closings.closeMonth')}
            </Button>
          </div>
        </div>
        {closings.isLoading && <Skeleton className="h-24 rounded-lg" />}
        {closings.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t('closings.loadFailed')}
          </p>
        )}
        {closings.data && closings.data.length === 0 && <p className="text-sm text-muted-foreground">{t('closings.none')}</p>}
        {closings.data && closings.data.length > 0 && (
          <ul className="divide-y" aria-label={t('closings.title')}>
            {closings.data.map((closing) => (
              <ClosingRow key={closing.id} closing={closing} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ArchiveCard({ years, loading }: { years: number[]; loading: boolean }) {
  const { t } = useTranslation('accounting');
  const [chosen, setChosen] = useState<string>('');
  const year = chosen || (years[0] ? String(years[0]) : '');
  const { busy, download } = useDownload();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('archive.title')}</CardTitle>
        <CardDescription>{t('archive.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading && <Skeleton className="h-10 w-64 rounded-lg" />}
        {!loading && years.length === 0 && <p className="text-sm text-muted-foreground">{t('archive.none')}</p>}
        {years.length > 0 && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground" htmlFor="archive-year">
              {t('archive.year')}
              <Select value={year} onValueChange={setChosen}>
                <SelectTrigger id="archive-year" className="w-full sm:w-40" data-testid="archive-year">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {years.map((option) => (
                    <SelectItem key={option} value={String(option)}>
                      {option}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </label>
            <Button
              variant="outline"
              disabled={!year || busy !== null}
              onClick={() => download('archive', `/fiscal/archive?year=${year}`, `fiscal-archive-${year}.zip`)}
              data-testid="download-archive"
            >
              {busy === 'archive' ? <Spinner /> : <Archive aria-hidden="true" />}
              {t('archive.download')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
