import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VISIT_HANDOVER_STATUSES,
  createVisitSchema,
  listVisitsSchema,
  timeZoneSchema,
  visitDetailSchema,
  visitPatchSchema,
  visitPageSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../auth/guards.ts';
import { listVisits } from './visits.list.ts';
import { createVisit, deleteVisit, getVisit, setVisitStatus, updateVisit } from './visits.service.ts';

const tags = ['visits'];

/**
 * The list page is written without parsing it again against its schema (which still documents it): its
 * items are built field by field from SQL that names its columns (toVisitListItem), and
 * test/visits-list.test.ts checks a page against visitPageSchema. Re-validating each answer was a fifth of
 * the busiest route's CPU (bench/visits-list.ts).
 */
const trustedPage = (page: unknown) => JSON.stringify(page);
const idParams = z.object({ id: z.uuid() });
const version = z.number().int().min(1);

export function visitsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/visits',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Visits with filters (pending, completed, unpaid, overdue, createdToday, readyForPickup), payment filters, date filters and sorts',
          querystring: listVisitsSchema,
          response: { 200: visitPageSchema },
        },
        serializerCompiler: () => trustedPage,
      },
      async (request) => listVisits(deps.db, request.query),
    );
    app.post(
      '/visits',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Create a visit with its tasks; the total is computed from the sold-for prices', body: createVisitSchema, response: { 201: visitDetailSchema } },
      },
      async (request, reply) => reply.status(201).send(await createVisit(deps.db, request.body)),
    );
    app.get(
      '/visits/:id',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'A visit with its customer, vehicle and tasks', params: idParams, querystring: z.object({ timeZone: timeZoneSchema }), response: { 200: visitDetailSchema } },
      },
      async (request) => getVisit(deps.db, request.params.id, request.query.timeZone),
    );
    app.put(
      '/visits/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Edit name, due date and notes; send the version you read (409 when the visit changed meanwhile)',
          params: idParams,
          body: visitPatchSchema.extend({ version }),
          response: { 200: visitDetailSchema },
        },
      },
      async (request) => {
        const { version: read, ...data } = request.body;
        return updateVisit(deps.db, request.params.id, read, data);
      },
    );
    app.patch(
      '/visits/:id/status',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Hand-over step: READY_FOR_PICKUP, PICKED_UP or back to COMPLETED (409 on a stale version)',
          params: idParams,
          body: z.object({ version, status: z.enum(VISIT_HANDOVER_STATUSES) }),
          response: { 200: visitDetailSchema },
        },
      },
      async (request) => setVisitStatus(deps.db, request.params.id, request.body.version, request.body.status),
    );
    app.delete(
      '/visits/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Delete a visit and its tasks; refused when it has payments or media',
          params: idParams,
          querystring: z.object({ version: z.coerce.number().int().min(1).optional() }),
          response: { 200: z.object({ id: z.string() }) },
        },
      },
      async (request) => deleteVisit(deps.db, request.params.id, request.query.version),
    );
  };
}
