// Server answers of this feature family (duplicate username, plate taken, km below the latest reading, ...)
// come back in English from packages/shared; here they are matched back to their key and shown in the
// user's language. Validation codes and SPEC §8 texts are handled by lib/form-errors.ts.
import type { TFunction } from 'i18next';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { USER_MESSAGES } from '@garage/shared/schemas/users';
import { VEHICLE_MESSAGES } from '@garage/shared/schemas/vehicles';
import { OIL_MESSAGES } from '@garage/shared/schemas/oil-changes';
import { STATIC_DATA_MESSAGES } from '@garage/shared/schemas/static-data';
import { applyServerFieldErrors, templateMatcher, translateMessage } from '../../lib/form-errors.ts';

/** Namespaces whose `server.<key>` entries translate these messages. */
export const SERVER_MESSAGE_NAMESPACES = ['users', 'vehicles', 'oil', 'staticData'] as const;

const CATALOGUES: [namespace: string, messages: Record<string, string>][] = [
  ['users', USER_MESSAGES],
  ['vehicles', VEHICLE_MESSAGES],
  ['oil', OIL_MESSAGES],
  ['staticData', STATIC_DATA_MESSAGES],
];

const MATCHERS = CATALOGUES.flatMap(([namespace, messages]) =>
  Object.entries(messages).map(([key, template]) => ({ key: `${namespace}:server.${key}`, ...templateMatcher(template) })),
);

/** A server message in the current language; unknown texts go through the shared translator. */
export function localizeServerMessage(t: TFunction, message: string, field?: string): string {
  for (const matcher of MATCHERS) {
    const match = matcher.regex.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(matcher.names.map((name, index) => [name, match[index + 1]]));
    return t(matcher.key, { ...params, defaultValue: message });
  }
  return translateMessage(t, message, field);
}

/** The message of any API failure (REST ApiError or tRPC error) in the current language. */
export function errorMessageOf(t: TFunction, error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : undefined;
  return message ? localizeServerMessage(t, message) : undefined;
}

/** Puts the server's per-field messages on the form's fields, translated (see applyServerFieldErrors). */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, t: TFunction): boolean {
  return applyServerFieldErrors(setError, error, (message, field) => localizeServerMessage(t, message, field));
}
