// Every route change starts at the top of the page (SPEC §2); links to an anchor (#contact) scroll to it.
// The anchor's target may come with a later render (a lazily loaded page, or the home page's sections drawn
// in turn, components/render-in-turn.tsx): it is looked for again on the next frames, for about half a second.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

const ANCHOR_WAIT_FRAMES = 30;

export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    const scrollToTarget = () => {
      const target = id ? document.getElementById(id) : null;
      target?.scrollIntoView();
      return !!target;
    };
    if (scrollToTarget()) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (!id) return;
    let frames = 0;
    let handle = requestAnimationFrame(function lookAgain() {
      if (!scrollToTarget() && ++frames < ANCHOR_WAIT_FRAMES) handle = requestAnimationFrame(lookAgain);
    });
    return () => cancelAnimationFrame(handle);
  }, [pathname, search, hash]);
  return null;
}
