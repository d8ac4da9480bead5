// Frame of the public website: header, the page, footer. Pages load lazily inside it, so the header and
// footer stay while the progress bar shows.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteProgress } from '../../components/route-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<RouteProgress />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
