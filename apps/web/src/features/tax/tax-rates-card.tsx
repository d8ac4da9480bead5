// The shop's tax rates: name, percentage, EN 16931 category, whether lines use it, archive. A rate in use keeps
// its percentage and category (issued documents and open lines depend on them): archive it and add another.
import { useMutation } from '@tanstack/react-query';
import { TAX_CATEGORIES, type TaxCategory, type TaxRateView } from '@garage/shared/schemas/tax';
import { TAX_PROFILE_DEFAULTS } from '@garage/shared/tax-profiles';
import type { TaxCountryProfile } from '@garage/shared/tax-rules';
import { Archive, ArchiveRestore, ListPlus, Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf, fieldErrorOf } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { basisPointsFromPercentText, percentTextFromBasisPoints } from './percent.ts';
import { useRateFormat, useTaxRates, useTaxRefresh } from './use-tax.ts';

/** `profile`: the country chosen on the page (saved or not), whose usual rates can be added in one go. */
export function TaxRatesCard({ profile }: { profile: TaxCountryProfile }) {
  const { t } = useTranslation(['tax', 'common']);
  const trpc = useTRPC();
  const rates = useTaxRates();
  const refresh = useTaxRefresh();
  const format = useRateFormat();
  const archive = useMutation(trpc.taxRates.archive.mutationOptions());
  const unarchive = useMutation(trpc.taxRates.unarchive.mutationOptions());
  const create = useMutation(trpc.taxRates.create.mutationOptions());
  // The country's usual rates (tax-profiles.ts) the shop does not have yet (same percentage and category).
  const missing = TAX_PROFILE_DEFAULTS[profile].rates.filter(
    (usual) =>
      !(rates.data ?? []).some((rate) => !rate.archivedAt && rate.basisPoints === usual.basisPoints && rate.category === usual.category),
  );

  const addUsualRates = async () => {
    try {
      // One by one: a handful of rates, and the first refusal stops the rest.
      for (const usual of missing) {
        await create.mutateAsync({
          name: usual.name,
          basisPoints: usual.basisPoints,
          category: usual.category,
          exemptionReason: usual.exemptionReason,
        });
      }
      toast.success(t('tax:rates.usualAdded'));
    } catch (error) {
      toast.error(errorMessageOf(t, error) ?? t('tax:saveFailed'));
    } finally {
      await refresh();
    }
  };
  // null: closed; 'new': adding; a rate: editing it.
  const [editing, setEditing] = useState<TaxRateView | 'new' | null>(null);

  const toggleArchived = async (rate: TaxRateView) => {
    try {
      await (rate.archivedAt ? unarchive : archive).mutateAsync({ id: rate.id });
      await refresh();
      toast.success(t(rate.archivedAt ? 'tax:rates.restored' : 'tax:rates.archived', { name: rate.name }));
    } catch (error) {
      toast.error(errorMessageOf(t, error) ?? t('tax:saveFailed'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('rates.title')}</h2>
        </CardTitle>
        <CardDescription>{t('rates.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {rates.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : rates.isError ? (
          <p className="text-destructive">{t('loadFailed')}</p>
        ) : rates.data.length === 0 ? (
          <p className="text-muted-foreground">{t('rates.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" data-testid="tax-rates">
            <li
              className="hidden bg-muted/40 p-3 text-xs font-medium text-muted-foreground md:grid md:grid-cols-[minmax(0,1fr)_6rem_minmax(0,1fr)_auto]"
              aria-hidden="true"
            >
              <span>{t('rates.columns.name')}</span>
              <span className="text-end">{t('rates.columns.rate')}</span>
              <span>{t('rates.columns.category')}</span>
              <span />
            </li>
            {rates.data.map((rate) => (
              <li
                key={rate.id}
                className="grid gap-2 p-3 md:grid-cols-[minmax(0,1fr)_6rem_minmax(0,1fr)_auto] md:items-center"
                data-testid="tax-rate"
                data-rate-name={rate.name}
              >
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="font-medium" dir="auto">
                    {rate.name}
                  </span>
                  {rate.inUse && <Badge variant="info">{t('rates.inUse')}</Badge>}
                  {rate.archivedAt && <Badge variant="neutral">{t('rates.archivedBadge')}</Badge>}
                </div>
                <span className="tabular-nums md:text-end" data-testid="tax-rate-percent">
                  <span className="text-xs text-muted-foreground md:sr-only">{t('rates.columns.rate')} </span>
                  <bdi dir="ltr">{format.percent(rate.basisPoints)}</bdi>
                </span>
                <span className="text-sm text-muted-foreground">
                  {t(`categories.${rate.category}`)}
                  {rate.exemptionReason && <span className="block text-xs">{rate.exemptionReason}</span>}
                </span>
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    className="h-11"
                    aria-label={t('rates.editNamed', { name: rate.name })}
                    onClick={() => setEditing(rate)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-11"
                    aria-label={t(rate.archivedAt ? 'rates.restoreNamed' : 'rates.archiveNamed', { name: rate.name })}
                    disabled={archive.isPending || unarchive.isPending}
                    onClick={() => void toggleArchived(rate)}
                  >
                    {rate.archivedAt ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="button" className="h-11" onClick={() => setEditing('new')} data-testid="add-tax-rate">
            <Plus aria-hidden="true" />
            {t('rates.add')}
          </Button>
          {rates.isSuccess && missing.length > 0 && (
            <Button
              type="button"
              variant="outline"
              className="h-auto min-h-11 whitespace-normal"
              disabled={create.isPending}
              onClick={() => void addUsualRates()}
              data-testid="add-usual-tax-rates"
            >
              {create.isPending ? <Spinner /> : <ListPlus aria-hidden="true" />}
              {t('rates.addUsual', {
                country: t(`profiles.${profile}.name`),
                rates: missing.map((usual) => format.percent(usual.basisPoints)).join(', '),
              })}
            </Button>
          )}
        </div>
      </CardContent>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('rates.addTitle') : t('rates.editTitle')}
        description={t('rates.dialogDescription')}
      >
        {editing !== null && <TaxRateForm rate={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </FormDialog>
    </Card>
  );
}

/** Adds a rate, or edits one (a rate in use keeps its percentage and category). */
function TaxRateForm({ rate, onDone }: { rate?: TaxRateView; onDone: () => void }) {
  const { t } = useTranslation(['tax', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const refresh = useTaxRefresh();
  const ids = { name: useId(), percent: useId(), category: useId(), reason: useId() };
  const create = useMutation(trpc.taxRates.create.mutationOptions());
  const update = useMutation(trpc.taxRates.update.mutationOptions());
  const [name, setName] = useState(rate?.name ?? '');
  const [percent, setPercent] = useState(rate ? percentTextFromBasisPoints(rate.basisPoints) : '');
  const [category, setCategory] = useState<TaxCategory>(rate?.category ?? 'S');
  const [reason, setReason] = useState(rate?.exemptionReason ?? '');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'percent' | 'category' | 'reason' | 'form', string>>>({});
  const locked = !!rate?.inUse;
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    const basisPoints = basisPointsFromPercentText(percent);
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('tax:rates.nameRequired');
    if (Number.isNaN(basisPoints)) found.percent = t('tax:rates.percentInvalid');
    setErrors(found);
    if (Object.keys(found).length) return;
    const exemptionReason = category === 'S' ? null : reason.trim() || null;
    try {
      if (rate) {
        await update.mutateAsync({
          id: rate.id,
          name: name.trim(),
          exemptionReason,
          ...(locked ? {} : { basisPoints, category }),
        });
      } else {
        await create.mutateAsync({ name: name.trim(), basisPoints, category, exemptionReason });
      }
      await refresh();
      toast.success(t(rate ? 'tax:rates.saved' : 'tax:rates.added', { name: name.trim() }));
      onDone();
    } catch (error) {
      setErrors({
        name: fieldErrorOf(t, error, 'name'),
        percent: fieldErrorOf(t, error, 'basisPoints'),
        category: fieldErrorOf(t, error, 'category'),
        reason: fieldErrorOf(t, error, 'exemptionReason'),
        form: errorMessageOf(t, error) ?? t('tax:saveFailed'),
      });
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      data-testid="tax-rate-form"
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog renders inside the settings form's React tree: its submit must not save that form too.
        event.stopPropagation();
        void submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <Field data-invalid={!!errors.name}>
          <FieldLabel htmlFor={ids.name}>{t('tax:rates.columns.name')}</FieldLabel>
          <Input
            id={ids.name}
            className="h-11"
            value={name}
            maxLength={60}
            placeholder={t('tax:rates.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={!!errors.name}
            data-testid="tax-rate-name"
          />
          <FieldError>{errors.name}</FieldError>
        </Field>
        <Field data-invalid={!!errors.percent}>
          <FieldLabel htmlFor={ids.percent}>{t('tax:rates.columns.rate')}</FieldLabel>
          <div className="relative">
            <Input
              id={ids.percent}
              className="h-11 pe-8 text-end tabular-nums"
              dir="ltr"
              inputMode="decimal"
              value={percent}
              disabled={locked}
              placeholder="20"
              onChange={(event) => setPercent(event.target.value)}
              aria-invalid={!!errors.percent}
              data-testid="tax-rate-percent-input"
            />
            <span className="pointer-events-none absolute end-3 top-1/2 -translate-y-1/2 text-muted-foreground" aria-hidden="true">
              %
            </span>
          </div>
          <FieldError>{errors.percent}</FieldError>
        </Field>
      </div>
      {locked && <p className="text-sm text-muted-foreground">{t('tax:rates.lockedHint')}</p>}
      <Field data-invalid={!!errors.category}>
        <FieldLabel htmlFor={ids.category}>{t('tax:rates.columns.category')}</FieldLabel>
        <Select value={category} onValueChange={(next) => next && setCategory(next as TaxCategory)} disabled={locked}>
          <SelectTrigger id={ids.category} className="h-11 w-full" data-testid="tax-rate-category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TAX_CATEGORIES.map((code) => (
              <SelectItem key={code} value={code}>
                {t(`tax:categories.${code}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldDescription>{t(`tax:categoryHints.${category}`)}</FieldDescription>
        <FieldError>{errors.category}</FieldError>
      </Field>
      {category !== 'S' && (
        <Field data-invalid={!!errors.reason}>
          <FieldLabel htmlFor={ids.reason}>{t('tax:rates.exemptionReason')}</FieldLabel>
          <Input
            id={ids.reason}
            className="h-11"
            value={reason}
            maxLength={200}
            placeholder={t('tax:rates.exemptionReasonPlaceholder')}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={!!errors.reason}
          />
          <FieldError>{errors.reason}</FieldError>
        </Field>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" className="h-11" disabled={busy} data-testid="tax-rate-submit">
          {busy && <Spinner />}
          {rate ? t('common:actions.save') : t('tax:rates.addSubmit')}
        </Button>
      </div>
    </form>
  );
}
