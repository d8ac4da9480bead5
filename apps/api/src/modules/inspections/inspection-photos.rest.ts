// Inspection photos (issue #29): filled in by the lifecycle brief.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

export function inspectionPhotosRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
