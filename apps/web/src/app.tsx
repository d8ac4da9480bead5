// App-wide providers: data (TanStack Query), languages (i18n, with radix's reading direction), branding
// and theme, routing, toasts and the generic modal. tRPC is provided by <TrpcScope> (see router.tsx).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { isRtlLanguage } from '@garage/shared/constants';
import { CentredLoading, ShellSkeleton } from './components/loading-frames.tsx';
import { RouteProgress } from './components/route-progress.tsx';
import { RouteA11y } from './components/route-a11y.tsx';
import { ScrollToTop } from './components/scroll-to-top.tsx';
import { PageViewTracker } from './lib/page-view-tracker.ts';
import { BrandingProvider } from './features/branding/index.ts';
import { useModalContent } from './lib/modal-store.ts';
import { queryClient } from './lib/query-client.ts';
import { AppRoutes } from './router.tsx';

const AppToaster = lazy(() => import('./components/app-toaster.tsx').then((module) => ({ default: module.AppToaster })));
const ModalHost = lazy(() => import('./components/modal-host.tsx').then((module) => ({ default: module.ModalHost })));

/**
 * The toaster is not needed to paint the page: it mounts once the browser is idle. Toasts raised before
 * that are kept by react-hot-toast and appear when it mounts.
 */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 1000);
    return () => clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/**
 * While a frame's code loads (the signed-in shell, the session check, the sign-in page): the progress bar
 * and that frame's placeholders, so the screen is never blank between the boot screen and the page.
 */
function FrameFallback() {
  const { pathname } = useLocation();
  const signedInArea = /^\/(admin|client)(\/|$)/.test(pathname);
  return (
    <>
      <RouteProgress />
      {signedInArea ? <ShellSkeleton /> : <CentredLoading />}
    </>
  );
}

function ModalOutlet() {
  const content = useModalContent();
  return content ? (
    <Suspense fallback={null}>
      <ModalHost content={content} />
    </Suspense>
  ) : null;
}

/** The browser's router. Without transitions a lazy screen shows the progress bar instead of freezing the old one. */
function BrowserFrame({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

/**
 * The whole app. The server draws the start screens with this same tree (server-render.tsx), given its own
 * data and a static router for the requested address.
 */
export function App({
  client = queryClient,
  Router = BrowserFrame,
}: {
  client?: QueryClient;
  Router?: (props: { children: ReactNode }) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const dir = isRtlLanguage(i18n.language) ? 'rtl' : 'ltr';
  return (
    <QueryClientProvider client={client}>
      <Direction.Provider dir={dir}>
        <BrandingProvider>
          <Router>
            <ScrollToTop />
            <RouteA11y />
            <PageViewTracker />
            <Suspense fallback={<FrameFallback />}>
              <AppRoutes />
            </Suspense>
            <ModalOutlet />
          </Router>
          <DeferredToaster />
        </BrandingProvider>
      </Direction.Provider>
    </QueryClientProvider>
  );
}
