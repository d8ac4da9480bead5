// The catalogue's server answers (category still has items, list changed, ...) in the user's language: the
// English sentences of OFFERING_MESSAGES are matched back to their `offering:server.<key>` entries.
import type { TFunction } from 'i18next';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { OFFERING_MESSAGES } from '@garage/shared/schemas/offering';
import { applyServerFieldErrors, templateMatcher } from '../../lib/form-errors.ts';
import { localizeServerMessage } from '../users/server-messages.ts';

const MATCHERS = Object.entries(OFFERING_MESSAGES).map(([key, template]) => ({ key: `offering:server.${key}`, ...templateMatcher(template) }));

export function localizeOfferingMessage(t: TFunction, message: string, field?: string): string {
  for (const matcher of MATCHERS) {
    const match = matcher.regex.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(matcher.names.map((name, index) => [name, match[index + 1]]));
    return t(matcher.key, { ...params, count: Number(params.count ?? 0), defaultValue: message });
  }
  if (message === 'Category not found') return t('offering:server.categoryNotFound');
  return localizeServerMessage(t, message, field);
}

export function offeringErrorOf(t: TFunction, error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : undefined;
  return message ? localizeOfferingMessage(t, message) : undefined;
}

/** Form keys whose messages name the field differently (the API says "Price ..." for priceCents). */
const MESSAGE_FIELD: Record<string, string> = { priceCents: 'price' };

export function applyOfferingErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, t: TFunction): boolean {
  return applyServerFieldErrors(setError, error, (message, field) => localizeOfferingMessage(t, message, MESSAGE_FIELD[field] ?? field));
}

export const isConflict = (error: unknown) => (error as { data?: { code?: string }; status?: number } | null)?.data?.code === 'CONFLICT';
