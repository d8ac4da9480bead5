// Static data: the reference lists (colours, brands, engine and oil types, vehicle types) offered by forms.
import { z } from 'zod';
import { LANGUAGES, STATIC_DATA_TYPES, type Language } from '../constants.ts';
import { msg } from '../messages.ts';
import { requiredText } from './users.ts';

export const STATIC_DATA_NAME_MAX = 100;

/** API answers about static data (English; the web shows its own translations of the same keys). */
export const STATIC_DATA_MESSAGES = {
  nameTaken: 'This name already exists for this type',
} as const;

/**
 * What the screens show per language ({en?, fr?, ar?}); a language left out (or blank) shows the name. The
 * name stays the value stored on vehicles, so renaming a label never touches them.
 */
export const staticDataLabelsSchema = z
  .object(
    Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        z
          .string()
          .trim()
          .max(STATIC_DATA_NAME_MAX, msg('maxLength', { fieldName: 'name', maxLength: STATIC_DATA_NAME_MAX }))
          .optional(),
      ]),
    ) as Record<Language, z.ZodOptional<z.ZodString>>,
  )
  .strict()
  // Blank labels are dropped: they would hide the name.
  .transform((labels) => Object.fromEntries(Object.entries(labels).filter(([, label]) => label)) as StaticDataLabels);
export type StaticDataLabels = Partial<Record<Language, string>>;

export const staticDataInputSchema = z.object({
  name: requiredText('name', STATIC_DATA_NAME_MAX),
  type: z.enum(STATIC_DATA_TYPES, { error: msg('required', { fieldName: 'type' }) }),
  /** Optional: left out, an update keeps the labels the entry has. */
  labels: staticDataLabelsSchema.optional(),
});
export type StaticDataInput = z.input<typeof staticDataInputSchema>;

export const updateStaticDataSchema = z.object({ id: z.uuid(), data: staticDataInputSchema });
export const staticDataIdSchema = z.object({ id: z.uuid() });
export const listStaticDataSchema = z.object({ type: z.enum(STATIC_DATA_TYPES).optional() });

export const staticDataViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(STATIC_DATA_TYPES),
  labels: z.object({ en: z.string().optional(), fr: z.string().optional(), ar: z.string().optional() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaticDataView = z.infer<typeof staticDataViewSchema>;

/** The entry's label in `language`, else its name. */
export function staticDataLabel(entry: { name: string; labels?: StaticDataLabels | null }, language: string): string {
  return entry.labels?.[language as Language] || entry.name;
}
