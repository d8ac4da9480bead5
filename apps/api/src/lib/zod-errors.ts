// Turns zod issues into the API's field errors as codes (packages/shared message-catalogue.ts). Field keys are
// dotted paths ("tasks.0.title") so forms can place each message on its input.
import { parseCodedMessage, type CodedMessage } from '@garage/shared';
import type { z } from 'zod';
import { AppError, type FieldErrorCodes } from './errors.ts';

type Issue = Pick<z.core.$ZodIssue, 'path' | 'message'>;

/** The issue's own code (msg() or a catalogue code); zod's English-only defaults become `invalid`. */
function codedIssue(issue: Issue): CodedMessage {
  const coded = parseCodedMessage(issue.message);
  if (coded) return coded;
  const fieldName =
    issue.path
      .map(String)
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? 'value';
  return { code: 'invalid', params: { fieldName } };
}

export function toFieldErrorCodes(issues: readonly Issue[]): FieldErrorCodes {
  // A Map, not an object literal: a field named by the caller ("__proto__", "constructor") must be a key like
  // any other, not the object's prototype (pushing onto it answered 500). fromEntries defines own properties.
  const fieldErrors = new Map<string, CodedMessage[]>();
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const messages = fieldErrors.get(key) ?? [];
    messages.push(codedIssue(issue));
    fieldErrors.set(key, messages);
  }
  return Object.fromEntries(fieldErrors);
}

/** The 400 for failed zod issues: the first field's first message is the error's message. */
export function validationError(issues: readonly Issue[]): AppError {
  const fieldErrors = toFieldErrorCodes(issues);
  const first = Object.values(fieldErrors)[0]?.[0] ?? { code: 'invalid', params: {} };
  return new AppError('VALIDATION', first.code, { params: first.params, fieldErrors });
}
