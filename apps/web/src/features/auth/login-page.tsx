// /login (SPEC §2, §4 "Login flow"): sign in; or forgot password → send code → verify (6 boxes, resend
// countdown) → new password → signed in (or back to sign in). After sign-in staff go to /admin, clients to
// /client, or back to the page they were sent away from when it admits them.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { OTP } from '@garage/shared/constants';
import type { AuthSession } from '@garage/shared/schemas/auth';
import { FormSkeleton } from '../../components/loading-frames.tsx';
import { Button } from '../../components/ui/button.tsx';
import { decodeAccessToken } from '../../lib/auth/access-token.ts';
import { homePathFor, logout, postLoginPath, useAuth } from '../../lib/auth/session.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AuthAlert } from './auth-alert.tsx';
import { signIn } from './auth-api.ts';
import { readFormFailure } from './auth-errors.ts';
import { AuthFrame } from './auth-frame.tsx';
import { readState, type LoginState } from './navigation-state.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SetupNotice } from '../setup/index.ts';

// The password-reset steps load when chosen: they (and the zod schemas they validate with) are not needed to sign in.
const ForgotPasswordForm = lazy(() => import('./forgot-password-form.tsx').then((module) => ({ default: module.ForgotPasswordForm })));
const VerifyCodeForm = lazy(() => import('./verify-code-form.tsx').then((module) => ({ default: module.VerifyCodeForm })));
const ResetPasswordForm = lazy(() => import('./reset-password-form.tsx').then((module) => ({ default: module.ResetPasswordForm })));

type Step = { name: 'signIn' } | { name: 'forgot' } | { name: 'verify'; resendAfterSeconds: number } | { name: 'reset' };

export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const arrival = readState<LoginState>(location.state);
  const [step, setStep] = useState<Step>({ name: 'signIn' });
  // The drawn form sent before the app started and refused by the server comes back here (apps/api login-form.ts).
  const [formFailure] = useState(() => readFormFailure(location.search));
  const [identifier, setIdentifier] = useState(formFailure?.identifier ?? '');
  const [passwordChanged, setPasswordChanged] = useState(arrival.notice === 'passwordReset');

  const title = t(`${step.name}.title`);
  usePageTitle(title);

  function enter(session: AuthSession) {
    const roles = decodeAccessToken(session.accessToken)?.roles ?? [session.user.role];
    navigate(postLoginPath(roles, arrival.from), { replace: true });
  }

  async function signInWithNewPassword(password: string) {
    try {
      enter(await signIn({ identifier, password }));
    } catch {
      setPasswordChanged(true);
      setStep({ name: 'signIn' });
    }
  }

  const subtitle =
    step.name === 'verify' ? t('verify.subtitle', { identifier, minutes: Math.round(OTP.ttlSeconds / 60) }) : t(`${step.name}.subtitle`);

  return (
    <AuthFrame title={title} subtitle={subtitle}>
      {step.name === 'signIn' ? (
        <div className="flex flex-col gap-5">
          <SetupNotice />
          {passwordChanged ? <AuthAlert tone="success" title={t('reset.done')} /> : null}
          {arrival.problem && !passwordChanged ? (
            <AuthAlert tone={arrival.problem === 'noToken' ? 'info' : 'error'} title={t(`session.${arrival.problem}`)} />
          ) : null}
          {auth.isSignedIn && auth.user ? (
            <AuthAlert
              tone="info"
              title={t('signIn.signedInAs', { name: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.username })}
            >
              <span className="mt-1 flex flex-wrap gap-2">
                <Button size="sm" onClick={() => navigate(homePathFor(auth.roles))}>
                  {t('signIn.continue')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => void logout()}>
                  {t('signIn.signOut')}
                </Button>
              </span>
            </AuthAlert>
          ) : null}
          <SignInForm
            defaultIdentifier={identifier}
            onSignedIn={enter}
            formFailure={formFailure}
            onForgotPassword={(typed) => {
              setIdentifier(typed);
              setPasswordChanged(false);
              setStep({ name: 'forgot' });
            }}
          />
        </div>
      ) : null}

      <Suspense fallback={<FormSkeleton />}>
        {step.name === 'forgot' ? (
          <ForgotPasswordForm
            defaultIdentifier={identifier}
            onCodeSent={(typed, resendAfterSeconds) => {
              setIdentifier(typed);
              setStep({ name: 'verify', resendAfterSeconds });
            }}
            onBack={() => setStep({ name: 'signIn' })}
          />
        ) : null}

        {step.name === 'verify' ? (
          <VerifyCodeForm
            identifier={identifier}
            resendAfterSeconds={step.resendAfterSeconds}
            onVerified={() => setStep({ name: 'reset' })}
            onChangeIdentifier={() => setStep({ name: 'forgot' })}
          />
        ) : null}

        {step.name === 'reset' ? (
          <ResetPasswordForm identifier={identifier} onReset={signInWithNewPassword} onRestart={() => setStep({ name: 'forgot' })} />
        ) : null}
      </Suspense>

      <p className="text-center text-sm text-muted-foreground">
        <Link to="/" className="font-medium underline-offset-4 hover:text-foreground hover:underline">
          {t('signIn.backHome')}
        </Link>
      </p>
    </AuthFrame>
  );
}
