import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteResultSchema,
  paginationSchema,
  vehicleDetailSchema,
  vehicleInputSchema,
  vehicleListSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../auth/guards.ts';
import { listCustomerVisits } from '../users/visit-history.service.ts';
import { createVehicle, deleteVehicle, getVehicle, listVehiclesOfOwner, updateVehicle } from './vehicles.service.ts';

const tags = ['vehicles'];
const idParams = z.object({ id: z.uuid() });
const userParams = z.object({ userId: z.uuid() });

export function vehiclesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/users/:userId/vehicles',
      { onRequest: guards.staff, schema: { tags, summary: "A user's vehicles", params: userParams, response: { 200: vehicleListSchema } } },
      async (request) => listVehiclesOfOwner(deps.db, request.params.userId),
    );
    app.post(
      '/users/:userId/vehicles',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Add a vehicle to a user', params: userParams, body: vehicleInputSchema, response: { 201: vehicleDetailSchema } },
      },
      async (request, reply) => reply.status(201).send(await createVehicle(deps.db, request.params.userId, request.body)),
    );
    app.get(
      '/vehicles/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'A vehicle with its owner and oil status', params: idParams, response: { 200: vehicleDetailSchema } } },
      async (request) => getVehicle(deps.db, request.params.id),
    );
    app.put(
      '/vehicles/:id',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Update a vehicle', params: idParams, body: vehicleInputSchema, response: { 200: vehicleDetailSchema } },
      },
      async (request) => updateVehicle(deps.db, request.params.id, request.body),
    );
    app.delete(
      '/vehicles/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Delete a vehicle; one with history is hidden instead (outcome says which)',
          params: idParams,
          response: { 200: deleteResultSchema },
        },
      },
      async (request) => deleteVehicle(deps.db, deps.storage, request.params.id),
    );
    app.get(
      '/vehicles/:id/visits',
      {
        onRequest: guards.staff,
        schema: { tags, summary: "A vehicle's visits, newest first", params: idParams, querystring: paginationSchema, response: { 200: visitSummaryPageSchema } },
      },
      async (request) => listCustomerVisits(deps.db, { vehicleId: request.params.id }, request.query),
    );
  };
}
