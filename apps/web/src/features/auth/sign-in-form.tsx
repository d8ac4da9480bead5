import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AuthSession, LoginInput } from '@garage/shared/schemas/auth';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { deferredZodResolver } from '../../lib/deferred-zod-resolver.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { typedBeforeStart } from '../../lib/server-drawing.ts';
import { AuthAlert } from './auth-alert.tsx';
import { signIn } from './auth-api.ts';
import { describeAuthError, describeFormFailure, translateFieldMessage, type FormFailure } from './auth-errors.ts';
import { IdentifierField } from './identifier-field.tsx';
import { PasswordInput } from './password-input.tsx';

interface SignInFormProps {
  defaultIdentifier?: string;
  onSignedIn: (session: AuthSession) => void;
  onForgotPassword: (identifier: string) => void;
  /** What POST /login answered the form sent before the app started (?error=…&retry=…), if anything. */
  formFailure?: FormFailure | null;
}

// zod loads when the visitor starts typing, not with the page (lib/deferred-zod-resolver.ts).
const loginValidation = deferredZodResolver<LoginInput>(() =>
  import('@garage/shared/schemas/auth').then((module) => module.loginInputSchema),
);

export function SignInForm({ defaultIdentifier = '', onSignedIn, onForgotPassword, formFailure = null }: SignInFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const [failure, setFailure] = useState<string | null>(() => describeFormFailure(t, formFailure));
  const form = useForm<LoginInput>({
    resolver: loginValidation.resolver,
    defaultValues: { identifier: defaultIdentifier || typedBeforeStart('identifier'), password: typedBeforeStart('password') },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedIn(await signIn(values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && applyServerFieldErrors(form.setError, error, t)) return;
      form.resetField('password', { keepError: false });
      setFailure(describeAuthError(t, error));
    }
  });

  return (
    // method="post" action="/login": the drawn form (server-render.tsx) sent before the app has started signs
    // in on the server (apps/api login-form.ts), the password never in an address. Once the app runs, its
    // onSubmit handles the event (handleSubmit prevents the native sending).
    <form
      method="post"
      action="/login"
      noValidate
      onSubmit={submit}
      onInput={loginValidation.warm}
      className="flex flex-col gap-5"
      aria-describedby={failure ? 'sign-in-failure' : undefined}
    >
      {failure ? (
        <div id="sign-in-failure">
          <AuthAlert title={t('signIn.failed')}>{failure}</AuthAlert>
        </div>
      ) : null}
      <FieldGroup>
        <IdentifierField id="identifier" error={errors.identifier} {...form.register('identifier')} />
        <Field data-invalid={!!errors.password}>
          <FieldLabel htmlFor="password">{t('signIn.password')}</FieldLabel>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'password-error' : undefined}
            {...form.register('password')}
          />
          <FieldError id="password-error">{translateFieldMessage(t, errors.password?.message)}</FieldError>
        </Field>
      </FieldGroup>
      {/* Drawn on the server it is enabled: pressed before the app has started, the form goes natively to
          POST /login, which signs in without the app (apps/api login-form.ts). */}
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="sign-in-submit">
        {isSubmitting ? <Spinner label={t('signIn.submitting')} /> : null}
        {isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
      {/* After the submit button: Tab goes identifier, password, sign in, and the form's first button signs in. */}
      <button
        type="button"
        data-testid="forgot-password"
        onClick={() => onForgotPassword(form.getValues('identifier'))}
        className="self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {t('signIn.forgot')}
      </button>
    </form>
  );
}
