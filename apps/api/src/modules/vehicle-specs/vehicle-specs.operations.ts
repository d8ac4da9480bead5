// Spec cards (issue #28): staff read and write a vehicle's card and get the catalogue parts that match it; a
// client reads the card of their own vehicles (another customer's vehicle answers 404 like a missing one).
import { suggestedPartListSchema, updateVehicleSpecSchema, vehicleSpecOfVehicleSchema, vehicleSpecViewSchema } from '@garage/shared';
import { mutation, query } from '../../operations/operation.ts';
import { getVehicleSpec, suggestPartsForVehicle, updateVehicleSpec } from './vehicle-specs.service.ts';

export const vehicleSpecsOperations = {
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/vehicles/:vehicleId/spec', summary: "A vehicle's spec card (all fields null when never filled)" },
    input: vehicleSpecOfVehicleSchema,
    output: vehicleSpecViewSchema,
    handler: ({ ctx, input }) => getVehicleSpec(ctx.deps.db, input.vehicleId),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/vehicles/:vehicleId/spec',
      body: 'data',
      summary: "Save a vehicle's spec card: the fields sent change (null clears one), the others stay; the first save creates it",
    },
    input: updateVehicleSpecSchema,
    output: vehicleSpecViewSchema,
    handler: ({ ctx, input }) => updateVehicleSpec(ctx.deps.db, input.vehicleId, input.data),
  }),
  suggestedParts: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/vehicles/:vehicleId/suggested-parts',
      summary: "Catalogue parts matching the spec card's oil grade, filter references and tyre sizes (the part picker's suggestions)",
    },
    input: vehicleSpecOfVehicleSchema,
    output: suggestedPartListSchema,
    handler: ({ ctx, input }) => suggestPartsForVehicle(ctx.deps.db, input.vehicleId),
  }),
};

export const myVehicleSpecsOperations = {
  get: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/vehicles/:vehicleId/spec', tag: 'client area', summary: "My vehicle's spec card" },
    input: vehicleSpecOfVehicleSchema,
    output: vehicleSpecViewSchema,
    handler: ({ ctx, input }) => getVehicleSpec(ctx.deps.db, input.vehicleId, { ownerId: ctx.session.userId }),
  }),
};
