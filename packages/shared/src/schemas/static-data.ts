// Static data: the reference lists (colours, brands, engine and oil types, vehicle types) offered by forms.
import { z } from 'zod';
import { STATIC_DATA_TYPES } from '../constants.ts';
import { msg } from '../messages.ts';
import { requiredText } from './users.ts';

export const STATIC_DATA_NAME_MAX = 100;

/** API answers about static data (English; the web shows its own translations of the same keys). */
export const STATIC_DATA_MESSAGES = {
  nameTaken: 'This name already exists for this type',
} as const;

export const staticDataInputSchema = z.object({
  name: requiredText('name', STATIC_DATA_NAME_MAX),
  type: z.enum(STATIC_DATA_TYPES, { error: msg('required', { fieldName: 'type' }) }),
});
export type StaticDataInput = z.input<typeof staticDataInputSchema>;

export const updateStaticDataSchema = z.object({ id: z.uuid(), data: staticDataInputSchema });
export const staticDataIdSchema = z.object({ id: z.uuid() });
export const listStaticDataSchema = z.object({ type: z.enum(STATIC_DATA_TYPES).optional() });

export const staticDataViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(STATIC_DATA_TYPES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaticDataView = z.infer<typeof staticDataViewSchema>;
