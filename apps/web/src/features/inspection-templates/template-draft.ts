// The template being edited, as the editor holds it: sections (a name per language) each with their items in
// order, numbers as typed. Saving flattens it into the one list of items the API takes (each item carrying
// its section), so an error keyed `items.N.field` (the shared schema's, the shared item rules', or the
// server's) lands on the N-th item in reading order: the same index on both sides.
import { LANGUAGES } from '@garage/shared/constants';
import { type InspectionItemKind, type InspectionUnit, UNIT_LIMITS } from '@garage/shared/inspection-rules';
import { encodeMessage, msg } from '@garage/shared/messages';
import { hasSomeText } from '@garage/shared/schemas/offering';
import {
  createTemplateSchema,
  type InspectionTemplateView,
  type TemplateItemInput,
  type TemplateItem,
} from '@garage/shared/schemas/inspections';

export type Language = (typeof LANGUAGES)[number];
export type Texts = Record<Language, string>;

export interface DraftItem {
  /** Stable within the editor (React keys, drag and drop); not sent. */
  uid: string;
  /** The stored item's id, kept so its past results stay attached; absent for a new item. */
  id?: string;
  label: Texts;
  kind: InspectionItemKind;
  unit: InspectionUnit | null;
  /** Numbers as typed ('' is none): a half-typed "2," must not be rewritten under the user's fingers. */
  minValue: string;
  maxValue: string;
  amberAt: string;
  redAt: string;
  lowerIsWorse: boolean;
  photoRequired: boolean;
  /** The item's stable key for measurements over time (advanced); '' lets the server leave it empty. */
  key: string;
  offeringItem: TemplateItem['offeringItem'];
}

export interface DraftSection {
  uid: string;
  name: Texts;
  items: DraftItem[];
}

export interface TemplateDraft {
  name: Texts;
  description: Texts;
  sections: DraftSection[];
}

/** Errors by path in the API's terms: `name.en`, `items.3.redAt`. A message is a shared code or a rendered text. */
export type DraftErrors = Record<string, string>;

const newUid = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const emptyTexts = (): Texts => ({ en: '', fr: '', ar: '' });
export const toTexts = (text: Record<string, string> | null | undefined): Texts =>
  Object.fromEntries(LANGUAGES.map((language) => [language, text?.[language] ?? ''])) as Texts;
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function newItem(kind: InspectionItemKind = 'CHECK'): DraftItem {
  return {
    uid: newUid(),
    label: emptyTexts(),
    kind,
    unit: null,
    minValue: '',
    maxValue: '',
    amberAt: '',
    redAt: '',
    lowerIsWorse: true,
    photoRequired: false,
    key: '',
    offeringItem: null,
  };
}

export const newSection = (): DraftSection => ({ uid: newUid(), name: emptyTexts(), items: [newItem()] });

export const emptyDraft = (): TemplateDraft => ({ name: emptyTexts(), description: emptyTexts(), sections: [newSection()] });

/** A stored template → the editor's draft; `copy` drops the ids (duplicating makes new items). */
export function draftOf(template: InspectionTemplateView, copy = false): TemplateDraft {
  const sections: DraftSection[] = [];
  const sorted = [...template.items].sort((a, b) => a.position - b.position);
  for (const item of sorted) {
    const name = toTexts(item.section);
    const last = sections.at(-1);
    // Consecutive items of the same section form one section card.
    const section = last && sameTexts(last.name, name) ? last : { uid: newUid(), name, items: [] };
    if (section !== last) sections.push(section);
    section.items.push({
      uid: newUid(),
      id: copy ? undefined : item.id,
      label: toTexts(item.label),
      kind: item.kind,
      unit: item.unit,
      minValue: numberText(item.minValue),
      maxValue: numberText(item.maxValue),
      amberAt: numberText(item.amberAt),
      redAt: numberText(item.redAt),
      lowerIsWorse: item.lowerIsWorse,
      photoRequired: item.photoRequired,
      // Two templates may share keys (tread depth over visits whatever the template), so a copy keeps them.
      key: item.key ?? '',
      offeringItem: item.offeringItem,
    });
  }
  return {
    name: toTexts(template.name),
    description: toTexts(template.description),
    sections: sections.length ? sections : [newSection()],
  };
}

const sameTexts = (a: Texts, b: Texts) => LANGUAGES.every((language) => a[language].trim() === b[language].trim());

/** "2,5" and "2.5" are the same reading (a French keyboard); '' is none; anything else stays NaN for the schema to refuse. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The item as the API takes it: a check carries no unit, limits or thresholds. */
export function itemPayload(item: DraftItem, section: Texts): TemplateItemInput {
  const measurement = item.kind === 'MEASUREMENT';
  const number = (text: string) => (measurement ? parseNumber(text) : null);
  return {
    ...(item.id ? { id: item.id } : {}),
    section,
    label: item.label,
    key: item.key.trim() || null,
    kind: item.kind,
    unit: measurement ? item.unit : null,
    minValue: number(item.minValue),
    maxValue: number(item.maxValue),
    amberAt: number(item.amberAt),
    redAt: number(item.redAt),
    lowerIsWorse: item.lowerIsWorse,
    photoRequired: item.photoRequired,
    offeringItemId: item.offeringItem?.id ?? null,
  };
}

/** The whole draft as createTemplate / updateTemplate take it (empty sections are left out). */
export function draftPayload(draft: TemplateDraft) {
  return {
    name: draft.name,
    description: hasSomeText(draft.description) ? draft.description : null,
    items: draft.sections.flatMap((section) => section.items.map((item) => itemPayload(item, section.name))),
  };
}

/** The index of each item in the flattened list, by uid: where `items.N.*` errors belong. */
export function flatIndexes(draft: TemplateDraft): Map<string, number> {
  const indexes = new Map<string, number>();
  for (const section of draft.sections) for (const item of section.items) indexes.set(item.uid, indexes.size);
  return indexes;
}

/**
 * What the server would refuse, found before sending: the shared contract (lengths, number format, key
 * format, at least one item), a name, each section name and label in at least one language, a key used
 * once, and the item rules.
 * `itemRules` gives the problems of one item as `field → code` (the shared template item rules).
 */
export function draftErrors(
  draft: TemplateDraft,
  itemRules: (item: TemplateItemInput) => Record<string, string> = () => ({}),
): DraftErrors {
  const payload = draftPayload(draft);
  const errors: DraftErrors = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const parsed = createTemplateSchema.safeParse(payload);
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.') || '_', issue.message);
  if (!hasSomeText(payload.name)) add('name', msg('required', { fieldName: 'name' }));
  const keys = new Set<string>();
  payload.items.forEach((item, index) => {
    for (const field of ['section', 'label'] as const)
      if (!hasSomeText(item[field])) add(`items.${index}.${field}`, msg('required', { fieldName: field }));
    if (item.key) {
      if (keys.has(item.key)) add(`items.${index}.key`, encodeMessage('inspections.keyTaken'));
      keys.add(item.key);
    }
    for (const [field, message] of Object.entries(itemRules(item))) add(`items.${index}.${field}`, message);
  });
  return errors;
}

/** The errors of one item, by its own field names (`label`, `label.en`, `redAt`). */
export function errorsOfItem(errors: DraftErrors, index: number | undefined): Record<string, string> {
  if (index === undefined) return {};
  const prefix = `items.${index}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The colour bands of a measurement, for the editor's live preview.

export type BandColour = 'GOOD' | 'SOON' | 'URGENT';
export interface Band {
  condition: BandColour;
  from: number;
  to: number;
}

/**
 * The green, amber and red stretches between the item's limits (its unit's when it has none), in the order
 * of the scale. Null when the item has no threshold (the technician chooses the colour) or the numbers do
 * not make a scale yet. Follows conditionOfMeasurement: lower is worse → below red is red, below amber amber.
 */
export function colourBands(input: {
  unit: InspectionUnit | null;
  minValue: number | null;
  maxValue: number | null;
  amberAt: number | null;
  redAt: number | null;
  lowerIsWorse: boolean;
}): Band[] | null {
  const { amberAt, redAt, lowerIsWorse } = input;
  if (amberAt === null && redAt === null) return null;
  const unit = input.unit ? UNIT_LIMITS[input.unit] : null;
  const min = input.minValue ?? unit?.min ?? Math.min(amberAt ?? redAt!, redAt ?? amberAt!);
  const max = input.maxValue ?? unit?.max ?? Math.max(amberAt ?? redAt!, redAt ?? amberAt!) * 2;
  if ([min, max, amberAt ?? 0, redAt ?? 0].some((value) => !Number.isFinite(value)) || max <= min) return null;
  const clamp = (value: number) => Math.min(max, Math.max(min, value));
  let bands: Band[];
  if (lowerIsWorse) {
    const red = redAt === null ? min : clamp(redAt);
    const amber = amberAt === null ? red : Math.max(red, clamp(amberAt));
    bands = [
      { condition: 'URGENT', from: min, to: red },
      { condition: 'SOON', from: red, to: amber },
      { condition: 'GOOD', from: amber, to: max },
    ];
  } else {
    const red = redAt === null ? max : clamp(redAt);
    const amber = amberAt === null ? red : Math.min(red, clamp(amberAt));
    bands = [
      { condition: 'GOOD', from: min, to: amber },
      { condition: 'SOON', from: amber, to: red },
      { condition: 'URGENT', from: red, to: max },
    ];
  }
  return bands.filter((band) => band.to > band.from);
}

/** The words of the preview, as keys of the namespace with their value: "below 2 mm: red". */
export function bandSentence(input: { amberAt: number | null; redAt: number | null; lowerIsWorse: boolean }) {
  const side = input.lowerIsWorse ? 'below' : 'above';
  const parts: { key: string; value?: number }[] = [];
  if (input.redAt !== null) parts.push({ key: `preview.${side}Red`, value: input.redAt });
  if (input.amberAt !== null) parts.push({ key: `preview.${side}Amber`, value: input.amberAt });
  parts.push({ key: 'preview.elseGreen' });
  return parts;
}

// ---------------------------------------------------------------------------------------------------------
// Moves (drag and drop and the up/down buttons share them).

/** Moves the entry at `from` to `to` (both in range), as drag and drop and the up/down buttons do. */
export function moveEntry<T>(entries: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= entries.length || to >= entries.length) return [...entries];
  const next = [...entries];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
