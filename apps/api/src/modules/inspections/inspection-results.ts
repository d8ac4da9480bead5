// One result of one item, as the phone sends it while the technician walks around the car. Only the fields
// sent change (null clears), so the same result sent twice (a retry after a lost answer) changes nothing
// more. A result must fit its item: a check takes a condition and no value; a measurement takes a value
// within the item's limits and its colour follows the thresholds (or the technician's choice when the item
// has none), or SKIPPED (not inspected), which clears the value.
import type { Db } from '@garage/db';
import {
  conditionOfMeasurement,
  fromMilli,
  limitsOf,
  toMilli,
  type InspectionCondition,
  type InspectionItemView,
  type InspectionUnit,
  type SaveResultInput,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import { notFillable } from './inspections.service.ts';
import { inspectionNotFound, itemNotFound, readItem } from './inspection-views.ts';

interface ItemDefinition {
  kind: 'CHECK' | 'MEASUREMENT';
  unit: InspectionUnit | null;
  minMilli: number | null;
  maxMilli: number | null;
  amberAtMilli: number | null;
  redAtMilli: number | null;
  lowerIsWorse: boolean;
}
interface Result {
  condition: InspectionCondition | null;
  valueMilli: number | null;
}

const valueError = (code: 'inspections.checkTakesCondition' | 'inspections.measurementTakesValue') =>
  new AppError('VALIDATION', code, { field: 'value' });

/** The result an item holds after `input` is applied to `current`, or the refusal naming the field. */
export function resolveResult(item: ItemDefinition, current: Result, input: Pick<SaveResultInput, 'condition' | 'value'>): Result {
  if (item.kind === 'CHECK') {
    if (input.value !== undefined && input.value !== null) throw valueError('inspections.checkTakesCondition');
    return { condition: input.condition !== undefined ? input.condition : current.condition, valueMilli: null };
  }

  // A measurement. Not inspected: no value.
  if (input.condition === 'SKIPPED') return { condition: 'SKIPPED', valueMilli: null };
  let valueMilli = current.valueMilli;
  if (input.value !== undefined) {
    valueMilli = input.value === null ? null : toMilli(input.value);
    if (valueMilli !== null) {
      const limits = limitsOf(item);
      if (valueMilli < limits.minMilli || valueMilli > limits.maxMilli) {
        throw new AppError('VALIDATION', 'inspections.valueRange', {
          field: 'value',
          params: { minValue: fromMilli(limits.minMilli), maxValue: fromMilli(limits.maxMilli), unit: (item.unit ?? '').toLowerCase() },
        });
      }
    }
  }
  if (valueMilli === null) {
    // Without a number there is no colour (a cleared value clears it; a colour alone is refused).
    if (input.condition) throw valueError('inspections.measurementTakesValue');
    if (input.value === null || input.condition === null) return { condition: null, valueMilli: null };
    return { condition: current.condition === 'SKIPPED' ? 'SKIPPED' : null, valueMilli: null };
  }
  const derived = conditionOfMeasurement(valueMilli, item);
  if (derived) return { condition: derived, valueMilli };
  // No thresholds: the technician's colour (kept from before unless sent; a former SKIPPED no longer holds).
  const chosen = input.condition !== undefined ? input.condition : current.condition;
  return { condition: chosen === 'SKIPPED' ? null : chosen, valueMilli };
}

export async function saveResult(db: Db, input: SaveResultInput, actorId: string | null, now = new Date()): Promise<InspectionItemView> {
  const item = await db.inspectionItem.findFirst({
    where: { id: input.itemId, inspectionId: input.id },
    select: {
      kind: true,
      unit: true,
      minMilli: true,
      maxMilli: true,
      amberAtMilli: true,
      redAtMilli: true,
      lowerIsWorse: true,
      condition: true,
      valueMilli: true,
      note: true,
      answeredAt: true,
      inspection: { select: { status: true } },
    },
  });
  if (!item) {
    const inspection = await db.inspection.findUnique({ where: { id: input.id }, select: { id: true } });
    throw inspection ? itemNotFound() : inspectionNotFound();
  }
  if (item.inspection.status !== 'IN_PROGRESS') throw notFillable(item.inspection.status);

  const result = resolveResult(item, item, input);
  const note = input.note !== undefined ? input.note || null : item.note;
  const unchanged = result.condition === item.condition && result.valueMilli === item.valueMilli && note === item.note;
  if (!unchanged) {
    // Conditional on the status, so a result cannot slip in after the inspection was completed meanwhile.
    const saved = await db.inspectionItem.updateMany({
      where: { id: input.itemId, inspection: { status: 'IN_PROGRESS' } },
      data: {
        ...result,
        note,
        answeredAt: result.condition ? now : null,
        answeredById: result.condition ? actorId : null,
      },
    });
    if (saved.count !== 1) {
      const status = (await db.inspection.findUnique({ where: { id: input.id }, select: { status: true } }))?.status;
      throw status ? notFillable(status) : inspectionNotFound();
    }
  }
  return readItem(db, input.itemId);
}
