import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../auth/guards.ts';
import { searchEverything } from './search.service.ts';

export function searchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/search',
      {
        onRequest: guards.staff,
        schema: {
          tags: ['search'],
          summary: 'Staff search over customers, vehicles and visits (grouped, at most 8 per group)',
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema },
        },
      },
      async (request) => searchEverything(deps.db, request.query.q),
    );
  };
}
