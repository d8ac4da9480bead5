// The progress bar shown while a lazily loaded page (or its translations) is on its way (SPEC §2). It is
// the Suspense fallback of the route outlets, so it appears exactly while something is loading.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function RouteProgress() {
  const [progress, setProgress] = useState(8);
  const { t, ready } = useTranslation('common', { useSuspense: false });
  useEffect(() => {
    // Eases towards 90% without ever claiming completion; unmounting is completion.
    const timer = window.setInterval(() => setProgress((value) => value + (90 - value) * 0.12), 120);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div
      role="progressbar"
      aria-label={ready ? t('loading') : 'Loading'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-testid="route-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 bg-transparent"
    >
      <div
        className="h-full bg-primary shadow-[0_0_8px_var(--brand-400)] transition-[width] duration-150 ease-out"
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}
