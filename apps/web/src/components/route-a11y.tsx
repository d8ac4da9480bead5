// Route changes for keyboard and screen-reader users (issue 15), done once for every screen:
// - <title> is "Page · Shop name" in the current language (features/shell/page-titles.ts, usePageTitle);
// - after a client-side navigation the new page's <h1> (or <main>) takes the focus, without scrolling, and
//   the new title is announced in a polite live region. Not on the first load (redirects included: only
//   after the user has pressed a key or a pointer), and never when the user already moved on inside the page.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useBranding } from '../features/branding/index.ts';
import { formatPageTitle, pageTitleKey } from '../features/shell/index.ts';
import { usePageTitleOverride } from '../lib/page-title.ts';

const HEADING_WAIT_MS = 3000;
/** A page still loading shows placeholders or the progress bar (components/loading-frames.tsx): wait longer for its heading. */
const LOADING_WAIT_MS = 15_000;
const LOADING_SELECTOR = '[data-testid="page-skeleton"], [data-testid="route-progress"], [data-testid="shell-skeleton"]';
const DIALOG_WAIT_MS = 5000;
const POLL_MS = 50;

/** Focus may move when it is lost (on <body>) or still on the navigation that caused the change. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return Boolean(active.closest('nav, header, aside'));
}

function focusTarget(): HTMLElement | null {
  const main = document.getElementById('main-content') ?? document.querySelector('main');
  if (!main) return null;
  return main.querySelector<HTMLElement>('h1') ?? null;
}

export function RouteA11y() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('common', { useSuspense: false, bindI18n: 'languageChanged loaded' });
  const { displayName } = useBranding();
  const override = usePageTitleOverride();
  const { ns, key } = pageTitleKey(pathname);
  const label = override ?? (i18n.hasLoadedNamespace(ns) ? t(key, { ns }) : undefined);
  // The home page is the shop itself: its title is the shop's name alone, as bookmarks and search results
  // expect; every other page is "Page · Shop name". The label is still announced on navigation.
  const title = pathname === '/' ? displayName : formatPageTitle(label, displayName);
  const [announcement, setAnnouncement] = useState('');
  const interacted = useRef(false);
  const firstPath = useRef(true);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const mark = () => (interacted.current = true);
    document.addEventListener('pointerdown', mark, true);
    document.addEventListener('keydown', mark, true);
    return () => {
      document.removeEventListener('pointerdown', mark, true);
      document.removeEventListener('keydown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (firstPath.current || !interacted.current) {
      firstPath.current = false;
      return;
    }
    const started = Date.now();
    let timer = 0;
    const attempt = () => {
      const waited = Date.now() - started;
      const heading = focusTarget();
      // A closing drawer or dialog still traps the focus: wait until it is gone.
      const dialogOpen = document.querySelector('[role="dialog"]') !== null;
      const loading = document.querySelector(LOADING_SELECTOR) !== null;
      const headingMayCome = waited < HEADING_WAIT_MS || (loading && waited < LOADING_WAIT_MS);
      if ((!heading && headingMayCome) || (dialogOpen && waited < DIALOG_WAIT_MS)) {
        timer = window.setTimeout(attempt, POLL_MS);
        return;
      }
      setAnnouncement(document.title);
      if (!focusIsFree()) return;
      const target = heading ?? document.getElementById('main-content');
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    timer = window.setTimeout(attempt, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}

/** The first focusable element of a layout: jumps past the navigation to <main id="main-content">. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main-content; the click handler only moves the focus there.
    <a
      href="#main-content"
      data-testid="skip-link"
      onClick={(event) => {
        const main = document.getElementById('main-content');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
    >
      {t('skipToContent')}
    </a>
  );
}
