// Turns zod issues into the API's field errors, rendering message codes (packages/shared messages.ts) in
// English. Field keys are dotted paths ("tasks.0.title") so forms can place each message on its input.
import { renderMessage } from '@garage/shared';
import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';

export function toFieldErrors(issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fieldErrors[key] ??= []).push(renderMessage(issue.message));
  }
  return fieldErrors;
}

export function firstMessage(fieldErrors: FieldErrors): string {
  const first = Object.values(fieldErrors)[0]?.[0];
  return first ?? 'Invalid input';
}
