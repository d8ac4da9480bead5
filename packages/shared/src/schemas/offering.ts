// The service catalogue (SPEC §3 Offering category / item, §5): the one contract for the staff screens and
// the API. Titles and descriptions are per language ({en, fr, ar}); money is integer cents; a category's
// price range is derived from its visible items by the server and is never part of an input.
import { z } from 'zod';
import { LANGUAGES, TASK_SERVICES } from '../constants.ts';
import { INVENTORY_LIMITS, PART_UNITS, TASK_LINE_KINDS } from '../inventory-rules.ts';
import { msg } from '../messages.ts';
import { quantitySchema, unitCentsSchema } from './inventory.ts';
import { centsSchema } from './tasks.ts';
import { storedFileUrlSchema } from './users.ts';

export const OFFERING_LIMITS = {
  titleMax: 120,
  descriptionMax: 1000,
  /** A week of work is the longest job a catalogue item describes. */
  durationMaxMinutes: 7 * 24 * 60,
  sortOrderMax: 100_000,
  reorderMax: 1000,
} as const;

export const CATEGORY_DELETE_MODES = ['refuse', 'move', 'delete'] as const;
export type CategoryDeleteMode = (typeof CATEGORY_DELETE_MODES)[number];

/** API answers about the catalogue (English; the web shows its own translations of the same keys). */
export const OFFERING_MESSAGES = {
  categoryHasItems: 'This category still has {count} items. Move them to another category or delete them with the category.',
  moveTargetRequired: 'Choose the category that receives the items',
  moveTargetSame: 'The items cannot be moved into the category that is being deleted',
  reorderMismatch: 'The list has changed since it was loaded. Reload it and try again.',
} as const;

/** An ISO 4217 code the runtime knows (3 capital letters when Intl cannot list them). */
function knownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(code) : true;
}

export const currencySchema = z
  .string({ error: msg('required', { fieldName: 'currency' }) })
  .trim()
  .toUpperCase()
  .min(1, { message: msg('required', { fieldName: 'currency' }), abort: true })
  .refine(knownCurrency, msg('format', { fieldName: 'currency' }));

const languageText = (fieldName: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('maxLength', { fieldName, maxLength: max }))
    .optional();

/**
 * Text per language. An empty string means "no text in this language": on update it removes that
 * language and leaves the others as they are.
 */
export const localizedInputSchema = (fieldName: string, max: number) =>
  z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, languageText(fieldName, max)])) as Record<
      (typeof LANGUAGES)[number],
      ReturnType<typeof languageText>
    >,
    {
      error: msg('required', { fieldName }),
    },
  );
export type LocalizedInput = Partial<Record<(typeof LANGUAGES)[number], string>>;

/** True when at least one language has text. */
export const hasSomeText = (text: LocalizedInput | null | undefined) => !!text && LANGUAGES.some((language) => !!text[language]?.trim());

const titleSchema = localizedInputSchema('title', OFFERING_LIMITS.titleMax);
const requiredTitle = titleSchema.refine(hasSomeText, msg('required', { fieldName: 'title' }));
const descriptionSchema = localizedInputSchema('description', OFFERING_LIMITS.descriptionMax).nullable();

const imageSchema = storedFileUrlSchema('image').nullable();

const sortOrderSchema = z
  .number({ error: msg('number', { fieldName: 'sortOrder' }) })
  .int(msg('number', { fieldName: 'sortOrder' }))
  .min(0, msg('minValue', { fieldName: 'sortOrder', minValue: 0 }))
  .max(OFFERING_LIMITS.sortOrderMax, msg('maxValue', { fieldName: 'sortOrder', maxValue: OFFERING_LIMITS.sortOrderMax }));

const durationSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? msg('required', { fieldName: 'durationMinutes' }) : msg('number', { fieldName: 'durationMinutes' }),
  })
  .int(msg('number', { fieldName: 'durationMinutes' }))
  .min(0, msg('minValue', { fieldName: 'durationMinutes', minValue: 0 }))
  .max(OFFERING_LIMITS.durationMaxMinutes, msg('maxValue', { fieldName: 'durationMinutes', maxValue: OFFERING_LIMITS.durationMaxMinutes }));

const categoryIdSchema = z.uuid({ error: msg('required', { fieldName: 'categoryId' }) });

// Fields without defaults: an update is the same object made partial, and must not invent values.
const categoryFields = {
  title: requiredTitle,
  description: descriptionSchema.optional(),
  imageUrl: imageSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
  visible: z.boolean().optional(),
};

export const categoryInputSchema = z.object(categoryFields);
export type CategoryInput = z.input<typeof categoryInputSchema>;
/** Only the fields sent change; a title sent for one language leaves the other languages as they are. */
export const categoryPatchSchema = z.object({ ...categoryFields, title: titleSchema }).partial();
export type CategoryPatch = z.input<typeof categoryPatchSchema>;
export const updateCategorySchema = z.object({ id: z.uuid(), data: categoryPatchSchema });

/**
 * A default line of a catalogue item (canned job), copied onto a task made from the item. PART: a catalogue
 * part (`partId`; description defaults to its name) or a part typed by hand (`description`,
 * `unitPriceCents`). LABOUR: hours at `labourRateId` (default: the shop's default rate when the task is
 * made). FLAT: `description` and `unitPriceCents`. A null unitPriceCents takes the part's or the rate's
 * price when the task is made.
 */
export const offeringItemLineInputSchema = z
  .object({
    kind: z.enum(TASK_LINE_KINDS, { error: msg('required', { fieldName: 'kind' }) }),
    partId: z.uuid(msg('format', { fieldName: 'partId' })).nullish(),
    labourRateId: z.uuid(msg('format', { fieldName: 'labourRateId' })).nullish(),
    description: z
      .string()
      .trim()
      .max(INVENTORY_LIMITS.nameMax, msg('maxLength', { fieldName: 'description', maxLength: INVENTORY_LIMITS.nameMax }))
      .nullish()
      .transform((value) => value || null),
    quantity: quantitySchema().default(1),
    unitPriceCents: unitCentsSchema('unitPrice').nullish(),
  })
  .superRefine((line, ctx) => {
    const needs = (field: 'description' | 'unitPriceCents') =>
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: msg('required', { fieldName: field === 'unitPriceCents' ? 'unitPrice' : field }),
      });
    if (line.kind === 'FLAT' || (line.kind === 'PART' && !line.partId)) {
      if (!line.description) needs('description');
      if (line.unitPriceCents == null) needs('unitPriceCents');
    }
  });
export type OfferingItemLineInput = z.input<typeof offeringItemLineInputSchema>;

export const offeringItemLineViewSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(TASK_LINE_KINDS),
  description: z.string(),
  partId: z.string().nullable(),
  /** The catalogue part's number and unit (null for typed parts, labour and flat lines). */
  partNumber: z.string().nullable(),
  unit: z.enum(PART_UNITS).nullable(),
  labourRateId: z.string().nullable(),
  quantity: z.number(),
  unitPriceCents: z.number().nullable(),
});
export type OfferingItemLineView = z.infer<typeof offeringItemLineViewSchema>;

const itemFields = {
  categoryId: categoryIdSchema,
  title: requiredTitle,
  description: descriptionSchema.optional(),
  /** SPEC §5: non-negative (a free check-up is a real offer). */
  priceCents: centsSchema('price', 0),
  currency: currencySchema,
  imageUrl: imageSchema.optional(),
  durationMinutes: durationSchema.optional(),
  /** The task service used when the item is picked as a task template. */
  service: z.enum(TASK_SERVICES, { error: msg('required', { fieldName: 'service' }) }).optional(),
  featured: z.boolean().optional(),
  visible: z.boolean().optional(),
  sortOrder: sortOrderSchema.optional(),
  /** The tax rate of the FLAT lines of a task made from this item; null: the shop's default for flat lines. */
  taxRateId: z.uuid(msg('format', { fieldName: 'taxRateId' })).nullish(),
  /** Default lines of a task made from this item (staff only: never in the public catalogue); an update replaces them all. */
  lines: z
    .array(offeringItemLineInputSchema)
    .max(INVENTORY_LIMITS.linesPerTask, msg('maxValue', { fieldName: 'lines', maxValue: INVENTORY_LIMITS.linesPerTask }))
    .optional(),
};

export const itemInputSchema = z.object(itemFields);
export type ItemInput = z.input<typeof itemInputSchema>;
export type ItemInputParsed = z.output<typeof itemInputSchema>;
export const itemPatchSchema = z.object({ ...itemFields, title: titleSchema }).partial();
export type ItemPatch = z.input<typeof itemPatchSchema>;
export const updateItemSchema = z.object({ id: z.uuid(), data: itemPatchSchema });

export const offeringIdSchema = z.object({ id: z.uuid() });

const idList = z
  .array(z.uuid())
  .min(1, msg('required', { fieldName: 'ids' }))
  .max(OFFERING_LIMITS.reorderMax, msg('maxValue', { fieldName: 'ids', maxValue: OFFERING_LIMITS.reorderMax }))
  .refine((ids) => new Set(ids).size === ids.length, msg('format', { fieldName: 'ids' }));
/** Category ids in the new display order (those the caller saw; see applyOrder). */
export const reorderCategoriesSchema = z.object({ ids: idList });
/** Item ids of one category (`id`, as in the REST path) in the new display order (see applyOrder). */
export const reorderItemsSchema = z.object({ id: z.uuid(), ids: idList });

/**
 * Deleting a category that still has items needs an explicit choice: move them to another category, or
 * delete them with it. Without one (`refuse`) the answer is 409 and nothing changes.
 */
export const deleteCategorySchema = z
  .object({
    id: z.uuid(),
    items: z.enum(CATEGORY_DELETE_MODES).default('refuse'),
    moveToCategoryId: z.uuid().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.items !== 'move') return;
    if (!value.moveToCategoryId) ctx.addIssue({ code: 'custom', path: ['moveToCategoryId'], message: 'offering.moveTargetRequired' });
    else if (value.moveToCategoryId === value.id)
      ctx.addIssue({ code: 'custom', path: ['moveToCategoryId'], message: 'offering.moveTargetSame' });
  });
export type DeleteCategoryInput = z.input<typeof deleteCategorySchema>;

// ---- What the API answers -------------------------------------------------------------------------------

/** Localised text as stored: {en, fr, ar} (any subset). */
export const localizedTextSchema = z.record(z.string(), z.string());
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const offeringItemViewSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: localizedTextSchema,
  description: localizedTextSchema.nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  durationMinutes: z.number().int(),
  service: z.enum(TASK_SERVICES),
  featured: z.boolean(),
  visible: z.boolean(),
  sortOrder: z.number().int(),
  /** The rate of the flat lines of tasks made from it (null: the shop's default). */
  taxRateId: z.string().nullable(),
  /** Default lines of a task made from this item (staff views only). */
  lines: z.array(offeringItemLineViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OfferingItemView = z.infer<typeof offeringItemViewSchema>;

export const offeringCategoryViewSchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  description: localizedTextSchema.nullable(),
  imageUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  visible: z.boolean(),
  /** Derived from the visible items (null without any, or when they use more than one currency). */
  minPriceCents: z.number().int().nullable(),
  maxPriceCents: z.number().int().nullable(),
  priceCurrency: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(offeringItemViewSchema),
});
export type OfferingCategoryView = z.infer<typeof offeringCategoryViewSchema>;
export const offeringCategoryListSchema = z.array(offeringCategoryViewSchema);

export const deleteCategoryResultSchema = z.object({ id: z.string(), itemsDeleted: z.number().int(), itemsMoved: z.number().int() });
export type DeleteCategoryResult = z.infer<typeof deleteCategoryResultSchema>;

// The public catalogue (home services section, /all-services): visible categories and items only.
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
  priceCurrency: z.string().nullable(),
  items: z.array(publicOfferingItemSchema),
});
export const publicCatalogueSchema = z.array(publicOfferingCategorySchema);
export type PublicOfferingCategory = z.infer<typeof publicOfferingCategorySchema>;
export type PublicOfferingItem = z.infer<typeof publicOfferingItemSchema>;

export interface PriceRange {
  minPriceCents: number | null;
  maxPriceCents: number | null;
  priceCurrency: string | null;
}

/**
 * A category's price range from its items: the lowest and highest price of the visible ones, in their
 * currency. No visible item, or visible items in more than one currency, gives no range (a range across
 * currencies would compare unlike amounts).
 */
export function priceRange(items: readonly { priceCents: number; currency: string; visible: boolean }[]): PriceRange {
  const shown = items.filter((item) => item.visible);
  const currencies = new Set(shown.map((item) => item.currency));
  if (shown.length === 0 || currencies.size !== 1) return { minPriceCents: null, maxPriceCents: null, priceCurrency: null };
  const prices = shown.map((item) => item.priceCents);
  return { minPriceCents: Math.min(...prices), maxPriceCents: Math.max(...prices), priceCurrency: shown[0]!.currency };
}

/**
 * The new full order when `sent` lists some of `current` in a new order: the sent ids take the places the
 * same ids held, in the sent order; everything else stays where it was (so an entry added meanwhile by
 * someone else keeps its place). Null when `sent` names an id that is not in `current`.
 */
export function applyOrder(current: readonly string[], sent: readonly string[]): string[] | null {
  const known = new Set(current);
  if (sent.some((id) => !known.has(id))) return null;
  const moved = new Set(sent);
  const queue = [...sent];
  return current.map((id) => (moved.has(id) ? queue.shift()! : id));
}
