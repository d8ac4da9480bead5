import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listStaticDataSchema, staticDataInputSchema, staticDataViewSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../auth/guards.ts';
import { createStaticData, deleteStaticData, listStaticData, updateStaticData } from './static-data.service.ts';

const tags = ['static-data'];
const idParams = z.object({ id: z.uuid() });

export function staticDataRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/static-data',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Static data entries, optionally of one type', querystring: listStaticDataSchema, response: { 200: z.array(staticDataViewSchema) } },
      },
      async (request) => listStaticData(deps.db, request.query.type),
    );
    app.post(
      '/static-data',
      { onRequest: guards.staff, schema: { tags, summary: 'Add a static data entry', body: staticDataInputSchema, response: { 201: staticDataViewSchema } } },
      async (request, reply) => reply.status(201).send(await createStaticData(deps.db, request.body)),
    );
    app.put(
      '/static-data/:id',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Rename or retype a static data entry', params: idParams, body: staticDataInputSchema, response: { 200: staticDataViewSchema } },
      },
      async (request) => updateStaticData(deps.db, request.params.id, request.body),
    );
    app.delete(
      '/static-data/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'Remove a static data entry', params: idParams, response: { 200: z.object({ id: z.string() }) } } },
      async (request) => deleteStaticData(deps.db, request.params.id),
    );
  };
}
