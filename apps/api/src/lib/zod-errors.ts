// Turns zod issues into the API's field errors, rendering message codes (packages/shared messages.ts) in
// English. Field keys are dotted paths ("tasks.0.title") so forms can place each message on its input.
import { renderMessage } from '@garage/shared';
import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';

export function toFieldErrors(issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[]): FieldErrors {
  // A Map, not an object literal: a field named by the caller ("__proto__", "constructor") must be a key like
  // any other, not the object's prototype (pushing onto it answered 500). fromEntries defines own properties.
  const fieldErrors = new Map<string, string[]>();
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const messages = fieldErrors.get(key) ?? [];
    messages.push(renderMessage(issue.message));
    fieldErrors.set(key, messages);
  }
  return Object.fromEntries(fieldErrors);
}

export function firstMessage(fieldErrors: FieldErrors): string {
  const first = Object.values(fieldErrors)[0]?.[0];
  return first ?? 'Invalid input';
}
