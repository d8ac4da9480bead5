// PostgreSQL text cannot hold U+0000: a NUL character that reaches a query fails it with a server error.
// Rather than remember it in every string schema, both transports refuse any input that carries one
// (REST: body, query and params in a preValidation hook in app.ts; tRPC: the base procedures in trpc/init.ts),
// so no present or future field can reach the database with it.
import { AppError } from './errors.ts';

const NUL = '\u0000';

/**
 * The dotted path of the first string (value or object key) containing NUL, or null when there is none.
 * Iterative and linear: each node is visited once with a link to its parent, and the path is built only
 * for the string that holds a NUL (JSON bodies are also bounded in depth before parsing: lib/json-depth.ts).
 */
export function findNulCharacter(value: unknown, path: readonly string[] = []): string[] | null {
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  const pathOf = (node: Node | null, last?: string): string[] => {
    const parts: string[] = last === undefined ? [] : [last];
    for (let at = node; at && at.key !== null; at = at.parent) parts.push(at.key);
    return [...path, ...parts.reverse()];
  };
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(node);
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    // Children pushed in reverse so the first one in document order is reported first.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], key: String(index), parent: node });
      continue;
    }
    const entries = Object.entries(current);
    for (const [key] of entries) if (key.includes(NUL)) return pathOf(node, key.replaceAll(NUL, ''));
    for (let index = entries.length - 1; index >= 0; index--)
      stack.push({ value: entries[index]![1], key: entries[index]![0], parent: node });
  }
  return null;
}

/** A 400 naming the field, in the same shape as every other validation failure. */
export function nulCharacterError(path: readonly string[]): AppError {
  const fieldName = path.filter((part) => !/^\d+$/.test(part)).at(-1) ?? 'value';
  return new AppError('VALIDATION', 'format', { params: { fieldName }, field: path.join('.') || '_' });
}

/** The 400 for the first of the values that carries a NUL character, or null. */
export function nulCharacterIn(...values: unknown[]): AppError | null {
  for (const value of values) {
    const path = findNulCharacter(value);
    if (path) return nulCharacterError(path);
  }
  return null;
}
