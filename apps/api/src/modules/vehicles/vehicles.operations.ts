// Vehicles: the staff screens' operations on a customer's vehicles, each defined once.
import {
  createVehicleSchema,
  deleteResultSchema,
  paginationSchema,
  updateVehicleSchema,
  vehicleDetailSchema,
  vehicleIdSchema,
  vehicleListSchema,
  vehiclesOfUserSchema,
  vinDecodeInputSchema,
  vinDecodeResultSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { listCustomerVisits } from '../users/visit-history.service.ts';
import { createVehicle, deleteVehicle, getVehicle, listVehiclesOfOwner, updateVehicle } from './vehicles.service.ts';
import { decodeVin } from './vin-decoder/vin-decoder.ts';

export const vehiclesOperations = {
  listByOwner: query({
    access: 'staff',
    rest: { method: 'GET', path: '/users/:userId/vehicles', summary: "A user's vehicles" },
    input: vehiclesOfUserSchema,
    output: vehicleListSchema,
    handler: ({ ctx, input }) => listVehiclesOfOwner(ctx.deps.db, input.userId),
  }),
  decodeVin: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/vehicles/decode-vin/:vin',
      summary:
        'Decode a VIN offline: check digit, maker, country and year from the VIN; make, model, body, engine and fuel from vPIC (North American models)',
    },
    input: vinDecodeInputSchema,
    output: vinDecodeResultSchema,
    handler: ({ input }) => decodeVin(input.vin),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/vehicles/:id', summary: 'A vehicle with its owner and oil status' },
    input: vehicleIdSchema,
    output: vehicleDetailSchema,
    handler: ({ ctx, input }) => getVehicle(ctx.deps.db, input.id),
  }),
  create: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/users/:userId/vehicles', status: 201, body: 'data', summary: 'Add a vehicle to a user' },
    input: createVehicleSchema,
    output: vehicleDetailSchema,
    handler: ({ ctx, input }) => createVehicle(ctx.deps.db, input.userId, input.data),
  }),
  update: mutation({
    access: 'staff',
    rest: { method: 'PUT', path: '/vehicles/:id', body: 'data', summary: 'Update a vehicle' },
    input: updateVehicleSchema,
    output: vehicleDetailSchema,
    handler: ({ ctx, input }) => updateVehicle(ctx.deps.db, input.id, input.data),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/vehicles/:id', summary: 'Delete a vehicle; one with history is hidden instead (outcome says which)' },
    input: vehicleIdSchema,
    output: deleteResultSchema,
    handler: ({ ctx, input }) => deleteVehicle(ctx.deps.db, ctx.deps.storage, input.id),
  }),
  visits: query({
    access: 'staff',
    rest: { method: 'GET', path: '/vehicles/:id/visits', summary: "A vehicle's visits, newest first" },
    input: paginationSchema.extend({ id: z.uuid() }),
    output: visitSummaryPageSchema,
    handler: ({ ctx, input }) => listCustomerVisits(ctx.deps.db, { vehicleId: input.id }, input),
  }),
};
