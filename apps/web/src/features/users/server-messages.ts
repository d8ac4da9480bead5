// Server answers of this feature family (duplicate username, plate taken, km below the latest reading, ...)
// come back in English from packages/shared; here they are matched back to their key and shown in the
// user's language. Validation codes and SPEC §8 texts are handled by lib/form-errors.ts.
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { USER_MESSAGES } from '@garage/shared/schemas/users';
import { VEHICLE_MESSAGES } from '@garage/shared/schemas/vehicles';
import { OIL_MESSAGES } from '@garage/shared/schemas/oil-changes';
import { STATIC_DATA_MESSAGES } from '@garage/shared/schemas/static-data';
import { extractFieldErrors, translateMessage } from '../../lib/form-errors.ts';

/** Namespaces whose `server.<key>` entries translate these messages. */
export const SERVER_MESSAGE_NAMESPACES = ['users', 'vehicles', 'oil', 'staticData'] as const;

const CATALOGUES: [namespace: string, messages: Record<string, string>][] = [
  ['users', USER_MESSAGES],
  ['vehicles', VEHICLE_MESSAGES],
  ['oil', OIL_MESSAGES],
  ['staticData', STATIC_DATA_MESSAGES],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = CATALOGUES.flatMap(([namespace, messages]) =>
  Object.entries(messages).map(([key, template]) => {
    const names: string[] = [];
    const pattern = escapeRegExp(template).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
      names.push(name);
      return '(.+?)';
    });
    return { key: `${namespace}:server.${key}`, names, regex: new RegExp(`^${pattern}$`) };
  }),
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

/**
 * Puts the server's per-field messages on the form's fields, translated. Returns true when at least one
 * field got a message (then the form shows it, and no toast is needed).
 */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, t: TFunction): boolean {
  const fieldErrors = extractFieldErrors(error);
  if (!fieldErrors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = messages[0];
    if (!first || field === '_') continue;
    setError(field as Path<T>, { type: 'server', message: localizeServerMessage(t, first, field) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
