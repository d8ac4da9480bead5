import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { identifierSchema } from '@garage/shared/schemas/auth';
import { Button } from '../../components/ui/button.tsx';
import { FieldGroup } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { AuthAlert } from './auth-alert.tsx';
import { sendCode } from './auth-api.ts';
import { describeAuthError, retryAfterOf } from './auth-errors.ts';
import { IdentifierField } from './identifier-field.tsx';

const schema = z.object({ identifier: identifierSchema });

interface ForgotPasswordFormProps {
  defaultIdentifier: string;
  /** `resendAfterSeconds`: how long until another code may be requested. */
  onCodeSent: (identifier: string, resendAfterSeconds: number) => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultIdentifier, onCodeSent, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { identifier: defaultIdentifier } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ identifier }) => {
    setFailure(null);
    try {
      const sent = await sendCode(identifier);
      onCodeSent(identifier, sent.resendAfterSeconds);
    } catch (error) {
      // A code was sent moments ago and is still valid: go and type it, the countdown shows the wait.
      const wait = retryAfterOf(error);
      if (wait !== undefined && error instanceof ApiError && error.body.messageCode === 'auth.codeResendTooSoon') {
        return onCodeSent(identifier, wait);
      }
      setFailure(describeAuthError(t, error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {failure ? <AuthAlert title={t('forgot.failed')}>{failure}</AuthAlert> : null}
      <FieldGroup>
        <IdentifierField id="reset-identifier" autoFocus error={errors.identifier} {...form.register('identifier')} />
      </FieldGroup>
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" disabled={isSubmitting} data-testid="send-code">
          {isSubmitting ? <Spinner label={t('forgot.submit')} /> : null}
          {t('forgot.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          {t('forgot.backToSignIn')}
        </Button>
      </div>
    </form>
  );
}
