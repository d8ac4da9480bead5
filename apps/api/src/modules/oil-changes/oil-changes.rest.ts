import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyWindowSchema, kmReadingInputSchema, oilChangeInputSchema, oilChangeUpdateInputSchema, oilChangeViewSchema, oilHistorySchema, oilSummarySchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { deleteOilChange, listOilChanges, recordKmReading, recordOilChange, updateOilChange } from './oil-changes.service.ts';

const tags = ['oil-changes'];
const params = z.object({ vehicleId: z.uuid() });

export function oilChangesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/vehicles/:vehicleId/oil-changes',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "A vehicle's oil status and its oil-change history, newest first, a window at a time (limit, before = nextCursor)",
          params,
          querystring: historyWindowSchema,
          response: { 200: oilHistorySchema },
        },
      },
      async (request) => listOilChanges(deps.db, request.params.vehicleId, {}, request.query),
    );
    app.post(
      '/vehicles/:vehicleId/oil-changes',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "Record an oil change; moves the vehicle's latest km (never backwards)",
          params,
          body: oilChangeInputSchema,
          response: { 201: oilChangeViewSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await recordOilChange(deps.db, sessionOf(request), request.params.vehicleId, request.body)),
    );
    app.post(
      '/vehicles/:vehicleId/km-reading',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Record an odometer reading without an oil change (never lower than the latest)',
          params,
          body: kmReadingInputSchema,
          response: { 200: oilSummarySchema },
        },
      },
      async (request) => recordKmReading(deps.db, request.params.vehicleId, request.body.km),
    );
    const idParams = z.object({ id: z.uuid() });
    app.patch(
      '/oil-changes/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "Correct an oil change (only the fields sent change); the vehicle's latest km and reminder follow",
          params: idParams,
          body: oilChangeUpdateInputSchema,
          response: { 200: oilChangeViewSchema },
        },
      },
      async (request) => updateOilChange(deps.db, request.params.id, request.body),
    );
    app.delete(
      '/oil-changes/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "Delete a wrong oil change; the vehicle's latest km and reminder follow",
          params: idParams,
          response: { 200: z.object({ id: z.string(), summary: oilSummarySchema }) },
        },
      },
      async (request) => deleteOilChange(deps.db, request.params.id),
    );
  };
}
