// Builds the Fastify app: plugins, REST routes and tRPC, all under /backend/, plus the web app in
// production. server.ts only listens; tests call buildApp() and use app.inject().
import { registerRestOperations } from './operations/to-rest.ts';
import { OPERATIONS } from './registry.ts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS, renderCode, type ApiErrorBody } from '@garage/shared';
import type { AppDeps } from './deps.ts';
import { listenForChanges } from './lib/change-notices.ts';
import { lifecycle } from './lib/lifecycle.ts';
import { jsonTooDeep, jsonTooDeepError } from './lib/json-depth.ts';
import { nulCharacterIn } from './lib/nul-guard.ts';
import { listenForRevocations } from './session/session-revocations.ts';
import { healthRoutes } from './modules/health/health.rest.ts';
import { uploadsRoutes } from './modules/uploads/uploads.rest.ts';
import { mediaRoutes } from './modules/media/media.rest.ts';
import { analyticsRoutes } from './modules/analytics/analytics.rest.ts';
import { dataTransferRoutes } from './modules/data-transfer/data-transfer.rest.ts';
import { reportsRoutes } from './modules/reports/reports.rest.ts';
import { accountingRoutes } from './modules/accounting/accounting.rest.ts';
import { setupRoutes } from './modules/setup/setup.rest.ts';
import { invoicesRoutes } from './modules/invoices/invoices.rest.ts';
import { purchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.rest.ts';
import { jobSheetRoutes } from './modules/visits/job-sheet/job-sheet.rest.ts';
import { inspectionPhotosRoutes } from './modules/inspections/inspection-photos.rest.ts';
import { inspectionReportRoutes } from './modules/inspections/report/inspection-report.rest.ts';
import errorHandler from './plugins/error-handler.ts';
import openapi from './plugins/openapi.ts';
import webApp from './plugins/web-app.ts';
import { trpcPlugin } from './trpc/fastify.ts';
import { appRouter, createCaller } from './router.ts';

export const API_PREFIX = '/backend';

const SECURITY_HEADERS_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' compiles WebAssembly only (the barcode reader's ZXing, served from 'self'), not eval().
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https://www.openstreetmap.org'],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // The map embed and uploaded media are cross-origin-safe to show; COEP would block the map iframe.
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet adds for these options. They are the same on every response, but @fastify/helmet
 * rebuilds helmet on every request (0.06 ms of a trivial route's 0.17 ms of CPU, apps/api/bench): ask the
 * plugin once, on a probe app, and set its answer on every reply.
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  probe.get('/plain', async () => 'ok');
  await probe.register(async (secured) => {
    await secured.register(helmet, options);
    secured.get('/secured', async () => 'ok');
  });
  const [plain, secured] = await Promise.all([probe.inject('/plain'), probe.inject('/secured')]);
  await probe.close();
  const added = Object.entries(secured.headers).filter(([name]) => !(name in plain.headers));
  return Object.fromEntries(added.map(([name, value]) => [name, String(value)]));
}

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // One line per request drowns the start-up banner; keep it for debugging.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.LOG_LEVEL) }),
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 5000 },
    // A socket idle for a minute is closed (slow-loris); a request still sending may take 15 minutes, so a
    // 200 MB video from a phone at 0.25 MB/s arrives (media uploads stream, they are not buffered).
    connectionTimeout: 60_000,
    requestTimeout: 15 * 60_000,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  const headers = await securityHeaders(SECURITY_HEADERS_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    // Draining before a shutdown: the client's next request opens a new connection, to another instance.
    if (lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: LIMITS.mediaMaxMB * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(openapi);
  app.decorateRequest('session', null);
  // Revoked access tokens (deactivation, role or password change) are refused on every instance at once.
  const stopRevocations = await listenForRevocations(deps.db, app.log);
  app.addHook('onClose', async () => stopRevocations());
  // Caches in memory (visit list totals) are dropped on every instance when a write announces a change.
  const stopChangeNotices = await listenForChanges(deps.db, app.log);
  app.addHook('onClose', async () => stopChangeNotices());
  // JSON nested deeper than LIMITS.jsonDepthMax is refused with a 400 before it is parsed (lib/json-depth.ts);
  // the rest is Fastify's own parser (prototype-poisoning protection included).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) return done(jsonTooDeepError(), undefined);
    return parseJson(request, text, done);
  });
  // PostgreSQL text cannot hold U+0000: refuse it in any field of any route, before validation.
  app.addHook('preValidation', (request, _reply, done) => done(nulCharacterIn(request.body, request.query, request.params) ?? undefined));

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      registerRestOperations(api, deps, OPERATIONS);
      await api.register(uploadsRoutes(deps));
      await api.register(mediaRoutes(deps));
      await api.register(analyticsRoutes(deps));
      await api.register(dataTransferRoutes(deps));
      await api.register(reportsRoutes(deps));
      await api.register(accountingRoutes(deps));
      await api.register(setupRoutes(deps));
      await api.register(invoicesRoutes(deps));
      await api.register(purchaseOrdersRoutes(deps));
      await api.register(jobSheetRoutes(deps));
      await api.register(inspectionPhotosRoutes(deps));
      await api.register(inspectionReportRoutes(deps));
      await api.register(
        trpcPlugin({
          deps,
          router: appRouter,
          createCaller,
          onError({ error, path }) {
            if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
          },
        }),
        { prefix: '/trpc' },
      );
    },
    { prefix: API_PREFIX },
  );

  if (config.NODE_ENV === 'production') await app.register(webApp, { distDir: config.WEB_DIST_DIR, db: deps.db, deps });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    // A file's extension in the path, not in the query (/login?identifier=me@shop.example is a page).
    const wantsPage = request.method === 'GET' && !isApi && !/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0]!);
    if (wantsPage && app.sendStartPage) return app.sendStartPage(request, reply);
    const params = { method: request.method, path: request.url.split('?')[0] ?? '' };
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: renderCode('transport.routeNotFound', params),
      messageCode: 'transport.routeNotFound',
      params,
    } satisfies ApiErrorBody);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
