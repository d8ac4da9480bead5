// The rules of one template item the server applies (a measurement's unit, limits within the unit's range,
// thresholds within the limits and red beyond amber), from the one shared definition, so the form shows the
// same errors at the same fields before anything is sent.
import { templateItemProblems } from '@garage/shared/inspection-template-rules';
import { encodeMessage } from '@garage/shared/messages';
import type { TemplateItemInput } from '@garage/shared/schemas/inspections';

/** The problems of one item as `field → coded message` (the first one of each field). */
export function itemRuleErrors(item: TemplateItemInput): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of templateItemProblems(item)) errors[problem.field] ??= encodeMessage(problem.code, problem.params);
  return errors;
}
