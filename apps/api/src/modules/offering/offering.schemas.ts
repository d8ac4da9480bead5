import { z } from 'zod';

/** Localised text as stored: {en, fr, ar} (any subset). */
export const localizedTextSchema = z.record(z.string(), z.string());

export const publicOfferingItemSchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  description: localizedTextSchema.nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  durationMinutes: z.number().int(),
  featured: z.boolean(),
});

export const publicOfferingCategorySchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  description: localizedTextSchema.nullable(),
  imageUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  minPriceCents: z.number().int().nullable(),
  maxPriceCents: z.number().int().nullable(),
  items: z.array(publicOfferingItemSchema),
});

export const publicCatalogueSchema = z.array(publicOfferingCategorySchema);
export type PublicOfferingCategory = z.infer<typeof publicOfferingCategorySchema>;
