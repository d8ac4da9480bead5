// The start screens drawn on the server (issue #15: on a phone the first paint waited for ~110 KB of scripts).
// The API imports this module's build (`vite build --ssr`, see package.json) and writes the HTML of `/` or
// `/login` into the page it sends, so the browser paints the page from the HTML and its stylesheet alone.
// The app's code arrives after that paint (public/boot.js) and renders the same tree over it: main.tsx uses
// Preact's render, which adopts the server's elements (same elements: nothing moves or repaints as new).
// Same tree means same data: the boot data the server also writes into the page, the same translations, and
// a static router at the requested address.
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom';
import type { BootData, DrawStartScreen } from '@garage/shared/boot-data';
import { LANGUAGES } from '@garage/shared/constants';
import { App } from './app.tsx';
import { seedBranding, firstFieldValue, mergeBrandingEntries, buildRuntimeTheme } from './features/branding/index.ts';
import { i18n, i18nSettings, setUpI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setDarkModeForDrawing } from './lib/ui-store.ts';
import { preloadRoute } from './router.tsx';
import { START_NAMESPACES, START_ROUTES } from './start-routes.ts';

/** Screens whose first paint needs nothing but the boot data (no query of their own above the fold). */
const DRAWN_PATHS = new Set(['/', '/login'] as const);
type DrawnPath = typeof DRAWN_PATHS extends Set<infer Path> ? Path : never;

/**
 * Everything a drawing loads once (the drawn screens' code, their translations in every language), started
 * when the server imports this module, so no visitor's drawing pays for it.
 */
export const drawingReady: Promise<void> = (async () => {
  await setUpI18n({ ...i18nSettings('en'), initAsync: false });
  await Promise.all([...DRAWN_PATHS].map((path) => preloadRoute(path)));
  const namespaces = [...START_NAMESPACES, ...[...DRAWN_PATHS].flatMap((path) => START_ROUTES[path].namespaces)];
  for (const language of LANGUAGES) {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(namespaces);
  }
})();

// i18next holds one current language, so drawings take turns (each is a few milliseconds), after the loading
// above. One that has not finished within a second fails (the server then sends the page undrawn) and the
// next one goes ahead.
const DRAWING_TIMEOUT_MS = 1000;
let turn: Promise<unknown> = drawingReady.catch(() => undefined);

export const drawStartScreen: DrawStartScreen = (path, boot, { darkMode = false } = {}) => {
  if (!isDrawn(path)) return Promise.resolve(null);
  const drawing = turn.then(() => withTimeout(draw(path, boot, darkMode), DRAWING_TIMEOUT_MS));
  turn = drawing.catch(() => undefined);
  return drawing;
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Drawing took over ${ms} ms`)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const isDrawn = (path: string): path is DrawnPath => DRAWN_PATHS.has(path as DrawnPath);

async function draw(path: DrawnPath, boot: BootData, darkMode: boolean) {
  // The dark mode switch shows the visitor's mode (the server sends the page dark: apps/api start-page.ts).
  setDarkModeForDrawing(darkMode);
  await i18n.changeLanguage(boot.language);
  await Promise.all([preloadRoute(path), i18n.loadNamespaces([...START_NAMESPACES, ...START_ROUTES[path].namespaces])]);
  const client = createQueryClient();
  seedBranding(client, boot, boot.language);
  // biome-ignore lint/correctness/noComponentHookFactories: one component per drawn page, rendered once to a string.
  const AtAddress = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const html = await renderToStringAsync(<App client={client} Router={AtAddress} />);
  client.clear();
  const { variables } = buildRuntimeTheme(
    firstFieldValue(boot.branding, 'MERCHANT_THEME_COLORS'),
    mergeBrandingEntries(boot.branding, boot.language),
  );
  return { html, cssVariables: variables };
}
