import {
  createVehicleSchema,
  deleteResultSchema,
  ownerIdSchema,
  paginationSchema,
  updateVehicleSchema,
  vehicleDetailSchema,
  vehicleIdSchema,
  vehicleListSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { listCustomerVisits } from '../users/visit-history.service.ts';
import { createVehicle, deleteVehicle, getVehicle, listVehiclesOfOwner, updateVehicle } from './vehicles.service.ts';

export const vehiclesRouter = router({
  listByOwner: staffProcedure
    .input(ownerIdSchema)
    .output(vehicleListSchema)
    .query(({ ctx, input }) => listVehiclesOfOwner(ctx.deps.db, input.ownerId)),
  get: staffProcedure.input(vehicleIdSchema).output(vehicleDetailSchema).query(({ ctx, input }) => getVehicle(ctx.deps.db, input.id)),
  create: staffProcedure
    .input(createVehicleSchema)
    .output(vehicleDetailSchema)
    .mutation(({ ctx, input }) => createVehicle(ctx.deps.db, input.ownerId, input.data)),
  update: staffProcedure
    .input(updateVehicleSchema)
    .output(vehicleDetailSchema)
    .mutation(({ ctx, input }) => updateVehicle(ctx.deps.db, input.id, input.data)),
  delete: staffProcedure
    .input(vehicleIdSchema)
    .output(deleteResultSchema)
    .mutation(({ ctx, input }) => deleteVehicle(ctx.deps.db, ctx.deps.storage, input.id)),
  visits: staffProcedure
    .input(paginationSchema.extend({ id: z.uuid() }))
    .output(visitSummaryPageSchema)
    .query(({ ctx, input }) => listCustomerVisits(ctx.deps.db, { vehicleId: input.id }, input)),
});
