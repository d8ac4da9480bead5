// Renders `children` only once the placeholder scrolls near the viewport, so below-the-fold widgets with
// heavy code (the contact form's form library and schema) are not part of the page's first load.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

export function LazyWhenVisible({
  children,
  fallback,
  rootMargin = '400px',
}: {
  children: ReactNode;
  fallback: ReactNode;
  rootMargin?: string;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);
  return <div ref={anchor}>{visible ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
