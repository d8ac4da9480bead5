// The page the server sends for every screen of the web app: the built index.html plus, for this request,
// (1) the shop and its active branding in the language the visitor is expected to start in, as a JSON data
// block (packages/shared/src/boot-data.ts), read from the database now, so a branding change shows on the
// next page load and the first paint does not wait for the branding requests; (2) modulepreload links for the
// screen's code and translations, and preload links for its fonts (the build's .vite/start-preloads.json),
// which then download with the app's own code instead of after it. Both only save time: the web app fetches
// whatever is missing or does not match (another stored language, no shop yet before setup).
import { BOOT_DATA_ELEMENT_ID, guessStartingLanguage, LANGUAGE_COOKIE, type BootData } from '@garage/shared/boot-data';
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

export function composeStartPage(template: string, { preloads, bootData }: { preloads: readonly string[]; bootData: BootData | null }) {
  let html = template;
  if (preloads.length) {
    // Fonts load in CORS mode (@font-face), hence crossorigin on their preload too, or the preload is not reused.
    const links = preloads
      .map((url) => (url.endsWith('.woff2') ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${url}">` : `<link rel="modulepreload" crossorigin href="${url}">`))
      .join('');
    html = html.replace('</head>', `${links}</head>`);
  }
  if (bootData) {
    html = html.replace('</body>', `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${jsonForScriptElement(bootData)}</script></body>`);
  }
  return html;
}

/**
 * The shop and its branding in the language this request is expected to start in; null before setup (no
 * shop yet) or when the database does not answer (the page still loads and the web app asks again).
 */
export async function readBootData(db: Db, request: FastifyRequest): Promise<BootData | null> {
  const language = guessStartingLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
  try {
    const [merchant, branding] = await Promise.all([getMerchant(db), listBranding(db, { language, status: 'ACTIVE' })]);
    return { language, merchant, branding };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) request.log.warn({ err: error }, 'Page sent without the branding (database read failed)');
    return null;
  }
}
