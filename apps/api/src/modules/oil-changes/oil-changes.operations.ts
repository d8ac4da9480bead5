// Oil changes: a vehicle's oil history, odometer readings and corrections (staff), each defined once. The
// client's own oil history is myVehicles.oilChanges.
import {
  createOilChangeSchema,
  oilChangeIdSchema,
  oilChangeViewSchema,
  oilHistorySchema,
  oilSummarySchema,
  recordKmSchema,
  updateOilChangeSchema,
  vehicleOilSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { deleteOilChange, listOilChanges, recordKmReading, recordOilChange, updateOilChange } from './oil-changes.service.ts';

const tag = 'oil-changes';

export const oilChangesOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/vehicles/:vehicleId/oil-changes',
      tag,
      summary: "A vehicle's oil status and its oil-change history, newest first, a window at a time (limit, before = nextCursor)",
    },
    input: vehicleOilSchema,
    output: oilHistorySchema,
    handler: ({ ctx, input }) => listOilChanges(ctx.deps.db, input.vehicleId, {}, input),
  }),
  create: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/vehicles/:vehicleId/oil-changes',
      status: 201,
      body: 'data',
      tag,
      summary: "Record an oil change; moves the vehicle's latest km (never backwards)",
    },
    input: createOilChangeSchema,
    output: oilChangeViewSchema,
    handler: ({ ctx, input }) => recordOilChange(ctx.deps.db, ctx.session, input.vehicleId, input.data),
  }),
  recordKm: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/vehicles/:vehicleId/km-reading',
      body: 'data',
      tag,
      summary: 'Record an odometer reading without an oil change (never lower than the latest)',
    },
    input: recordKmSchema,
    output: oilSummarySchema,
    handler: ({ ctx, input }) => recordKmReading(ctx.deps.db, input.vehicleId, input.data.km),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/oil-changes/:id',
      body: 'data',
      tag,
      summary: "Correct an oil change (only the fields sent change); the vehicle's latest km and reminder follow",
    },
    input: updateOilChangeSchema,
    output: oilChangeViewSchema,
    handler: ({ ctx, input }) => updateOilChange(ctx.deps.db, input.id, input.data),
  }),
  delete: mutation({
    access: 'staff',
    rest: {
      method: 'DELETE',
      path: '/oil-changes/:id',
      tag,
      summary: "Delete a wrong oil change; the vehicle's latest km and reminder follow",
    },
    input: oilChangeIdSchema,
    output: z.object({ id: z.string(), summary: oilSummarySchema }),
    handler: ({ ctx, input }) => deleteOilChange(ctx.deps.db, input.id),
  }),
};
