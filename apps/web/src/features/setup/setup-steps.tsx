// The three forms of /setup: the setup code, the first admin, the shop. Each is bound to a form owned by
// the page (values survive going back and forth); validation is the shared schemas' through zodResolver.
import { Check, Circle, ImageIcon, ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Controller, useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LIMITS } from '@garage/shared/constants';
import { msg } from '@garage/shared/messages';
import { PASSWORD_RULE_PARTS, type PasswordRulePart } from '@garage/shared/schemas/auth';
import {
  slugifyShopName,
  type SetupAdmin,
  type SetupAdminInput,
  type SetupShop,
  type SetupShopInput,
  type UpdateMerchant,
  type UpdateMerchantInput,
} from '@garage/shared/schemas/setup';
import { TAX_PROFILE_DEFAULTS } from '@garage/shared/tax-profiles';
import { TAX_COUNTRY_PROFILES, type TaxCountryProfile } from '@garage/shared/tax-rules';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { fieldErrorOf, translateMessage } from '../../lib/form-errors.ts';
import { cn } from '../../lib/utils.ts';
import { PasswordInput } from '../auth/index.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';

export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'MAD', 'DZD', 'TND', 'EGP', 'SAR', 'AED', 'QAR', 'CAD', 'CHF', 'XOF'];

export function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

interface TextFieldProps<T extends FieldValues> extends Omit<ComponentProps<'input'>, 'form' | 'name'> {
  // biome-ignore lint/suspicious/noExplicitAny: any parsed shape: the field only reads and registers
  form: UseFormReturn<T, unknown, any>;
  name: FieldPath<T>;
  /** The field key in fields.json (validation messages) and setup:fields.* (label). */
  label: string;
  hint?: ReactNode;
}

function TextField<T extends FieldValues>({ form, name, label, hint, ...props }: TextFieldProps<T>) {
  const { t } = useTranslation('setup');
  const error = form.getFieldState(name, form.formState).error;
  const id = `setup-${String(name).replace(/\./g, '-')}`;
  return (
    <Field data-invalid={!!error}>
      <FieldLabel htmlFor={id}>{t(`fields.${label}`)}</FieldLabel>
      <Input id={id} aria-invalid={!!error} aria-describedby={hint ? `${id}-hint` : undefined} {...form.register(name)} {...props} />
      {hint ? <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription> : null}
      <FieldError errors={[error]} />
    </Field>
  );
}

export function CodeFields({ form }: { form: UseFormReturn<{ setupCode: string }, unknown, { setupCode: string }> }) {
  const { t } = useTranslation('setup');
  return (
    <FieldGroup>
      <TextField
        form={form}
        name="setupCode"
        label="setupCode"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        placeholder="XXXX-XXXX-XXXX"
        className="font-mono tracking-widest uppercase"
        hint={t('code.hint')}
        autoFocus
      />
    </FieldGroup>
  );
}

export function AdminFields({ form }: { form: UseFormReturn<SetupAdminInput, unknown, SetupAdmin> }) {
  const { t } = useTranslation(['setup', 'auth']);
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const passwordError = form.formState.errors.password;
  return (
    <FieldGroup className="grid gap-4 sm:grid-cols-2">
      <TextField form={form} name="firstName" label="firstName" autoComplete="given-name" dir="auto" autoFocus />
      <TextField form={form} name="lastName" label="lastName" autoComplete="family-name" dir="auto" />
      <TextField form={form} name="email" label="email" type="email" autoComplete="email" dir="ltr" />
      <TextField form={form} name="username" label="username" autoComplete="username" dir="ltr" />
      <TextField form={form} name="countryCode" label="countryCode" inputMode="tel" placeholder="+1" dir="ltr" />
      <TextField form={form} name="phoneNumber" label="phoneNumber" type="tel" inputMode="tel" autoComplete="tel-national" dir="ltr" />
      <Field data-invalid={!!passwordError} className="sm:col-span-2">
        <FieldLabel htmlFor="setup-password">{t('fields.password')}</FieldLabel>
        <PasswordInput
          id="setup-password"
          autoComplete="new-password"
          aria-invalid={!!passwordError}
          aria-describedby="setup-password-rules"
          {...form.register('password')}
        />
        <ul id="setup-password-rules" className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2" aria-label={t('auth:reset.rulesTitle')}>
          {(Object.entries(PASSWORD_RULE_PARTS) as [PasswordRulePart, (value: string) => boolean][]).map(([key, test]) => {
            const met = test(password);
            return (
              <li
                key={key}
                className={cn('flex items-center gap-1.5', met ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground')}
              >
                {met ? <Check aria-hidden="true" className="size-3.5" /> : <Circle aria-hidden="true" className="size-3" />}
                <span>{t(`auth:reset.rules.${key}`)}</span>
                <span className="sr-only">{met ? t('auth:reset.ruleMet') : t('auth:reset.ruleNotMet')}</span>
              </li>
            );
          })}
        </ul>
        <FieldError errors={[passwordError]} />
      </Field>
    </FieldGroup>
  );
}

/** Name, short name, default language, currency and time zone: setup's shop step and the branding manager. */
export function ShopIdentityFields({
  form,
  autoFocus = true,
  nameFollowsDisplayName = true,
}: {
  form: UseFormReturn<UpdateMerchantInput, unknown, UpdateMerchant>;
  autoFocus?: boolean;
  /** At setup the short name follows the display name until edited; not when editing a running shop. */
  nameFollowsDisplayName?: boolean;
}) {
  const { t } = useTranslation('setup');
  const displayName = form.register('displayName');
  return (
    <FieldGroup className="grid gap-4 sm:grid-cols-2">
      <TextField
        form={form}
        name="displayName"
        label="displayName"
        dir="auto"
        autoFocus={autoFocus}
        onChange={(event) => {
          void displayName.onChange(event);
          // The machine name follows the display name until it is edited by hand.
          if (nameFollowsDisplayName && !form.getFieldState('name').isDirty) form.setValue('name', slugifyShopName(event.target.value));
        }}
      />
      <TextField form={form} name="name" label="shopName" dir="ltr" hint={t('shop.nameHint')} />
      <Field>
        <FieldLabel htmlFor="setup-defaultLanguage">{t('fields.defaultLanguage')}</FieldLabel>
        <Controller
          control={form.control}
          name="defaultLanguage"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="setup-defaultLanguage" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LANGUAGES.map((language) => (
                  <SelectItem key={language} value={language}>
                    {t(`languages.${language}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError errors={[form.formState.errors.defaultLanguage]} />
      </Field>
      <TextField
        form={form}
        name="currency"
        label="currency"
        list="setup-currencies"
        dir="ltr"
        autoCapitalize="characters"
        maxLength={3}
        hint={t('shop.currencyHint')}
      />
      <datalist id="setup-currencies">
        {COMMON_CURRENCIES.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <div className="sm:col-span-2">
        <TextField form={form} name="timezone" label="timezone" list="setup-timezones" dir="ltr" hint={t('shop.timezoneHint')} />
        <datalist id="setup-timezones">
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
    </FieldGroup>
  );
}

const LOGO_TYPES = ['image/jpeg', 'image/png'];

/** The logo: uploaded as soon as it is chosen (JPEG/PNG checked here and again by the server), previewed, removable. */
function LogoField({ form, upload }: { form: UseFormReturn<SetupShopInput, unknown, SetupShop>; upload: (file: File) => Promise<string> }) {
  const { t } = useTranslation(['setup', 'validation', 'fields']);
  const value = useWatch({ control: form.control, name: 'logoUrl' });
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!LOGO_TYPES.includes(file.type))
      return setProblem(translateMessage(t, msg('fileType', { fieldName: 'logo', allowedTypes: 'JPEG, PNG' })));
    if (file.size > LIMITS.imageMaxMB * 1024 * 1024)
      return setProblem(translateMessage(t, msg('fileSize', { fieldName: 'logo', maxSizeInMB: LIMITS.imageMaxMB })));
    setUploading(true);
    try {
      form.setValue('logoUrl', await upload(file), { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      setProblem(fieldErrorOf(t, error, 'file') ?? t('shop.logoFailed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  const src = resolveMediaUrl(value);
  return (
    <div className="flex items-center gap-4 sm:col-span-2" data-testid="setup-logo">
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
        {src ? (
          <img src={src} alt={t('fields.logo')} className="size-full object-contain" data-testid="setup-logo-preview" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-6" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
            {uploading ? <Spinner /> : <ImageUp />}
            {value ? t('shop.logoReplace') : t('shop.logoChoose')}
          </Button>
          {value && !uploading ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => form.setValue('logoUrl', '', { shouldDirty: true })}>
              <Trash2 />
              {t('shop.logoRemove')}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">{t('shop.logoHint', { maxSizeInMB: LIMITS.imageMaxMB })}</p>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={LOGO_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="setup-logo-input"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
    </div>
  );
}

/**
 * The shop's country for taxes and invoices. Choosing one fills currency and time zone with the country's
 * (still editable; the language stays the one chosen: people set up in their own); the server applies its
 * tax rates with the setup (tax-profiles.ts).
 */
function CountryField({ form }: { form: UseFormReturn<SetupShopInput, unknown, SetupShop> }) {
  const { t } = useTranslation('setup');
  return (
    <Field>
      <FieldLabel htmlFor="setup-taxProfile">{t('fields.country')}</FieldLabel>
      <Controller
        control={form.control}
        name="taxProfile"
        render={({ field }) => (
          <Select
            value={field.value ?? 'OTHER'}
            onValueChange={(value) => {
              const profile = value as TaxCountryProfile;
              field.onChange(profile);
              if (profile === 'OTHER') return;
              const defaults = TAX_PROFILE_DEFAULTS[profile];
              const options = { shouldDirty: true, shouldValidate: true };
              form.setValue('currency', defaults.currency, options);
              form.setValue('timezone', defaults.timezone, options);
            }}
          >
            <SelectTrigger id="setup-taxProfile" className="w-full" aria-describedby="setup-taxProfile-hint">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TAX_COUNTRY_PROFILES.map((profile) => (
                <SelectItem key={profile} value={profile}>
                  {t(`countries.${profile}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldDescription id="setup-taxProfile-hint">{t('shop.countryHint')}</FieldDescription>
    </Field>
  );
}

export function ShopFields({
  form,
  uploadLogo,
}: {
  form: UseFormReturn<SetupShopInput, unknown, SetupShop>;
  uploadLogo: (file: File) => Promise<string>;
}) {
  const { t } = useTranslation('setup');
  const { errors } = form.formState;
  const color = useWatch({ control: form.control, name: 'primaryColor' }) ?? '#1d4ed8';

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold">{t('shop.identity')}</legend>
        <CountryField form={form} />
        <ShopIdentityFields form={form as unknown as UseFormReturn<UpdateMerchantInput, unknown, UpdateMerchant>} />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold">{t('shop.contact')}</legend>
        <FieldGroup className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="phone" label="phone" type="tel" inputMode="tel" dir="ltr" />
          <TextField form={form} name="whatsapp" label="whatsapp" type="tel" inputMode="tel" dir="ltr" placeholder="+212600112233" />
          <div className="sm:col-span-2">
            <TextField form={form} name="email" label="shopEmail" type="email" dir="ltr" />
          </div>
          <Field data-invalid={!!errors.address} className="sm:col-span-2">
            <FieldLabel htmlFor="setup-address">{t('fields.address')}</FieldLabel>
            <Textarea id="setup-address" rows={2} dir="auto" aria-invalid={!!errors.address} {...form.register('address')} />
            <FieldError errors={[errors.address]} />
          </Field>
          <Field data-invalid={!!errors.openingHours} className="sm:col-span-2">
            <FieldLabel htmlFor="setup-openingHours">{t('fields.openingHours')}</FieldLabel>
            <Textarea
              id="setup-openingHours"
              rows={3}
              dir="auto"
              placeholder={t('shop.hoursPlaceholder')}
              aria-invalid={!!errors.openingHours}
              {...form.register('openingHours')}
            />
            <FieldError errors={[errors.openingHours]} />
          </Field>
        </FieldGroup>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold">{t('shop.look')}</legend>
        <FieldGroup className="grid gap-4 sm:grid-cols-2">
          <LogoField form={form} upload={uploadLogo} />
          <Field data-invalid={!!errors.primaryColor}>
            <FieldLabel htmlFor="setup-primaryColor">{t('fields.primaryColor')}</FieldLabel>
            <div className="flex items-center gap-3">
              <input
                type="color"
                aria-label={t('fields.primaryColor')}
                value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#1d4ed8'}
                onChange={(event) => form.setValue('primaryColor', event.target.value, { shouldDirty: true, shouldValidate: true })}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
              />
              <Input
                id="setup-primaryColor"
                dir="ltr"
                className="font-mono"
                aria-invalid={!!errors.primaryColor}
                {...form.register('primaryColor')}
              />
            </div>
            <FieldError errors={[errors.primaryColor]} />
          </Field>
        </FieldGroup>
      </fieldset>
    </div>
  );
}
