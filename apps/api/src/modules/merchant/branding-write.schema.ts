// What a branding write must look like, on top of the shared brandingInputSchema (which checks the
// MERCHANT_THEME_COLORS JSON): the type is in the catalogue, its language fits the type's scope, every key
// belongs to the type, and each value fits its kind (colour, number, yes/no, image/URL, JSON list).
import type { z } from 'zod';
import {
  BRANDING_TYPES,
  LANGUAGES,
  STORED_FILE_URL_PATTERN,
  brandingInputSchema,
  coreValuesSchema,
  faqListSchema,
  msg,
  type BrandingFieldKind,
  type BrandingType,
} from '@garage/shared';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** Links (social pages): our own paths or an absolute http(s) address; nothing that could script. */
const SAFE_URL = /^(\/[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/i;
/** The pictures the web app ships for the demo shop (apps/web/public/brand). */
const BUNDLED_BRAND_IMAGE = /^\/brand\/[\w-]+\.(svg|png|jpe?g|webp|ico)$/i;
const JSON_LISTS: Record<string, z.ZodType> = { coreValues: coreValuesSchema, faqs: faqListSchema };

function valueProblem(kind: BrandingFieldKind, key: string, value: string): string | null {
  switch (kind) {
    case 'color':
      return HEX_COLOR.test(value) ? null : msg('format', { fieldName: key });
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0 ? null : msg('number', { fieldName: key });
    case 'boolean':
      return value === 'true' || value === 'false' ? null : msg('format', { fieldName: key });
    case 'image':
      // Like every image field (STORED_FILE_URL_PATTERN): one of our stored files, or a bundled picture.
      return value === '' || STORED_FILE_URL_PATTERN.test(value) || BUNDLED_BRAND_IMAGE.test(value)
        ? null
        : msg('format', { fieldName: key });
    case 'url':
      return value === '' || SAFE_URL.test(value) ? null : msg('format', { fieldName: key });
    case 'json': {
      const schema = JSON_LISTS[key];
      if (!schema) return null; // themeColors: checked by brandingInputSchema
      try {
        return schema.safeParse(JSON.parse(value)).success ? null : msg('format', { fieldName: key });
      } catch {
        return msg('format', { fieldName: key });
      }
    }
    default:
      return null;
  }
}

export const brandingWriteSchema = brandingInputSchema.superRefine((entry, ctx) => {
  const definition = (BRANDING_TYPES as Record<string, (typeof BRANDING_TYPES)[BrandingType] | undefined>)[entry.type];
  if (!definition) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: msg('fileType', { fieldName: 'type', allowedTypes: Object.keys(BRANDING_TYPES).join(', ') }),
    });
    return;
  }
  const languageFits =
    definition.scope === 'common' ? entry.language === 'common' : (LANGUAGES as readonly string[]).includes(entry.language);
  if (!languageFits) ctx.addIssue({ code: 'custom', path: ['language'], message: msg('format', { fieldName: 'language' }) });

  const kinds = definition.fields as Record<string, BrandingFieldKind>;
  const seen = new Set<string>();
  entry.fields.forEach((field, index) => {
    const kind = kinds[field.key];
    if (!kind || seen.has(field.key)) {
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: msg('format', { fieldName: 'key' }) });
      return;
    }
    seen.add(field.key);
    const problem = valueProblem(kind, field.key, field.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['fields', index, 'value'], message: problem });
  });
});
export type BrandingWrite = z.output<typeof brandingWriteSchema>;
