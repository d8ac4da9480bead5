// What the server writes into index.html for the first paint (apps/api/src/plugins/web-app.ts) and the web
// app reads at boot (apps/web/src/features/branding/boot-data.ts): the shop and its active branding in the
// language the visitor is expected to see, read from the database for that very request. A cold load then
// paints the page without waiting for the branding requests. It is a JSON data block (never executed: the
// content security policy allows no inline script).
import type { BrandingEntry } from './branding.ts';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './constants.ts';

export const BOOT_DATA_ELEMENT_ID = 'boot-data';
/** The language the visitor chose, mirrored from the web app's storage so the server can guess right. */
export const LANGUAGE_COOKIE = 'lang';
/** "1" while the visitor has dark mode on, mirrored likewise: the page is sent dark (no light flash first). */
export const DARK_MODE_COOKIE = 'dark';

export interface BootMerchant {
  id: string;
  name: string;
  displayName: string;
  currency: string;
  timezone: string;
  defaultLanguage: string;
}

export interface BootData {
  language: Language;
  merchant: BootMerchant;
  branding: BrandingEntry[];
}

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The language the web app will start in (lib/i18n.ts detectLanguage: the stored choice, else the first
 * supported browser language, else the fallback), guessed from the request: the choice's cookie, else
 * Accept-Language in preference order.
 */
export function guessStartingLanguage(cookieLanguage: string | undefined, acceptLanguage: string | undefined): Language {
  if (cookieLanguage && isLanguage(cookieLanguage)) return cookieLanguage;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { short: tag.trim().slice(0, 2).toLowerCase(), quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.short).find(isLanguage) ?? FALLBACK_LANGUAGE;
}

/**
 * The start screens the server draws into the page (apps/web/src/server-render.tsx, built into the web app's
 * dist directory at SERVER_RENDER_MODULE): the screen's HTML for #root and the shop's theme as CSS variables
 * for <html>. Null for an address it does not draw.
 */
export interface DrawnScreen {
  html: string;
  cssVariables: Record<string, string>;
}
export type DrawStartScreen = (path: string, boot: BootData, options?: { darkMode?: boolean }) => Promise<DrawnScreen | null>;
export const SERVER_RENDER_MODULE = '.server/server-render.js';
/** On #root when it holds a drawn screen. */
export const SERVER_DRAWN_ATTRIBUTE = 'data-server-drawn';
/**
 * A drawn page's entry is the web app's public/boot.js (BOOT_SCRIPT), which starts the app after the first
 * paint: the app's entry script, and the scripts and translations it needs, preloaded at that moment. Listed
 * in a JSON data block (boot.js writes this id out: it imports nothing).
 */
export const LATE_PRELOADS_ELEMENT_ID = 'late-preloads';
export interface LatePreloads {
  entry: string;
  preloads: string[];
}
export const BOOT_SCRIPT = '/boot.js';
