import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { publicCatalogueSchema } from './offering.schemas.ts';
import { listPublicCatalogue } from './offering.service.ts';

export function offeringRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/offering/catalogue',
      {
        schema: {
          tags: ['offering'],
          summary: 'Visible service categories with their visible items (public)',
          response: { 200: publicCatalogueSchema },
        },
      },
      async () => listPublicCatalogue(deps.db),
    );
  };
}
