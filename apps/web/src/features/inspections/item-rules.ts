// What the inspection screen decides on the phone, before anything is sent (so a technician offline sees the
// colour and the range error at once): reading a typed measurement, its colour by the shared rules, the
// sections in order, and which item a refusal of "Complete" is about.
import { conditionOfMeasurement, isFlagged, limitsOf, type InspectionCondition } from '@garage/shared/inspection-rules';
import { fromMilli, toMilli } from '@garage/shared/inventory-rules';
import type { InspectionItemView } from '@garage/shared/schemas/inspections';

type MeasuredItem = Pick<InspectionItemView, 'unit' | 'minValue' | 'maxValue' | 'amberAt' | 'redAt' | 'lowerIsWorse'>;

/** A number as typed on a phone: "1.6", "1,6" (a French keypad), " 12 ". Null when empty, NaN when unreadable. */
export function parseMeasurement(text: string): number | null {
  const compact = text.trim().replace(/\s/g, '').replace(',', '.');
  if (compact === '') return null;
  if (!/^-?\d*\.?\d*$/.test(compact) || compact === '.' || compact === '-') return Number.NaN;
  return Number(compact);
}

export type MeasurementCheck =
  | { ok: true; condition: 'GOOD' | 'SOON' | 'URGENT' | null }
  | { ok: false; minValue: number; maxValue: number };

/** Whether `value` fits the item's limits, and the colour its thresholds give (null: the technician chooses). */
export function checkMeasurement(item: MeasuredItem, value: number): MeasurementCheck {
  const limits = limitsOf({ unit: item.unit, minMilli: toMilli(item.minValue), maxMilli: toMilli(item.maxValue) });
  const valueMilli = toMilli(value);
  if (!Number.isFinite(value) || valueMilli < limits.minMilli || valueMilli > limits.maxMilli) {
    return { ok: false, minValue: fromMilli(limits.minMilli), maxValue: fromMilli(limits.maxMilli) };
  }
  const condition = conditionOfMeasurement(valueMilli, {
    amberAtMilli: item.amberAt === null ? null : toMilli(item.amberAt),
    redAtMilli: item.redAt === null ? null : toMilli(item.redAt),
    lowerIsWorse: item.lowerIsWorse,
  });
  return { ok: true, condition };
}

/** True when the measurement's thresholds set its colour (the technician does not choose it). */
export const hasThresholds = (item: MeasuredItem) => item.amberAt !== null || item.redAt !== null;

export interface Section<T> {
  key: string;
  items: T[];
}

/** Items grouped by section in template order (a section is where its first item is). */
export function sectionsOf<T extends Pick<InspectionItemView, 'position' | 'section'>>(
  items: readonly T[],
  language: string,
): Section<T>[] {
  const sections = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.position - b.position)) {
    const key = item.section[language] || item.section.en || Object.values(item.section)[0] || '';
    sections.set(key, [...(sections.get(key) ?? []), item]);
  }
  return [...sections].map(([key, sectionItems]) => ({ key, items: sectionItems }));
}

type ResultOfItem = Pick<InspectionItemView, 'id' | 'position' | 'condition' | 'photoRequired'> & { photoCount: number };

/**
 * The item a refusal of "Complete" is about, found on the phone (the server's message says how many, or
 * names the item's label): the first unanswered one, or the first flagged item that needs a photo and has none.
 */
export function blockingItem(items: readonly ResultOfItem[], messageCode: string | undefined): string | null {
  const ordered = [...items].sort((a, b) => a.position - b.position);
  if (messageCode === 'inspections.photoRequired') {
    return ordered.find((item) => item.photoRequired && isFlagged(item.condition) && item.photoCount === 0)?.id ?? null;
  }
  if (messageCode === 'inspections.unanswered') return ordered.find((item) => item.condition === null)?.id ?? null;
  return null;
}

/** The colours of the three big buttons and the "not checked" one. */
export const CONDITION_CHOICES = ['GOOD', 'SOON', 'URGENT'] as const satisfies readonly InspectionCondition[];
