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
