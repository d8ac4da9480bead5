import { z } from 'zod';
import { publicProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { brandingWriteSchema } from './branding-write.schema.ts';
import { brandingEntrySchema, brandingQuerySchema, merchantSchema } from './merchant.schemas.ts';
import { updateMerchantSchema } from '@garage/shared';
import { createBranding, getMerchant, listBranding, updateBranding, updateMerchant } from './merchant.service.ts';

export const merchantRouter = router({
  get: publicProcedure.output(merchantSchema).query(({ ctx }) => getMerchant(ctx.deps.db)),
  update: staffProcedure
    .input(updateMerchantSchema)
    .output(merchantSchema)
    .mutation(({ ctx, input }) => updateMerchant(ctx.deps.db, input)),
  branding: publicProcedure
    .input(brandingQuerySchema)
    .output(z.array(brandingEntrySchema))
    .query(({ ctx, input }) => listBranding(ctx.deps.db, { language: input.lan, status: input.status })),
  createBranding: staffProcedure
    .input(brandingWriteSchema)
    .output(brandingEntrySchema)
    .mutation(({ ctx, input }) => createBranding(ctx.deps.db, input)),
  updateBranding: staffProcedure
    .input(z.object({ id: z.uuid(), data: brandingWriteSchema }))
    .output(brandingEntrySchema)
    .mutation(({ ctx, input }) => updateBranding(ctx.deps.db, input.id, input.data)),
});
