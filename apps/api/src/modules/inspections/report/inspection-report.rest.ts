// Inspection report PDF (issue #29): filled in by the report brief.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../deps.ts';

export function inspectionReportRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
