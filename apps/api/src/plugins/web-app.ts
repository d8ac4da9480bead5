// Production: the API process also serves the built web app, so one process and one port is the whole app.
// Hashed assets are cached for a year; index.html is never cached; client routes fall back to index.html;
// unknown /backend/ paths stay real JSON 404s.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

export default fp(
  async function webApp(app: FastifyInstance, options: { distDir: string }) {
    const indexFile = path.join(options.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(`Web app not built (${indexFile} missing): run "pnpm build". Serving the API only.`);
      return;
    }
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: true,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    app.decorate('serveSpa', true);
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa?: boolean;
  }
}
