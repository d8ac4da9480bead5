// PostgreSQL text cannot hold U+0000: a NUL character that reaches a query fails it with a server error.
// Rather than remember it in every string schema, both transports refuse any input that carries one
// (REST: body, query and params in a preValidation hook in app.ts; tRPC: the base procedures in trpc/init.ts),
// so no present or future field can reach the database with it.
import { msg } from '@garage/shared';
import { AppError } from './errors.ts';
import { toFieldErrors } from './zod-errors.ts';

const NUL = '\u0000';

/** The dotted path of the first string (value or object key) containing NUL, or null when there is none. */
export function findNulCharacter(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [...path] : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNulCharacter(value[index], [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')];
    const found = findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A 400 naming the field, in the same shape as every other validation failure. */
export function nulCharacterError(path: readonly string[]): AppError {
  const fieldName = path.filter((part) => !/^\d+$/.test(part)).at(-1) ?? 'value';
  const fieldErrors = toFieldErrors([{ path: [...path], message: msg('format', { fieldName }) }]);
  return new AppError('VALIDATION', Object.values(fieldErrors)[0]![0]!, { fieldErrors });
}

/** The 400 for the first of the values that carries a NUL character, or null. */
export function nulCharacterIn(...values: unknown[]): AppError | null {
  for (const value of values) {
    const path = findNulCharacter(value);
    if (path) return nulCharacterError(path);
  }
  return null;
}
