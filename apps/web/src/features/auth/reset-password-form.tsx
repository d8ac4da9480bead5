import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Circle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULE_PARTS, newPasswordFormSchema, type NewPasswordForm, type PasswordRulePart } from '@garage/shared/schemas/auth';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { cn } from '../../lib/utils.ts';
import { AuthAlert } from './auth-alert.tsx';
import { resetPassword } from './auth-api.ts';
import { describeAuthError, translateFieldMessage } from './auth-errors.ts';
import { PasswordInput } from './password-input.tsx';

interface ResetPasswordFormProps {
  identifier: string;
  /** Called with the new password once it is saved. */
  onReset: (password: string) => Promise<void> | void;
  /** The verification expired: start again from "send code". */
  onRestart: () => void;
}

export function ResetPasswordForm({ identifier, onReset, onRestart }: ResetPasswordFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const [failure, setFailure] = useState<{ detail: string; restart: boolean } | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const submit = form.handleSubmit(async ({ password: newPassword }) => {
    setFailure(null);
    try {
      await resetPassword(identifier, newPassword);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && applyServerFieldErrors(form.setError, error, t)) return;
      const restart = error instanceof ApiError && error.body.messageCode === 'auth.resetNotAllowed';
      return setFailure({ detail: describeAuthError(t, error), restart });
    }
    await onReset(newPassword);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {failure ? (
        <AuthAlert title={t('reset.failed')}>
          {failure.detail}{' '}
          {failure.restart ? (
            <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={onRestart}>
              {t('reset.restart')}
            </button>
          ) : null}
        </AuthAlert>
      ) : null}
      <FieldGroup>
        <Field data-invalid={!!errors.password}>
          <FieldLabel htmlFor="new-password">{t('reset.password')}</FieldLabel>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            autoFocus
            aria-invalid={!!errors.password}
            aria-describedby="password-rules"
            {...form.register('password')}
          />
          <ul id="password-rules" className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2" aria-label={t('reset.rulesTitle')}>
            {(Object.entries(PASSWORD_RULE_PARTS) as [PasswordRulePart, (value: string) => boolean][]).map(([key, test]) => {
              const met = test(password);
              return (
                <li
                  key={key}
                  className={cn('flex items-center gap-1.5', met ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground')}
                >
                  {met ? <Check aria-hidden="true" className="size-3.5" /> : <Circle aria-hidden="true" className="size-3" />}
                  <span>{t(`reset.rules.${key}`)}</span>
                  <span className="sr-only">{met ? t('reset.ruleMet') : t('reset.ruleNotMet')}</span>
                </li>
              );
            })}
          </ul>
          <FieldError>{translateFieldMessage(t, errors.password?.message)}</FieldError>
        </Field>
        <Field data-invalid={!!errors.confirmPassword}>
          <FieldLabel htmlFor="confirm-password">{t('reset.confirmPassword')}</FieldLabel>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            aria-describedby={errors.confirmPassword ? 'confirm-password-error' : undefined}
            {...form.register('confirmPassword')}
          />
          <FieldError id="confirm-password-error">{translateFieldMessage(t, errors.confirmPassword?.message)}</FieldError>
        </Field>
      </FieldGroup>
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="reset-password-submit">
        {isSubmitting ? <Spinner label={t('reset.submit')} /> : null}
        {t('reset.submit')}
      </Button>
    </form>
  );
}
