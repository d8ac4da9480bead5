// The shop and its branding entries: public reads, staff changes, each defined once (merchant.service.ts).
// SPEC §7 answers the shop as `{ merchant }` on both transports.
import { updateMerchantSchema } from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { brandingWriteSchema } from './branding-write.schema.ts';
import { brandingEntrySchema, brandingQuerySchema, merchantSchema } from './merchant.schemas.ts';
import { createBranding, getMerchant, listBranding, updateBranding, updateMerchant } from './merchant.service.ts';

const merchantAnswerSchema = z.object({ merchant: merchantSchema });

export const merchantOperations = {
  get: query({
    access: 'anonymous',
    rest: { method: 'GET', path: '/merchant/fetch-merchant', summary: 'The shop' },
    input: z.void(),
    output: merchantAnswerSchema,
    handler: async ({ ctx }) => ({ merchant: await getMerchant(ctx.deps.db) }),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/merchant/update-merchant',
      summary: "Change the shop's names, default language, currency and time zone (staff)",
    },
    input: updateMerchantSchema,
    output: merchantAnswerSchema,
    handler: async ({ ctx, input }) => ({ merchant: await updateMerchant(ctx.deps.db, input) }),
  }),
  branding: query({
    access: 'anonymous',
    rest: { method: 'GET', path: '/merchant/fetch-branding', summary: 'Branding entries for a language plus the common ones' },
    input: brandingQuerySchema,
    output: z.array(brandingEntrySchema),
    handler: ({ ctx, input }) => listBranding(ctx.deps.db, { language: input.lan, status: input.status }),
  }),
  createBranding: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/merchant/create-branding', status: 201, summary: 'Create a branding entry (staff)' },
    input: brandingWriteSchema,
    output: brandingEntrySchema,
    handler: ({ ctx, input }) => createBranding(ctx.deps.db, input),
  }),
  updateBranding: mutation({
    access: 'staff',
    rest: { method: 'PUT', path: '/merchant/update-branding/:id', summary: 'Replace a branding entry (staff)', body: 'data' },
    input: z.object({ id: z.uuid(), data: brandingWriteSchema }),
    output: brandingEntrySchema,
    handler: ({ ctx, input }) => updateBranding(ctx.deps.db, input.id, input.data),
  }),
};
