// The page the server sends for every screen of the web app: the built index.html plus, for this request,
// (1) the shop and its active branding in the language the visitor is expected to start in, as a JSON data
// block (packages/shared/src/boot-data.ts), read from the database now, so a branding change shows on the
// next page load and the first paint does not wait for the branding requests; (2) modulepreload links for the
// app's and the screen's code and translations, and preload links for its fonts (the build's
// .vite/start-preloads.json), which then download with the page instead of one after another; (3) on the
// start screens the web app draws on the server (/ and /login, apps/web/src/server-render.tsx), that
// drawing in #root, with the language, direction and theme on <html>: the first paint is then the page
// itself, and the scripts are listed for the web app to preload after that paint (apps/web/src/boot.ts).
// All of it only saves time: the web app fetches whatever is missing or does not match (another stored
// language, no shop yet before setup) and renders over the drawing.
import { isRtlLanguage } from '@garage/shared/constants';
import {
  BOOT_DATA_ELEMENT_ID,
  guessStartingLanguage,
  LANGUAGE_COOKIE,
  BOOT_SCRIPT,
  DARK_MODE_COOKIE,
  LATE_PRELOADS_ELEMENT_ID,
  SERVER_DRAWN_ATTRIBUTE,
  type BootData,
  type DrawnScreen,
  type LatePreloads,
} from '@garage/shared/boot-data';
import type { Db } from '@garage/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { getMerchant, listBranding } from '../modules/merchant/merchant.service.ts';

/** path → language → script and font URLs (apps/web/tooling/start-preloads-plugin.ts). */
export type StartPreloads = Record<string, Record<string, string[]>>;

/** A JSON text that cannot end the script element or open a comment inside it. */
function jsonForScriptElement(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** index.html's #root with its boot screen (apps/web/index.html), where a drawn screen goes instead. */
export const ROOT_ELEMENT = /<div id="root"><div id="boot-screen"[^>]*><span><\/span><\/div><\/div>/;
/** The built index.html's entry script and the modulepreload links of its imports. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A drawn page: the screen in #root and the language, direction and theme on <html>; its entry is boot.js,
 * which loads the app after the first paint: the template's entry and preloads move into the list it reads.
 */
function drawIntoPage(html: string, drawn: DrawnScreen, language: BootData['language'], scripts: readonly string[]) {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return null;
  const templatePreloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const late: LatePreloads = { entry, preloads: [...templatePreloads, ...scripts] };
  const style = Object.entries(drawn.cssVariables)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  const dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
  return (
    html
      .replace(/<html[^>]*>/, `<html lang="${language}" dir="${dir}"${style ? ` style="${escapeAttribute(style)}"` : ''}>`)
      .replace(ENTRY_SCRIPT, `<script type="module" src="${BOOT_SCRIPT}"></script>`)
      .replace(MODULE_PRELOAD, '')
      // A function replacement: "$" in the drawing is text, not a replacement pattern.
      .replace(ROOT_ELEMENT, () => `<div id="root" ${SERVER_DRAWN_ATTRIBUTE}>${drawn.html}</div>`)
      .replace('</body>', `<script type="application/json" id="${LATE_PRELOADS_ELEMENT_ID}">${jsonForScriptElement(late)}</script></body>`)
  );
}

export function composeStartPage(
  template: string,
  {
    preloads,
    bootData,
    drawn = null,
    darkMode = false,
  }: { preloads: readonly string[]; bootData: BootData | null; drawn?: DrawnScreen | null; darkMode?: boolean },
) {
  const fonts = preloads.filter((url) => url.endsWith('.woff2'));
  const scripts = preloads.filter((url) => !url.endsWith('.woff2'));
  const drawnPage = drawn && bootData ? drawIntoPage(template, drawn, bootData.language, scripts) : null;
  let html = drawnPage ?? template;
  const links = [
    // Fonts load in CORS mode (@font-face), hence crossorigin on their preload too, or the preload is not reused.
    ...fonts.map((url) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${url}">`),
    // A drawn page's scripts wait for its first paint (listed for boot.js instead).
    ...(drawnPage ? [] : scripts.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)),
  ];
  if (links.length) html = html.replace('</head>', `${links.join('')}</head>`);
  // The web app sets the same class at start (lib/ui-store.ts): sent so, the page is dark from its first paint.
  if (darkMode) html = html.replace(/<html([^>]*)>/, '<html$1 class="dark">');
  if (bootData) {
    html = html.replace(
      '</body>',
      `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${jsonForScriptElement(bootData)}</script></body>`,
    );
  }
  return html;
}

/**
 * The shop and its branding in the language this request is expected to start in; null before setup (no
 * shop yet) or when the database does not answer (the page still loads and the web app asks again).
 */
/** The visitor has dark mode on (the web app mirrors it in a cookie). */
export const wantsDarkMode = (request: FastifyRequest) => request.cookies?.[DARK_MODE_COOKIE] === '1';

export async function readBootData(db: Db, request: FastifyRequest): Promise<BootData | null> {
  const language = guessStartingLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
  try {
    const [merchant, branding] = await Promise.all([getMerchant(db), listBranding(db, { language, status: 'ACTIVE' })]);
    return { language, merchant, branding };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_FOUND'))
      request.log.warn({ err: error }, 'Page sent without the branding (database read failed)');
    return null;
  }
}
