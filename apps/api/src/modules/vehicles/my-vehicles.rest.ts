// REST twin of my-vehicles.router.ts: the signed-in client's own vehicles.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyWindowSchema, oilHistorySchema, paginationSchema, vehicleDetailSchema, vehicleListSchema, visitSummaryPageSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { listOilChanges } from '../oil-changes/oil-changes.service.ts';
import { listMyVehicleVisits } from '../my-visits/my-visits.service.ts';
import { getVehicle, listVehiclesOfOwner } from './vehicles.service.ts';

const tags = ['client area'];
const idParams = z.object({ id: z.uuid() });

export function myVehiclesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/my/vehicles',
      { onRequest: guards.client, schema: { tags, summary: 'My vehicles', response: { 200: vehicleListSchema } } },
      async (request) => listVehiclesOfOwner(deps.db, sessionOf(request).userId),
    );
    app.get(
      '/my/vehicles/:id',
      { onRequest: guards.client, schema: { tags, summary: 'One of my vehicles', params: idParams, response: { 200: vehicleDetailSchema } } },
      async (request) => getVehicle(deps.db, request.params.id, { ownerId: sessionOf(request).userId }),
    );
    app.get(
      '/my/vehicles/:id/visits',
      {
        onRequest: guards.client,
        schema: { tags, summary: "My vehicle's visits", params: idParams, querystring: paginationSchema, response: { 200: visitSummaryPageSchema } },
      },
      // Someone else's vehicle is 404 like a missing one, not an empty page (my-visits.service.ts).
      async (request) => listMyVehicleVisits(deps.db, sessionOf(request).userId, request.params.id, request.query),
    );
    app.get(
      '/my/vehicles/:id/oil-changes',
      {
        onRequest: guards.client,
        schema: { tags, summary: "My vehicle's oil history, newest first, a window at a time (limit, before = nextCursor)", params: idParams, querystring: historyWindowSchema, response: { 200: oilHistorySchema } },
      },
      async (request) => listOilChanges(deps.db, request.params.id, { ownerId: sessionOf(request).userId }, request.query),
    );
  };
}
