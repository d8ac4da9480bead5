import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { otpSchema } from '@garage/shared/schemas/auth';
import { OTP } from '@garage/shared/constants';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { AuthAlert } from './auth-alert.tsx';
import { resendCode, verifyCode } from './auth-api.ts';
import { describeAuthError, retryAfterOf, translateFieldMessage } from './auth-errors.ts';
import { OtpInput } from './otp-input.tsx';
import { useCountdown } from '../../lib/use-countdown.ts';

interface VerifyCodeFormProps {
  identifier: string;
  resendAfterSeconds: number;
  onVerified: () => void;
  onChangeIdentifier: () => void;
}

type Problem = { title: string; detail?: string } | null;

export function VerifyCodeForm({ identifier, resendAfterSeconds, onVerified, onChangeIdentifier }: VerifyCodeFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const [problem, setProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const countdown = useCountdown(resendAfterSeconds);

  async function verify(candidate: string) {
    const parsed = otpSchema.safeParse(candidate);
    if (!parsed.success) return setFormatError(translateFieldMessage(t, parsed.error.issues[0]?.message));
    setFormatError(undefined);
    setProblem(null);
    setNotice(null);
    setVerifying(true);
    try {
      await verifyCode(identifier, parsed.data);
      onVerified();
    } catch (error) {
      setProblem({ title: t('verify.failed'), detail: describeAuthError(t, error) });
      // A locked code cannot be retried: clear the boxes so the next step is "resend".
      if (error instanceof ApiError && error.body.messageCode === 'auth.codeLocked') setCode('');
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    setProblem(null);
    setNotice(null);
    setResending(true);
    try {
      const sent = await resendCode(identifier);
      countdown.restart(sent.resendAfterSeconds);
      setCode('');
      setNotice(t('verify.resent'));
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait !== undefined) countdown.restart(wait);
      setProblem({ title: t('verify.resendFailed'), detail: describeAuthError(t, error) });
    } finally {
      setResending(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {problem ? <AuthAlert title={problem.title}>{problem.detail}</AuthAlert> : null}
      {notice ? <AuthAlert tone="success" title={notice} /> : null}
      <div className="flex flex-col gap-3">
        <p id="otp-label" className="text-center text-sm font-medium">
          {t('verify.codeLabel')}
        </p>
        <OtpInput
          value={code}
          onChange={(value) => {
            setCode(value);
            setFormatError(undefined);
          }}
          onComplete={(value) => void verify(value)}
          invalid={!!formatError || !!problem}
          disabled={verifying}
          labelledBy="otp-label"
          describedBy={formatError ? 'otp-error' : undefined}
        />
        {formatError ? (
          <p id="otp-error" role="alert" className="text-center text-sm text-destructive">
            {formatError}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={verifying || code.length !== OTP.length} data-testid="verify-code">
        {verifying ? <Spinner label={t('verify.submit')} /> : null}
        {t('verify.submit')}
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm">
        <Button
          type="button"
          variant="link"
          data-testid="resend-code"
          disabled={countdown.remaining > 0 || resending}
          onClick={() => void resend()}
        >
          {countdown.remaining > 0 ? t('verify.resendIn', { seconds: countdown.remaining }) : t('verify.resend')}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground" onClick={onChangeIdentifier}>
          {t('verify.changeIdentifier')}
        </Button>
      </div>
    </form>
  );
}
