// /admin/settings/taxes (admins): "Taxes and invoices". The country profile (which rules and identifiers apply),
// whether prices are typed with or without tax, the tax rates, the default rate of each kind of line, the legal
// identity printed on every invoice and the chart of accounts of the accounting exports. One form saves the
// settings (the API's field errors land on their fields); rates are saved one by one in their own dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { accountingAccountsSchema, type TaxSettings, updateTaxSettingsSchema } from '@garage/shared/schemas/tax';
import { TAX_COUNTRY_PROFILES, type TaxCountryProfile, taxOnNet } from '@garage/shared/tax-rules';
import type { ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { applyServerFieldErrors, errorMessageOf } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { SHOP_IDENTIFIERS, identifiersShownBy } from './identifier-fields.ts';
import { AddressFields, IdentifierFields, LegalTextField } from './legal-fields.tsx';
import { TaxRateSelect } from './tax-rate-select.tsx';
import { TaxRatesCard } from './tax-rates-card.tsx';
import { useRateFormat, useTaxRates, useTaxRefresh, useTaxSettings } from './use-tax.ts';

type FormInput = z.input<typeof updateTaxSettingsSchema>;
type FormOutput = z.output<typeof updateTaxSettingsSchema>;

export function TaxSettingsPage() {
  const { t } = useTranslation('tax');
  // Reached by its address, the page tells other staff why there is nothing for them here (the API refuses
  // their changes anyway).
  const isAdmin = useAuth().roles.includes('ADMIN');
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      {isAdmin ? <TaxSettingsLoader /> : <Card className="p-6 text-center text-muted-foreground">{t('adminOnly')}</Card>}
    </section>
  );
}

function TaxSettingsLoader() {
  const { t } = useTranslation('tax');
  const settings = useTaxSettings();
  if (settings.isPending) return <Skeleton className="h-96 w-full" />;
  if (settings.isError) return <p className="text-destructive">{t('loadFailed')}</p>;
  // A fresh form when the saved settings change (after saving).
  return <TaxSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}

const ACCOUNT_KEYS = ['customers', 'salesParts', 'salesLabour', 'salesOther', 'taxCollected', 'bank', 'cash'] as const;
const JOURNAL_KEYS = ['salesJournal', 'receiptsJournal'] as const;
/** The French PCG accounts the contract starts with, shown beside each field. */
const PCG_DEFAULTS = accountingAccountsSchema.parse({});

function formValuesOf(settings: TaxSettings): FormInput {
  return {
    profile: settings.profile,
    pricesIncludeTax: settings.pricesIncludeTax,
    defaultLabourTaxRateId: settings.defaultLabourTaxRateId,
    defaultPartTaxRateId: settings.defaultPartTaxRateId,
    defaultFlatTaxRateId: settings.defaultFlatTaxRateId,
    legalIdentity: settings.legalIdentity,
    accountingAccounts: settings.accountingAccounts,
  };
}

/** What is sent: the identifiers the chosen profile shows (identifiersShownBy). */
function forProfile(values: FormOutput): FormOutput {
  const identity = values.legalIdentity;
  if (!identity) return values;
  const identifiers = identifiersShownBy(values.profile ?? 'OTHER', SHOP_IDENTIFIERS(values.profile ?? 'OTHER'), identity.identifiers);
  return { ...values, legalIdentity: { ...identity, identifiers } };
}

function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const { t } = useTranslation(['tax', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const refresh = useTaxRefresh();
  const update = useMutation(trpc.taxSettings.update.mutationOptions());
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateTaxSettingsSchema),
    defaultValues: formValuesOf(settings),
  });
  const { control, formState } = form;
  const profile = (useWatch({ control, name: 'profile' }) ?? settings.profile) as TaxCountryProfile;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(forProfile(values));
      toast.success(t('tax:saved'));
      await refresh();
    } catch (error) {
      const placed = applyServerFieldErrors(form.setError, error, t);
      toast.error(placed ? t('tax:fixFields') : (errorMessageOf(t, error) ?? t('tax:saveFailed')));
    }
  });

  const defaultRateField = (name: 'defaultLabourTaxRateId' | 'defaultPartTaxRateId' | 'defaultFlatTaxRateId', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field data-invalid={!!fieldState.error}>
          <FieldLabel htmlFor={`tax-${name}`}>{label}</FieldLabel>
          <TaxRateSelect
            id={`tax-${name}`}
            value={field.value}
            onChange={(next) => field.onChange(next)}
            noneLabel={t('tax:defaults.none')}
            aria-invalid={!!fieldState.error}
            data-testid={`tax-${name}`}
          />
          <FieldError errors={[fieldState.error]} />
        </Field>
      )}
    />
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="tax-settings-form">
        <Section title={t('tax:profile.title')} description={t('tax:profile.description')} testId="tax-profile-section">
          <Controller
            control={control}
            name="profile"
            render={({ field, fieldState }) => (
              <Field data-invalid={!!fieldState.error}>
                <FieldLabel htmlFor="tax-profile">{t('tax:profile.label')}</FieldLabel>
                <Select value={field.value} onValueChange={(next) => next && field.onChange(next)}>
                  <SelectTrigger id="tax-profile" className="h-11 w-full sm:max-w-sm" data-testid="tax-profile">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TAX_COUNTRY_PROFILES.map((code) => (
                      <SelectItem key={code} value={code}>
                        {t(`tax:profiles.${code}.name`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldDescription data-testid="tax-profile-summary">{t(`tax:profiles.${profile}.summary`)}</FieldDescription>
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
          <PricesModeField defaultRateId={settings.defaultLabourTaxRateId} />
        </Section>

        <TaxRatesCard profile={profile} />

        <Section title={t('tax:defaults.title')} description={t('tax:defaults.description')}>
          <div className="grid gap-4 md:grid-cols-3">
            {defaultRateField('defaultLabourTaxRateId', t('tax:defaults.labour'))}
            {defaultRateField('defaultPartTaxRateId', t('tax:defaults.parts'))}
            {defaultRateField('defaultFlatTaxRateId', t('tax:defaults.flat'))}
          </div>
        </Section>

        <Section title={t('tax:identity.title')} description={t('tax:identity.description')} testId="legal-identity-section">
          <LegalTextField name="legalIdentity.legalName" label={t('tax:identity.legalName')} maxLength={200} />
          <IdentifierFields prefix="legalIdentity" profile={profile} keys={SHOP_IDENTIFIERS(profile)} />
          <h3 className="text-base font-medium">{t('tax:identity.address')}</h3>
          <AddressFields prefix="legalIdentity" />
          <Controller
            control={control}
            name="legalIdentity.invoiceFooter"
            render={({ field, fieldState }) => (
              <Field data-invalid={!!fieldState.error}>
                <FieldLabel htmlFor="tax-invoice-footer">{t('tax:identity.invoiceFooter')}</FieldLabel>
                <Textarea
                  id="tax-invoice-footer"
                  rows={3}
                  maxLength={600}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value || null)}
                  onBlur={field.onBlur}
                  aria-invalid={!!fieldState.error}
                />
                <FieldDescription>{t(`tax:identity.invoiceFooterHint_${profile}`)}</FieldDescription>
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
        </Section>

        <Section title={t('tax:accounts.title')} description={t('tax:accounts.description')}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ACCOUNT_KEYS.map((key) => (
              <LegalTextField
                key={key}
                name={`accountingAccounts.${key}`}
                label={t(`tax:accounts.fields.${key}`)}
                hint={t('tax:accounts.pcgDefault', { account: PCG_DEFAULTS[key] })}
                maxLength={20}
                ltr
                keepEmpty
              />
            ))}
            {JOURNAL_KEYS.map((key) => (
              <LegalTextField
                key={key}
                name={`accountingAccounts.${key}`}
                label={t(`tax:accounts.fields.${key}`)}
                hint={t('tax:accounts.pcgDefault', { account: PCG_DEFAULTS[key] })}
                maxLength={6}
                ltr
                upperCase
                keepEmpty
              />
            ))}
          </div>
          <Button
            type="button"
            variant="outline"
            className="h-11 self-start"
            onClick={() => {
              for (const key of [...ACCOUNT_KEYS, ...JOURNAL_KEYS]) {
                form.setValue(`accountingAccounts.${key}`, PCG_DEFAULTS[key], { shouldDirty: true });
              }
            }}
          >
            {t('tax:accounts.resetToPcg')}
          </Button>
        </Section>

        <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end">
          {formState.isDirty && <span className="text-sm text-muted-foreground sm:me-auto">{t('tax:unsaved')}</span>}
          <Button type="submit" className="h-11" disabled={update.isPending} data-testid="tax-settings-save">
            {update.isPending && <Spinner />}
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The switch "prices typed with tax" and what it means on an example, with the default labour rate (or 20 %). */
function PricesModeField({ defaultRateId }: { defaultRateId: string | null }) {
  const { t } = useTranslation('tax');
  const format = useFormatters();
  const rateFormat = useRateFormat();
  const rates = useTaxRates();
  const includeTax = useWatch({ name: 'pricesIncludeTax' }) as boolean | undefined;
  const basisPoints = rates.data?.find((rate) => rate.id === defaultRateId)?.basisPoints ?? 2000;
  const net = 10_000;
  const tax = taxOnNet(net, basisPoints);
  const example = {
    net: format.money(net),
    tax: format.money(tax),
    gross: format.money(net + tax),
    rate: rateFormat.percent(basisPoints),
  };
  return (
    <Controller
      name="pricesIncludeTax"
      render={({ field }) => (
        <Field>
          <div className="flex items-center gap-3">
            <Switch
              id="tax-prices-include-tax"
              checked={!!field.value}
              onCheckedChange={field.onChange}
              data-testid="tax-prices-include-tax"
            />
            <FieldLabel htmlFor="tax-prices-include-tax">{t('prices.label')}</FieldLabel>
          </div>
          <p className="rounded-md bg-muted/50 p-3 text-sm" data-testid="tax-prices-example">
            {includeTax ? t('prices.exampleWithTax', example) : t('prices.exampleWithoutTax', example)}
          </p>
        </Field>
      )}
    />
  );
}
