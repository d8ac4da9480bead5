// Visits: the operations of the staff screens and of SPEC §7's /visits paths, each defined once.
import {
  createVisitSchema,
  deleteVisitSchema,
  listVisitsSchema,
  setVisitStatusSchema,
  timeZoneSchema,
  updateVisitSchema,
  visitDetailSchema,
  visitIdSchema,
  visitPageSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { lineActor } from '../task-lines/task-line-pricing.ts';
import { listVisits } from './visits.list.ts';
import { createVisit, deleteVisit, getVisit, setVisitStatus, updateVisit } from './visits.service.ts';

export const visitsOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/visits',
      summary:
        'Visits with filters (pending, completed, unpaid, overdue, createdToday, readyForPickup), payment filters, date filters and sorts',
    },
    input: listVisitsSchema,
    // Built field by field from SQL that names its columns (toVisitListItem); test/visits-list.test.ts checks
    // a page against the schema. Re-validating each answer was a fifth of the busiest route's CPU.
    output: visitPageSchema,
    trustedOutput: true,
    handler: ({ ctx, input }) => listVisits(ctx.deps.db, input),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/visits/:id', summary: 'A visit with its customer, vehicle and tasks' },
    input: visitIdSchema.extend({ timeZone: timeZoneSchema }),
    output: visitDetailSchema,
    handler: ({ ctx, input }) => getVisit(ctx.deps.db, input.id, input.timeZone, new Date(), lineActor(ctx.session).seesCosts),
  }),
  create: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits',
      status: 201,
      summary: 'Create a visit with its tasks (and their lines); the total is computed from the lines',
    },
    input: createVisitSchema,
    output: visitDetailSchema,
    handler: ({ ctx, input }) => createVisit(ctx.deps.db, input, new Date(), lineActor(ctx.session)),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/visits/:id',
      summary: 'Edit name, due date and notes; send the version you read (409 when the visit changed meanwhile)',
    },
    input: updateVisitSchema,
    output: visitDetailSchema,
    handler: ({ ctx, input: { id, version, ...data } }) =>
      updateVisit(ctx.deps.db, id, version, data, new Date(), lineActor(ctx.session).seesCosts),
  }),
  setStatus: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/visits/:id/status',
      summary: 'Hand-over step: READY_FOR_PICKUP, PICKED_UP or back to COMPLETED (409 on a stale version)',
    },
    input: setVisitStatusSchema,
    output: visitDetailSchema,
    handler: ({ ctx, input }) =>
      setVisitStatus(ctx.deps.db, input.id, input.version, input.status, new Date(), lineActor(ctx.session).seesCosts),
  }),
  delete: mutation({
    access: 'staff',
    rest: {
      method: 'DELETE',
      path: '/visits/:id',
      summary: 'Delete a visit and its tasks (their parts return to stock); refused when it has payments or media',
    },
    input: deleteVisitSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteVisit(ctx.deps.db, input.id, input.version, ctx.session.userId),
  }),
};
