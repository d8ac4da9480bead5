// The rules of one template item (issue #29), applied by the API before a template is stored and by the web
// form as the user types, so both refuse the same things with the same messages. Values are plain numbers in
// the item's unit (the API's form); limits left empty are the unit's own (UNIT_LIMITS).
import { UNIT_LIMITS, type InspectionItemKind, type InspectionUnit } from './inspection-rules.ts';
import type { MessageCode } from './message-catalogue.ts';
import type { MessageParams } from './messages.ts';

/** The fields of an item these rules read (a TemplateItemInput, or the web form's draft of one). */
export interface TemplateItemRuleInput {
  kind: InspectionItemKind;
  unit?: InspectionUnit | null;
  minValue?: number | null;
  maxValue?: number | null;
  amberAt?: number | null;
  redAt?: number | null;
  /** Absent: true (tread, pads, volts). */
  lowerIsWorse?: boolean;
}

export type TemplateItemField = 'unit' | 'minValue' | 'maxValue' | 'amberAt' | 'redAt';

/** One refusal, named by the item's field; the API prefixes it with the item's place (`items.3.redAt`). */
export interface TemplateItemProblem {
  field: TemplateItemField;
  code: MessageCode;
  params: MessageParams;
}

/**
 * A CHECK carries no unit, limits or thresholds: whatever the form still held for them is dropped, not
 * refused (switching an item from measurement to check must not leave a stale "12.4 V" behind).
 */
export function cleanTemplateItem<T extends TemplateItemRuleInput>(item: T): T {
  if (item.kind === 'MEASUREMENT') return item;
  return { ...item, unit: null, minValue: null, maxValue: null, amberAt: null, redAt: null, lowerIsWorse: true };
}

/** What is wrong with an item, every problem at once (empty: it may be stored). */
export function templateItemProblems(item: TemplateItemRuleInput): TemplateItemProblem[] {
  if (item.kind !== 'MEASUREMENT') return [];
  if (!item.unit) return [{ field: 'unit', code: 'inspections.unitRequired', params: {} }];
  const problems: TemplateItemProblem[] = [];
  const unit = UNIT_LIMITS[item.unit];

  // Each limit within what the unit can physically be.
  for (const field of ['minValue', 'maxValue'] as const) {
    const value = item[field];
    if (value === null || value === undefined) continue;
    if (value < unit.min) problems.push({ field, code: 'minValue', params: { fieldName: field, minValue: unit.min } });
    else if (value > unit.max) problems.push({ field, code: 'maxValue', params: { fieldName: field, maxValue: unit.max } });
  }
  if (problems.length > 0) return problems;
  const min = item.minValue ?? unit.min;
  const max = item.maxValue ?? unit.max;
  if (min >= max) return [{ field: 'maxValue', code: 'ageAbove', params: { fieldName: 'maxValue', minValue: min } }];

  // Thresholds inside the item's limits, then red beyond amber in the worse direction.
  let thresholdsInRange = true;
  for (const field of ['amberAt', 'redAt'] as const) {
    const value = item[field];
    if (value === null || value === undefined || (value >= min && value <= max)) continue;
    problems.push({ field, code: 'inspections.thresholdRange', params: { minValue: min, maxValue: max } });
    thresholdsInRange = false;
  }
  const { amberAt, redAt } = item;
  if (thresholdsInRange && amberAt !== null && amberAt !== undefined && redAt !== null && redAt !== undefined) {
    const lowerIsWorse = item.lowerIsWorse ?? true;
    const redIsBeyond = lowerIsWorse ? redAt < amberAt : redAt > amberAt;
    if (!redIsBeyond) problems.push({ field: 'redAt', code: 'inspections.thresholdOrder', params: {} });
  }
  return problems;
}
