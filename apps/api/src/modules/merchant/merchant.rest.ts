import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../auth/guards.ts';
import { brandingIdParams, brandingWriteSchema } from './branding-write.schema.ts';
import { brandingEntrySchema, brandingQuerySchema, merchantSchema } from './merchant.schemas.ts';
import { updateMerchantSchema } from '@garage/shared';
import { createBranding, getMerchant, listBranding, updateBranding, updateMerchant } from './merchant.service.ts';

const tags = ['merchant'];

export function merchantRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/merchant/fetch-merchant',
      { schema: { tags, summary: 'The shop', response: { 200: z.object({ merchant: merchantSchema }) } } },
      async () => ({ merchant: await getMerchant(deps.db) }),
    );
    app.put(
      '/merchant/update-merchant',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "Change the shop's names, default language, currency and time zone (staff)",
          body: updateMerchantSchema,
          response: { 200: z.object({ merchant: merchantSchema }) },
        },
      },
      async (request) => ({ merchant: await updateMerchant(deps.db, request.body) }),
    );
    app.get(
      '/merchant/fetch-branding',
      {
        schema: {
          tags,
          summary: 'Branding entries for a language plus the common ones',
          querystring: brandingQuerySchema,
          response: { 200: z.array(brandingEntrySchema) },
        },
      },
      async (request) => listBranding(deps.db, { language: request.query.lan, status: request.query.status }),
    );
    app.post(
      '/merchant/create-branding',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Create a branding entry (staff)', body: brandingWriteSchema, response: { 201: brandingEntrySchema } },
      },
      async (request, reply) => reply.status(201).send(await createBranding(deps.db, request.body)),
    );
    app.put(
      '/merchant/update-branding/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Replace a branding entry (staff)',
          params: brandingIdParams,
          body: brandingWriteSchema,
          response: { 200: brandingEntrySchema },
        },
      },
      async (request) => updateBranding(deps.db, request.params.id, request.body),
    );
  };
}
