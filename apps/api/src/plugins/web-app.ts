// Production: the API process also serves the built web app, so one process and one port is the whole app.
// Hashed assets are cached for a year; index.html is never cached; client routes fall back to index.html;
// unknown /backend/ paths stay real JSON 404s. The page is composed per request (start-page.ts: the shop's
// branding and the screen's preload links written into it).
//
// Hashed assets (scripts, styles, fonts) carry lean headers: the security set (CSP, HSTS, frame and opener
// policies...) governs documents, not sub-resources, and repeated on each of the 20-40 files a first visit
// fetches it cost about 0.8 KB a file, more than many small chunks weigh. nosniff stays (a browser then
// refuses a script or style served with a wrong type), and so does the resource policy (cross-site loads).
// Validators go too: an immutable file is never revalidated.
import fastifyStatic from '@fastify/static';
import type { Db } from '@garage/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_MODULE, type DrawnScreen, type DrawStartScreen } from '@garage/shared/boot-data';
import type { AppDeps } from '../deps.ts';
import { loginFormRoute } from './login-form.ts';
import { composeStartPage, readBootData, ROOT_ELEMENT, wantsDarkMode, type StartPreloads } from './start-page.ts';

const ASSET_HEADERS = new Set([
  'content-type',
  'content-length',
  'cache-control',
  'x-content-type-options',
  'cross-origin-resource-policy',
]);
/** boot.js (the drawn start pages' entry, public/boot.js) is a script too, but without a hash: revalidated. */
const BOOT_SCRIPT_HEADERS = new Set([...ASSET_HEADERS, 'etag', 'last-modified']);

export default fp(
  async function webApp(app: FastifyInstance, options: { distDir: string; db: Db; deps?: AppDeps }) {
    const indexFile = path.join(options.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(`Web app not built (${indexFile} missing): run "pnpm build". Serving the API only.`);
      return;
    }
    const template = readFileSync(indexFile, 'utf8');
    // Written by the web build (apps/web/tooling/start-preloads-plugin.ts); an older build has none.
    const preloadsFile = path.join(options.distDir, '.vite', 'start-preloads.json');
    const preloads: StartPreloads = existsSync(preloadsFile) ? JSON.parse(readFileSync(preloadsFile, 'utf8')) : {};
    const drawStartScreen = await loadScreenDrawing(options.distDir, template, app);
    async function sendStartPage(request: FastifyRequest, reply: FastifyReply) {
      const bootData = await readBootData(options.db, request);
      const pathname = request.url.split('?')[0]!;
      const darkMode = wantsDarkMode(request);
      let drawn: DrawnScreen | null = null;
      if (bootData && drawStartScreen) {
        // A drawing that fails costs the visitor only the early paint: the web app draws the page as before.
        drawn = await drawStartScreen(pathname, bootData, { darkMode }).catch((error: unknown) => {
          request.log.error({ err: error }, 'Start screen not drawn on the server');
          return null;
        });
      }
      const languagePreloads = bootData ? (preloads[pathname] ?? preloads['*'])?.[bootData.language] : undefined;
      const html = composeStartPage(template, { bootData, drawn, preloads: languagePreloads ?? [], darkMode });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of its assets (apps/web/tooling/precompress-plugin.ts): sent as
      // they are to a browser that accepts them, so @fastify/compress leaves those answers alone.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        const kept = immutable ? ASSET_HEADERS : filePath === path.resolve(options.distDir, 'boot.js') ? BOOT_SCRIPT_HEADERS : null;
        if (kept) for (const name of Object.keys(reply.getHeaders())) if (!kept.has(name)) reply.removeHeader(name);
      },
    });
    // The drawn sign-in form is a real <form method="post" action="/login">: sent before the app has started
    // (its code arrives after the first paint), it lands here and signs in without the app (login-form.ts).
    if (options.deps) await app.register(loginFormRoute(options.deps));
    app.get('/', sendStartPage);
    app.get('/index.html', sendStartPage);
    app.decorate('sendStartPage', sendStartPage);
  },
  { name: 'web-app' },
);

/**
 * The web build's drawing of the start screens (apps/web/src/server-render.tsx), or null when the build has
 * none (an older build, or the dev server's) or index.html has no #root where a drawing can go.
 */
async function loadScreenDrawing(distDir: string, template: string, app: FastifyInstance): Promise<DrawStartScreen | null> {
  const file = path.join(distDir, SERVER_RENDER_MODULE);
  if (!existsSync(file)) return null;
  if (!ROOT_ELEMENT.test(template)) {
    app.log.warn('index.html has no #root with the boot screen: start screens are drawn in the browser only.');
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as { drawStartScreen: DrawStartScreen };
  return module.drawStartScreen;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's page for a client route (set when the built web app is served). */
    sendStartPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}
