// /admin/parts/settings (admins): the shop's labour rates (one is the default a labour line starts with) and
// the markup bands that price a part without its own price (cost up to X: add Y %; the open band covers the rest).
import { useMutation, useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { INVENTORY_LIMITS } from '@garage/shared/inventory-rules';
import type { LabourRateView } from '@garage/shared/schemas/inventory';
import { BackLink } from '../../components/page-header.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { errorMessageOf, fieldErrorOf } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { usePartsRefresh } from './use-parts-refresh.ts';

export function PartsSettingsPage() {
  const { t } = useTranslation('parts');
  // Reached by its address, the page tells other staff why there is nothing for them here (the API refuses
  // their changes anyway).
  const isAdmin = useAuth().roles.includes('ADMIN');
  return (
    <section className="flex flex-col gap-5">
      <BackLink to="/admin/parts" label={t('detail.back')} />
      <header>
        <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('settings.subtitle')}</p>
      </header>
      {isAdmin ? (
        <>
          <LabourRatesCard />
          <MarkupBandsCard />
        </>
      ) : (
        <Card className="p-6 text-center text-muted-foreground">{t('settings.adminOnly')}</Card>
      )}
    </section>
  );
}

function LabourRatesCard() {
  const { t } = useTranslation(['parts', 'common']);
  const trpc = useTRPC();
  const refresh = usePartsRefresh();
  const format = useFormatters();
  const rates = useQuery(trpc.labourRates.list.queryOptions({ includeArchived: true }));
  const create = useMutation(trpc.labourRates.create.mutationOptions());
  const update = useMutation(trpc.labourRates.update.mutationOptions());
  const setArchived = useMutation(trpc.labourRates.setArchived.mutationOptions());
  const remove = useMutation(trpc.labourRates.delete.mutationOptions());
  const [name, setName] = useState('');
  const [rateCents, setRateCents] = useState<number | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);

  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      await refresh();
      toast.success(t(done));
      return true;
    } catch (error) {
      toast.error(errorMessageOf(t, error) ?? t('parts:settings.saveFailed'));
      return false;
    }
  };

  const add = async () => {
    setFormError(null);
    if (!name.trim() || rateCents === undefined || Number.isNaN(rateCents)) {
      setFormError(t('parts:settings.rates.incomplete'));
      return;
    }
    try {
      await create.mutateAsync({ name: name.trim(), rateCents, isDefault: false });
      await refresh();
      toast.success(t('parts:settings.rates.added'));
      setName('');
      setRateCents(undefined);
    } catch (error) {
      setFormError(fieldErrorOf(t, error, 'name') ?? fieldErrorOf(t, error, 'rateCents') ?? errorMessageOf(t, error) ?? null);
      toast.error(t('parts:settings.saveFailed'));
    }
  };

  const rename = (rate: LabourRateView, patch: { name?: string; rateCents?: number }) =>
    run(update.mutateAsync({ id: rate.id, ...patch }), 'parts:settings.rates.saved');

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('settings.rates.title')}</h2>
        </CardTitle>
        <CardDescription>{t('settings.rates.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {rates.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : rates.isError ? (
          <p className="text-destructive">{t('settings.loadFailed')}</p>
        ) : rates.data.length === 0 ? (
          <p className="text-muted-foreground">{t('settings.rates.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y" data-testid="labour-rates">
            {rates.data.map((rate) => (
              <li key={rate.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                  <RateNameInput rate={rate} onSave={(next) => rename(rate, { name: next })} />
                  {rate.isDefault && (
                    <Badge variant="success">
                      <Star aria-hidden="true" />
                      {t('settings.rates.default')}
                    </Badge>
                  )}
                  {rate.archivedAt && <Badge variant="neutral">{t('badges.archived')}</Badge>}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <RateAmountInput rate={rate} onSave={(cents) => rename(rate, { rateCents: cents })} />
                  <span className="text-sm text-muted-foreground">
                    {t('settings.rates.perHour', { rate: format.money(rate.rateCents) })}
                  </span>
                  {!rate.isDefault && !rate.archivedAt && (
                    <Button
                      variant="outline"
                      className="h-11"
                      onClick={() => void run(update.mutateAsync({ id: rate.id, isDefault: true }), 'parts:settings.rates.saved')}
                    >
                      <Star />
                      {t('settings.rates.makeDefault')}
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    className="h-11"
                    aria-label={t(rate.archivedAt ? 'settings.rates.restoreNamed' : 'settings.rates.archiveNamed', { name: rate.name })}
                    onClick={() =>
                      void run(
                        setArchived.mutateAsync({ id: rate.id, archived: !rate.archivedAt }),
                        rate.archivedAt ? 'parts:settings.rates.restored' : 'parts:settings.rates.archived',
                      )
                    }
                  >
                    {rate.archivedAt ? <ArchiveRestore /> : <Archive />}
                  </Button>
                  <Button
                    variant="outline"
                    className="h-11 text-destructive"
                    aria-label={t('settings.rates.deleteNamed', { name: rate.name })}
                    onClick={() => void run(remove.mutateAsync({ id: rate.id }), 'parts:settings.rates.deleted')}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid gap-2 border-t pt-4 sm:grid-cols-[1fr_10rem_auto]"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('settings.rates.namePlaceholder')}
            aria-label={t('settings.rates.name')}
            maxLength={INVENTORY_LIMITS.labourRateNameMax}
            className="h-11"
            data-testid="new-rate-name"
          />
          <MoneyInput
            value={rateCents}
            onChange={setRateCents}
            aria-label={t('settings.rates.rate')}
            className="h-11"
            data-testid="new-rate-amount"
          />
          <Button type="submit" className="h-11" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <Plus />}
            {t('settings.rates.add')}
          </Button>
          {formError && (
            <p role="alert" className="text-sm text-destructive sm:col-span-3">
              {formError}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

/** A rate's name, saved when the field is left changed. */
function RateNameInput({ rate, onSave }: { rate: LabourRateView; onSave: (name: string) => Promise<boolean> }) {
  const { t } = useTranslation('parts');
  const [value, setValue] = useState(rate.name);
  return (
    <Input
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => {
        if (value.trim() && value.trim() !== rate.name) void onSave(value.trim()).then((saved) => !saved && setValue(rate.name));
        else setValue(rate.name);
      }}
      aria-label={t('settings.rates.nameOf', { name: rate.name })}
      maxLength={INVENTORY_LIMITS.labourRateNameMax}
      className="h-11 max-w-64"
    />
  );
}

/** A rate's amount per hour, saved when the field is left changed. */
function RateAmountInput({ rate, onSave }: { rate: LabourRateView; onSave: (cents: number) => Promise<boolean> }) {
  const { t } = useTranslation('parts');
  const [value, setValue] = useState<number | undefined>(rate.rateCents);
  return (
    <MoneyInput
      value={value}
      onChange={setValue}
      onBlur={() => {
        if (value !== undefined && !Number.isNaN(value) && value !== rate.rateCents)
          void onSave(value).then((saved) => !saved && setValue(rate.rateCents));
        else setValue(rate.rateCents);
      }}
      aria-label={t('settings.rates.rateOf', { name: rate.name })}
      className="h-11 w-32"
    />
  );
}

interface BandRow {
  key: number;
  /** undefined: the open band (no upper cost). */
  upToCostCents: number | undefined;
  markupPercent: string;
}

let nextBandKey = 1;

function MarkupBandsCard() {
  const trpc = useTRPC();
  const bands = useQuery(trpc.parts.markupBands.list.queryOptions());
  const { t } = useTranslation('parts');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('settings.bands.title')}</h2>
        </CardTitle>
        <CardDescription>{t('settings.bands.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {bands.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : bands.isError ? (
          <p className="text-destructive">{t('settings.loadFailed')}</p>
        ) : (
          <MarkupBandsEditor
            // A fresh editor when the saved bands change (after saving).
            key={JSON.stringify(bands.data.bands)}
            initial={bands.data.bands.map((band) => ({
              key: nextBandKey++,
              upToCostCents: band.upToCostCents ?? undefined,
              markupPercent: String(band.markupBasisPoints / 100),
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

function MarkupBandsEditor({ initial }: { initial: BandRow[] }) {
  const { t } = useTranslation(['parts', 'common']);
  const trpc = useTRPC();
  const refresh = usePartsRefresh();
  const [rows, setRows] = useState<BandRow[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const replace = useMutation(trpc.parts.markupBands.replace.mutationOptions());

  const change = (key: number, patch: Partial<BandRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const save = async () => {
    setError(null);
    const bands = [];
    for (const row of rows) {
      const percent = Number(row.markupPercent.replace(',', '.'));
      if (row.markupPercent.trim() === '' || !Number.isFinite(percent) || percent < 0) {
        setError(t('parts:settings.bands.invalidMarkup'));
        return;
      }
      if (row.upToCostCents !== undefined && Number.isNaN(row.upToCostCents)) {
        setError(t('parts:settings.bands.invalidCost'));
        return;
      }
      bands.push({ upToCostCents: row.upToCostCents ?? null, markupBasisPoints: Math.round(percent * 100) });
    }
    try {
      await replace.mutateAsync({ bands });
      await refresh();
      toast.success(t('parts:settings.bands.saved'));
    } catch (failure) {
      setError(errorMessageOf(t, failure) ?? t('parts:settings.saveFailed'));
      toast.error(t('parts:settings.saveFailed'));
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="markup-bands"
    >
      {rows.length === 0 && <p className="text-muted-foreground">{t('settings.bands.empty')}</p>}
      {rows.map((row, index) => (
        <div key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-muted-foreground">{t('settings.bands.upToCost')}</span>
            <MoneyInput
              value={row.upToCostCents}
              onChange={(cents) => change(row.key, { upToCostCents: cents })}
              placeholder={t('settings.bands.noLimit')}
              className="h-11"
              aria-label={t('settings.bands.upToCostOf', { index: index + 1 })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-muted-foreground">{t('settings.bands.markup')}</span>
            <Input
              value={row.markupPercent}
              onChange={(event) => change(row.key, { markupPercent: event.target.value })}
              inputMode="decimal"
              dir="ltr"
              className="h-11"
              aria-label={t('settings.bands.markupOf', { index: index + 1 })}
            />
          </label>
          <Button
            type="button"
            variant="outline"
            className="h-11"
            aria-label={t('settings.bands.removeOf', { index: index + 1 })}
            onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
          >
            <Trash2 />
          </Button>
        </div>
      ))}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={rows.length >= INVENTORY_LIMITS.markupBandsMax}
          onClick={() => setRows((current) => [...current, { key: nextBandKey++, upToCostCents: undefined, markupPercent: '' }])}
        >
          <Plus />
          {t('settings.bands.add')}
        </Button>
        <Button type="submit" className="h-11" disabled={replace.isPending}>
          {replace.isPending && <Spinner />}
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
