// The branding catalogue (SPEC §3 Branding): which entry types exist, which fields each carries, and which
// are shared by all languages ("common") versus written per language. The seed, the API's validation and
// the branding manager all read this one list.
import { z } from 'zod';
import { BRAND_COLOR_LEVELS, LANGUAGES } from './constants.ts';
import { msg } from './messages.ts';

export const COMMON_LANGUAGE = 'common';
export const BRANDING_LANGUAGES = [COMMON_LANGUAGE, ...LANGUAGES] as const;
export const BRANDING_STATUSES = ['ACTIVE', 'DRAFT', 'ARCHIVED'] as const;

/** How a field is edited: plain text, long text, number, yes/no, colour, image URL, URL, or JSON. */
export type BrandingFieldKind = 'text' | 'textarea' | 'number' | 'boolean' | 'color' | 'image' | 'url' | 'json';

export const BRANDING_TYPES = {
  /** First field: JSON string validated by themeColorsSchema. */
  MERCHANT_THEME_COLORS: { scope: 'common', fields: { themeColors: 'json' } },
  THEME_PALETTE: {
    scope: 'common',
    fields: { lightest: 'color', light: 'color', medium: 'color', dark: 'color', darkest: 'color' },
  },
  ASSETS: {
    scope: 'common',
    fields: {
      favicon: 'image',
      headerLogo: 'image',
      heroImage1: 'image',
      heroImage2: 'image',
      heroImage3: 'image',
      aboutImage: 'image',
    },
  },
  SOCIAL_LINKS: { scope: 'common', fields: { whatsapp: 'url', facebook: 'url', instagram: 'url' } },
  HERO: { scope: 'language', fields: { heroTitle: 'text', heroSubtitle: 'text', heroDescription: 'textarea' } },
  SECTION_TITLES: {
    scope: 'language',
    fields: {
      aboutTitle: 'text',
      servicesTitle: 'text',
      locationTitle: 'text',
      faqTitle: 'text',
      galleryTitle: 'text',
      contactFormTitle: 'text',
      coreValuesTitle: 'text',
    },
  },
  ABOUT: {
    scope: 'language',
    fields: { aboutText: 'textarea', yearsOfExperience: 'number', happyCustomers: 'number' },
  },
  WORKING_HOURS: { scope: 'language', fields: { workingHours: 'textarea', emergencyService: 'boolean' } },
  CONTACT: {
    scope: 'language',
    fields: { contactTitle: 'text', contactPhone: 'text', contactEmail: 'text', contactAddress: 'textarea' },
  },
  /** value: JSON array of strings. */
  CORE_VALUES: { scope: 'language', fields: { coreValues: 'json' } },
  /** value: JSON array of {question, answer}. */
  FAQ: { scope: 'language', fields: { faqs: 'json' } },
} as const satisfies Record<string, { scope: 'common' | 'language'; fields: Record<string, BrandingFieldKind> }>;

export type BrandingType = keyof typeof BRANDING_TYPES;
export const BRANDING_TYPE_NAMES = Object.keys(BRANDING_TYPES) as BrandingType[];

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i);

export const themeColorsSchema = z.object({
  colorBrand: z.object(
    Object.fromEntries(BRAND_COLOR_LEVELS.map((level) => [level, hexColor])) as Record<
      (typeof BRAND_COLOR_LEVELS)[number],
      typeof hexColor
    >,
  ),
  font: z.object({
    fontFamily: z.string().min(1).max(200),
    fontWeightRegular: z.coerce.number().int().min(100).max(900),
    fontWeightMedium: z.coerce.number().int().min(100).max(900),
    fontWeightSemiBold: z.coerce.number().int().min(100).max(900),
    fontWeightBold: z.coerce.number().int().min(100).max(900),
  }),
});
export type ThemeColors = z.infer<typeof themeColorsSchema>;

/** Parses the MERCHANT_THEME_COLORS value; null when it is not JSON of the documented shape. */
export function parseThemeColors(value: string): ThemeColors | null {
  try {
    const parsed = themeColorsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const faqListSchema = z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) }));
export const coreValuesSchema = z.array(z.string().min(1));

export const brandingFieldSchema = z.object({ key: z.string().min(1).max(100), value: z.string().max(20_000) });

export const brandingInputSchema = z
  .object({
    type: z.string().min(1).max(50),
    language: z.enum(BRANDING_LANGUAGES),
    /** A new entry is ACTIVE unless said otherwise; an update that leaves the status out keeps it. */
    status: z.enum(BRANDING_STATUSES).optional(),
    fields: z.array(brandingFieldSchema).max(100),
  })
  .superRefine((entry, ctx) => {
    if (entry.type !== 'MERCHANT_THEME_COLORS') return;
    const first = entry.fields[0];
    if (!first || !parseThemeColors(first.value)) {
      ctx.addIssue({ code: 'custom', path: ['fields', 0, 'value'], message: msg('invalidThemeColors') });
    }
  });
export type BrandingInput = z.input<typeof brandingInputSchema>;

export interface BrandingEntry {
  id: string;
  type: string;
  language: string;
  status: string;
  fields: { key: string; value: string }[];
}

/** SPEC §3: common entries and the current language's entries merged into one key → value map. */
export function mergeBranding(entries: readonly BrandingEntry[], language: string): Record<string, string> {
  const lang = language.slice(0, 2);
  const merged: Record<string, string> = {};
  for (const scope of [COMMON_LANGUAGE, lang]) {
    for (const entry of entries) {
      if (entry.language !== scope) continue;
      for (const field of entry.fields) merged[field.key] = field.value;
    }
  }
  return merged;
}
