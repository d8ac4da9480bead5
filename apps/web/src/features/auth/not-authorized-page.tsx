// /not-authorized (SPEC §2): NOT AUTHORIZED with a return to login; it receives the origin and the required
// role from the guard that sent the user here.
import { LogIn, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button.tsx';
import { homePathFor, useAuth } from '../../lib/auth/session.ts';
import { AuthFrame } from './auth-frame.tsx';
import { readState, type LoginState, type NotAuthorizedState } from './navigation-state.ts';

export function NotAuthorizedPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { from, requiredRoles } = readState<NotAuthorizedState>(location.state);
  const auth = useAuth();
  const ownArea = auth.isSignedIn ? homePathFor(auth.roles) : null;
  const loginState: LoginState = { from };

  return (
    <AuthFrame title={t('notAuthorized.title')}>
      <div className="flex flex-col gap-5" data-testid="not-authorized">
        {/* Opened directly (no guard state), the box still says what happened (issue 15). */}
        <div className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4">
          <ShieldX aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <div className="grid min-w-0 gap-2">
            <p className="text-sm leading-relaxed" data-testid="not-authorized-message">
              {t('notAuthorized.description')}
            </p>
            {requiredRoles?.length || from ? (
              <dl className="grid gap-1 text-sm">
                {requiredRoles?.length ? (
                  <div className="flex flex-wrap gap-1">
                    <dt className="text-muted-foreground">{t('notAuthorized.requiredRole')}</dt>
                    <dd data-testid="required-roles" className="font-medium">
                      {requiredRoles.map((role) => t(`roles.${role}`)).join(t('notAuthorized.or'))}
                    </dd>
                  </div>
                ) : null}
                {from ? (
                  <div className="flex flex-wrap gap-1">
                    <dt className="text-muted-foreground">{t('notAuthorized.origin')}</dt>
                    <dd data-testid="origin" dir="ltr" className="font-mono text-xs leading-5">
                      {from}
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <Link to="/login" state={loginState} className={buttonVariants({ size: 'lg' })} data-testid="back-to-login">
            <LogIn aria-hidden="true" />
            {t('notAuthorized.backToLogin')}
          </Link>
          {ownArea && ownArea !== '/not-authorized' ? (
            <Link to={ownArea} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              {t('notAuthorized.myArea')}
            </Link>
          ) : null}
        </div>
      </div>
    </AuthFrame>
  );
}
