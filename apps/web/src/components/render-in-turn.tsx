// Renders a long page's parts one per task after the first paint (issue #15: on a phone the landing page's
// first render was one ~100 ms task, x4 in Lighthouse's mobile profile, all of it blocking). The first part
// (above the fold) paints alone; each later part gets its own task, so the page stays responsive while the
// rest arrives. Until every part is drawn, a screen-high spacer stands in for the missing ones: whatever
// follows the page (the footer) is below the fold meanwhile, so nothing the visitor sees moves.
// With an anchor in the address (/#contact, opened so or clicked while parts are still coming) everything
// renders at once, so the anchor's target exists when ScrollToTop scrolls to it.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export function RenderInTurn({ parts }: { parts: ReactNode[] }) {
  const { hash } = useLocation();
  const [turn, setTurn] = useState(1);
  const shown = hash ? parts.length : turn;
  useEffect(() => {
    if (turn >= parts.length) return;
    // Drawn for an anchor: the parts stay when the anchor goes.
    if (hash) return setTurn(parts.length);
    // useEffect runs after the browser has painted; the timeout starts a new task for the next part.
    const timer = setTimeout(() => setTurn((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [turn, hash, parts.length]);
  return (
    <>
      {parts.slice(0, shown)}
      {shown < parts.length && <div aria-hidden="true" className="min-h-screen" />}
    </>
  );
}

/** Renders `children` in the task after the first paint: for what sits below the fold (the site's footer). */
export function RenderAfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted ? children : null;
}
