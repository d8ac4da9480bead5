import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), uptimeSeconds: z.number() });

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const database = await deps.db.$queryRaw`SELECT 1`.then(() => 'up' as const, () => 'down' as const);
        const body = { status: database === 'up' ? ('ok' as const) : ('degraded' as const), database, uptimeSeconds: Math.round(process.uptime()) };
        return reply.status(database === 'up' ? 200 : 503).send(body);
      },
    );
  };
}
