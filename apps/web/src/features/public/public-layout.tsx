// Frame of the public website: header, the page, footer. Pages load lazily inside it, so the header and
// footer stay while the progress bar shows.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SkipLink } from '../../components/route-a11y.tsx';
import { RouteProgress } from '../../components/route-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<RouteProgress />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
