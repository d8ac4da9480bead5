import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { brandingEntrySchema, brandingQuerySchema, merchantSchema } from './merchant.schemas.ts';
import { getMerchant, listBranding } from './merchant.service.ts';

export function merchantRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/merchant/fetch-merchant',
      { schema: { tags: ['merchant'], summary: 'The shop', response: { 200: z.object({ merchant: merchantSchema }) } } },
      async () => ({ merchant: await getMerchant(deps.db) }),
    );
    app.get(
      '/merchant/fetch-branding',
      {
        schema: {
          tags: ['merchant'],
          summary: 'Branding entries for a language plus the common ones',
          querystring: brandingQuerySchema,
          response: { 200: z.array(brandingEntrySchema) },
        },
      },
      async (request) => listBranding(deps.db, { language: request.query.lan, status: request.query.status }),
    );
  };
}
