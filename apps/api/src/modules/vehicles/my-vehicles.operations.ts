// The client area (/client/overview...): a client's own vehicles, their visits and oil history. Ownership is
// in each query's where, so another customer's vehicle answers "not found".
import {
  historyWindowSchema,
  oilHistorySchema,
  paginationSchema,
  vehicleDetailSchema,
  vehicleIdSchema,
  vehicleListSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import { z } from 'zod';
import { query } from '../../operations/operation.ts';
import { listMyVehicleVisits } from '../my-visits/my-visits.service.ts';
import { listOilChanges } from '../oil-changes/oil-changes.service.ts';
import { getVehicle, listVehiclesOfOwner } from './vehicles.service.ts';

const tag = 'client area';

export const myVehiclesOperations = {
  list: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/vehicles', tag, summary: 'My vehicles' },
    input: z.void(),
    output: vehicleListSchema,
    handler: ({ ctx }) => listVehiclesOfOwner(ctx.deps.db, ctx.session.userId),
  }),
  get: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/vehicles/:id', tag, summary: 'One of my vehicles' },
    input: vehicleIdSchema,
    output: vehicleDetailSchema,
    handler: ({ ctx, input }) => getVehicle(ctx.deps.db, input.id, { ownerId: ctx.session.userId }),
  }),
  visits: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/vehicles/:id/visits', tag, summary: "My vehicle's visits" },
    input: paginationSchema.extend({ id: z.uuid() }),
    output: visitSummaryPageSchema,
    // Someone else's vehicle is 404 like a missing one, not an empty page (my-visits.service.ts).
    handler: ({ ctx, input }) => listMyVehicleVisits(ctx.deps.db, ctx.session.userId, input.id, input),
  }),
  oilChanges: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/vehicles/:id/oil-changes',
      tag,
      summary: "My vehicle's oil history, newest first, a window at a time (limit, before = nextCursor)",
    },
    input: historyWindowSchema.extend({ id: z.uuid() }),
    output: oilHistorySchema,
    handler: ({ ctx, input }) => listOilChanges(ctx.deps.db, input.id, { ownerId: ctx.session.userId }, input),
  }),
};
