// One continuous loading experience (issue #15): from the first paint to the page, what shows is the frame
// the content will appear in, with pulsing placeholders where it will be. index.html paints the first one
// (the same spinner as <LoadingSpinner>) before any script runs; the theme loader, the session check, a
// lazily loaded frame and a lazily loaded page each show one of these, never a blank screen.
//
// Part of the first bundle of every page: clsx only (no tailwind-merge, see ARCHITECTURE "Landing page weight").
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { useUiState } from '../lib/ui-store.ts';

/** A pulsing placeholder block; size and shape come from `className`. */
export function Bone({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-muted', className)} />;
}

/** The spinner of the boot screen and the theme loader (index.html draws the same one with plain CSS). */
export function LoadingSpinner() {
  return <span aria-hidden="true" className="block size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />;
}

/** Words for screen readers (and the eye, when `visible`) while something loads. */
function LoadingStatus({ label, visible = false }: { label?: string; visible?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = label ?? (ready ? t('loading') : 'Loading…');
  return (
    <p role="status" className={visible ? 'text-sm font-medium text-muted-foreground' : 'sr-only'}>
      {text}
    </p>
  );
}

/** Placeholders for a signed-in page: a title, a row of summary cards and a list. */
export function PageSkeleton({ label }: { label?: string }) {
  return (
    <div data-testid="page-skeleton" className="flex flex-col gap-6">
      <LoadingStatus label={label} visible={!!label} />
      <div className="flex flex-col gap-2">
        <Bone className="h-8 w-56 max-w-full" />
        <Bone className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Bone key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
        {[0, 1, 2, 3, 4].map((index) => (
          <Bone key={index} className="h-10" />
        ))}
      </div>
    </div>
  );
}

/** Placeholders for a public page: a hero (title, text, actions) beside a picture. Fills the screen, so the footer stays below it. */
export function PublicPageSkeleton() {
  return (
    <div
      data-testid="page-skeleton"
      className="mx-auto grid min-h-[var(--window-height,100dvh)] w-full max-w-7xl content-start gap-12 px-4 pt-12 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8"
    >
      <LoadingStatus />
      <div className="flex flex-col gap-6">
        <Bone className="h-7 w-48 rounded-full" />
        <Bone className="h-24 w-full" />
        <Bone className="h-16 w-4/5" />
        <div className="flex gap-3">
          <Bone className="h-11 w-36" />
          <Bone className="h-11 w-36" />
        </div>
      </div>
      <Bone className="aspect-[4/3] w-full rounded-2xl" />
    </div>
  );
}

/** Placeholders for a small form (a sign-in step). */
export function FormSkeleton() {
  return (
    <div data-testid="page-skeleton" className="flex flex-col gap-5">
      <LoadingStatus />
      {[0, 1].map((index) => (
        <div key={index} className="flex flex-col gap-2">
          <Bone className="h-4 w-24" />
          <Bone className="h-10" />
        </div>
      ))}
      <Bone className="h-11" />
    </div>
  );
}

/**
 * The frame of the signed-in areas (features/shell/app-shell.tsx) before it can be drawn: the sidebar,
 * the top bar and the page's placeholders in the same places, so the real shell replaces it without a jump.
 */
export function ShellSkeleton({ label, testId }: { label?: string; testId?: string }) {
  const isNavbarOpen = useUiState((state) => state.isNavbarOpen);
  return (
    <div data-testid={testId ?? 'shell-skeleton'} className="flex min-h-full flex-1 bg-muted/40">
      <div className="hidden shrink-0 border-e bg-card lg:block">
        <div className={clsx('sticky top-0 flex h-dvh flex-col gap-6 p-4', isNavbarOpen ? 'w-64' : 'w-20')}>
          <div className="flex items-center gap-2.5">
            <Bone className="size-8 rounded-full" />
            {isNavbarOpen && <Bone className="h-4 w-32" />}
          </div>
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
              <Bone key={index} className="h-9" />
            ))}
          </div>
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-16 items-center gap-3 border-b bg-background/85 px-4 sm:px-6">
          <Bone className="size-9" />
          <Bone className="h-5 w-40" />
          <Bone className="ms-auto size-9 rounded-full" />
        </div>
        <div className="flex-1 p-4 sm:p-6 lg:p-8">
          <PageSkeleton label={label} />
        </div>
      </div>
    </div>
  );
}

/** The boot screen's look (index.html): a spinner in the middle, for what has no frame of its own yet. */
export function CentredLoading({ label }: { label?: string }) {
  return (
    <div
      data-testid="centred-loading"
      className="flex min-h-[var(--window-height,100dvh)] flex-1 flex-col items-center justify-center gap-4"
    >
      <LoadingSpinner />
      <LoadingStatus label={label} visible={!!label} />
    </div>
  );
}
