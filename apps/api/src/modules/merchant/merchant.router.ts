import { publicProcedure, router } from '../../trpc/init.ts';
import { brandingEntrySchema, brandingQuerySchema, merchantSchema } from './merchant.schemas.ts';
import { getMerchant, listBranding } from './merchant.service.ts';
import { z } from 'zod';

export const merchantRouter = router({
  get: publicProcedure.output(merchantSchema).query(({ ctx }) => getMerchant(ctx.deps.db)),
  branding: publicProcedure
    .input(brandingQuerySchema)
    .output(z.array(brandingEntrySchema))
    .query(({ ctx, input }) => listBranding(ctx.deps.db, { language: input.lan, status: input.status })),
});
