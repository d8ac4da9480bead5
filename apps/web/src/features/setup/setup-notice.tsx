// On /login of a fresh installation (no admin yet): a clear way to /setup. Renders nothing once set up, while
// loading, or when the status cannot be read (sign-in stays usable either way). The status is asked after the
// sign-in form's first paint: that paint does not wait for it.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RenderAfterPaint } from '../../components/render-in-turn.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { AuthAlert } from '../auth/index.ts';
import { fetchSetupStatus, setupKeys } from './setup-api.ts';

export function SetupNotice() {
  return (
    <RenderAfterPaint>
      <SetupNoticeWhenNeeded />
    </RenderAfterPaint>
  );
}

function SetupNoticeWhenNeeded() {
  const status = useQuery({ queryKey: setupKeys.status, queryFn: ({ signal }) => fetchSetupStatus(signal), retry: false });
  if (!status.data?.needsSetup) return null;
  return (
    <Suspense fallback={null}>
      <SetupNoticeCard />
    </Suspense>
  );
}

function SetupNoticeCard() {
  const { t } = useTranslation('setup');
  return (
    <div data-testid="setup-notice">
      <AuthAlert tone="info" title={t('loginLink.title')}>
        {t('loginLink.body')}
        <span className="mt-2 flex">
          <Link to="/setup" className={buttonVariants({ size: 'sm' })}>
            {t('loginLink.action')}
          </Link>
        </span>
      </AuthAlert>
    </div>
  );
}
