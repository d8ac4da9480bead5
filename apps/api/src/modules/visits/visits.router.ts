import {
  createVisitSchema,
  deleteVisitSchema,
  listVisitsSchema,
  setVisitStatusSchema,
  timeZoneSchema,
  updateVisitSchema,
  visitDetailSchema,
  visitIdSchema,
} from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { listVisits } from './visits.list.ts';
import { createVisit, deleteVisit, getVisit, setVisitStatus, updateVisit } from './visits.service.ts';

export const visitsRouter = router({
  // No .output(): the page is typed (VisitPage) and built field by field; see trustedPage in visits.rest.ts.
  list: staffProcedure.input(listVisitsSchema).query(({ ctx, input }) => listVisits(ctx.deps.db, input)),
  get: staffProcedure
    .input(visitIdSchema.extend({ timeZone: timeZoneSchema }))
    .output(visitDetailSchema)
    .query(({ ctx, input }) => getVisit(ctx.deps.db, input.id, input.timeZone)),
  create: staffProcedure.input(createVisitSchema).output(visitDetailSchema).mutation(({ ctx, input }) => createVisit(ctx.deps.db, input)),
  update: staffProcedure
    .input(updateVisitSchema)
    .output(visitDetailSchema)
    .mutation(({ ctx, input }) => updateVisit(ctx.deps.db, input.id, input.version, input.data)),
  setStatus: staffProcedure
    .input(setVisitStatusSchema)
    .output(visitDetailSchema)
    .mutation(({ ctx, input }) => setVisitStatus(ctx.deps.db, input.id, input.version, input.status)),
  delete: staffProcedure
    .input(deleteVisitSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => deleteVisit(ctx.deps.db, input.id, input.version)),
});
