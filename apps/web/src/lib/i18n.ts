/**
 * Languages (SPEC §1, §9).
 * 1. One namespace per feature plus `common`: every src/locales/<lng>/<ns>.json is found by import.meta.glob
 *    and loaded on demand, so a feature adds its file and nothing here changes.
 * 2. The choice is cached in localStorage; first visits take the browser's language when supported, else
 *    the fallback language ar. `<html lang dir>` follows the language (ar, he: rtl).
 * 3. Keys never fall back to another language: locales.test.ts keeps en/fr/ar key sets identical, and a
 *    key-level fallback would make every en/fr visitor download the ar bundles as well.
 */
import i18next, { type BackendModule, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '@garage/shared/boot-data';
import { FALLBACK_LANGUAGE, LANGUAGES, isRtlLanguage, type Language } from '@garage/shared/constants';
import { START_NAMESPACES } from '../start-routes.ts';
import { setUiState } from './ui-store.ts';

type Bundle = Record<string, unknown>;
const bundles = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' });

export const NAMESPACES = [
  ...new Set(
    Object.keys(bundles).map((file) =>
      file
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
    ),
  ),
];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isSupportedLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (isSupportedLanguage(stored)) return stored;
  for (const candidate of navigator.languages ?? [navigator.language]) {
    const short = candidate.slice(0, 2).toLowerCase();
    if (isSupportedLanguage(short)) return short;
  }
  return FALLBACK_LANGUAGE;
}

function applyDocumentLanguage(language: string) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
  setUiState({ isLtr: !isRtlLanguage(language) });
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  // The server reads it to write the branding of this language into the next page load (boot data).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=31536000; Path=/; SameSite=Lax`;
}

export const i18n = i18next;

/** The settings the browser (initI18n) and the server's drawing of the start screens (server-render.tsx) share. */
export function i18nSettings(language: Language, namespaces: readonly string[] = []): InitOptions {
  return {
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [...START_NAMESPACES, ...namespaces],
    defaultNS: 'common',
    // Shared words (actions.save, actions.cancel...) live in common and are found from any namespace.
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  };
}

/** i18next with the app's translation files and React binding (each `src/locales/<lng>/<ns>.json` on demand). */
export function setUpI18n(settings: InitOptions) {
  return i18next.use(localeBackend).use(initReactI18next).init(settings);
}

/** Resolves once the `common` namespace of the starting language is loaded. */
export function initI18n(extraNamespaces: readonly string[] = []) {
  const language = detectLanguage();
  applyDocumentLanguage(language);
  i18next.on('languageChanged', applyDocumentLanguage);
  return setUpI18n(i18nSettings(language, extraNamespaces));
}

/** The current UI language, always one of LANGUAGES. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isSupportedLanguage(language) ? language : FALLBACK_LANGUAGE;
}
