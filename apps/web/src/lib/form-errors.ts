// Turns validation messages into the user's language.
// - Client-side (zodResolver with the shared schemas): messages are codes ("required|fieldName=email"),
//   decoded with parseMessage and rendered from the `validation` namespace, field labels from `fields`.
// - Server-side: the API renders the same codes in English; knowing the field, the English sentence is
//   matched back to its code so it is shown translated too. Known SPEC §8 texts map to common:messages.*.
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  MESSAGES,
  VALIDATION_TEMPLATES,
  humanizeField,
  parseMessage,
  type MessageParams,
  type ValidationCode,
} from '@garage/shared/messages';

type FieldErrors = Record<string, string[]>;

export function fieldLabel(t: TFunction, fieldName: string): string {
  return t(`fields:${fieldName}`, { defaultValue: humanizeField(fieldName) });
}

function renderCode(t: TFunction, code: ValidationCode, params: MessageParams): string {
  const fieldName = params.fieldName ? fieldLabel(t, String(params.fieldName)) : t('fields:value', { defaultValue: 'Value' });
  return t(`validation:${code}`, { ...params, fieldName, defaultValue: VALIDATION_TEMPLATES[code] });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression that recognises `template` once its {placeholders} are filled in: those given in
 * `known` must read exactly so, the others are captured in the order of `names`.
 */
export function templateMatcher(template: string, known: Record<string, string> = {}): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = escapeRegExp(template).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    if (Object.hasOwn(known, name)) return escapeRegExp(known[name]!);
    names.push(name);
    return '(.+?)';
  });
  return { regex: new RegExp(`^${pattern}$`), names };
}

/** Recovers code + params from an English sentence the API rendered for `field`. */
function matchRenderedMessage(message: string, field: string): { code: ValidationCode; params: MessageParams } | null {
  const fieldName = field.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? field;
  for (const [code, template] of Object.entries(VALIDATION_TEMPLATES) as [ValidationCode, string][]) {
    const { regex, names } = templateMatcher(template, { fieldName: humanizeField(fieldName) });
    const match = regex.exec(message);
    if (match) {
      const params: MessageParams = { fieldName };
      names.forEach((name, index) => (params[name] = match[index + 1] ?? ''));
      return { code, params };
    }
  }
  return null;
}

const MESSAGE_KEYS = new Map<string, string>(Object.entries(MESSAGES).map(([key, text]) => [text, key]));

/** A message (code, API sentence, or SPEC §8 text) in the current language. */
export function translateMessage(t: TFunction, message: string, field?: string): string {
  const parsed = parseMessage(message);
  if (parsed.code) return renderCode(t, parsed.code, parsed.params);
  if (field) {
    const matched = matchRenderedMessage(message, field);
    if (matched) return renderCode(t, matched.code, matched.params);
  }
  const key = MESSAGE_KEYS.get(message);
  return key ? t(`common:messages.${key}`, { defaultValue: message }) : message;
}

/** fieldErrors of an ApiError (REST), a TRPCClientError (error.data) or a plain object. */
export function extractFieldErrors(error: unknown): FieldErrors | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate = error as { fieldErrors?: unknown; data?: { fieldErrors?: unknown }; body?: { fieldErrors?: unknown } };
  const found = candidate.data?.fieldErrors ?? candidate.body?.fieldErrors ?? candidate.fieldErrors;
  return found && typeof found === 'object' ? (found as FieldErrors) : undefined;
}

/**
 * Places the server's per-field messages on the form's fields (keys are dotted paths, as react-hook-form
 * names them), each through `localize` when given. Returns true when at least one field received a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  localize: (message: string, field: string) => string = (message) => message,
): boolean {
  const fieldErrors = extractFieldErrors(error);
  if (!fieldErrors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = messages[0];
    if (!first || field === '_') continue;
    setError(field as Path<T>, { type: 'server', message: localize(first, field) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
