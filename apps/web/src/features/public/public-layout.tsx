// Frame of the public website: header, the page, footer. Nothing is drawn before the shop's branding has
// arrived (the theme loader covers the screen meanwhile), so texts and pictures do not change under the
// visitor's eyes. Pages load lazily inside it: the header stays, the progress bar and placeholders show,
// and the footer comes with the page (drawn before it, it would be pushed down when the page arrives: the
// home page's layout shift of 0.8), one task after the page's first paint (it is below the fold).
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PublicPageSkeleton } from '../../components/loading-frames.tsx';
import { SkipLink } from '../../components/route-a11y.tsx';
import { RenderAfterPaint } from '../../components/render-in-turn.tsx';
import { RouteProgress } from '../../components/route-progress.tsx';
import { useBranding } from '../branding/index.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout() {
  const { isLoading } = useBranding();
  if (isLoading) return null;
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <Suspense
        fallback={
          <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
            <RouteProgress />
            <PublicPageSkeleton />
          </main>
        }
      >
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Outlet />
        </main>
        <RenderAfterPaint>
          <SiteFooter />
        </RenderAfterPaint>
      </Suspense>
    </>
  );
}
