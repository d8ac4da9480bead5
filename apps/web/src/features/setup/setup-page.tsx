// /setup: a fresh installation's first run (issue 18). A short stepper: the one-time setup code from the
// server log → the first admin → the shop's essentials → done (signed in, on to the dashboard). Once an
// admin exists the page says so and links to /login. One request writes everything (POST /setup/complete);
// the code is checked on its own first so a wrong code is caught before the long forms.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, KeyRound, Store, UserRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LANGUAGES, type Language } from '@garage/shared/constants';
import type { CodedMessage } from '@garage/shared/message-catalogue';
import {
  checkSetupCodeSchema,
  setupAdminSchema,
  setupShopSchema,
  type SetupAdmin,
  type SetupAdminInput,
  type SetupShop,
  type SetupShopInput,
} from '@garage/shared/schemas/setup';
import { DarkModeToggle } from '../../components/dark-mode-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessageOf, extractFieldErrorCodes, renderCode } from '../../lib/form-errors.ts';
import { cn } from '../../lib/utils.ts';
import { AuthAlert, formatWait, retryAfterOf } from '../auth/index.ts';
import { useBranding, brandingKeys } from '../branding/index.ts';
import { BrandMark } from '../public/index.ts';
import { AdminFields, CodeFields, ShopFields } from './setup-steps.tsx';
import { checkSetupCode, completeSetup, fetchSetupStatus, setupKeys, uploadSetupLogo } from './setup-api.ts';

const STEPS = [
  { key: 'code', icon: KeyRound },
  { key: 'admin', icon: UserRound },
  { key: 'shop', icon: Store },
  { key: 'done', icon: CircleCheck },
] as const;
type StepKey = (typeof STEPS)[number]['key'];

const DASHBOARD = '/admin/dashboard/main-panel';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function SetupPage() {
  const { t, i18n } = useTranslation(['setup', 'validation', 'fields', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { displayName } = useBranding();
  const status = useQuery({ queryKey: setupKeys.status, queryFn: ({ signal }) => fetchSetupStatus(signal) });
  const [step, setStep] = useState<StepKey>('code');
  const [failure, setFailure] = useState<string | null>(null);

  const codeForm = useForm<{ setupCode: string }, unknown, { setupCode: string }>({
    resolver: zodResolver(checkSetupCodeSchema),
    defaultValues: { setupCode: '' },
  });
  const adminForm = useForm<SetupAdminInput, unknown, SetupAdmin>({
    resolver: zodResolver(setupAdminSchema),
    defaultValues: { firstName: '', lastName: '', email: '', username: '', countryCode: '', phoneNumber: '', password: '' },
  });
  const language = (i18n.resolvedLanguage ?? 'en').slice(0, 2) as Language;
  const shopForm = useForm<SetupShopInput, unknown, SetupShop>({
    resolver: zodResolver(setupShopSchema),
    defaultValues: {
      displayName: '',
      name: '',
      defaultLanguage: (LANGUAGES as readonly string[]).includes(language) ? language : 'en',
      currency: 'USD',
      timezone: browserTimeZone(),
      phone: '',
      whatsapp: '',
      email: '',
      address: '',
      openingHours: '',
      logoUrl: '',
      primaryColor: '#1d4ed8',
      taxProfile: 'OTHER',
    },
  });

  useEffect(() => {
    document.title = `${t('title')} · ${displayName}`;
  }, [t, displayName]);

  /** 403 wrong code → back to the code; 409 → done by someone else; 429 → wait; fields → their step. */
  function handleFailure(error: unknown) {
    const wait = retryAfterOf(error);
    if (wait !== undefined) return setFailure(t('errors.tooMany', { wait: formatWait(wait) }));
    if (error instanceof ApiError && error.status === 403) {
      setStep('code');
      codeForm.setError('setupCode', { type: 'server', message: t('errors.codeInvalid') }, { shouldFocus: true });
      return;
    }
    if (error instanceof ApiError && error.status === 409 && error.body.messageCode === 'setup.alreadyDone') {
      void queryClient.invalidateQueries({ queryKey: setupKeys.status });
      return;
    }
    const fieldErrors = extractFieldErrorCodes(error);
    if (fieldErrors && placeFieldErrors(fieldErrors)) return;
    setFailure(error instanceof ApiError && error.status < 500 ? (errorMessageOf(t, error) ?? t('errors.failed')) : t('errors.failed'));
  }

  function placeFieldErrors(fieldErrors: Record<string, CodedMessage[]>): boolean {
    const apply = <T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, prefix: string, target: StepKey) => {
      const own = Object.entries(fieldErrors).filter(([key]) => key.startsWith(`${prefix}.`));
      own.forEach(([key, messages], index) => {
        const field = key.slice(prefix.length + 1);
        const message = messages[0] ? renderCode(t, messages[0].code, messages[0].params) : '';
        form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (own.length) setStep(target);
      return own.length > 0;
    };
    // The admin's problems first: that step comes before the shop.
    return apply(adminForm, 'admin', 'admin') || apply(shopForm, 'shop', 'shop');
  }

  const submitCode = codeForm.handleSubmit(async ({ setupCode }) => {
    setFailure(null);
    try {
      await checkSetupCode(setupCode);
      setStep('admin');
    } catch (error) {
      handleFailure(error);
    }
  });
  const submitAdmin = adminForm.handleSubmit(() => {
    setFailure(null);
    setStep('shop');
  });
  const submitShop = shopForm.handleSubmit(async () => {
    setFailure(null);
    try {
      await completeSetup({ setupCode: codeForm.getValues('setupCode'), admin: adminForm.getValues(), shop: shopForm.getValues() });
      queryClient.setQueryData(setupKeys.status, { needsSetup: false });
      void queryClient.invalidateQueries({ queryKey: brandingKeys.all });
      void queryClient.invalidateQueries({ queryKey: brandingKeys.merchant });
      setStep('done');
    } catch (error) {
      handleFailure(error);
    }
  });

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label={t('loading')} className="size-6" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <AuthAlert title={t('errors.statusFailed')}>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void status.refetch()}>
          {t('retry')}
        </Button>
      </AuthAlert>
    );
  } else if (!status.data.needsSetup && step !== 'done') {
    body = (
      <Card data-testid="setup-already-done">
        <CardContent className="flex flex-col items-start gap-4 py-6">
          <CircleCheck aria-hidden="true" className="size-8 text-emerald-600" />
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold">{t('alreadyDone.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('alreadyDone.body')}</p>
          </div>
          <Button asChild>
            <Link to="/login">{t('alreadyDone.signIn')}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <>
        <Stepper current={step} />
        {failure ? <AuthAlert title={failure} /> : null}
        <Card>
          <CardContent className="py-6">
            {step === 'code' ? (
              <StepForm
                title={t('code.title')}
                intro={t('code.intro')}
                onSubmit={submitCode}
                submitting={codeForm.formState.isSubmitting}
                submitLabel={t('next')}
                testId="setup-code-submit"
              >
                <CodeFields form={codeForm} />
              </StepForm>
            ) : null}
            {step === 'admin' ? (
              <StepForm
                title={t('admin.title')}
                intro={t('admin.intro')}
                onSubmit={submitAdmin}
                submitLabel={t('next')}
                onBack={() => setStep('code')}
                testId="setup-admin-submit"
              >
                <AdminFields form={adminForm} />
              </StepForm>
            ) : null}
            {step === 'shop' ? (
              <StepForm
                title={t('shop.title')}
                intro={t('shop.intro')}
                onSubmit={submitShop}
                submitting={shopForm.formState.isSubmitting}
                submitLabel={t('finish')}
                onBack={() => setStep('admin')}
                testId="setup-shop-submit"
              >
                <ShopFields form={shopForm} uploadLogo={(file) => uploadSetupLogo(codeForm.getValues('setupCode'), file)} />
              </StepForm>
            ) : null}
            {step === 'done' ? (
              <div className="flex flex-col items-start gap-4" data-testid="setup-done">
                <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
                <div className="flex flex-col gap-1">
                  <h2 className="text-xl font-semibold">{t('done.title', { name: shopForm.getValues('displayName') })}</h2>
                  <p className="text-sm text-muted-foreground">{t('done.body')}</p>
                </div>
                <Button size="lg" onClick={() => navigate(DASHBOARD, { replace: true })} data-testid="setup-open-dashboard">
                  {t('done.openDashboard')}
                </Button>
              </div>
            ) : null}
          </CardContent>
        </Card>
      </>
    );
  }

  return (
    <div className="flex min-h-[var(--window-height,100dvh)] flex-col bg-muted/30">
      <header className="flex items-center justify-between gap-3 border-b bg-background px-4 py-3 sm:px-8">
        <BrandMark />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <DarkModeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 py-8 sm:px-8 sm:py-12">
        <div className="flex w-full max-w-2xl flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
            <p className="text-sm leading-relaxed text-muted-foreground">{t('subtitle')}</p>
          </div>
          {body}
        </div>
      </main>
    </div>
  );
}

function Stepper({ current }: { current: StepKey }) {
  const { t } = useTranslation('setup');
  const currentIndex = STEPS.findIndex((step) => step.key === current);
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label={t('stepsLabel')}>
      {STEPS.map(({ key, icon: Icon }, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li
            key={key}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex min-w-0 flex-col items-center gap-1.5 text-center"
          >
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full border text-sm',
                state === 'current' && 'border-primary bg-primary text-primary-foreground',
                state === 'done' && 'border-emerald-600 bg-emerald-600 text-white',
                state === 'todo' && 'bg-background text-muted-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className={cn('w-full truncate text-xs', state === 'current' ? 'font-semibold' : 'text-muted-foreground')}>
              <span className="sr-only">{t('stepOf', { index: index + 1, total: STEPS.length })} </span>
              {t(`steps.${key}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

interface StepFormProps {
  title: string;
  intro: string;
  onSubmit: () => void;
  submitting?: boolean;
  submitLabel: string;
  onBack?: () => void;
  testId: string;
  children: ReactNode;
}

function StepForm({ title, intro, onSubmit, submitting = false, submitLabel, onBack, testId, children }: StepFormProps) {
  const { t } = useTranslation('setup');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            {t('back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" size="lg" disabled={submitting} data-testid={testId}>
          {submitting ? <Spinner label={submitLabel} /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
