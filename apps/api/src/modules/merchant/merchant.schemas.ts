import { z } from 'zod';
import { BRANDING_STATUSES, brandingFieldSchema } from '@garage/shared';

export const merchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  currency: z.string(),
  timezone: z.string(),
  defaultLanguage: z.string(),
});
export const brandingEntrySchema = z.object({
  id: z.string(),
  type: z.string(),
  language: z.string(),
  status: z.string(),
  fields: z.array(brandingFieldSchema),
});
export const brandingQuerySchema = z.object({
  lan: z
    .string()
    .regex(/^[a-z]{2}/i)
    .default('en'),
  status: z.enum(BRANDING_STATUSES).default('ACTIVE'),
});
