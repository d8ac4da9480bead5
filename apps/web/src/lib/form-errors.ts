// Messages in the user's language. Everything arrives as a code with parameters, never as English to read back:
// - client-side (zodResolver with the shared schemas): zod messages are codes ("required|fieldName=email",
//   or a catalogue code such as "appointments.contactRequired"), decoded with parseCodedMessage;
// - server-side: every API error carries `messageCode` + `params` and, per field, `fieldErrorCodes` (REST
//   ApiError body, tRPC `error.data`; packages/shared message-catalogue.ts ApiErrorBody).
// renderCode is the one place a code becomes text: validation codes from `validation`, their field labels
// from `fields`, API messages from `common:messages`.
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  MESSAGE_CATALOGUE,
  isCatalogueCode,
  isValidationCode,
  parseCodedMessage,
  type CodedMessage,
} from '@garage/shared/message-catalogue';
import { VALIDATION_TEMPLATES, fillTemplate, humanizeField, type MessageParams } from '@garage/shared/messages';

export function fieldLabel(t: TFunction, fieldName: string): string {
  return t(`fields:${fieldName}`, { defaultValue: humanizeField(fieldName) });
}

/** A code with its parameters in the current language; `fallback` (the API's English) for a code this build does not know. */
export function renderCode(t: TFunction, code: string, params: MessageParams = {}, fallback = code): string {
  if (isValidationCode(code)) {
    const fieldName = params.fieldName ? fieldLabel(t, String(params.fieldName)) : t('fields:value', { defaultValue: 'Value' });
    return t(`validation:${code}`, {
      ...params,
      fieldName,
      defaultValue: fillTemplate(VALIDATION_TEMPLATES[code], { ...params, fieldName }),
    });
  }
  if (isCatalogueCode(code))
    return t(`common:messages.${code}`, { ...params, defaultValue: fillTemplate(MESSAGE_CATALOGUE[code], params) });
  return fallback;
}

/** A message carried as text (a zod message of a shared schema) in the current language; other text as is. */
export function translateMessage(t: TFunction, message: string): string {
  const coded = parseCodedMessage(message);
  return coded ? renderCode(t, coded.code, coded.params, message) : message;
}

/** The codes of an API failure: a REST ApiError (`body`) or a TRPCClientError (`data`). */
interface ErrorCodes {
  code?: string;
  messageCode?: string;
  params?: MessageParams;
  fieldErrorCodes?: Record<string, CodedMessage[]>;
}

function errorCodesOf(error: unknown): ErrorCodes | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate = error as { body?: ErrorCodes | null; data?: ErrorCodes | null };
  return candidate.body ?? candidate.data ?? undefined;
}

/** The tRPC (`data.code`) or REST (`body.code`) error code of a failure, e.g. CONFLICT. */
export function errorCode(error: unknown): string | undefined {
  return errorCodesOf(error)?.code ?? undefined;
}

export const isConflict = (error: unknown) => errorCode(error) === 'CONFLICT';

/** The message code of an API failure ("auth.codeLocked"), to react to one refusal in particular. */
export function messageCodeOf(error: unknown): string | undefined {
  return errorCodesOf(error)?.messageCode ?? undefined;
}

/** The message of an API failure in the current language; undefined when the failure has none (network). */
export function errorMessageOf(t: TFunction, error: unknown): string | undefined {
  const codes = errorCodesOf(error);
  if (!codes?.messageCode) return undefined;
  return renderCode(t, codes.messageCode, codes.params ?? {}, error instanceof Error ? error.message : codes.messageCode);
}

/**
 * What a failed change tells the user: a conflict (someone else changed the record, a refused move) says why;
 * anything else gets the feature's failure text ("Failed to update visit. Please try again.").
 */
export function failureMessage(t: TFunction, error: unknown, fallback: string): string {
  return (isConflict(error) && errorMessageOf(t, error)) || fallback;
}

/** The per-field messages of an API failure as codes, keyed by dotted path. */
export function extractFieldErrorCodes(error: unknown): Record<string, CodedMessage[]> | undefined {
  const found = errorCodesOf(error)?.fieldErrorCodes;
  return found && typeof found === 'object' ? found : undefined;
}

/** The first message the API gave for `field`, in the current language. */
export function fieldErrorOf(t: TFunction, error: unknown, field: string): string | undefined {
  const first = extractFieldErrorCodes(error)?.[field]?.[0];
  return first && renderCode(t, first.code, first.params);
}

/**
 * Places the server's per-field messages on the form's fields (keys are dotted paths, as react-hook-form
 * names them), in the current language. Returns true when at least one field received a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, t: TFunction): boolean {
  const fieldErrors = extractFieldErrorCodes(error);
  if (!fieldErrors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = messages[0];
    if (!first || field === '_') continue;
    setError(field as Path<T>, { type: 'server', message: renderCode(t, first.code, first.params) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
